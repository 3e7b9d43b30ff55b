//! Listing folders of a network share that stops answering (the project's rig: a FUSE
//! share made silent): however often the folder is asked for, one listing thread waits on
//! the share; the listings asked for meanwhile wait without a thread of their own, those
//! nobody wants any more never start, and the last one lists once the share answers.
//! Needs root and /dev/fuse (skips with a message, fails in CI). Its own test binary, so
//! the listing threads it counts are its own.

use std::fs;
use std::path::Path;
use std::time::Instant;

use porpoise_engine::events::Events;
use porpoise_engine::listing::answers::ANSWER_WAIT;
use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};
use porpoise_testkit::trees::new_folder;
use porpoise_testkit::{self as kit, PATIENCE, rig, wait_for};

/// Threads of this process named as the engine names its listing threads.
fn listing_threads() -> usize {
    kit::procs::threads_named(std::process::id(), "porpoise-list")
}

fn listing(path: &Path) -> Events<DirEvent> {
    open_dir(
        path.to_owned(),
        ListOptions {
            watch: false,
            ..ListOptions::default()
        },
    )
}

/// The names a listing delivers until it completes.
fn names_until_complete(stream: &mut Events<DirEvent>) -> Vec<String> {
    let mut names = Vec::new();
    loop {
        match stream.next() {
            Some(DirEvent::Batch(b)) | Some(DirEvent::Details(b)) => names.extend(
                b.entries
                    .iter()
                    .map(|e| String::from_utf8_lossy(b.names.name_of(e)).into_owned()),
            ),
            Some(DirEvent::Complete) => break,
            Some(DirEvent::Failed(e)) => panic!("{}", porpoise_engine::error::chain(&e)),
            Some(_) => {}
            None => panic!("the listing ended before it completed"),
        }
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn a_silent_share_holds_one_listing_thread() {
    if let Err(why) = rig::available() {
        return kit::skip(&why);
    }
    let share = rig::Share::new(0);
    let store = new_folder(share.store(), "docs");
    for name in ["minutes.txt", "plan.txt"] {
        fs::write(store.join(name), name).expect("write");
    }
    let docs = share.path().join("docs");
    let before = listing_threads();

    share.set_silent(true);
    let asked_at = Instant::now();
    let mut first = listing(&docs);
    wait_for(
        "the share to hold the first listing's request",
        PATIENCE,
        || (share.held_requests() >= 1).then_some(()),
    );
    wait_for(
        "the first listing to wait longer than the engine allows",
        PATIENCE,
        || (asked_at.elapsed() > ANSWER_WAIT * 2).then_some(()),
    );
    // Visits while it waits: four left at once, the last one kept.
    for _ in 0..4 {
        drop(listing(&docs));
    }
    let mut last = listing(&docs);
    assert_eq!(
        listing_threads(),
        before + 1,
        "one thread waits on the silent share"
    );

    share.set_silent(false);
    let expected = ["minutes.txt", "plan.txt"];
    assert_eq!(names_until_complete(&mut first), expected);
    assert_eq!(names_until_complete(&mut last), expected);
    wait_for("the listing threads to end", PATIENCE, || {
        (listing_threads() == before).then_some(())
    });
}
