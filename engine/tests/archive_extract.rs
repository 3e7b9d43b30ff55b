//! Archives extracted by the extraction job, made by the tests' kit with hostile entries:
//! what lands where (one top folder as itself, loose entries in a folder named after the
//! archive), names that climb out failing alone, a link entry kept as a link and never
//! written through, the conflict rule for a folder already there, progress, cancel
//! leaving nothing, a password asked for, and an archive that states more than the disk
//! holds stopped before a byte is written.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use porpoise_engine::error::{ArchiveTrouble, Reason};
use porpoise_engine::jobs::conflict::{Answer, Choice};
use porpoise_engine::jobs::preflight::Problem;
use porpoise_engine::jobs::{self, ConflictPolicy, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::archives::{self, Entry, Packing};
use porpoise_testkit::jobs::{Outcome, finish, finish_answering, follow};
use porpoise_testkit::trees::names_in;

fn extract(archive: &Path, dest: &Path, on_conflict: ConflictPolicy) -> Outcome {
    let spec = JobSpec {
        on_conflict,
        ..JobSpec::new(vec![archive.to_owned()], dest)
    };
    finish(jobs::start(JobKind::Extract, spec))
}

/// The archive trouble each failed item was reported with.
fn troubles(out: &Outcome) -> Vec<(PathBuf, Option<ArchiveTrouble>)> {
    out.picked(|e| match e {
        JobEvent::ItemFailed { path, error } => Some((
            path.clone(),
            match error.reason() {
                Reason::Archive(t) => Some(t),
                _ => None,
            },
        )),
        _ => None,
    })
}

struct Made {
    _tmp: tempfile::TempDir,
    _outside: tempfile::TempDir,
    dir: PathBuf,
    outside: PathBuf,
    dest: PathBuf,
}

/// The archives the tests extract, in a new folder with an empty `dest` beside them.
fn made() -> Made {
    let tmp = tempfile::tempdir().expect("tempdir");
    let outside = tempfile::tempdir().expect("outside");
    let d = tmp.path();
    archives::zip(
        &d.join("photos.zip"),
        &[
            Entry::file("a.jpg", "a".repeat(1000)),
            Entry::file("b.jpg", "b"),
            Entry::file("../evil.txt", "out"),
            Entry::file("/tmp/owned-by-zip", "out"),
        ],
    );
    // Every tar entry setuid, as a hostile archive has them.
    let tar = |name: &str, packing, entries: &[Entry]| {
        let entries: Vec<Entry> = entries.iter().map(|e| e.clone().mode(0o4755)).collect();
        archives::tar(&d.join(name), packing, &entries);
    };
    tar(
        "src.tar.gz",
        Packing::Gzip,
        &[
            Entry::file("src/main.rs", "fn main() {}"),
            Entry::file("src/../../escape", "x"),
            Entry::link("src/passwd", "/etc/passwd"),
            Entry::char_device("src/null"),
        ],
    );
    let outside_str = outside.path().to_str().expect("utf-8");
    tar(
        "through.tar",
        Packing::Plain,
        &[
            Entry::link("x/a", outside_str),
            Entry::file("x/a/owned", "written through the link"),
            Entry::file("x/after", "still extracted"),
        ],
    );
    let mut rng = porpoise_testkit::rng::Rng(0x5eed);
    let mut big: Vec<Entry> = (0..40)
        .map(|i| {
            let data: Vec<u8> = (0..256 * 1024).map(|_| rng.number() as u8).collect();
            Entry::file(&format!("big/f{i:02}"), data)
        })
        .collect();
    big.push(Entry::file("big/f00", "the same name again"));
    tar("big.tar", Packing::Plain, &big);
    archives::stored_zip(
        &d.join("windows.zip"),
        &[
            Entry::file("report: final?.txt", "colon"),
            Entry::file("plain.txt", "plain"),
        ],
    );
    archives::gzip(&d.join("notes.txt.gz"), b"one compressed file");
    tar(
        "zeros.tar.gz",
        Packing::Gzip,
        &[Entry::file("zeros", vec![0u8; 16 << 20])],
    );
    let dest = d.join("dest");
    std::fs::create_dir(&dest).expect("mkdir");
    Made {
        dir: d.to_owned(),
        outside: outside.path().to_owned(),
        dest,
        _tmp: tmp,
        _outside: outside,
    }
}

#[test]
fn archives_land_in_one_folder_and_nothing_leaves_it() {
    let m = made();
    // Loose entries: into a folder named after the archive; the climbing names fail alone.
    let out = extract(&m.dir.join("photos.zip"), &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    assert_eq!(names_in(&m.dest.join("photos")), ["a.jpg", "b.jpg"]);
    assert_eq!(
        std::fs::read(m.dest.join("photos/a.jpg")).expect("a"),
        [b'a'; 1000]
    );
    let failed = troubles(&out);
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(
        failed
            .iter()
            .all(|(_, t)| *t == Some(ArchiveTrouble::NameLeaves))
    );
    assert!(!m.dir.join("evil.txt").exists());
    assert!(!Path::new("/tmp/owned-by-zip").exists());
    assert_eq!(out.summary.files_done, 2);
    let zip = m.dir.join("photos.zip");
    assert_eq!(out.placed(), [(zip, m.dest.join("photos"), true)]);

    // One top folder: as itself. The link stays a link; the setuid bit goes; the device
    // node is left out; times are the archive's.
    let out = extract(&m.dir.join("src.tar.gz"), &m.dest, ConflictPolicy::Fail);
    assert_eq!(names_in(&m.dest.join("src")), ["main.rs", "passwd"]);
    let link = std::fs::read_link(m.dest.join("src/passwd")).expect("a link");
    assert_eq!(link, Path::new("/etc/passwd"));
    let meta = std::fs::metadata(m.dest.join("src/main.rs")).expect("meta");
    assert_eq!(meta.permissions().mode() & 0o7777, 0o755);
    use std::os::unix::fs::MetadataExt;
    assert_eq!(meta.mtime(), 1_700_000_000);
    assert!(!m.dir.join("escape").exists());
    assert_eq!(names_in(&m.dest), ["photos", "src"]);
    assert_eq!(out.summary.skipped, 1, "the device node: {:?}", out.events);
}

#[test]
fn a_folder_already_there_follows_the_conflict_rule() {
    let m = made();
    let archive = m.dir.join("src.tar.gz");
    extract(&archive, &m.dest, ConflictPolicy::Fail);
    std::fs::write(m.dest.join("src/mine.txt"), "mine").expect("write");
    // Failing: nothing merged, nothing touched.
    let out = extract(&archive, &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed);
    // Keep both: a second folder.
    extract(&archive, &m.dest, ConflictPolicy::Rename);
    assert_eq!(names_in(&m.dest), ["src", "src (1)"]);
    assert_eq!(names_in(&m.dest.join("src (1)")), ["main.rs", "passwd"]);
    // Asked: the folder is offered to merge; Merge puts the entries in, and each file
    // there is asked about again (answered Skip: what is there stays).
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Ask,
        ..JobSpec::new(vec![archive.clone()], &m.dest)
    };
    std::fs::write(m.dest.join("src/main.rs"), "changed").expect("write");
    std::fs::remove_file(m.dest.join("src/passwd")).expect("rm");
    let mut asked = Vec::new();
    let out = finish_answering(jobs::start(JobKind::Extract, spec), |ev| {
        let JobEvent::Conflict(c) = ev else {
            return None;
        };
        asked.push((c.target.clone(), c.target_is_dir));
        Some(if c.target_is_dir {
            Answer::new(Choice::Merge, false)
        } else {
            Answer::new(Choice::Skip, false)
        })
    });
    // The entry whose name climbs out fails, as it did the first time.
    assert_eq!(out.summary.failed, 1, "{:?}", out.events);
    assert_eq!(
        asked,
        [
            (PathBuf::from("src"), true),
            (PathBuf::from("main.rs"), false)
        ]
    );
    assert_eq!(
        names_in(&m.dest.join("src")),
        ["main.rs", "mine.txt", "passwd"]
    );
    let main = std::fs::read_to_string(m.dest.join("src/main.rs")).expect("read");
    assert_eq!(main, "changed");
}

#[test]
fn a_file_behind_a_link_entry_is_never_written_where_the_link_points() {
    let m = made();
    let out = extract(&m.dir.join("through.tar"), &m.dest, ConflictPolicy::Fail);
    assert!(names_in(&m.outside).is_empty(), "written outside");
    assert_eq!(out.failed_paths(), [m.dest.join("x/a/owned")]);
    // The entries after it are still extracted.
    let after = std::fs::read_to_string(m.dest.join("x/after")).expect("after");
    assert_eq!(after, "still extracted");
}

#[test]
fn progress_counts_the_entries_and_a_cancel_leaves_nothing() {
    let m = made();
    let archive = m.dir.join("big.tar");
    // The last entry has the name of the first: overwritten by the rule.
    let out = extract(&archive, &m.dest, ConflictPolicy::Overwrite);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let last = out.progress().last().copied().expect("progress");
    assert_eq!((last.files_total, last.files_done), (41, 41));
    assert_eq!(last.bytes_total, 40 * 256 * 1024 + 19);
    assert_eq!(last.bytes_done, last.bytes_total);
    assert!(out.went_through(JobState::Extracting));
    let f00 = std::fs::read_to_string(m.dest.join("big/f00")).expect("read");
    assert_eq!(f00, "the same name again");
    std::fs::remove_dir_all(m.dest.join("big")).expect("rm");

    // Asked at the last entry, after forty files were written, and cancelled there:
    // nothing is left.
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Ask,
        ..JobSpec::new(vec![archive], &m.dest)
    };
    let out = finish_answering(jobs::start(JobKind::Extract, spec), |ev| {
        matches!(ev, JobEvent::Conflict(_)).then(|| Answer::new(Choice::Cancel, false))
    });
    assert_eq!(out.state, JobState::Cancelled);
    assert!(
        names_in(&m.dest).is_empty(),
        "left: {:?}",
        names_in(&m.dest)
    );
}

#[test]
fn an_archive_stating_more_than_the_disk_holds_writes_nothing() {
    if let Err(why) = porpoise_testkit::root() {
        return porpoise_testkit::skip(&why);
    }
    let m = made();
    // 16 MiB of zeros, 16 kB compressed, onto a 4 MiB disk.
    let _small = porpoise_testkit::mounts::Tmpfs::mount(&m.dest);
    let out = extract(&m.dir.join("zeros.tar.gz"), &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    let no_space = out.picked(|e| match e {
        JobEvent::Preflight {
            problems,
            can_proceed,
        } => Some((
            problems
                .iter()
                .any(|p| matches!(p, Problem::NoSpace { needed, .. } if *needed == 16 << 20)),
            *can_proceed,
        )),
        _ => None,
    });
    assert_eq!(no_space, [(true, false)], "{:?}", out.events);
    assert!(names_in(&m.dest).is_empty());
}

#[test]
fn a_damaged_archive_keeps_what_could_be_read_and_names_the_archive() {
    let m = made();
    // The big tar cut in the middle of its twentieth file.
    let whole = std::fs::read(m.dir.join("big.tar")).expect("read");
    let cut = m.dir.join("cut.tar");
    std::fs::write(&cut, &whole[..19 * (512 + 256 * 1024) + 512 + 1000]).expect("write");
    let out = extract(&cut, &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed);
    // The nineteen whole files are there; the cut one is not kept half-written.
    let expected: Vec<String> = (0..19).map(|i| format!("f{i:02}")).collect();
    assert_eq!(names_in(&m.dest.join("big")), expected);
    assert!(
        troubles(&out)
            .iter()
            .any(|(p, t)| *p == cut && *t == Some(ArchiveTrouble::Damaged)),
        "{:?}",
        out.events
    );
}

#[test]
fn what_is_not_an_archive_says_so() {
    let m = made();
    let notes = m.dir.join("notes.zip");
    std::fs::write(&notes, "just words").expect("write");
    let out = extract(&notes, &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed);
    assert_eq!(
        troubles(&out),
        [(notes, Some(ArchiveTrouble::NotAnArchive))]
    );
    assert!(names_in(&m.dest).is_empty());
}

#[test]
fn a_password_is_asked_for_and_a_wrong_one_is_asked_again() {
    let m = made();
    let archive = m.dir.join("locked.zip");
    archives::locked_zip(
        &archive,
        &[Entry::file("note.txt", "the secret words")],
        "right",
    );
    let run = |answers: &mut dyn FnMut(bool) -> Option<String>| {
        let job = jobs::start(
            JobKind::Extract,
            JobSpec::new(vec![archive.clone()], &m.dest),
        );
        let mut asked = Vec::new();
        let out = follow(&job, |job, ev| {
            if let JobEvent::Password { wrong, .. } = ev {
                asked.push(*wrong);
                job.control.answer_password(answers(*wrong));
            }
        });
        (out, asked)
    };
    // None given: the archive fails, saying a password is needed; nothing is left.
    let (out, asked) = run(&mut |_| None);
    assert_eq!(asked, [false]);
    assert_eq!(
        troubles(&out),
        [(archive.clone(), Some(ArchiveTrouble::NeedsPassword))]
    );
    assert!(names_in(&m.dest).is_empty(), "{:?}", names_in(&m.dest));
    // A wrong one, then the right one.
    let mut tries = vec!["right".to_owned(), "wrong".to_owned()];
    let (out, asked) = run(&mut |_| tries.pop());
    assert_eq!(asked, [false, true], "{:?}", out.events);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let note = std::fs::read_to_string(m.dest.join("locked/note.txt")).expect("read");
    assert_eq!(note, "the secret words");
}

#[test]
fn a_single_compressed_file_lands_beside_as_itself() {
    let m = made();
    let archive = m.dir.join("notes.txt.gz");
    let out = extract(&archive, &m.dest, ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(names_in(&m.dest), ["notes.txt"]);
    let text = std::fs::read_to_string(m.dest.join("notes.txt")).expect("read");
    assert_eq!(text, "one compressed file");
    assert_eq!(
        out.placed(),
        [(archive.clone(), m.dest.join("notes.txt"), true)]
    );
    // Again, keeping both: the file gets a free name beside it.
    let out = extract(&archive, &m.dest, ConflictPolicy::Rename);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(names_in(&m.dest), ["notes (1).txt", "notes.txt"]);
}

#[test]
fn names_a_fat_disk_cannot_hold_go_through_the_pre_flight_question() {
    let m = made();
    let archive = m.dir.join("windows.zip");
    let fat = porpoise_engine::jobs::preflight::FsRules::for_fs_type("vfat");
    let run = |choice| {
        let dest = m.dest.join(format!("{choice:?}"));
        std::fs::create_dir(&dest).expect("mkdir");
        let spec = JobSpec {
            rules: Some(fat),
            on_problem: Some(choice),
            ..JobSpec::new(vec![archive.clone()], &dest)
        };
        (finish(jobs::start(JobKind::Extract, spec)), dest)
    };
    use porpoise_engine::jobs::preflight::PreflightChoice;
    // Named in the pre-flight problems, then replaced with `_`.
    let (out, dest) = run(PreflightChoice::ReplaceCharacters);
    let asked = out.picked(|e| match e {
        JobEvent::Preflight { problems, .. } => Some(problems.len()),
        _ => None,
    });
    assert_eq!(asked, [1], "{:?}", out.events);
    assert_eq!(
        names_in(&dest.join("windows")),
        ["plain.txt", "report_ final_.txt"]
    );
    // Or left out.
    let (out, dest) = run(PreflightChoice::SkipThem);
    assert_eq!(names_in(&dest.join("windows")), ["plain.txt"]);
    assert_eq!(out.summary.skipped, 1);
}
