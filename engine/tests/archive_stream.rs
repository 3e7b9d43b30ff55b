//! Compressed tars extracted in one pass (read once, written as read, renamed into place
//! at the end): where they land, no hidden folder left behind, folders' modes and times,
//! progress ending on the stated totals, a cancel leaving nothing, a damaged archive
//! keeping what could be read, one landing where a folder of its name is already there
//! still asked about first, and hard links (a second name inside; none pointing out).

use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use porpoise_engine::jobs::conflict::{Answer, Choice};
use porpoise_engine::jobs::{self, ConflictPolicy, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::{Outcome, finish, finish_answering};

/// One entry of a test tar: a folder (no data, no link), a file, or a hard link.
struct Entry<'a> {
    name: &'a str,
    data: Option<Vec<u8>>,
    mode: u32,
    hard_link: Option<&'a str>,
}

fn file(name: &str, data: impl Into<Vec<u8>>) -> Entry<'_> {
    Entry {
        name,
        data: Some(data.into()),
        mode: 0o644,
        hard_link: None,
    }
}

fn hard_link<'a>(name: &'a str, target: &'a str) -> Entry<'a> {
    Entry {
        name,
        data: None,
        mode: 0o644,
        hard_link: Some(target),
    }
}

fn folder(name: &str, mode: u32) -> Entry<'_> {
    Entry {
        name,
        data: None,
        mode,
        hard_link: None,
    }
}

const MTIME: u64 = 1_600_000_000;

/// The tar of `entries`, as bytes.
fn tar_of(entries: &[Entry<'_>]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for e in entries {
        let mut h = tar::Header::new_gnu();
        h.set_mode(e.mode);
        h.set_mtime(MTIME);
        if let Some(target) = e.hard_link {
            h.set_entry_type(tar::EntryType::Link);
            h.set_size(0);
            b.append_link(&mut h, e.name, target).expect("link");
            continue;
        }
        match &e.data {
            Some(data) => {
                h.set_entry_type(tar::EntryType::Regular);
                h.set_size(data.len() as u64);
                b.append_data(&mut h, e.name, data.as_slice())
            }
            None => {
                h.set_entry_type(tar::EntryType::Directory);
                h.set_size(0);
                b.append_data(&mut h, e.name, std::io::empty())
            }
        }
        .expect("append");
    }
    b.into_inner().expect("tar")
}

/// `entries` as a tar.zst at `path`.
fn tar_zst(path: &Path, entries: &[Entry<'_>]) {
    let packed = zstd::encode_all(tar_of(entries).as_slice(), 3).expect("zstd");
    std::fs::write(path, packed).expect("write");
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn extract(archive: &Path, dest: &Path) -> Outcome {
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Fail,
        ..JobSpec::new(vec![archive.to_owned()], dest)
    };
    finish(jobs::start(JobKind::Extract, spec))
}

fn places(out: &Outcome) -> Vec<PathBuf> {
    out.picked(|e| match e {
        JobEvent::Placed { target, .. } => Some(target.clone()),
        _ => None,
    })
}

struct Dirs {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    dest: PathBuf,
}

fn dirs() -> Dirs {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dest = tmp.path().join("dest");
    std::fs::create_dir(&dest).expect("mkdir");
    Dirs {
        dir: tmp.path().to_owned(),
        dest,
        _tmp: tmp,
    }
}

#[test]
fn one_top_folder_lands_as_itself_and_loose_entries_in_a_folder_of_the_archives_name() {
    let d = dirs();
    let shared = d.dir.join("project.tar.zst");
    tar_zst(
        &shared,
        &[
            folder("project/", 0o750),
            folder("project/src/", 0o700),
            file("project/src/main.rs", "fn main() {}"),
            file("project/README", "read me"),
        ],
    );
    let out = extract(&shared, &d.dest);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        names(&d.dest),
        ["project"],
        "nothing else is left beside it"
    );
    assert_eq!(names(&d.dest.join("project")), ["README", "src"]);
    let main = std::fs::read_to_string(d.dest.join("project/src/main.rs")).expect("read");
    assert_eq!(main, "fn main() {}");
    // The folders have their entries' modes and times, set once everything was in.
    for (rel, mode) in [("project", 0o750), ("project/src", 0o700)] {
        let meta = std::fs::metadata(d.dest.join(rel)).expect("meta");
        assert_eq!(meta.permissions().mode() & 0o777, mode, "{rel}");
        assert_eq!(meta.mtime(), MTIME as i64, "{rel}");
    }
    assert_eq!(places(&out), [d.dest.join("project")]);
    let last = out.progress().last().copied().expect("progress");
    assert_eq!((last.files_done, last.files_total), (2, 2));
    assert_eq!(last.bytes_total, 12 + 7);
    assert_eq!(last.bytes_done, last.bytes_total);

    let loose = d.dir.join("loose.tar.zst");
    tar_zst(&loose, &[file("a.txt", "a"), file("b/c.txt", "c")]);
    let out = extract(&loose, &d.dest);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(names(&d.dest), ["loose", "project"]);
    assert_eq!(names(&d.dest.join("loose")), ["a.txt", "b"]);
    assert_eq!(places(&out), [d.dest.join("loose")]);
}

#[test]
fn a_folder_of_its_name_there_is_asked_about_before_anything_is_written() {
    let d = dirs();
    let archive = d.dir.join("project.tar.zst");
    tar_zst(&archive, &[file("project/new.txt", "new")]);
    std::fs::create_dir(d.dest.join("project")).expect("mkdir");
    std::fs::write(d.dest.join("project/mine.txt"), "mine").expect("write");
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Ask,
        ..JobSpec::new(vec![archive], &d.dest)
    };
    let mut asked = Vec::new();
    let out = finish_answering(jobs::start(JobKind::Extract, spec), |ev| {
        let JobEvent::Conflict(c) = ev else {
            return None;
        };
        asked.push(c.target.clone());
        Some(Answer::new(Choice::Merge, false))
    });
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(asked, [PathBuf::from("project")]);
    assert_eq!(names(&d.dest), ["project"]);
    assert_eq!(names(&d.dest.join("project")), ["mine.txt", "new.txt"]);
}

#[test]
fn a_cancel_in_the_middle_leaves_nothing() {
    let d = dirs();
    let archive = d.dir.join("many.tar.zst");
    let data = vec![7u8; 64 * 1024];
    let names_of: Vec<String> = (0..30).map(|i| format!("many/f{i:02}")).collect();
    let mut entries: Vec<Entry<'_>> = names_of.iter().map(|n| file(n, data.clone())).collect();
    // The last entry has the name of the first: asked, and cancelled there.
    entries.push(file("many/f00", "again"));
    tar_zst(&archive, &entries);
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Ask,
        ..JobSpec::new(vec![archive], &d.dest)
    };
    let out = finish_answering(jobs::start(JobKind::Extract, spec), |ev| {
        matches!(ev, JobEvent::Conflict(_)).then(|| Answer::new(Choice::Cancel, false))
    });
    assert_eq!(out.state, JobState::Cancelled, "{:?}", out.events);
    assert!(names(&d.dest).is_empty(), "left: {:?}", names(&d.dest));
}

#[test]
fn a_damaged_archive_keeps_what_could_be_read_in_its_place() {
    let d = dirs();
    let mut entries = Vec::new();
    let names_of: Vec<String> = (0..10).map(|i| format!("cut/f{i}")).collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for n in &names_of {
        // Data that does not compress: the cut falls among the files, not in the first
        // block (from which nothing could be read).
        let data: Vec<u8> = (0..32 * 1024)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 24) as u8
            })
            .collect();
        entries.push(file(n, data));
    }
    let whole = zstd::encode_all(tar_of(&entries).as_slice(), 1).expect("zstd");
    let archive = d.dir.join("cut.tar.zst");
    let mut f = std::fs::File::create(&archive).expect("create");
    f.write_all(&whole[..whole.len() / 2]).expect("write");
    drop(f);
    let out = extract(&archive, &d.dest);
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    assert!(out.failed_paths().contains(&archive), "{:?}", out.events);
    // Some whole files are there, in the folder they land in, and nothing half-written.
    let kept = names(&d.dest.join("cut"));
    assert!(!kept.is_empty() && kept.len() < 10, "{kept:?}");
    for name in &kept {
        let len = std::fs::metadata(d.dest.join("cut").join(name))
            .expect("meta")
            .len();
        assert_eq!(len, 32 * 1024, "{name}");
    }
    assert_eq!(names(&d.dest), ["cut"]);
}

#[test]
fn a_hard_link_is_a_second_name_inside_and_never_one_for_a_file_outside() {
    let d = dirs();
    let outside = d.dir.join("secret");
    std::fs::write(&outside, "outside").expect("write");
    let entries = [
        file("pair/one.txt", "the same file"),
        hard_link("pair/two.txt", "pair/one.txt"),
        hard_link("pair/out", "../secret"),
        hard_link("pair/abs", outside.to_str().expect("utf-8")),
        hard_link("pair/none", "pair/missing.txt"),
    ];
    // Read in one pass (tar.zst) and listed first (a plain tar): the same.
    let packed = d.dir.join("pair.tar.zst");
    tar_zst(&packed, &entries);
    let plain = d.dir.join("plain.tar");
    std::fs::write(&plain, tar_of(&entries)).expect("write");
    for (archive, dest) in [(&packed, d.dest.join("a")), (&plain, d.dest.join("b"))] {
        std::fs::create_dir(&dest).expect("mkdir");
        let out = extract(archive, &dest);
        assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
        assert_eq!(names(&dest.join("pair")), ["one.txt", "two.txt"]);
        let one = std::fs::metadata(dest.join("pair/one.txt")).expect("one");
        let two = std::fs::metadata(dest.join("pair/two.txt")).expect("two");
        assert_eq!((one.ino(), one.nlink()), (two.ino(), 2));
        let mut failed = out.failed_paths();
        failed.sort();
        let expected: Vec<PathBuf> = ["abs", "none", "out"]
            .iter()
            .map(|n| dest.join("pair").join(n))
            .collect();
        assert_eq!(failed, expected, "{:?}", out.events);
        let secret = std::fs::metadata(&outside).expect("secret");
        assert_eq!(secret.nlink(), 1, "no second name for a file outside");
    }
}
