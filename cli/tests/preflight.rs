//! `porpoise copy` to a real exFAT mount (exfat-fuse on a loop device, as root) without a
//! terminal: the names exFAT cannot hold are reported as JSON before any byte moves; by
//! default everything else is copied and the command fails, as `cp` does, and with
//! `--on-problem=cancel` nothing is copied. Skips with a message where root, /dev/fuse or
//! the exFAT tools are missing; in CI they are required.

use porpoise_testkit::LoopMount;
use porpoise_testkit::trees::{awkward_sources, new_folder, tree_of};

/// `porpoise copy --progress=json` with `args` of the awkward sources into a folder on a
/// fresh exFAT, without a terminal: what it printed, and the folder (the mount lives as
/// long as the returned value).
fn copy_to_exfat(args: &[&str]) -> Option<(std::process::Output, std::path::PathBuf, LoopMount)> {
    let fs = LoopMount::exfat_or_skip()?;
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    let dest = new_folder(&fs.mnt, "cli");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(["copy", "--progress=json"])
        .args(args)
        .args(&sources)
        .arg(&dest)
        .output()
        .expect("run porpoise");
    Some((out, dest, fs))
}

#[test]
fn with_on_problem_cancel_the_problems_are_reported_as_json_and_nothing_is_copied() {
    let Some((out, dest, _fs)) = copy_to_exfat(&["--on-problem=cancel"]) else {
        return;
    };
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let preflight = stdout
        .lines()
        .find(|l| l.contains(r#""event":"preflight""#))
        .expect("a preflight line");
    assert!(preflight.contains(r#""can_proceed":true"#), "{preflight}");
    assert_eq!(preflight.matches(r#""problem":"bad_name""#).count(), 5);
    assert!(stdout.contains(r#""state":"cancelled""#), "{stdout}");
    assert_eq!(tree_of(&dest), Vec::<String>::new());
}

#[test]
fn without_a_terminal_what_can_go_is_copied_and_the_rest_named_with_its_rule() {
    let Some((out, dest, _fs)) = copy_to_exfat(&[]) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}");
    // Only the name exFAT can hold arrived.
    assert_eq!(tree_of(&dest), ["photos", "photos/fine.txt"], "{stdout}");
    // Each of the others is named with the rule it breaks.
    for (name, rule) in [
        ("trip: day 1", "has a character the destination forbids"),
        ("CON.txt", "is a name the destination reserves"),
        ("draft.", "ends with a dot or a space"),
        // Printed escaped, as every name is.
        ("tab\\there", "has a control character"),
    ] {
        assert!(
            stderr.lines().any(|l| l.contains(name) && l.contains(rule)),
            "{name}: {rule}\n{stderr}"
        );
    }
    assert!(stdout.contains(r#""why":"name_not_allowed""#), "{stdout}");
    let finished = stdout.lines().last().expect("lines");
    assert!(finished.contains(r#""ok":false"#), "{finished}");
}
