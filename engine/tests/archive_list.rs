//! Archives listed without extracting, made by the tests' kit with names written as given:
//! entries with their kinds and sizes, names that climb out of the folder refused, the
//! bound on entries kept, and a file that is no archive said to be none.

use std::path::{Path, PathBuf};

use porpoise_engine::archive::list::{Format, Kind, format_of, list};
use porpoise_engine::archive::names::NameRefusal;
use porpoise_engine::archive::read::ReadError;
use porpoise_testkit::archives::{self, Entry, Packing};

fn archives() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_owned();
    archives::zip(
        &d.join("photos.zip"),
        &[
            Entry::folder("photos"),
            Entry::file("photos/a.jpg", "a".repeat(1000)),
            Entry::file("../evil.txt", "out"),
            Entry::file("/etc/owned", "out"),
        ],
    );
    archives::tar(
        &d.join("src.tar.gz"),
        Packing::Gzip,
        &[
            Entry::file("src/main.rs", "fn main() {}")
                .mtime(1_700_000_000)
                .mode(0o644),
            Entry::file("src/../../escape", "x"),
            Entry::link("src/link", "/etc/passwd"),
        ],
    );
    let many: Vec<Entry> = (0..50)
        .map(|i| Entry::file(&format!("f{i:02}"), ""))
        .collect();
    archives::tar(&d.join("many.tar"), Packing::Plain, &many);
    std::fs::write(d.join("notes.zip"), "not a zip at all").expect("write");
    (dir, d)
}

#[test]
fn a_zip_lists_its_entries_and_refuses_names_that_climb_out() {
    let (_dir, d) = archives();
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
    let (_dir, d) = archives();
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
    let (_dir, d) = archives();
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
