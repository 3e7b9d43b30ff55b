//! A share whose server stops answering mid-way (smbd stopped with SIGSTOP): listings of
//! its folders give nothing and do not end while it is stopped, however often they are
//! asked for one thread waits on it, and the last listing asked for lists once the
//! server goes on.

use std::time::{Duration, Instant};

use porpoise_engine::events::{Events, Next};
use porpoise_engine::listing::answers::ANSWER_WAIT;
use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};
use porpoise_engine::remote::Gvfs;
use porpoise_testkit::procs::threads_named;
use porpoise_testkit::servers::signal_group;
use porpoise_testkit::{PATIENCE, wait_for};
use rustix::process::Signal;

use super::{mount_quietly, rig, unmount};

fn listing(path: &std::path::Path) -> Events<DirEvent> {
    open_dir(
        path.to_owned(),
        ListOptions {
            watch: false,
            ..ListOptions::default()
        },
    )
}

fn listing_threads() -> usize {
    threads_named(std::process::id(), "porpoise-list")
}

/// The names a listing gives until it completes.
fn names(stream: &Events<DirEvent>) -> Vec<String> {
    let mut names = Vec::new();
    loop {
        match stream.next_timeout(PATIENCE) {
            Next::Event(DirEvent::Batch(b)) => names.extend(
                b.entries
                    .iter()
                    .map(|e| String::from_utf8_lossy(b.names.name_of(e)).into_owned()),
            ),
            Next::Event(DirEvent::Complete) => break,
            Next::Event(DirEvent::Failed(e)) => panic!("{}", porpoise_engine::error::chain(&e)),
            Next::Event(_) => {}
            Next::Waiting => panic!("the listing did not end in {PATIENCE:?}"),
            Next::Ended => panic!("the listing ended before it completed"),
        }
    }
    names.sort();
    names
}

/// Sends SIGCONT when dropped, so a failed check never leaves the server stopped.
struct GoOn(u32);

impl Drop for GoOn {
    fn drop(&mut self) {
        signal_group(self.0, Signal::CONT);
    }
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_stopped_server_holds_one_listing_thread() {
    let folder = rig("RIG_GUEST").join("quiet");
    std::fs::create_dir(&folder).expect("a folder in the share");
    for name in ["a.txt", "b.txt"] {
        std::fs::write(folder.join(name), name).expect("a file");
    }
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let uri = format!("smb://localhost:{}/guest", rig("RIG_SMB_PORT").display());
    let share = mount_quietly(&gvfs, &uri).path.expect("a FUSE path");
    let quiet = share.join("quiet");
    let smbd: u32 = rig("RIG_SMBD_PID")
        .to_string_lossy()
        .parse()
        .expect("smbd's pid");
    let before = listing_threads();

    signal_group(smbd, Signal::STOP);
    let go_on = GoOn(smbd);
    let asked = Instant::now();
    let first = listing(&quiet);
    // The server says nothing: neither entries nor an end come while it is stopped.
    let mut heard = Vec::new();
    while asked.elapsed() < ANSWER_WAIT * 3 {
        match first.next_timeout(Duration::from_millis(50)) {
            Next::Event(DirEvent::Opened { .. }) | Next::Waiting => {}
            Next::Event(e) => heard.push(format!("{e:?}")),
            Next::Ended => heard.push("the end".into()),
        }
    }
    assert!(heard.is_empty(), "a stopped server answered: {heard:?}");
    // Visits while it waits: four left at once, the last one kept.
    for _ in 0..4 {
        drop(listing(&quiet));
    }
    let last = listing(&quiet);
    wait_for("the listing threads to settle", PATIENCE, || {
        (listing_threads() <= before + 1).then_some(())
    });
    assert_eq!(
        listing_threads(),
        before + 1,
        "one thread waits on the server"
    );

    drop(go_on);
    assert_eq!(names(&first), ["a.txt", "b.txt"]);
    assert_eq!(names(&last), ["a.txt", "b.txt"]);
    wait_for("the listing threads to end", PATIENCE, || {
        (listing_threads() == before).then_some(())
    });
    unmount(&gvfs, &uri);
}
