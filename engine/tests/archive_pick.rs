//! Copying picked entries out of an archive (`JobSpec::pick`), from archives made by
//! Python's zipfile and tarfile: a picked file lands in the destination as itself, a
//! picked folder with everything below it, nothing else of the archive and no folder
//! for the archive; an entry whose name climbs out is never written.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::jobs::{self, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::finish;

const MAKE: &str = r#"
import sys, zipfile, tarfile, io, os
d = sys.argv[1]
with zipfile.ZipFile(os.path.join(d, "photos.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("top.txt", "top")
    z.writestr("2026/", "")
    z.writestr("2026/summer/beach.jpg", "b" * 3000)
    z.writestr("2026/summer/deep/sea.jpg", "s")
    z.writestr("2026/winter/snow.jpg", "w")
    z.writestr("2026/notes.txt", "notes")
    z.writestr("../evil.txt", "out")
with tarfile.open(os.path.join(d, "src.tar.xz"), "w:xz") as t:
    for name, data in [("src/lib/a.rs", b"a"), ("src/lib/b.rs", b"bb"), ("src/main.rs", b"m")]:
        info = tarfile.TarInfo(name); info.size = len(data); info.mtime = 1700000000
        t.addfile(info, io.BytesIO(data))
"#;

fn made() -> Option<tempfile::TempDir> {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ok = Command::new("python3")
        .arg("-c")
        .arg(MAKE)
        .arg(tmp.path())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        porpoise_testkit::skip("python3 is needed to make the archives");
        return None;
    }
    Some(tmp)
}

/// Every file and folder below `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).expect("read_dir") {
            let p = e.expect("entry").path();
            out.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
            if p.is_dir() {
                todo.push(p);
            }
        }
    }
    out.sort();
    out
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
    let Some(tmp) = made() else { return };
    let dest = tmp.path().join("dest");
    let state = pick(
        &tmp.path().join("photos.zip"),
        &dest,
        &["2026/summer", "2026/notes.txt"],
    );
    assert_eq!(state, JobState::Done);
    assert_eq!(
        tree(&dest),
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
    let Some(tmp) = made() else { return };
    let dest = tmp.path().join("dest");
    assert_eq!(
        pick(&tmp.path().join("photos.zip"), &dest, &["top.txt"]),
        JobState::Done
    );
    assert_eq!(tree(&dest), ["top.txt"]);
}

#[test]
fn a_folder_a_tar_only_implies_is_picked_with_its_files() {
    let Some(tmp) = made() else { return };
    let dest = tmp.path().join("dest");
    let state = pick(&tmp.path().join("src.tar.xz"), &dest, &["src/lib"]);
    assert_eq!(state, JobState::Done);
    assert_eq!(tree(&dest), ["lib", "lib/a.rs", "lib/b.rs"]);
    assert_eq!(fs::read_to_string(dest.join("lib/b.rs")).unwrap(), "bb");
}

#[test]
fn without_a_pick_the_whole_archive_is_extracted_as_before() {
    let Some(tmp) = made() else { return };
    let dest = tmp.path().join("dest");
    fs::create_dir_all(&dest).unwrap();
    let spec = JobSpec::new(vec![tmp.path().join("src.tar.xz")], &dest);
    let out = finish(jobs::start(JobKind::Extract, spec));
    assert_eq!(out.state, JobState::Done);
    assert_eq!(
        tree(&dest),
        [
            "src",
            "src/lib",
            "src/lib/a.rs",
            "src/lib/b.rs",
            "src/main.rs"
        ]
    );
}
