//! `porpoise copy` keeps count of everything: on a small full ext4 (a loop device, as
//! root) each file that did not arrive is named, as a JSON line and in words, and the
//! `finished` line counts them. Skips with a message where root or the tools are missing.

use porpoise_testkit::LoopMount;
use porpoise_testkit::trees::new_folder;

#[test]
fn a_full_destination_names_each_file_that_did_not_arrive() {
    let Some(fs) = LoopMount::ext4_or_skip(8 << 20) else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    let dir = src.path().join("big");
    std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
    for i in 0..12 {
        let at = if i % 2 == 0 {
            dir.clone()
        } else {
            dir.join("sub")
        };
        std::fs::write(at.join(format!("f{i:02}")), vec![i as u8; 1 << 20]).expect("write");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(["copy", "--progress=json"])
        .arg(&dir)
        .arg(&fs.mnt)
        .output()
        .expect("run porpoise");
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let named = |kind: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["event"] == kind)
            .map(|l| l["path"].as_str().expect("path").to_owned())
            .collect()
    };
    let (failed, not_copied) = (named("item_failed"), named("not_copied"));
    assert!(!failed.is_empty(), "{stdout}");
    assert!(!not_copied.is_empty(), "{stdout}");
    let finished = lines.last().expect("lines");
    assert_eq!(finished["event"], "finished");
    assert_eq!(finished["ok"], false);
    assert_eq!(finished["not_copied"], not_copied.len() as u64);
    // Every file either arrived whole or is named once.
    for i in 0..12 {
        let rel = if i % 2 == 0 {
            format!("f{i:02}")
        } else {
            format!("sub/f{i:02}")
        };
        let source = dir.join(&rel).to_string_lossy().into_owned();
        let arrived =
            std::fs::read(fs.mnt.join("big").join(&rel)).is_ok_and(|d| d.len() == 1 << 20);
        let times = failed
            .iter()
            .chain(&not_copied)
            .filter(|p| **p == source)
            .count();
        assert_eq!(
            times,
            usize::from(!arrived),
            "{rel}: arrived {arrived}\n{stdout}"
        );
    }
    for p in &not_copied {
        assert!(
            stderr.contains(&format!("porpoise: not copied {p}: stopped before it")),
            "{stderr}"
        );
    }
}

#[test]
fn verify_reads_the_copies_back_and_says_so() {
    let src = tempfile::tempdir().expect("tempdir");
    let dest = tempfile::tempdir().expect("tempdir");
    let dir = new_folder(src.path(), "docs");
    std::fs::write(dir.join("a.txt"), vec![b'a'; 70_000]).expect("write");
    std::fs::write(dir.join("b.txt"), b"b").expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(["copy", "--verify", "--progress=json"])
        .arg(&dir)
        .arg(dest.path())
        .output()
        .expect("run porpoise");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(r#""event":"state","state":"verifying""#),
        "{stdout}"
    );
    assert!(stdout.contains(r#""bytes_verified":70001"#), "{stdout}");
    assert!(stdout.contains(r#""verified":2,"#), "{stdout}");
    assert_eq!(
        std::fs::read(dest.path().join("docs/a.txt")).expect("read"),
        vec![b'a'; 70_000]
    );
}
