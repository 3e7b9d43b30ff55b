//! Copy, move and delete on real temp trees: trees compared after each job (content, mode,
//! mtime to the nanosecond, links, fifos), every conflict choice, hostile trees, refusals,
//! cancel mid-copy.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use porpoise_engine::events::Next;
use porpoise_engine::jobs::conflict::{Answer, Choice};
use porpoise_engine::jobs::events::Figures;
use porpoise_engine::jobs::writeback::WritebackMode;
use porpoise_engine::jobs::{
    self, ConflictPolicy, Job, JobEvent, JobKind, JobSpec, JobState, Refusal,
};

use porpoise_testkit::jobs::{JOB_PATIENCE as PATIENCE, finish, finish_answering};
use porpoise_testkit::trees::{fifo, new_folder};

/// Cancel `job` at its first progress event that `under_way` accepts; the figures then.
fn cancel_once_under_way(job: &Job, under_way: impl Fn(&Figures) -> bool) -> Figures {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match job.events.next_timeout(left) {
            Next::Event(JobEvent::Progress(f)) if under_way(&f) => {
                job.control.cancel();
                return f;
            }
            Next::Event(JobEvent::Finished { state, .. }) => {
                panic!("finished ({state:?}) before a cancel")
            }
            Next::Event(_) | Next::Waiting => {}
            Next::Ended => panic!("the job ended early"),
        }
    }
}

fn spec(sources: &[&Path], dest: &Path, on_conflict: ConflictPolicy) -> JobSpec {
    JobSpec {
        on_conflict,
        ..JobSpec::new(sources.iter().map(|p| p.to_path_buf()).collect(), dest)
    }
}

/// Everything that must survive a copy, keyed by relative path.
#[derive(Debug, PartialEq, Eq)]
enum Node {
    File {
        mode: u32,
        mtime: (i64, i64),
        data: Vec<u8>,
    },
    Dir {
        mode: u32,
        mtime: (i64, i64),
    },
    Link(PathBuf),
    Fifo {
        mode: u32,
    },
}

fn snapshot(root: &Path) -> BTreeMap<PathBuf, Node> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("read_dir") {
            let e = e.expect("entry");
            let p = e.path();
            let m = std::fs::symlink_metadata(&p).expect("lstat");
            let rel = p.strip_prefix(root).expect("inside").to_path_buf();
            let t = m.file_type();
            let node = if t.is_symlink() {
                Node::Link(std::fs::read_link(&p).expect("readlink"))
            } else if t.is_dir() {
                stack.push(p.clone());
                Node::Dir {
                    mode: m.mode(),
                    mtime: (m.mtime(), m.mtime_nsec()),
                }
            } else if t.is_fifo() {
                Node::Fifo { mode: m.mode() }
            } else {
                Node::File {
                    mode: m.mode(),
                    mtime: (m.mtime(), m.mtime_nsec()),
                    data: std::fs::read(&p).expect("read"),
                }
            };
            out.insert(rel, node);
        }
    }
    out
}

fn set_mtime(p: &Path, secs_ago: u64, nanos: u32) {
    let t = std::time::SystemTime::UNIX_EPOCH + Duration::new(1_700_000_000 - secs_ago, nanos);
    std::fs::File::options()
        .write(true)
        .open(p)
        .or_else(|_| std::fs::File::open(p))
        .expect("open")
        .set_modified(t)
        .expect("set mtime");
}

/// A tree with every kind of thing a copy must carry over.
fn rich_tree(root: &Path) -> PathBuf {
    let t = root.join("tree");
    std::fs::create_dir_all(t.join("sub/deeper")).expect("mkdir");
    std::fs::write(t.join("plain.txt"), b"hello").expect("write");
    std::fs::write(t.join(OsStr::from_bytes(b"caf\xe9.bin")), [0u8, 1, 2, 255]).expect("write");
    std::fs::write(t.join(OsStr::from_bytes(&[b'L'; 255])), b"long name").expect("write");
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(t.join("sub/big.dat"), &big).expect("write");
    std::fs::write(t.join("sub/deeper/empty"), b"").expect("write");
    std::fs::set_permissions(t.join("plain.txt"), std::fs::Permissions::from_mode(0o640))
        .expect("chmod");
    std::fs::set_permissions(t.join("sub/deeper"), std::fs::Permissions::from_mode(0o750))
        .expect("chmod");
    symlink("plain.txt", t.join("link")).expect("symlink");
    symlink("nowhere", t.join("broken")).expect("symlink");
    symlink("loop2", t.join("loop1")).expect("symlink");
    symlink("loop1", t.join("loop2")).expect("symlink");
    fifo(&t.join("fifo"), 0o640);
    set_mtime(&t.join("plain.txt"), 1000, 123_456_789);
    set_mtime(&t.join("sub/big.dat"), 2000, 1);
    set_mtime(&t.join("sub/deeper"), 3000, 999_999_999);
    set_mtime(&t.join("sub"), 4000, 5);
    t
}

#[test]
fn a_copied_tree_is_identical() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = rich_tree(tmp.path());
    let dest = new_folder(tmp.path(), "dest");
    let before = snapshot(&src);
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src], &dest, ConflictPolicy::Fail),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(snapshot(&dest.join("tree")), before);
    assert_eq!(snapshot(&src), before, "the source is untouched");
    // Progress is coalesced: far fewer progress events than files.
    let progress = out.progress();
    assert!(progress.len() <= 5, "{} progress events", progress.len());
    let f = progress.last().expect("a progress event");
    assert_eq!(f.bytes_done, f.bytes_total);
    assert_eq!(f.bytes_on_device, f.bytes_done);
    assert_eq!(f.bytes_total, 5 + 4 + 9 + 3_000_000);
}

#[test]
fn many_small_files_are_copied_by_several_workers() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = new_folder(tmp.path(), "small");
    for i in 0..3000 {
        std::fs::write(src.join(format!("f{i:04}")), format!("{i}").repeat(20)).expect("write");
    }
    let dest = new_folder(tmp.path(), "dest");
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src], &dest, ConflictPolicy::Fail),
    ));
    assert_eq!(out.state, JobState::Done);
    // The folder is counted apart, not among its files.
    assert_eq!(out.summary.files_done, 3000);
    assert_eq!(out.summary.folders_done, 1);
    assert_eq!(snapshot(&dest.join("small")), snapshot(&src));
}

/// A folder of `n` small files, each with its own content.
fn small_files(dir: &Path, n: usize) {
    std::fs::create_dir(dir).expect("mkdir");
    for i in 0..n {
        std::fs::write(dir.join(format!("f{i:05}")), format!("{i}-").repeat(8)).expect("write");
    }
}

#[test]
fn conflicts_among_many_files_are_asked_one_by_one() {
    // Workers create files ahead of filling them; a conflict in the middle of a folder
    // still waits for its answer, and every other file gets its whole copy.
    let conflicting = |i: usize| i % 37 == 5;
    for choice in [Choice::Skip, Choice::Overwrite, Choice::Rename] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let src = tmp.path().join("many");
        small_files(&src, 600);
        let dest = tmp.path().join("dest");
        let into = dest.join("many");
        std::fs::create_dir_all(&into).expect("mkdir");
        let conflicts = (0..600).filter(|&i| conflicting(i)).count();
        for i in (0..600).filter(|&i| conflicting(i)) {
            std::fs::write(into.join(format!("f{i:05}")), b"old").expect("write");
        }
        let mut asked = 0;
        let out = finish_answering(
            jobs::start(JobKind::Copy, spec(&[&src], &dest, ConflictPolicy::Ask)),
            |ev| {
                // The folder is there already: merging into it is asked first.
                if matches!(ev, JobEvent::Conflict(c) if c.target_is_dir) {
                    return Some(Answer::new(Choice::Merge, false));
                }
                asked += 1;
                Some(Answer::new(choice, false))
            },
        );
        assert_eq!(out.state, JobState::Done, "{choice:?}: {:?}", out.events);
        assert_eq!(asked, conflicts, "{choice:?}: each conflict asked once");
        for i in 0..600 {
            let name = format!("f{i:05}");
            let new = read(&src.join(&name));
            let renamed = into.join(format!("{name} (1)"));
            if conflicting(i) {
                let kept = if choice == Choice::Overwrite {
                    new.clone()
                } else {
                    b"old".to_vec()
                };
                assert_eq!(read(&into.join(&name)), kept, "{choice:?}: {name}");
                assert_eq!(renamed.exists(), choice == Choice::Rename, "{name}");
                if choice == Choice::Rename {
                    assert_eq!(read(&renamed), new);
                }
            } else {
                assert_eq!(read(&into.join(&name)), new, "{choice:?}: {name}");
            }
        }
        let renames = if choice == Choice::Rename {
            conflicts
        } else {
            0
        };
        assert_eq!(
            std::fs::read_dir(&into).expect("ls").count(),
            600 + renames,
            "{choice:?}: nothing left under a temporary name"
        );
    }
}

#[test]
fn cancel_among_many_small_files_leaves_only_whole_copies() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = tmp.path().join("many");
    const N: usize = 30_000;
    small_files(&src, N);
    let dest = new_folder(tmp.path(), "dest");
    let job = jobs::start(JobKind::Copy, spec(&[&src], &dest, ConflictPolicy::Fail));
    let f = cancel_once_under_way(&job, |f| f.files_done > 0);
    assert!(f.files_done < N as u64, "cancel came too late to test");
    let out = finish(job);
    assert_eq!(out.state, JobState::Cancelled);
    let copied: Vec<_> = std::fs::read_dir(dest.join("many"))
        .expect("ls")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert!(copied.len() < N, "the cancel stopped the copy");
    for name in copied {
        assert_eq!(
            read(&dest.join("many").join(&name)),
            read(&src.join(&name)),
            "{name:?} is a whole copy"
        );
    }
}

/// A folder with `a.txt` at the source (new) and at the destination (old).
fn conflict_setup(tmp: &Path) -> (PathBuf, PathBuf) {
    let src = tmp.join("src");
    let dest = tmp.join("dest");
    std::fs::create_dir_all(&src).expect("mkdir");
    std::fs::create_dir_all(&dest).expect("mkdir");
    std::fs::write(src.join("a.txt"), b"new").expect("write");
    std::fs::write(dest.join("a.txt"), b"old").expect("write");
    set_mtime(&src.join("a.txt"), 10, 0);
    set_mtime(&dest.join("a.txt"), 100, 0);
    (src.join("a.txt"), dest)
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("read")
}

#[test]
fn conflicts_follow_the_rule() {
    for (policy, expect_a, expect_renamed, state) in [
        (ConflictPolicy::Fail, "old", false, JobState::Failed),
        (ConflictPolicy::Skip, "old", false, JobState::Done),
        (ConflictPolicy::Overwrite, "new", false, JobState::Done),
        (
            ConflictPolicy::OverwriteIfOlder,
            "new",
            false,
            JobState::Done,
        ),
        (ConflictPolicy::Rename, "old", true, JobState::Done),
    ] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let (a, dest) = conflict_setup(tmp.path());
        let out = finish(jobs::start(JobKind::Copy, spec(&[&a], &dest, policy)));
        assert_eq!(out.state, state, "{policy:?}: {:?}", out.events);
        assert_eq!(read(&dest.join("a.txt")), expect_a.as_bytes(), "{policy:?}");
        assert_eq!(
            dest.join("a (1).txt").exists(),
            expect_renamed,
            "{policy:?}"
        );
        if expect_renamed {
            assert_eq!(read(&dest.join("a (1).txt")), b"new");
        }
        // Nothing left behind under a temporary name.
        assert_eq!(
            std::fs::read_dir(&dest).expect("ls").count(),
            1 + expect_renamed as usize
        );
    }
}

#[test]
fn overwrite_if_older_keeps_a_newer_target() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (a, dest) = conflict_setup(tmp.path());
    set_mtime(&dest.join("a.txt"), 1, 0);
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&a], &dest, ConflictPolicy::OverwriteIfOlder),
    ));
    assert_eq!(out.state, JobState::Done);
    assert_eq!(read(&dest.join("a.txt")), b"old");
    assert_eq!(out.summary.skipped, 1);
}

#[test]
fn asking_waits_for_an_answer_and_for_all_applies_to_the_rest() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = tmp.path().join("src");
    let dest = tmp.path().join("dest");
    std::fs::create_dir_all(src.join("d")).expect("mkdir");
    std::fs::create_dir_all(dest.join("d")).expect("mkdir");
    for n in ["1", "2", "3"] {
        std::fs::write(src.join("d").join(n), b"new").expect("write");
        std::fs::write(dest.join("d").join(n), b"old").expect("write");
    }
    let mut asked = 0;
    let out = finish_answering(
        jobs::start(
            JobKind::Copy,
            spec(&[&src.join("d")], &dest, ConflictPolicy::Ask),
        ),
        |ev| {
            if matches!(ev, JobEvent::Conflict(c) if c.target_is_dir) {
                return Some(Answer::new(Choice::Merge, false));
            }
            asked += 1;
            assert!(matches!(ev, JobEvent::Conflict(c) if c.target_size == 3));
            Some(Answer::new(Choice::Overwrite, true))
        },
    );
    assert_eq!(out.state, JobState::Done);
    assert_eq!(asked, 1, "one answer for all the files");
    for n in ["1", "2", "3"] {
        assert_eq!(read(&dest.join("d").join(n)), b"new");
    }
}

/// Whether the events hold a refusal of an item for `why`.
fn refused_for(events: &[JobEvent], why: Refusal) -> bool {
    events
        .iter()
        .any(|e| matches!(e, JobEvent::Refused { why: w, .. } if *w == why))
}

#[test]
fn a_folder_is_not_copied_into_itself_and_a_file_copied_beside_itself_is_duplicated() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = rich_tree(tmp.path());
    let before = snapshot(&src);
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src], &src.join("sub"), ConflictPolicy::Overwrite),
    ));
    assert_eq!(out.state, JobState::Failed);
    assert!(refused_for(&out.events, Refusal::IntoItself));
    assert_eq!(snapshot(&src), before);

    // A move into the file's own folder is still refused.
    let out = finish(jobs::start(
        JobKind::Move,
        spec(&[&src.join("plain.txt")], &src, ConflictPolicy::Overwrite),
    ));
    assert!(refused_for(&out.events, Refusal::OntoItself));
    assert_eq!(snapshot(&src), before);

    // A copy there is a duplicate beside it (as the window's paste into the same folder),
    // with the same data, mode and mtime; nothing else changes.
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src.join("plain.txt")], &src, ConflictPolicy::Overwrite),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e, JobEvent::Refused { .. })),
        "{:?}",
        out.events
    );
    assert_eq!(
        placed(&out.events),
        [("plain.txt".into(), "plain (copy).txt".into(), true)]
    );
    let mut after = before;
    let original = after.get(Path::new("plain.txt")).expect("plain.txt");
    let duplicate = match original {
        Node::File { mode, mtime, data } => Node::File {
            mode: *mode,
            mtime: *mtime,
            data: data.clone(),
        },
        other => panic!("plain.txt is {other:?}"),
    };
    after.insert(PathBuf::from("plain (copy).txt"), duplicate);
    assert_eq!(snapshot(&src), after);
}

/// In `dir`, a file `big.dat` of `len` bytes and an empty folder `dest`, in that order.
fn big_file_and_dest(dir: &Path, len: u64) -> (PathBuf, PathBuf) {
    // Allocated, not written, so not sparse: a file of holes is copied in no time.
    let src = dir.join("big.dat");
    let f = std::fs::File::create(&src).expect("create");
    rustix::fs::fallocate(&f, rustix::fs::FallocateFlags::empty(), 0, len).expect("fallocate");
    drop(f);
    let dest = new_folder(dir, "dest");
    (src, dest)
}

#[test]
fn cancel_mid_copy_leaves_no_partial_file_under_its_final_name() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // A large file: its copy takes many chunks, and cancel acts between chunks.
    let (src, dest) = big_file_and_dest(tmp.path(), 2 << 30);
    let job = jobs::start(JobKind::Copy, spec(&[&src], &dest, ConflictPolicy::Fail));
    let f = cancel_once_under_way(&job, |f| f.bytes_done > 0);
    assert!(f.bytes_done < f.bytes_total, "cancel came too late to test");
    let out = finish(job);
    assert_eq!(out.state, JobState::Cancelled);
    assert!(
        !dest.join("big.dat").exists(),
        "the half-written file is gone"
    );
    assert_eq!(
        std::fs::read_dir(&dest).expect("ls").count(),
        0,
        "nothing left behind"
    );
    assert_eq!(std::fs::metadata(&src).expect("source").len(), 2 << 30);
}

#[test]
fn a_hostile_tree_is_copied_and_deleted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = tmp.path().join("chain");
    // 800 nested folders.
    let mut deep = src.clone();
    for _ in 0..800 {
        deep.push("d");
    }
    std::fs::create_dir_all(&deep).expect("mkdir");
    std::fs::write(deep.join(OsStr::from_bytes(b"bottom\xff")), b"x").expect("write");
    let dest = new_folder(tmp.path(), "dest");
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src], &dest, ConflictPolicy::Fail),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events.last());
    assert_eq!(snapshot(&dest.join("chain")), snapshot(&src));

    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![src.clone(), dest.join("chain")]),
    ));
    assert_eq!(out.state, JobState::Done);
    assert!(!src.exists() && !dest.join("chain").exists());
    // Each chain: its root and 800 nested folders, one file at the bottom.
    assert_eq!(out.summary.files_done, 2);
    assert_eq!(out.summary.folders_done, 2 * 801);
}

#[test]
fn delete_never_follows_a_symlink() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let outside = new_folder(tmp.path(), "outside");
    std::fs::write(outside.join("keep.txt"), b"keep").expect("write");
    let doomed = new_folder(tmp.path(), "doomed");
    symlink(&outside, doomed.join("to-outside")).expect("symlink");
    symlink(&outside, tmp.path().join("top-link")).expect("symlink");
    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![doomed.clone(), tmp.path().join("top-link")]),
    ));
    assert_eq!(out.state, JobState::Done);
    assert!(!doomed.exists());
    assert!(!tmp.path().join("top-link").exists());
    assert_eq!(read(&outside.join("keep.txt")), b"keep");
}

/// A tmpfs mounted on a folder for a test, unmounted when it goes.
struct Mounted(PathBuf);

impl Mounted {
    fn tmpfs(on: &Path) -> rustix::io::Result<Mounted> {
        rustix::mount::mount(
            "tmpfs",
            on,
            "tmpfs",
            rustix::mount::MountFlags::empty(),
            c"",
        )?;
        Ok(Mounted(on.to_owned()))
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = rustix::mount::unmount(&self.0, rustix::mount::UnmountFlags::DETACH);
    }
}

#[test]
fn delete_never_reaches_into_a_mounted_filesystem() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let doomed = new_folder(tmp.path(), "doomed");
    std::fs::write(doomed.join("old.txt"), b"old").expect("write");
    let point = new_folder(&doomed, "inner");
    let mounted = match Mounted::tmpfs(&point) {
        Ok(m) => m,
        Err(e) => {
            porpoise_testkit::skip(&format!("a mount inside a deleted folder: {e}"));
            return;
        }
    };
    std::fs::write(point.join("on-the-mount.txt"), b"keep").expect("write");
    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![doomed.clone()]),
    ));
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    // The mount's folder fails, and so the folder it is in, which cannot go while it
    // holds it.
    assert_eq!(out.failed_paths(), [point.clone(), doomed.clone()]);
    assert_eq!(read(&point.join("on-the-mount.txt")), b"keep");
    assert!(
        !doomed.join("old.txt").exists(),
        "the rest of the tree went"
    );
    // The mount's folder itself, given alone, is refused too.
    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![point.clone()]),
    ));
    assert_eq!(out.state, JobState::Failed);
    assert_eq!(read(&point.join("on-the-mount.txt")), b"keep");
    drop(mounted);
}

#[test]
fn thousands_of_separate_paths_are_deleted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut paths = Vec::new();
    for d in 0..4 {
        let dir = tmp.path().join(format!("d{d}"));
        std::fs::create_dir(&dir).expect("mkdir");
        for i in 0..1000 {
            let p = dir.join(format!("f{i}"));
            std::fs::write(&p, b"x").expect("write");
            paths.push(p);
        }
    }
    let missing = tmp.path().join("d0/not-there");
    paths.push(missing.clone());
    let out = finish(jobs::start(JobKind::Delete, JobSpec::of(paths)));
    assert_eq!(out.state, JobState::Failed, "one path did not exist");
    assert_eq!(out.summary.files_done, 4000);
    assert_eq!(out.summary.folders_done, 0);
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, JobEvent::ItemFailed { path, .. } if *path == missing))
    );
    for d in 0..4 {
        assert_eq!(
            std::fs::read_dir(tmp.path().join(format!("d{d}")))
                .expect("ls")
                .count(),
            0
        );
    }
}

#[test]
fn move_renames_on_one_filesystem() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = rich_tree(tmp.path());
    let before = snapshot(&src);
    let dest = new_folder(tmp.path(), "dest");
    let out = finish(jobs::start(
        JobKind::Move,
        spec(&[&src], &dest, ConflictPolicy::Fail),
    ));
    assert_eq!(out.state, JobState::Done);
    assert!(!src.exists());
    assert_eq!(snapshot(&dest.join("tree")), before);
}

#[test]
fn move_across_filesystems_copies_then_removes_the_sources() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let Some(other) = porpoise_testkit::other_filesystem_or_skip(tmp.path()) else {
        return;
    };
    let src = rich_tree(tmp.path());
    let before = snapshot(&src);
    let out = finish(jobs::start(
        JobKind::Move,
        spec(&[&src], other.path(), ConflictPolicy::Fail),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(out.went_through(JobState::RemovingSources));
    assert!(!src.exists());
    assert_eq!(snapshot(&other.path().join("tree")), before);
}

#[test]
fn a_move_keeps_sources_whose_copy_was_not_complete() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let Some(other) = porpoise_testkit::other_filesystem_or_skip(tmp.path()) else {
        return;
    };
    let src = new_folder(tmp.path(), "folder");
    std::fs::write(src.join("a.txt"), b"new").expect("write");
    std::fs::write(src.join("b.txt"), b"b").expect("write");
    std::fs::create_dir(other.path().join("folder")).expect("mkdir");
    std::fs::write(other.path().join("folder/a.txt"), b"old").expect("write");
    // a.txt conflicts and is skipped: the source folder must stay whole.
    let out = finish(jobs::start(
        JobKind::Move,
        spec(&[&src], other.path(), ConflictPolicy::Skip),
    ));
    assert_eq!(out.summary.skipped, 1);
    assert_eq!(read(&src.join("a.txt")), b"new");
    assert_eq!(read(&src.join("b.txt")), b"b");
    assert_eq!(read(&other.path().join("folder/b.txt")), b"b");
    assert_eq!(read(&other.path().join("folder/a.txt")), b"old");
}

#[test]
fn pause_is_announced_and_resume_finishes_the_job() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // Not sparse, so it is not copied before the pause.
    let (src, dest) = big_file_and_dest(tmp.path(), 64 << 20);
    let job = jobs::start(JobKind::Copy, spec(&[&src], &dest, ConflictPolicy::Fail));
    job.control.pause();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match job.events.next_timeout(left) {
            Next::Event(JobEvent::State(JobState::Paused)) => break,
            Next::Event(JobEvent::Finished { state, .. }) => {
                panic!("finished ({state:?}) while paused")
            }
            Next::Event(_) | Next::Waiting => {}
            Next::Ended => panic!("the job ended early"),
        }
    }
    job.control.resume();
    let out = finish(job);
    assert!(out.went_through(JobState::Copying));
    assert_eq!(out.state, JobState::Done);
    assert_eq!(
        std::fs::metadata(dest.join("big.dat"))
            .expect("copied")
            .len(),
        64 << 20
    );
}

fn placed(events: &[JobEvent]) -> Vec<(String, String, bool)> {
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut v: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Placed {
                source,
                target,
                new,
            } => Some((name(source)?, name(target)?, *new)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

#[test]
fn each_top_level_item_reports_where_it_went() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (a, dest) = conflict_setup(tmp.path());
    let folder = tmp.path().join("src/sub");
    std::fs::create_dir_all(folder.join("inner")).expect("mkdir");
    std::fs::write(folder.join("inner/x"), b"x").expect("write");

    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&a, &folder], &dest, ConflictPolicy::Rename),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        placed(&out.events),
        [
            ("a.txt".into(), "a (1).txt".into(), true),
            ("sub".into(), "sub".into(), true)
        ]
    );
    // Only top-level items are reported, never what is inside a folder.
    let out = finish(jobs::start(
        JobKind::Copy,
        spec(&[&a], &dest, ConflictPolicy::Overwrite),
    ));
    assert_eq!(
        placed(&out.events),
        [("a.txt".into(), "a.txt".into(), false)]
    );

    let moved = new_folder(tmp.path(), "moved");
    let out = finish(jobs::start(
        JobKind::Move,
        spec(&[&folder], &moved, ConflictPolicy::Fail),
    ));
    assert_eq!(placed(&out.events), [("sub".into(), "sub".into(), true)]);
    let last = out.progress().last().copied().expect("a progress event");
    assert_eq!(
        (last.files_total, last.folders_total),
        (0, 1),
        "a folder renamed is counted once, as a folder"
    );
    assert_eq!((out.summary.files_done, out.summary.folders_done), (0, 1));
}

#[test]
fn writeback_windows_count_only_what_reached_the_device() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = rich_tree(tmp.path());
    // A file spanning several windows (they start at 1 MiB).
    let big: Vec<u8> = (0..12_000_000u32).map(|i| (i % 253) as u8).collect();
    std::fs::write(src.join("sub/twelve.dat"), &big).expect("write");
    let dest = new_folder(tmp.path(), "dest");
    let job = jobs::start(
        JobKind::Copy,
        JobSpec {
            writeback: WritebackMode::Always,
            ..JobSpec::new(vec![src.clone()], &dest)
        },
    );
    let out = finish(job);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events.last());
    assert_eq!(snapshot(&dest.join("tree")), snapshot(&src));
    let figures = out.progress();
    for f in &figures {
        assert!(f.bytes_on_device <= f.bytes_done, "{f:?}");
    }
    let last = figures.last().expect("progress");
    assert_eq!(
        last.bytes_on_device, last.bytes_total,
        "all of it in the end"
    );
    let states = out.states();
    let writing = states.iter().position(|s| *s == JobState::WritingToDevice);
    let copying = states.iter().position(|s| *s == JobState::Copying);
    assert!(writing > copying, "{states:?}");
    assert_eq!(states.last(), Some(&JobState::Done));
}

#[test]
fn a_wide_and_deep_tree_is_deleted_whole_and_counted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let outside = new_folder(tmp.path(), "outside");
    std::fs::write(outside.join("keep"), b"k").expect("write");
    let root = tmp.path().join("tree");
    let mut dir = root.clone();
    // Files (links among them) and folders, counted apart.
    let (mut files, mut folders) = (0u64, 0u64);
    // 20 levels of 100 files (handed to the helper level by level), one level of 3 000
    // (split between walker and helper), links that must not be followed.
    for level in 0..20 {
        std::fs::create_dir_all(&dir).expect("mkdir");
        folders += 1;
        let n = if level == 7 { 3_000 } else { 100 };
        for i in 0..n {
            std::fs::write(dir.join(format!("f{i}")), b"x").expect("write");
        }
        symlink(&outside, dir.join("to-outside")).expect("symlink");
        files += n + 1;
        dir.push("d");
    }
    // Then 300 levels of 3 files (gathered over several levels before the helper gets
    // them), with a side folder of 2 files every 50 levels.
    for level in 0..300 {
        std::fs::create_dir_all(&dir).expect("mkdir");
        folders += 1;
        for i in 0..3 {
            std::fs::write(dir.join(format!("g{i}")), b"y").expect("write");
        }
        files += 3;
        if level % 50 == 0 {
            std::fs::create_dir(dir.join("side")).expect("mkdir");
            std::fs::write(dir.join("side/a"), b"a").expect("write");
            symlink(&outside, dir.join("side/b")).expect("symlink");
            folders += 1;
            files += 2;
        }
        dir.push("d");
    }
    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![root.clone()]),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events.last());
    assert!(!root.exists());
    assert_eq!(out.summary.files_done, files);
    assert_eq!(out.summary.folders_done, folders);
    let last = out.progress().last().copied().expect("a progress event");
    assert_eq!((last.files_total, last.folders_total), (files, folders));
    assert_eq!(read(&outside.join("keep")), b"k");
}
