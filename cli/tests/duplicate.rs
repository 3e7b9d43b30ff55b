//! `porpoise copy` into the sources' own folder makes duplicates beside them ("notes
//! (copy).txt", then "notes (copy 2).txt"), as the window's paste does; `porpoise move`
//! there is still refused.

use std::path::Path;
use std::process::{Command, Output};

use porpoise_testkit::trees::names_in;

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

/// Run `porpoise ARGS` in `dir` without a terminal (conflicts would fail, not ask).
fn porpoise(dir: &Path, args: &[&str]) -> Output {
    Command::new(PORPOISE)
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run porpoise")
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

#[test]
fn copy_into_the_same_folder_makes_numbered_duplicates() {
    let t = tempfile::tempdir().expect("tempdir");
    let dir = t.path();
    std::fs::write(dir.join("notes.txt"), b"remember the milk").expect("write");
    for n in ["", " 2"] {
        let out = porpoise(dir, &["copy", "--progress=json", "notes.txt", "."]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert_eq!(stderr, "", "nothing to complain about");
        // Scripts learn the new name from the placed event.
        let stdout = String::from_utf8_lossy(&out.stdout);
        let placed = format!(
            r#""event":"placed","source":"./notes.txt","target":"./notes (copy{n}).txt","new":true"#
        );
        assert!(stdout.contains(&placed), "{stdout}");
        assert_eq!(
            read(&dir.join(format!("notes (copy{n}).txt"))),
            b"remember the milk"
        );
    }
    assert_eq!(read(&dir.join("notes.txt")), b"remember the milk");
    assert_eq!(
        names_in(dir),
        ["notes (copy 2).txt", "notes (copy).txt", "notes.txt"]
    );
}

#[test]
fn a_folder_copied_into_its_own_folder_is_duplicated_whole() {
    let t = tempfile::tempdir().expect("tempdir");
    let photos = t.path().join("photos");
    std::fs::create_dir_all(photos.join("2026/raw")).expect("mkdir");
    std::fs::write(photos.join("a.jpg"), b"a").expect("write");
    std::fs::write(photos.join("2026/raw/c.cr2"), b"ccc").expect("write");
    let photos_arg = photos.to_str().expect("utf8 temp path");
    let parent_arg = t.path().to_str().expect("utf8 temp path");
    let out = porpoise(
        t.path(),
        &["copy", "--progress=none", photos_arg, parent_arg],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let copy = t.path().join("photos (copy)");
    assert_eq!(read(&copy.join("a.jpg")), b"a");
    assert_eq!(read(&copy.join("2026/raw/c.cr2")), b"ccc");
    assert_eq!(names_in(&copy), ["2026", "a.jpg"]);
    assert_eq!(names_in(&copy.join("2026")), ["raw"]);
    assert_eq!(
        names_in(&photos),
        ["2026", "a.jpg"],
        "the original is untouched"
    );
    assert_eq!(names_in(t.path()), ["photos", "photos (copy)"]);
}

#[test]
fn move_into_the_same_folder_and_copy_into_itself_stay_refused() {
    let t = tempfile::tempdir().expect("tempdir");
    let dir = t.path();
    std::fs::write(dir.join("notes.txt"), b"n").expect("write");
    std::fs::create_dir(dir.join("sub")).expect("mkdir");
    let out = porpoise(dir, &["move", "--progress=none", "notes.txt", "."]);
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "porpoise: cannot move notes.txt onto itself\n\
         porpoise: 1 of 1 item could not be moved\n"
    );
    let out = porpoise(dir, &["copy", "--progress=none", "sub", "sub"]);
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "porpoise: cannot copy sub into itself\n\
         porpoise: 1 of 1 item could not be copied\n"
    );
    assert_eq!(names_in(dir), ["notes.txt", "sub"]);
    assert_eq!(read(&dir.join("notes.txt")), b"n");
}
