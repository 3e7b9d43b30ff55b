//! Reading the trash while a network share does not answer: the listing comes back by its
//! deadline with everything else, names the share, starts no second reading of it while the
//! first still waits, and shows the share's items again once it answers. Uses the project's
//! rig (a FUSE share that can be made silent); needs root and /dev/fuse (skips with a
//! message, fails in CI). Its own test binary, so no other test empties the trash meanwhile.

use porpoise_testkit as kit;
use porpoise_testkit::rig;

use std::path::Path;
use std::time::{Duration, Instant};

use porpoise_engine::jobs::trash::{self, TrashListing};
use porpoise_engine::mounts::MountTable;

fn put_in_trash(folder: &Path, name: &str, recorded_path: &str) {
    std::fs::create_dir_all(folder.join("files")).expect("trash files folder");
    std::fs::create_dir_all(folder.join("info")).expect("trash info folder");
    std::fs::write(folder.join("files").join(name), b"trashed").expect("trashed file");
    std::fs::write(
        folder.join("info").join(format!("{name}.trashinfo")),
        format!("[Trash Info]\nPath={recorded_path}\nDeletionDate=2026-11-30T10:00:00\n"),
    )
    .expect("trash info");
}

fn list(home: &Path, deadline: Duration) -> TrashListing {
    let table = MountTable::read().expect("mount table");
    trash::list_in(
        Some(&trash::HomeTrash::at(home)),
        &table,
        rustix::process::getuid().as_raw(),
        deadline,
    )
}

fn names(l: &TrashListing) -> Vec<String> {
    let mut v: Vec<String> = l
        .items
        .iter()
        .map(|i| i.original_path().display().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn a_silent_share_is_left_out_and_comes_back() {
    if let Err(why) = rig::available() {
        return kit::skip(&why);
    }
    let share = rig::Share::new(0);
    let uid = rustix::process::getuid().as_raw();
    // Set up through the backing folder: what the server holds.
    put_in_trash(
        &share.store().join(format!(".Trash-{uid}")),
        "report.txt",
        "docs/report.txt",
    );
    let home_dir = tempfile::tempdir().expect("home trash");
    let home = home_dir.path().join("Trash");
    put_in_trash(&home, "notes.txt", "/home/someone/notes.txt");
    let on_share = share.path().join("docs/report.txt").display().to_string();
    let at_home = "/home/someone/notes.txt".to_string();

    let answered = list(&home, Duration::from_secs(10));
    assert!(
        answered.unreachable.is_empty(),
        "{:?}",
        answered.unreachable
    );
    let found = names(&answered);
    assert!(
        found.contains(&on_share) && found.contains(&at_home),
        "{found:?}"
    );

    share.set_silent(true);
    let deadline = Duration::from_millis(800);
    let started = Instant::now();
    let silent = list(&home, deadline);
    let took = started.elapsed();
    assert!(
        took < deadline + Duration::from_secs(2),
        "the listing waited {took:?} for a silent share"
    );
    assert_eq!(silent.unreachable, vec![share.path().to_owned()]);
    assert_eq!(names(&silent), vec![at_home.clone()]);

    // The first reading still waits on the share: no second one is started, no waiting.
    let started = Instant::now();
    let again = list(&home, Duration::from_secs(5));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(again.unreachable, vec![share.path().to_owned()]);

    share.set_silent(false);
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let l = list(&home, Duration::from_secs(5));
        if l.unreachable.is_empty() && names(&l).contains(&on_share) {
            break;
        }
        assert!(
            Instant::now() < until,
            "the share's trash did not come back: {l:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
