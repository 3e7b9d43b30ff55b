//! Browsing an archive as a folder (`archive::browse`): each folder inside it listed as
//! entry records (folders the archive only implies too), names that climb out never
//! shown, a path split by name, what is not an archive or not a folder inside it told
//! apart, and the listing events a pane takes.

use std::path::Path;

use porpoise_engine::archive::browse;
use porpoise_engine::entry::Kind;
use porpoise_engine::error::Reason;
use porpoise_engine::listing::{DirEvent, ListOptions};
use porpoise_testkit::archives::{self, Entry, Packing};

fn made() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    archives::zip(
        &d.join("photos.zip"),
        &[
            Entry::file("top.txt", "top"),
            Entry::file("2026/summer/beach.jpg", "b".repeat(3000)),
            Entry::file("2026/notes.txt", "notes"),
            Entry::file("../evil.txt", "out"),
            Entry::file("/etc/evil", "out"),
        ],
    );
    archives::tar(
        &d.join("src.tar.gz"),
        Packing::Gzip,
        &[
            Entry::folder("src").mtime(1_600_000_000),
            Entry::file("src/main.rs", "hi")
                .mtime(1_700_000_000)
                .mode(0o600),
        ],
    );
    std::fs::write(d.join("fake.zip"), "not an archive").expect("write");
    tmp
}

/// The names, kinds and sizes of one folder inside `archive`, sorted by name.
fn listed(archive: &Path, inner: &str) -> Vec<(String, Kind, u64)> {
    let b = browse::folder(archive, Path::new(inner)).expect("a folder of the archive");
    let mut v: Vec<(String, Kind, u64)> = (0..b.len())
        .map(|i| {
            let name = String::from_utf8_lossy(b.name(i)).into_owned();
            (name, b.entries[i].kind(), b.entries[i].size)
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn each_folder_of_a_zip_lists_its_own_entries() {
    let tmp = made();
    let zip = tmp.path().join("photos.zip");
    assert_eq!(
        listed(&zip, ""),
        [
            ("2026".into(), Kind::Dir, 0),
            ("top.txt".into(), Kind::File, 3)
        ]
    );
    assert_eq!(
        listed(&zip, "2026"),
        [
            ("notes.txt".into(), Kind::File, 5),
            ("summer".into(), Kind::Dir, 0)
        ]
    );
    assert_eq!(
        listed(&zip, "2026/summer"),
        [("beach.jpg".into(), Kind::File, 3000)]
    );
    // The names that climb out are nowhere.
    assert!(browse::folder(&zip, Path::new("..")).is_err());
    assert!(browse::folder(&zip, Path::new("etc")).is_err());
}

#[test]
fn a_tar_keeps_its_times_and_modes() {
    let tmp = made();
    let tar = tmp.path().join("src.tar.gz");
    let b = browse::folder(&tar, Path::new("src")).expect("src");
    assert_eq!(b.len(), 1);
    assert_eq!(b.name(0), b"main.rs");
    assert_eq!(b.entries[0].mtime_sec, 1_700_000_000);
    assert_eq!(b.entries[0].permissions(), 0o600);
    let top = browse::folder(&tar, Path::new("")).expect("top");
    assert_eq!(top.entries[0].mtime_sec, 1_600_000_000);
    assert!(top.entries[0].is_dir_like());
}

#[test]
fn what_is_not_there_or_not_a_folder_is_told_apart() {
    let tmp = made();
    let zip = tmp.path().join("photos.zip");
    let reason = |archive: &Path, inner: &str| {
        browse::folder(archive, Path::new(inner))
            .err()
            .map(|e| e.reason())
    };
    assert_eq!(reason(&zip, "nothing"), Some(Reason::NotFound));
    assert_eq!(reason(&zip, "top.txt"), Some(Reason::NotADirectory));
    // Not an archive at all: "not a folder", so a pane shows the file in its folder.
    assert_eq!(
        reason(&tmp.path().join("fake.zip"), ""),
        Some(Reason::NotADirectory)
    );
}

#[test]
fn a_path_is_split_by_name() {
    let (archive, inner) = browse::split(Path::new("/home/me/photos.zip/2026/summer")).unwrap();
    assert_eq!(archive, Path::new("/home/me/photos.zip"));
    assert_eq!(inner, Path::new("2026/summer"));
    assert!(browse::split(Path::new("/home/me/photos")).is_none());
    assert!(browse::is_archive_name(b"a.tar.zst"));
    assert!(!browse::is_archive_name(b"notes.txt.gz"));
}

#[test]
fn a_folder_inside_is_listed_as_events() {
    let tmp = made();
    let path = tmp.path().join("photos.zip").join("2026");
    let events = browse::open(path, ListOptions::default());
    let mut names = Vec::new();
    let mut complete = false;
    while let Some(e) = events.next() {
        match e {
            DirEvent::Batch(b) => {
                names.extend((0..b.len()).map(|i| String::from_utf8_lossy(b.name(i)).into_owned()))
            }
            DirEvent::Complete => complete = true,
            DirEvent::Failed(e) => panic!("failed: {e}"),
            _ => {}
        }
    }
    names.sort();
    assert!(complete);
    assert_eq!(names, ["notes.txt", "summer"]);
}

#[test]
fn a_real_folder_named_like_an_archive_is_listed_from_the_disk() {
    let tmp = made();
    let folder = tmp.path().join("real.zip");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("inside"), "x").unwrap();
    let events = browse::open(
        folder,
        ListOptions {
            watch: false,
            ..ListOptions::default()
        },
    );
    let mut names = Vec::new();
    while let Some(e) = events.next() {
        if let DirEvent::Batch(b) = e {
            names.extend((0..b.len()).map(|i| b.name(i).to_vec()));
        }
    }
    assert_eq!(names, [b"inside".to_vec()]);
}

#[test]
fn a_7z_whose_names_are_locked_lists_once_its_password_is_given() {
    let Some(tool) = archives::seven_zip() else {
        return porpoise_testkit::skip("7-Zip is needed to make a 7z with locked names");
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("diary.txt"), "dear diary").expect("write");
    let archive = tmp.path().join("locked.7z");
    let made = std::process::Command::new(tool)
        .args(["a", "-bd", "-psesame", "-mhe=on"])
        .arg(&archive)
        .arg(tmp.path().join("diary.txt"))
        .output()
        .expect("7-Zip");
    assert!(made.status.success(), "{made:?}");
    let reason = |r: Result<porpoise_engine::entry::Batch, _>| match r {
        Err(e) => Some(porpoise_engine::error::IoError::reason(&e)),
        Ok(_) => None,
    };
    use porpoise_engine::error::ArchiveTrouble;
    assert_eq!(
        reason(browse::folder(&archive, Path::new(""))),
        Some(Reason::Archive(ArchiveTrouble::NeedsPassword))
    );
    browse::give_password(&archive, "wrong".into());
    let wrong = reason(browse::folder(&archive, Path::new("")));
    assert!(
        matches!(
            wrong,
            Some(Reason::Archive(
                ArchiveTrouble::WrongPassword | ArchiveTrouble::Damaged
            ))
        ),
        "{wrong:?}"
    );
    browse::give_password(&archive, "sesame".into());
    let batch = browse::folder(&archive, Path::new("")).expect("listed with the password");
    assert_eq!(batch.entries.len(), 1);
    assert_eq!(batch.name(0), b"diary.txt");
}
