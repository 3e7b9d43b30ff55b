//! Copying picked entries out of an archive (`JobSpec::pick`), from a zip and a tar.xz
//! made by the tests' kit: a picked file lands in the destination as itself, a picked
//! folder with everything below it, nothing else of the archive and no folder for the
//! archive; an entry whose name climbs out is never written.

use std::fs;
use std::path::{Path, PathBuf};

use porpoise_engine::jobs::{self, JobKind, JobSpec, JobState};
use porpoise_testkit::archives::{self, Entry, Packing};
use porpoise_testkit::jobs::finish;
use porpoise_testkit::trees::tree_of;

fn made() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    archives::zip(
        &tmp.path().join("photos.zip"),
        &[
            Entry::file("top.txt", "top"),
            Entry::folder("2026"),
            Entry::file("2026/summer/beach.jpg", "b".repeat(3000)),
            Entry::file("2026/summer/deep/sea.jpg", "s"),
            Entry::file("2026/winter/snow.jpg", "w"),
            Entry::file("2026/notes.txt", "notes"),
            Entry::file("../evil.txt", "out"),
        ],
    );
    archives::tar(
        &tmp.path().join("src.tar.xz"),
        Packing::Xz,
        &[
            Entry::file("src/lib/a.rs", "a"),
            Entry::file("src/lib/b.rs", "bb"),
            Entry::file("src/main.rs", "m"),
        ],
    );
    tmp
}

fn pick(archive: &Path, dest: &Path, picked: &[&str]) -> JobState {
    fs::create_dir_all(dest).expect("dest");
    let spec = JobSpec {
        pick: Some(picked.iter().map(PathBuf::from).collect()),
        ..JobSpec::new(vec![archive.to_owned()], dest)
    };
    finish(jobs::start(JobKind::Extract, spec)).state
}

#[test]
fn a_picked_file_and_folder_land_as_themselves() {
    let tmp = made();
    let dest = tmp.path().join("dest");
    let state = pick(
        &tmp.path().join("photos.zip"),
        &dest,
        &["2026/summer", "2026/notes.txt"],
    );
    assert_eq!(state, JobState::Done);
    assert_eq!(
        tree_of(&dest),
        [
            "notes.txt",
            "summer",
            "summer/beach.jpg",
            "summer/deep",
            "summer/deep/sea.jpg"
        ]
    );
    assert_eq!(
        fs::read(dest.join("summer/beach.jpg")).unwrap(),
        vec![b'b'; 3000]
    );
    assert_eq!(fs::read_to_string(dest.join("notes.txt")).unwrap(), "notes");
    assert!(!tmp.path().join("evil.txt").exists());
}

#[test]
fn a_top_file_is_picked_alone() {
    let tmp = made();
    let dest = tmp.path().join("dest");
    assert_eq!(
        pick(&tmp.path().join("photos.zip"), &dest, &["top.txt"]),
        JobState::Done
    );
    assert_eq!(tree_of(&dest), ["top.txt"]);
}

#[test]
fn a_folder_a_tar_only_implies_is_picked_with_its_files() {
    let tmp = made();
    let dest = tmp.path().join("dest");
    let state = pick(&tmp.path().join("src.tar.xz"), &dest, &["src/lib"]);
    assert_eq!(state, JobState::Done);
    assert_eq!(tree_of(&dest), ["lib", "lib/a.rs", "lib/b.rs"]);
    assert_eq!(fs::read_to_string(dest.join("lib/b.rs")).unwrap(), "bb");
}

#[test]
fn without_a_pick_the_whole_archive_is_extracted_as_before() {
    let tmp = made();
    let dest = tmp.path().join("dest");
    fs::create_dir_all(&dest).unwrap();
    let spec = JobSpec::new(vec![tmp.path().join("src.tar.xz")], &dest);
    let out = finish(jobs::start(JobKind::Extract, spec));
    assert_eq!(out.state, JobState::Done);
    assert_eq!(
        tree_of(&dest),
        [
            "src",
            "src/lib",
            "src/lib/a.rs",
            "src/lib/b.rs",
            "src/main.rs"
        ]
    );
}
