//! Folder sizes counted recursively, on real trees, against the real `du -sx`: bytes on
//! disk (`-B1`) and apparent bytes (`-b`) of a mixed tree, hard links once (across paths
//! too), symlinks never followed, other mounts left out, an unreadable folder reported
//! with the rest counted (as an unprivileged user when run as root), cancelling,
//! snapshots that arrive and never go down, and a folder's contents without the folder.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use porpoise_engine::Reason;
use porpoise_engine::error::Op;
use porpoise_engine::events::Next;
use porpoise_engine::usage::{
    PathState, Totals, Usage, UsageEvent, UsageOptions, count, count_blocking,
};
use porpoise_testkit::trees::{chmod, closed_folder, fifo, new_folder};
use porpoise_testkit::{PATIENCE, skip};

/// `du -sx` with `unit` (`-B1` or `-b`) on `path`: its number. `du` may fail (an
/// unreadable folder) and still print the total.
fn du(unit: &str, path: &Path) -> u64 {
    let out = Command::new("du")
        .args(["-sx", unit])
        .arg(path)
        .output()
        .expect("run du");
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("du {unit} printed {text:?}"))
}

/// Files and folders under `root` (itself included) counted the way `du` sees them: not
/// following symlinks, not leaving its filesystem, hard links once.
fn entries_of(root: &Path) -> (u64, u64) {
    let dev = std::fs::symlink_metadata(root).expect("root").dev();
    let mut seen = HashSet::new();
    let (mut files, mut folders) = (0, 0);
    let mut stack = vec![root.to_path_buf()];
    while let Some(p) = stack.pop() {
        let m = std::fs::symlink_metadata(&p).expect("stat");
        if m.dev() != dev || (m.nlink() > 1 && !m.is_dir() && !seen.insert(m.ino())) {
            continue;
        }
        if m.is_dir() {
            folders += 1;
            for e in std::fs::read_dir(&p).expect("read_dir") {
                stack.push(e.expect("entry").path());
            }
        } else {
            files += 1;
        }
    }
    (files, folders)
}

/// What `du` and a plain walk say `path` holds.
fn expected(path: &Path) -> Totals {
    let (files, folders) = entries_of(path);
    Totals {
        files,
        folders,
        bytes_on_disk: du("-B1", path),
        apparent_bytes: du("-b", path),
    }
}

fn count_all(paths: &[PathBuf]) -> Usage {
    let never = AtomicBool::new(false);
    count_blocking(paths, &UsageOptions::default(), &never, &mut |_| {})
}

/// Nested folders, a sparse file, hard links inside the tree, symlinks (one to a folder,
/// one dangling), a fifo, an empty folder, a name that is not UTF-8.
fn mixed_tree(root: &Path) {
    std::fs::create_dir_all(root.join("a/b/c/d")).expect("mkdir");
    std::fs::create_dir(root.join("empty")).expect("mkdir");
    std::fs::write(root.join("a/small.txt"), b"hello").expect("write");
    std::fs::write(root.join("a/b/page.bin"), vec![7u8; 5000]).expect("write");
    std::fs::write(root.join("a/b/c/d/deep.txt"), vec![1u8; 70_000]).expect("write");
    std::fs::write(root.join(OsStr::from_bytes(b"caf\xe9.txt")), b"x").expect("write");
    let sparse = std::fs::File::create(root.join("a/sparse.img")).expect("create");
    sparse.set_len(64 << 20).expect("set_len");
    std::os::unix::fs::FileExt::write_at(&sparse, &[9u8; 4096], 8 << 20).expect("write");
    std::fs::hard_link(root.join("a/b/page.bin"), root.join("a/page-link.bin")).expect("link");
    std::fs::hard_link(root.join("a/b/page.bin"), root.join("a/b/c/page-2.bin")).expect("link");
    std::os::unix::fs::symlink("a/b", root.join("to-b")).expect("symlink");
    std::os::unix::fs::symlink("nowhere", root.join("dangling")).expect("symlink");
    fifo(&root.join("a/fifo"), 0o644);
}

#[test]
fn totals_equal_du_on_a_mixed_tree() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root);
    let u = count_all(std::slice::from_ref(&root));
    assert!(u.is_complete(), "{:?}", u.first_problems);
    assert_eq!(u.paths[0].state, PathState::Done);
    let want = expected(&root);
    assert_eq!(u.total, want);
    assert_eq!(u.paths[0].totals, want);
    // small, page (once), deep, café, sparse, two symlinks, fifo.
    assert_eq!(want.files, 8);
    // tree, a, b, c, d, empty.
    assert_eq!(want.folders, 6);
    assert!(want.apparent_bytes > want.bytes_on_disk, "the sparse file");
}

#[test]
fn a_starting_file_counts_as_itself() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root);
    for name in ["a/sparse.img", "to-b", "a/fifo"] {
        let p = root.join(name);
        let u = count_all(std::slice::from_ref(&p));
        assert!(u.is_complete());
        let m = std::fs::symlink_metadata(&p).expect("stat");
        let want = Totals {
            files: 1,
            folders: 0,
            bytes_on_disk: m.blocks() * 512,
            apparent_bytes: m.size(),
        };
        assert_eq!(u.total, want, "{name}");
        assert_eq!(u.total.bytes_on_disk, du("-B1", &p), "{name}");
    }
}

#[test]
fn a_folders_contents_leave_the_folder_itself_out() {
    let t = tempfile::tempdir().expect("tempdir");
    let pictures = new_folder(t.path(), "pictures");
    for i in 0..24 {
        std::fs::write(pictures.join(format!("IMG_{i:02}.jpg")), b"jpg").expect("write");
    }
    let u = count_all(std::slice::from_ref(&pictures));
    assert!(u.is_complete());
    // `du` counts the folder itself; what it holds is 24 files and no folder.
    assert_eq!((u.total.files, u.total.folders), (24, 1));
    assert!(u.paths[0].folder);
    let inside = u.contents();
    assert_eq!((inside.files, inside.folders), (24, 0));
    assert_eq!(inside.apparent_bytes, u.total.apparent_bytes);

    // Subfolders are folders it holds; a starting file is one of the files; a starting
    // folder is never among what the paths hold.
    let raw = new_folder(&pictures, "raw");
    std::fs::write(raw.join("IMG_99.cr2"), b"raw").expect("write");
    let other = new_folder(t.path(), "other");
    let notes = t.path().join("notes.txt");
    std::fs::write(&notes, b"notes").expect("write");
    let u = count_all(&[pictures.clone(), other.clone(), notes.clone()]);
    assert_eq!((u.total.files, u.total.folders), (26, 3));
    let folders: Vec<bool> = u.paths.iter().map(|p| p.folder).collect();
    assert_eq!(folders, [true, true, false]);
    let inside = u.contents();
    assert_eq!((inside.files, inside.folders), (26, 1));

    // A folder given twice counts once, and is left out once.
    let u = count_all(&[pictures.clone(), pictures.clone()]);
    assert_eq!(u.paths[1].state, PathState::CountedBefore);
    assert_eq!((u.contents().files, u.contents().folders), (25, 1));
}

#[test]
fn hard_links_count_once_within_a_tree_and_across_paths() {
    let t = tempfile::tempdir().expect("tempdir");
    let (one, two) = (t.path().join("one"), t.path().join("two"));
    std::fs::create_dir_all(&one).expect("mkdir");
    std::fs::create_dir_all(&two).expect("mkdir");
    let data = vec![3u8; 100_000];
    std::fs::write(one.join("big"), &data).expect("write");
    for n in 1..4 {
        std::fs::hard_link(one.join("big"), one.join(format!("big-{n}"))).expect("link");
    }
    std::fs::hard_link(one.join("big"), two.join("also-big")).expect("link");
    std::fs::write(two.join("own"), b"own").expect("write");

    let u = count_all(std::slice::from_ref(&one));
    assert_eq!(u.total.files, 1);
    assert_eq!(u.total, expected(&one));

    let u = count_all(&[one.clone(), two.clone()]);
    assert!(u.is_complete());
    // The first path has the shared file; the second only its own.
    assert_eq!(u.paths[0].totals.files, 1);
    assert_eq!(u.paths[1].totals.files, 1);
    assert_eq!(u.total.files, 2);
    let big_blocks = std::fs::metadata(one.join("big")).expect("stat").blocks() * 512;
    let own_blocks = std::fs::metadata(two.join("own")).expect("stat").blocks() * 512;
    let folder = |p: &Path| std::fs::metadata(p).expect("stat").blocks() * 512;
    assert_eq!(
        u.total.bytes_on_disk,
        big_blocks + own_blocks + folder(&one) + folder(&two)
    );
    // `du -s one two` prints the same second line.
    let out = Command::new("du")
        .args(["-sxB1"])
        .args([&one, &two])
        .output()
        .expect("du");
    let text = String::from_utf8_lossy(&out.stdout);
    let second: u64 = text
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("du's second line");
    assert_eq!(u.paths[1].totals.bytes_on_disk, second);
}

#[test]
fn a_path_given_twice_or_inside_another_counts_once() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root);
    let whole = expected(&root);
    let u = count_all(&[root.clone(), root.clone(), root.join("a")]);
    assert_eq!(u.paths[0].state, PathState::Done);
    assert_eq!(u.paths[1].state, PathState::CountedBefore);
    assert_eq!(u.paths[2].state, PathState::CountedBefore);
    assert_eq!(u.total, whole);
}

#[test]
fn a_symlink_loop_ends_cleanly() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("loop");
    std::fs::create_dir_all(root.join("in")).expect("mkdir");
    std::os::unix::fs::symlink("..", root.join("in/up")).expect("symlink");
    std::os::unix::fs::symlink(&root, root.join("in/self")).expect("symlink");
    std::os::unix::fs::symlink("b", root.join("a")).expect("symlink");
    std::os::unix::fs::symlink("a", root.join("b")).expect("symlink");
    let u = count_all(std::slice::from_ref(&root));
    assert!(u.is_complete());
    assert_eq!(u.total, expected(&root));
    assert_eq!((u.total.files, u.total.folders), (4, 2));
}

#[test]
fn a_missing_path_is_a_problem_and_the_others_are_counted() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root);
    let missing = t.path().join("missing");
    let u = count_all(&[missing.clone(), root.clone()]);
    assert!(u.finished && !u.is_complete());
    assert_eq!(u.paths[0].state, PathState::Unreachable);
    assert_eq!(u.paths[0].totals, Totals::default());
    assert_eq!(u.total, expected(&root));
    assert_eq!(u.problems, 1);
    let e = &u.first_problems[0];
    assert_eq!(
        (e.op, e.reason(), &e.path),
        (Op::Stat, Reason::NotFound, &missing)
    );
}

/// Set by [`an_unreadable_folder_is_reported_and_the_rest_counted`] for its child: the
/// tree to count, as the unprivileged user.
const UNREADABLE_TREE: &str = "PORPOISE_TEST_UNREADABLE_TREE";

#[test]
fn an_unreadable_folder_is_reported_and_the_rest_counted() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o755);
    let root = t.path().join("tree");
    mixed_tree(&root);
    closed_folder(&root.join("a/b/closed"), "secret", &[0u8; 10_000]);
    porpoise_testkit::nobody::check_unprivileged(
        t.path(),
        "unreadable_folder_as_whoever_runs_it",
        UNREADABLE_TREE,
        &root,
        "count",
        check_unreadable,
    );
}

/// The child of [`an_unreadable_folder_is_reported_and_the_rest_counted`]; on its own it
/// has nothing to do.
#[test]
fn unreadable_folder_as_whoever_runs_it() {
    porpoise_testkit::nobody::child_check(UNREADABLE_TREE, check_unreadable);
}

fn check_unreadable(root: &Path) {
    let closed = root.join("a/b/closed");
    let u = count_all(&[root.to_path_buf()]);
    assert!(u.finished && !u.is_complete());
    assert_eq!(u.problems, 1, "{:?}", u.first_problems);
    let e = &u.first_problems[0];
    assert_eq!(
        (e.op, e.reason(), e.path.as_path()),
        (Op::OpenDir, Reason::PermissionDenied, closed.as_path())
    );
    // The rest, and the closed folder itself, as `du` (as the same user) counts them.
    assert_eq!(u.total.bytes_on_disk, du("-B1", root));
    assert_eq!(u.total.apparent_bytes, du("-b", root));
    assert_eq!((u.total.files, u.total.folders), (8, 7));
}

#[test]
fn a_tree_deeper_than_path_max_is_counted() {
    use rustix::fs::{Mode, OFlags, mkdirat, openat};
    let t = tempfile::tempdir().expect("tempdir");
    let root = new_folder(t.path(), "deep");
    // 600 levels of 20-byte names: 12 600 bytes of path, three times PATH_MAX; made
    // relative to each level, as nothing can name the bottom by path.
    let name = "level-of-the-tree-xx";
    let mut dir = openat(
        rustix::fs::CWD,
        &root,
        OFlags::RDONLY | OFlags::DIRECTORY,
        Mode::empty(),
    )
    .expect("open");
    for _ in 0..600 {
        mkdirat(&dir, name, Mode::from_raw_mode(0o755)).expect("mkdirat");
        let f = openat(
            &dir,
            "file",
            OFlags::CREATE | OFlags::WRONLY,
            Mode::from_raw_mode(0o644),
        )
        .expect("create");
        rustix::io::write(&f, b"data").expect("write");
        dir = openat(
            &dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY,
            Mode::empty(),
        )
        .expect("open");
    }
    drop(dir);
    let u = count_all(std::slice::from_ref(&root));
    assert!(u.is_complete(), "{:?}", u.first_problems);
    assert_eq!((u.total.files, u.total.folders), (600, 601));
    assert_eq!(u.total.bytes_on_disk, du("-B1", &root));
    assert_eq!(u.total.apparent_bytes, du("-b", &root));
}

/// `folders` folders of `files` small files each, some nested; on tmpfs when there is one.
fn many_files(folders: usize, files: usize) -> (tempfile::TempDir, PathBuf) {
    let t = if Path::new("/dev/shm").is_dir() {
        tempfile::tempdir_in("/dev/shm")
    } else {
        tempfile::tempdir()
    }
    .expect("tempdir");
    let root = t.path().join("many");
    for d in 0..folders {
        let dir = root.join(format!("g{}/f{d:04}", d % 10));
        std::fs::create_dir_all(&dir).expect("mkdir");
        for f in 0..files {
            std::fs::write(dir.join(format!("file-{f:03}")), [b'x'; 10]).expect("write");
        }
    }
    (t, root)
}

#[test]
fn cancelling_stops_the_count() {
    let (_t, root) = many_files(200, 150);
    let whole = count_all(std::slice::from_ref(&root)).total;
    assert_eq!(whole.files, 30_000);

    // Cancelled at the first snapshot.
    let cancel = AtomicBool::new(false);
    let opts = UsageOptions {
        interval: Duration::from_millis(1),
        ..UsageOptions::default()
    };
    let mut snapshots = 0;
    let u = count_blocking(std::slice::from_ref(&root), &opts, &cancel, &mut |_| {
        snapshots += 1;
        cancel.store(true, Ordering::Relaxed);
    });
    assert!(snapshots >= 1);
    assert!(u.finished && u.cancelled && !u.is_complete());
    assert!(
        u.total.entries() < whole.entries(),
        "{:?} of {whole:?}",
        u.total
    );

    // Dropping the events cancels too; the end result still comes to a kept receiver.
    let c = count(vec![root.clone()], UsageOptions::default());
    let events = c.receiver().clone();
    drop(c);
    let end = loop {
        match events.recv_timeout(PATIENCE) {
            Ok(UsageEvent::Finished(u)) => break u,
            Ok(UsageEvent::Progress(_)) => {}
            Err(e) => panic!("no end after dropping the count: {e}"),
        }
    };
    assert!(end.cancelled);
}

#[test]
fn snapshots_arrive_and_never_go_down() {
    let (_t, root) = many_files(300, 100);
    let c = count(
        vec![root.clone(), root.join("g1")],
        UsageOptions {
            interval: Duration::from_millis(1),
            ..UsageOptions::default()
        },
    );
    let mut last = Totals::default();
    let mut snapshots = 0;
    let grew = |a: &Totals, b: &Totals| {
        b.files >= a.files
            && b.folders >= a.folders
            && b.bytes_on_disk >= a.bytes_on_disk
            && b.apparent_bytes >= a.apparent_bytes
    };
    let end = loop {
        let Next::Event(ev) = c.next_timeout(PATIENCE) else {
            panic!("no event within patience");
        };
        match ev {
            UsageEvent::Progress(u) => {
                assert!(!u.finished);
                assert!(grew(&last, &u.total), "{last:?} then {:?}", u.total);
                last = u.total;
                snapshots += 1;
            }
            UsageEvent::Finished(u) => break u,
        }
    };
    assert!(snapshots >= 1, "no snapshot came");
    assert!(grew(&last, &end.total));
    assert!(end.is_complete());
    assert_eq!(end.total, expected(&root));
    assert_eq!(end.paths[1].state, PathState::CountedBefore);
}

#[test]
fn other_mounts_are_not_entered() {
    if let Err(why) = porpoise_testkit::root() {
        return skip(&format!("mounting a tmpfs inside a tree needs root: {why}"));
    }
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    mixed_tree(&root);
    let mnt = new_folder(&root, "a/mounted");
    let _tmpfs = porpoise_testkit::mounts::Tmpfs::mount(&mnt);
    std::fs::write(mnt.join("elsewhere"), vec![5u8; 1 << 20]).expect("write");
    let u = count_all(std::slice::from_ref(&root));
    assert!(u.is_complete(), "{:?}", u.first_problems);
    assert_eq!(u.total, expected(&root));
    // The mount point itself is not counted either (as `du -x`).
    assert_eq!(u.total.folders, 6);
}
