//! The engine's own trash writing, on real temp trees and a real second filesystem (a
//! loop-mounted ext4; needs root, skips with a message otherwise): the `.trashinfo` record
//! it writes, a clash in the trash taking the next free name, restore refusing a place
//! that is taken, purge removing both halves, a volume trash on the other filesystem and
//! a failed rename leaving no record behind. The home trash is a folder of each test's.

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use porpoise_engine::error::{Op, Reason};
use porpoise_engine::jobs::trash::{self, HomeTrash, TrashItem};
use porpoise_engine::jobs::{self, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::finish;
use porpoise_testkit::trees::new_folder;
use porpoise_testkit::{LoopMount, Outcome};

/// Trash `paths` into `home` (and the volume trashes) through the trash job.
fn trash_all(home: &HomeTrash, paths: &[PathBuf]) -> Outcome {
    finish(jobs::start(
        JobKind::Trash,
        JobSpec::to_trash(paths.to_vec(), home.clone()),
    ))
}

fn trash_ok(home: &HomeTrash, paths: &[PathBuf]) {
    let out = trash_all(home, paths);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
}

/// The listed items that came from `originals`.
fn listed(home: &HomeTrash, originals: &[PathBuf]) -> Vec<TrashItem> {
    let mut items: Vec<TrashItem> = trash::list(home)
        .expect("list the trash")
        .items
        .into_iter()
        .filter(|i| originals.contains(&i.original_path()))
        .collect();
    items.sort_by(|a, b| a.id.cmp(&b.id));
    items
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after the epoch")
        .as_secs() as i64
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// The entries of a folder, sorted, as bytes.
fn names(dir: &Path) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = fs::read_dir(dir)
        .map(|r| {
            r.map(|e| e.expect("entry").file_name().as_bytes().to_vec())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn a_trashed_item_gets_a_spec_record_and_comes_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = HomeTrash::in_data_home(dir.path().join("data"));
    let folder = new_folder(dir.path(), "docs");
    let name = OsStr::from_bytes(b"r\xc3\xa9sum\xc3\xa9 100%\xff.txt");
    let item = folder.join(name);
    fs::write(&item, b"cv").expect("write");
    let before = now();

    trash_ok(&home, std::slice::from_ref(&item));

    assert!(!item.exists());
    let in_trash = home.files().join(name);
    assert_eq!(fs::read(&in_trash).expect("in files/"), b"cv");
    let info_dir = home.folder().join("info");
    let mut record_name = name.as_bytes().to_vec();
    record_name.extend_from_slice(b".trashinfo");
    assert_eq!(names(&info_dir), [record_name.clone()]);
    let record_path = info_dir.join(OsStr::from_bytes(&record_name));
    let mode = fs::metadata(&record_path)
        .expect("stat")
        .permissions()
        .mode();
    assert_eq!(mode & 0o077, 0, "the record is private: {mode:o}");
    let record = fs::read_to_string(&record_path).expect("read the record");
    let lines: Vec<&str> = record.lines().collect();
    assert_eq!(lines.len(), 3, "{record}");
    assert_eq!(lines[0], "[Trash Info]");
    // The home trash records the absolute path, percent-encoded.
    let canonical = fs::canonicalize(&folder).expect("canonical");
    let expected = format!(
        "Path={}/r%C3%A9sum%C3%A9%20100%25%FF.txt",
        porpoise_engine::uri::percent_encode(canonical.as_os_str().as_bytes())
    );
    assert_eq!(lines[1], expected);
    let date = lines[2].strip_prefix("DeletionDate=").expect("a date");
    let shape = date
        .bytes()
        .map(|b| if b.is_ascii_digit() { b'9' } else { b })
        .collect::<Vec<u8>>();
    assert_eq!(shape, b"9999-99-99T99:99:99", "{date}");

    // Read back as listed, with its local time.
    let original = canonical.join(name);
    let items = listed(&home, std::slice::from_ref(&original));
    assert_eq!(items.len(), 1);
    assert!((before - 1..=now() + 1).contains(&items[0].time_deleted));
    assert_eq!(items[0].trashed_file(), Some(in_trash.clone()));

    trash::restore(items).expect("restore");
    assert_eq!(fs::read(&item).expect("back"), b"cv");
    assert!(!in_trash.exists());
    assert!(names(&info_dir).is_empty());
}

#[test]
fn a_name_taken_in_the_trash_gets_the_next_free_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = HomeTrash::in_data_home(dir.path().join("data"));
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    fs::create_dir(&one).expect("mkdir");
    fs::create_dir(&two).expect("mkdir");
    fs::write(one.join("a.txt"), b"first").expect("write");
    fs::write(two.join("a.txt"), b"second").expect("write");
    fs::write(one.join("b.txt"), b"bee").expect("write");
    // A stray half (an item without its record) takes its name too.
    fs::create_dir_all(home.files()).expect("mkdir files");
    fs::write(home.files().join("b.txt"), b"stray").expect("write");

    trash_ok(&home, &[one.join("a.txt")]);
    trash_ok(&home, &[two.join("a.txt"), one.join("b.txt")]);

    for (in_trash, text) in [
        ("a.txt", "first"),
        ("a (1).txt", "second"),
        ("b (1).txt", "bee"),
        ("b.txt", "stray"),
    ] {
        assert_eq!(read(&home.files().join(in_trash)), text, "{in_trash}");
    }
    assert_eq!(
        names(&home.folder().join("info")),
        [
            b"a (1).txt.trashinfo".to_vec(),
            b"a.txt.trashinfo".to_vec(),
            b"b (1).txt.trashinfo".to_vec(),
        ]
    );
    let second =
        fs::read_to_string(home.folder().join("info/a (1).txt.trashinfo")).expect("the record");
    let two = fs::canonicalize(&two).expect("canonical");
    assert!(
        second.contains(&format!("\nPath={}/a.txt\n", two.display())),
        "{second}"
    );
}

#[test]
fn restore_refuses_a_place_that_is_taken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = HomeTrash::in_data_home(dir.path().join("data"));
    let item = fs::canonicalize(dir.path())
        .expect("canonical")
        .join("notes.txt");
    fs::write(&item, b"old").expect("write");
    trash_ok(&home, std::slice::from_ref(&item));
    fs::write(&item, b"new").expect("write");

    let items = listed(&home, std::slice::from_ref(&item));
    let e = trash::restore(items.clone()).expect_err("the place is taken");
    assert_eq!(e.op, Op::Restore);
    assert_eq!(e.path, item);
    assert_eq!(e.reason(), Reason::Exists);
    // Nothing moved: the new file, the trashed one and its record are all where they were.
    assert_eq!(fs::read(&item).expect("kept"), b"new");
    assert_eq!(
        fs::read(home.files().join("notes.txt")).expect("in the trash"),
        b"old"
    );
    assert_eq!(listed(&home, std::slice::from_ref(&item)), items);

    // A restore into a folder that is gone makes the folder again.
    fs::remove_file(&item).expect("rm");
    let deep = item.with_file_name("gone");
    fs::create_dir(&deep).expect("mkdir");
    fs::write(deep.join("inner.txt"), b"in").expect("write");
    trash_ok(&home, std::slice::from_ref(&deep));
    trash::restore(listed(&home, &[item.clone(), deep.clone()])).expect("restore both");
    assert_eq!(fs::read(&item).expect("back"), b"old");
    assert_eq!(fs::read(deep.join("inner.txt")).expect("back"), b"in");
}

#[test]
fn purge_removes_both_halves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = HomeTrash::in_data_home(dir.path().join("data"));
    let root = fs::canonicalize(dir.path()).expect("canonical");
    let folder = root.join("photos");
    fs::create_dir_all(folder.join("2026/raw")).expect("mkdir");
    fs::write(folder.join("2026/raw/a.cr2"), b"raw").expect("write");
    std::os::unix::fs::symlink("/etc", folder.join("link")).expect("symlink");
    let file = root.join("a.txt");
    fs::write(&file, b"alpha").expect("write");
    let kept = root.join("kept.txt");
    fs::write(&kept, b"kept").expect("write");
    trash_ok(&home, &[folder.clone(), file.clone(), kept.clone()]);

    let all = [folder.clone(), file.clone()];
    trash::purge(listed(&home, &all)).expect("purge");
    assert!(listed(&home, &all).is_empty());
    assert_eq!(names(&home.files()), [b"kept.txt".to_vec()]);
    assert_eq!(
        names(&home.folder().join("info")),
        [b"kept.txt.trashinfo".to_vec()]
    );
    assert!(
        Path::new("/etc").is_dir(),
        "a link is removed, not followed"
    );
}

#[test]
fn a_volume_trash_on_the_other_filesystem() {
    let Some(disk) = LoopMount::ext4_or_skip(16 << 20) else {
        return;
    };
    let home_dir = tempfile::tempdir().expect("home");
    let home = HomeTrash::in_data_home(home_dir.path());
    let uid = rustix::process::getuid().as_raw();
    fs::create_dir(disk.mnt.join("sub")).expect("mkdir");
    let item = disk.mnt.join("sub/stick file.bin");
    fs::write(&item, b"on the stick").expect("write");

    // No `.Trash` there: `.Trash-$uid`, private, with a path relative to the top.
    trash_ok(&home, std::slice::from_ref(&item));
    let own = disk.mnt.join(format!(".Trash-{uid}"));
    let mode = fs::metadata(&own).expect("made").permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    assert_eq!(
        fs::read(own.join("files/stick file.bin")).expect("in the volume trash"),
        b"on the stick"
    );
    let record = fs::read_to_string(own.join("info/stick file.bin.trashinfo")).expect("the record");
    assert!(record.contains("\nPath=sub/stick%20file.bin\n"), "{record}");
    assert!(!home.folder().exists(), "nothing went to the home trash");
    let items = listed(&home, std::slice::from_ref(&item));
    assert_eq!(items.len(), 1);
    trash::restore(items).expect("restore");
    assert_eq!(fs::read(&item).expect("back"), b"on the stick");

    // A sticky `.Trash` at the top: the user's folder in it.
    let shared = new_folder(&disk.mnt, ".Trash");
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).expect("chmod");
    trash_ok(&home, std::slice::from_ref(&item));
    assert!(shared.join(format!("{uid}/files/stick file.bin")).is_file());
    trash::purge(listed(&home, std::slice::from_ref(&item))).expect("purge");
    assert!(names(&shared.join(format!("{uid}/files"))).is_empty());
    assert!(names(&shared.join(format!("{uid}/info"))).is_empty());

    // A mount point cannot be renamed into a trash: the item fails, no record is left.
    let out = trash_all(&home, std::slice::from_ref(&disk.mnt));
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    assert!(disk.mnt.join("sub").is_dir());
    assert!(names(&home.folder().join("info")).is_empty());
}
