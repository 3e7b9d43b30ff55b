//! A shown folder of a network share changes on the server (the project's rig: a FUSE
//! share whose backing folder is written directly, so no inotify event tells of it): the
//! listing looks at the folder's mtime now and then, and lists it again once it changed.
//! Needs root and /dev/fuse (skips with a message, fails in CI).

use std::fs;

use porpoise_engine::events::Next;
use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};
use porpoise_testkit::{self as kit, PATIENCE, rig, wait_for};

#[test]
fn a_change_made_on_the_server_reaches_the_listing() {
    if let Err(why) = rig::available() {
        return kit::skip(&why);
    }
    let share = rig::Share::new(0);
    fs::write(share.store().join("before.txt"), "x").expect("write");
    let stream = open_dir(share.path().to_owned(), ListOptions::default());
    let mut complete = false;
    while !complete {
        match stream.next() {
            Some(DirEvent::Complete) => complete = true,
            Some(DirEvent::Failed(e)) => panic!("{}", porpoise_engine::error::chain(&e)),
            Some(_) => {}
            None => panic!("the listing ended"),
        }
    }
    // On the server's side: no event reaches the mount.
    fs::write(share.store().join("after.txt"), "y").expect("write on the server");
    let mut restarted = false;
    wait_for("the new file in the listing", PATIENCE, || {
        match stream.next_timeout(std::time::Duration::from_millis(200)) {
            Next::Event(DirEvent::Restart) => restarted = true,
            Next::Event(DirEvent::Batch(b)) | Next::Event(DirEvent::Details(b))
                if b.entries.iter().any(|e| b.names.name_of(e) == b"after.txt") =>
            {
                return Some(());
            }
            Next::Event(DirEvent::Failed(e)) => panic!("{}", porpoise_engine::error::chain(&e)),
            Next::Ended => panic!("the listing ended"),
            _ => {}
        }
        None
    });
    assert!(restarted, "the folder was listed again from the start");
}
