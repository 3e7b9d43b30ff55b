//! The link job on real temp folders: links point at their sources, a taken name gets the
//! next free numbered one, and a missing destination makes the item fail, not the job hang.

use std::fs;
use std::time::Duration;

use porpoise_engine::events::Next;
use porpoise_engine::jobs::{self, Job, JobEvent, JobKind, JobSpec, JobState, Summary};
use porpoise_testkit::trees::new_folder;

/// Follow a job to its end, with a generous limit.
fn finish(job: &Job) -> (JobState, Summary, Vec<JobEvent>) {
    let mut seen = Vec::new();
    loop {
        match job.events.next_timeout(Duration::from_secs(60)) {
            Next::Event(JobEvent::Finished { state, summary }) => return (state, summary, seen),
            Next::Event(ev) => seen.push(ev),
            Next::Waiting => panic!("no event within a minute"),
            Next::Ended => panic!("the job ended without Finished"),
        }
    }
}

#[test]
fn links_point_at_their_sources() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("src");
    let dest = dir.path().join("dest");
    fs::create_dir_all(src.join("folder")).expect("mkdir");
    fs::create_dir(&dest).expect("mkdir dest");
    fs::write(src.join("a.txt"), b"alpha").expect("write");

    let job = jobs::start(
        JobKind::Link,
        JobSpec::new(vec![src.join("a.txt"), src.join("folder")], &dest),
    );
    let (state, summary, _) = finish(&job);
    assert_eq!(state, JobState::Done);
    // A link to a file and one to a folder.
    assert_eq!(summary.files_done, 1);
    assert_eq!(summary.folders_done, 1);
    assert_eq!(
        fs::read_link(dest.join("a.txt")).expect("a link"),
        src.join("a.txt")
    );
    assert_eq!(
        fs::read(dest.join("a.txt")).expect("read through"),
        b"alpha"
    );
    assert!(dest.join("folder").is_dir());
    assert!(
        dest.join("folder")
            .symlink_metadata()
            .expect("lstat")
            .is_symlink()
    );
}

#[test]
fn a_taken_name_gets_a_free_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("a.txt");
    fs::write(&src, b"alpha").expect("write");
    let dest = new_folder(dir.path(), "dest");
    fs::write(dest.join("a.txt"), b"existing").expect("write");
    fs::write(dest.join("a (1).txt"), b"existing too").expect("write");

    let (state, _, events) = finish(&jobs::start(
        JobKind::Link,
        JobSpec::new(vec![src.clone()], &dest),
    ));
    assert_eq!(state, JobState::Done);
    assert!(events.iter().any(|e| matches!(
        e,
        JobEvent::Placed { source, target, new: true }
            if *source == src && *target == dest.join("a (2).txt")
    )));
    assert_eq!(fs::read(dest.join("a.txt")).expect("kept"), b"existing");
    assert_eq!(
        fs::read_link(dest.join("a (2).txt")).expect("the new link"),
        src
    );
}

#[test]
fn a_missing_destination_fails_the_item() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("a.txt");
    fs::write(&src, b"alpha").expect("write");
    let (state, summary, events) = finish(&jobs::start(
        JobKind::Link,
        JobSpec::new(vec![src.clone()], dir.path().join("nowhere")),
    ));
    assert_eq!(state, JobState::Failed);
    assert_eq!(summary.failed, 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, JobEvent::ItemFailed { path, .. } if *path == src))
    );
}
