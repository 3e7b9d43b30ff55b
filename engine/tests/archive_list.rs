//! Archives listed without extracting, made by Python's own zipfile and tarfile modules
//! (as other programs make them): entries with their kinds and sizes, names that climb
//! out of the folder refused, the bound on entries kept, and a file that is no archive
//! said to be none.

use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::archive::list::{Format, Kind, format_of, list};
use porpoise_engine::archive::names::NameRefusal;
use porpoise_engine::archive::read::ReadError;

/// Run `script` in python3 with the folder `dir` as its first argument.
fn python(dir: &Path, script: &str) -> bool {
    match Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(dir)
        .status()
    {
        Ok(s) => s.success(),
        Err(_) => false,
    }
}

const MAKE: &str = r#"
import sys, zipfile, tarfile, io, os
d = sys.argv[1]
with zipfile.ZipFile(os.path.join(d, "photos.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("photos/", "")
    z.writestr("photos/a.jpg", "a" * 1000)
    z.writestr("../evil.txt", "out")
    z.writestr("/etc/owned", "out")
with tarfile.open(os.path.join(d, "src.tar.gz"), "w:gz") as t:
    for name, data in [("src/main.rs", b"fn main() {}"), ("src/../../escape", b"x")]:
        info = tarfile.TarInfo(name); info.size = len(data); info.mtime = 1700000000; info.mode = 0o644
        t.addfile(info, io.BytesIO(data))
    link = tarfile.TarInfo("src/link"); link.type = tarfile.SYMTYPE; link.linkname = "/etc/passwd"
    t.addfile(link)
with tarfile.open(os.path.join(d, "many.tar"), "w") as t:
    for i in range(50):
        info = tarfile.TarInfo("f%02d" % i); info.size = 0
        t.addfile(info, io.BytesIO(b""))
open(os.path.join(d, "notes.zip"), "w").write("not a zip at all")
"#;

fn archives() -> Option<(tempfile::TempDir, PathBuf)> {
    let dir = tempfile::tempdir().expect("tempdir");
    if !python(dir.path(), MAKE) {
        porpoise_testkit::skip("python3 is needed to make the archives");
        return None;
    }
    let p = dir.path().to_owned();
    Some((dir, p))
}

#[test]
fn a_zip_lists_its_entries_and_refuses_names_that_climb_out() {
    let Some((_dir, d)) = archives() else { return };
    let zip = d.join("photos.zip");
    assert_eq!(format_of(&zip).expect("read"), Some(Format::Zip));
    let l = list(&zip, 1000).expect("list");
    let paths: Vec<_> = l
        .entries
        .iter()
        .map(|e| (e.path.clone(), e.kind.clone()))
        .collect();
    assert_eq!(
        paths,
        [
            (PathBuf::from("photos"), Kind::Folder),
            (PathBuf::from("photos/a.jpg"), Kind::File)
        ]
    );
    assert_eq!(l.entries[1].size, 1000);
    assert!(l.entries[1].mtime > 1_600_000_000, "{}", l.entries[1].mtime);
    assert_eq!(
        l.refused,
        [
            (b"../evil.txt".to_vec(), NameRefusal::ClimbsOut),
            (b"/etc/owned".to_vec(), NameRefusal::Absolute)
        ]
    );
}

#[test]
fn a_tar_gz_lists_files_and_links_and_refuses_an_escape() {
    let Some((_dir, d)) = archives() else { return };
    let tgz = d.join("src.tar.gz");
    assert_eq!(format_of(&tgz).expect("read"), Some(Format::TarGzip));
    let l = list(&tgz, 1000).expect("list");
    assert_eq!(l.entries.len(), 2, "{l:?}");
    assert_eq!(l.entries[0].path, Path::new("src/main.rs"));
    assert_eq!(l.entries[0].size, 12);
    assert_eq!(l.entries[0].mtime, 1_700_000_000);
    assert_eq!(l.entries[0].mode, Some(0o644));
    assert_eq!(l.entries[1].kind, Kind::Symlink);
    assert_eq!(l.refused.len(), 1);
    assert_eq!(l.refused[0].1, NameRefusal::ClimbsOut);
}

#[test]
fn the_bound_is_kept_and_a_file_that_is_no_archive_says_so() {
    let Some((_dir, d)) = archives() else { return };
    let l = list(&d.join("many.tar"), 20).expect("list");
    assert_eq!(l.entries.len(), 20);
    assert!(l.cut);
    assert!(!list(&d.join("many.tar"), 1000).expect("list").cut);
    // Named .zip, but its bytes say otherwise: the bytes decide.
    match list(&d.join("notes.zip"), 1000) {
        Err(ReadError::NotAnArchive { path }) => assert!(path.ends_with("notes.zip")),
        other => panic!("{other:?}"),
    }
}
