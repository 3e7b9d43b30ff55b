//! `porpoise copy` to a real exFAT mount (exfat-fuse on a loop device, as root) without a
//! terminal: the names exFAT cannot hold are reported as JSON before any byte moves, and
//! nothing is copied, since nobody is there to answer. Skips with a message where root,
//! /dev/fuse or the exFAT tools are missing; in CI they are required.

use porpoise_testkit::trees::{awkward_sources, tree_of};
use porpoise_testkit::{LoopMount, skip};

#[test]
fn without_a_terminal_the_problems_are_reported_as_json_and_nothing_is_copied() {
    if let Err(why) = LoopMount::can_exfat() {
        return skip(&why);
    }
    let fs = LoopMount::exfat();
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    let dest = fs.mnt.join("cli");
    std::fs::create_dir(&dest).expect("mkdir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(["copy", "--progress=json"])
        .args(&sources)
        .arg(&dest)
        .output()
        .expect("run porpoise");
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
