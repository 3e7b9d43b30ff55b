//! The GTK bookmarks file on a real temp folder: reading, adding, renaming, removing and
//! reordering through the file (each a fresh read and an atomic write), keeping every line
//! Porpoise does not change as it was, non-UTF-8 paths through percent-encoding, and the
//! watch seeing another program replace the file.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use porpoise_engine::bookmarks::{self, Bookmarks};
use porpoise_engine::events::Next;

const ORIGINAL: &[u8] = b"file:///srv/music Music\nsftp://nas.local/backup NAS backup\n\nfile:///srv/a%20b\nnot a uri at all\n";

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = bookmarks::file_in(&dir.path().join(".config"));
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("mkdir");
    std::fs::write(&file, ORIGINAL).expect("write");
    (dir, file)
}

fn text(file: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(file).expect("read")).into_owned()
}

#[test]
fn reads_the_local_folders_in_order() {
    let (_dir, file) = setup();
    let b = bookmarks::read(&file).expect("read");
    let local = b.local("");
    let paths: Vec<_> = local.iter().filter_map(|b| b.path.clone()).collect();
    assert_eq!(
        paths,
        [PathBuf::from("/srv/music"), PathBuf::from("/srv/a b")]
    );
    assert_eq!(local[0].label.as_deref(), Some("Music"));
    assert_eq!(
        b.all("").len(),
        4,
        "sftp and the odd line are bookmarks too"
    );
    assert!(
        bookmarks::read(&file.with_file_name("missing"))
            .expect("missing: none")
            .all("")
            .is_empty()
    );
}

#[test]
fn add_rename_remove_and_reorder_keep_the_other_lines() {
    let (_dir, file) = setup();
    let new = Path::new("/srv/new place");
    assert!(bookmarks::change(&file, |b| b.add(new, None, "")).expect("add"));
    assert!(
        !bookmarks::change(&file, |b| b.add(new, None, "")).expect("add again"),
        "a folder is bookmarked once"
    );
    assert_eq!(
        text(&file),
        "file:///srv/music Music\nsftp://nas.local/backup NAS backup\n\nfile:///srv/a%20b\nnot a uri at all\nfile:///srv/new%20place\n"
    );
    bookmarks::change(&file, |b| b.rename(new, Some("Fresh"), "")).expect("rename");
    bookmarks::change(&file, |b| b.rename(Path::new("/srv/music"), None, "")).expect("unlabel");
    bookmarks::change(&file, |b| {
        b.move_before(new, Some(Path::new("/srv/music")), "")
    })
    .expect("reorder");
    assert_eq!(
        text(&file),
        "file:///srv/new%20place Fresh\nfile:///srv/music\nsftp://nas.local/backup NAS backup\n\nfile:///srv/a%20b\nnot a uri at all\n"
    );
    bookmarks::change(&file, |b| b.move_before(new, None, "")).expect("to the end");
    bookmarks::change(&file, |b| b.remove(Path::new("/srv/a b"), "")).expect("remove");
    assert_eq!(
        text(&file),
        "file:///srv/music\nsftp://nas.local/backup NAS backup\n\nnot a uri at all\nfile:///srv/new%20place Fresh\n"
    );
}

#[test]
fn non_utf8_paths_go_through_percent_encoding() {
    let (dir, file) = setup();
    let odd = dir.path().join(OsStr::from_bytes(b"caf\xe9 \xff"));
    bookmarks::change(&file, |b| b.add(&odd, Some("Caf\u{e9}"), "")).expect("add");
    let written = std::fs::read(&file).expect("read");
    let last = written
        .split(|&b| b == b'\n')
        .rev()
        .nth(1)
        .expect("the new line");
    let uri = last.split(|&b| b == b' ').next().expect("its URI");
    assert!(uri.is_ascii(), "the URI is escaped: {last:?}");
    assert!(text(&file).contains("caf%E9%20%FF Caf\u{e9}\n"));
    let back = bookmarks::read(&file).expect("read");
    let found = back
        .local("")
        .into_iter()
        .find(|b| b.path.as_deref() == Some(&*odd));
    assert_eq!(found.and_then(|b| b.label).as_deref(), Some("Caf\u{e9}"));
    bookmarks::change(&file, |b| b.remove(&odd, "")).expect("remove");
    assert_eq!(std::fs::read(&file).expect("read"), ORIGINAL);
}

#[test]
fn a_new_file_and_folder_are_made_and_the_mode_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let file = bookmarks::file_in(&dir.path().join(".config"));
    bookmarks::change(&file, |b| b.add(Path::new("/x"), None, "")).expect("add");
    assert_eq!(text(&file), "file:///x\n");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    bookmarks::change(&file, |b| b.add(Path::new("/y"), None, "")).expect("add");
    let mode = std::fs::metadata(&file).expect("stat").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let leftovers = std::fs::read_dir(file.parent().expect("folder"))
        .expect("ls")
        .count();
    assert_eq!(leftovers, 1, "no temporary file is left beside it");
    assert_eq!(Bookmarks::parse(b"file:///x").to_bytes(), b"file:///x");
}

#[test]
fn the_watch_sees_the_file_replaced_and_its_folder_made() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = bookmarks::file_in(&dir.path().join(".config"));
    // gtk-3.0 is not there yet: a folder above it is watched, and the watch is set up
    // again after each change there, until it reaches inside.
    let changes = bookmarks::watch(&file).expect("watch");
    std::fs::create_dir_all(file.parent().expect("folder")).expect("mkdir");
    assert!(
        matches!(
            changes.next_timeout(Duration::from_secs(10)),
            Next::Event(())
        ),
        "the folder was seen made"
    );
    // The folders above it were made one after the other: each change sets the watch up
    // again, the last one inside gtk-3.0.
    while let Next::Event(()) = changes.next_timeout(Duration::from_millis(300)) {}
    let tmp = file.with_file_name("other-program.tmp");
    std::fs::write(&tmp, b"file:///z\n").expect("write");
    std::fs::rename(&tmp, &file).expect("rename over");
    assert!(
        matches!(
            changes.next_timeout(Duration::from_secs(10)),
            Next::Event(())
        ),
        "the change was seen"
    );
}
