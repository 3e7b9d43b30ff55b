//! The queue per device, on real ext4 filesystems on loop devices: a second copy to the
//! same device waits until the first ends (seen in the order of their events), copies to
//! different devices run at once, "start now" runs a waiting job beside the first,
//! moving a waiting job up changes who goes next, a cancelled waiting job ends without
//! writing, a failed first job hands the device on, and with the queue off every job
//! starts at once. The first job is held paused so it keeps its device as long as the
//! test needs. Needs root (skips with a message, fails in CI).

use porpoise_testkit as kit;
use porpoise_testkit::mounts::LoopMount;

use std::path::{Path, PathBuf};
use std::time::Instant;

use porpoise_engine::events::Next;
use porpoise_engine::jobs::{Control, Job, JobEvent, JobKind, JobSpec, JobState, Queue};

fn file(dir: &Path, name: &str, size: usize) -> PathBuf {
    let p = dir.join(name);
    let data: Vec<u8> = (0..size)
        .map(|j| (j % 251) as u8 ^ name.len() as u8)
        .collect();
    std::fs::write(&p, data).expect("write");
    p
}

/// Files of 1 MiB named `names` in `dir`.
fn mib_files<const N: usize>(dir: &Path, names: [&str; N]) -> [PathBuf; N] {
    names.map(|name| file(dir, name, 1 << 20))
}

/// A 64 MiB ext4 disk, and a source folder holding 1 MiB files `names`; `None` (having
/// said why) where no such disk can be made.
fn disk_and_files<const N: usize>(
    names: [&str; N],
) -> Option<(LoopMount, tempfile::TempDir, [PathBuf; N])> {
    let disk = LoopMount::ext4_or_skip(64 << 20)?;
    let src = tempfile::tempdir().expect("tempdir");
    let files = mib_files(src.path(), names);
    Some((disk, src, files))
}

fn folder(root: &Path, name: &str) -> PathBuf {
    let d = root.join(name);
    std::fs::create_dir_all(&d).expect("mkdir");
    d
}

/// A copy of `sources` into `dest` through `queue`, paused from the start when `paused`.
fn copy(queue: &Queue, sources: Vec<PathBuf>, dest: &Path, paused: bool) -> Job {
    let control = Control::new();
    if paused {
        control.pause();
    }
    queue.start(JobKind::Copy, JobSpec::new(sources, dest), control)
}

/// The next event, within the tests' patience.
fn next(job: &Job) -> JobEvent {
    let deadline = Instant::now() + kit::jobs::JOB_PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "no event in time");
        match job.events.next_timeout(left) {
            Next::Event(ev) => return ev,
            Next::Waiting => continue,
            Next::Ended => panic!("the job ended without Finished"),
        }
    }
}

/// Events up to the first one `stop` picks (returned last).
fn until(job: &Job, mut stop: impl FnMut(&JobEvent) -> bool) -> Vec<JobEvent> {
    let mut seen = Vec::new();
    loop {
        let ev = next(job);
        let last = stop(&ev);
        seen.push(ev);
        if last {
            return seen;
        }
    }
}

fn finished(job: &Job) -> JobState {
    match until(job, |e| matches!(e, JobEvent::Finished { .. })).pop() {
        Some(JobEvent::Finished { state, .. }) => state,
        other => panic!("no Finished: {other:?}"),
    }
}

fn waits_at(ev: &JobEvent) -> Option<usize> {
    match ev {
        JobEvent::Waiting { place, .. } => Some(*place),
        _ => None,
    }
}

/// The place in line the job is next told it waits at.
fn place_in_line(job: &Job) -> Option<usize> {
    until(job, |e| waits_at(e).is_some())
        .last()
        .and_then(waits_at)
}

fn started(ev: &JobEvent) -> bool {
    matches!(ev, JobEvent::State(JobState::Scanning))
}

/// The events a job has sent so far, without waiting for more.
fn sent_so_far(job: &Job) -> Vec<JobEvent> {
    std::iter::from_fn(|| match job.events.try_next() {
        Next::Event(ev) => Some(ev),
        Next::Waiting | Next::Ended => None,
    })
    .collect()
}

fn has_finished(events: &[JobEvent]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, JobEvent::Finished { .. }))
}

#[test]
fn a_second_copy_to_the_same_device_waits_until_the_first_ends() {
    let Some(disk) = LoopMount::ext4_or_skip(64 << 20) else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    let a = file(src.path(), "a.bin", 3 << 20);
    let b = file(src.path(), "bb.bin", 2 << 20);
    let queue = Queue::default();
    // Two folders of one filesystem: one device.
    let first = copy(&queue, vec![a.clone()], &folder(&disk.mnt, "one"), true);
    let second = copy(&queue, vec![b.clone()], &folder(&disk.mnt, "two"), false);
    let waiting = until(&second, |e| matches!(e, JobEvent::State(JobState::Waiting)));
    let (name, place) = waiting
        .iter()
        .find_map(|e| match e {
            JobEvent::Waiting { device, place } => Some((device.clone(), *place)),
            _ => None,
        })
        .expect("a Waiting event before the waiting state");
    assert_eq!(place, 1);
    assert_eq!(name.mount_point, disk.mnt);
    assert_eq!(name.name, "mnt");
    // While it waits it tells what it will write (the device's total to write).
    let planned = until(&second, |e| matches!(e, JobEvent::Planned { .. }));
    assert!(
        matches!(planned.last(), Some(JobEvent::Planned { files: 1, folders: 0, bytes }) if *bytes == 2 << 20),
        "{planned:?}"
    );
    first.control.resume();
    until(&second, started);
    // The first job's end was sent before the second began.
    assert!(
        has_finished(&sent_so_far(&first)),
        "the second copy began before the first ended"
    );
    assert_eq!(finished(&second), JobState::Done);
    assert_eq!(
        std::fs::read(disk.mnt.join("two/bb.bin")).expect("copied"),
        std::fs::read(&b).expect("source")
    );
    assert_eq!(
        std::fs::read(disk.mnt.join("one/a.bin")).expect("copied"),
        std::fs::read(&a).expect("source")
    );
}

#[test]
fn copies_to_different_devices_run_at_once() {
    let Some(one) = LoopMount::ext4_or_skip(64 << 20) else {
        return;
    };
    let two = LoopMount::ext4(64 << 20);
    let src = tempfile::tempdir().expect("tempdir");
    let [a, b] = mib_files(src.path(), ["a.bin", "b.bin"]);
    let queue = Queue::default();
    let first = copy(&queue, vec![a.clone()], &one.mnt, true);
    // Another disk, and a memory filesystem (no device: never waits).
    let second = copy(&queue, vec![b.clone()], &two.mnt, false);
    let shm = tempfile::tempdir_in("/dev/shm").expect("a folder in /dev/shm");
    let third = copy(&queue, vec![b.clone()], shm.path(), false);
    for job in [&second, &third] {
        let events = until(job, |e| matches!(e, JobEvent::Finished { .. }));
        assert!(events.iter().all(|e| waits_at(e).is_none()), "{events:?}");
        assert!(matches!(
            events.last(),
            Some(JobEvent::Finished {
                state: JobState::Done,
                ..
            })
        ));
    }
    // The first is still held (paused) while the others are done.
    assert!(!has_finished(&sent_so_far(&first)));
    first.control.resume();
    assert_eq!(finished(&first), JobState::Done);
    assert!(two.mnt.join("b.bin").is_file() && shm.path().join("b.bin").is_file());
}

#[test]
fn start_now_runs_a_waiting_job_beside_the_first() {
    let Some((disk, _src, [a, b])) = disk_and_files(["a.bin", "b.bin"]) else {
        return;
    };
    let queue = Queue::default();
    let first = copy(&queue, vec![a], &folder(&disk.mnt, "one"), true);
    let second = copy(&queue, vec![b.clone()], &folder(&disk.mnt, "two"), false);
    place_in_line(&second);
    assert!(queue.start_now(&second.control));
    assert_eq!(finished(&second), JobState::Done);
    assert!(!has_finished(&sent_so_far(&first)), "the first ended early");
    assert_eq!(
        std::fs::read(disk.mnt.join("two/b.bin")).expect("copied"),
        std::fs::read(&b).expect("source")
    );
    // A job that is not waiting cannot be started "now" again.
    assert!(!queue.start_now(&first.control));
    first.control.resume();
    assert_eq!(finished(&first), JobState::Done);
}

#[test]
fn moving_a_waiting_job_up_lets_it_go_first() {
    let Some((disk, _src, [a, b, c])) = disk_and_files(["a.bin", "b.bin", "c.bin"]) else {
        return;
    };
    let queue = Queue::default();
    let first = copy(&queue, vec![a], &folder(&disk.mnt, "a"), true);
    let second = copy(&queue, vec![b], &folder(&disk.mnt, "b"), false);
    assert_eq!(place_in_line(&second), Some(1));
    let third = copy(&queue, vec![c], &folder(&disk.mnt, "c"), false);
    assert_eq!(place_in_line(&third), Some(2));
    assert!(
        !queue.move_down(&third.control),
        "the last cannot go further back"
    );
    assert!(queue.move_up(&third.control));
    assert!(
        !queue.move_up(&third.control),
        "the first cannot go further up"
    );
    assert_eq!(place_in_line(&third), Some(1));
    assert_eq!(place_in_line(&second), Some(2));
    first.control.resume();
    assert_eq!(finished(&first), JobState::Done);
    until(&second, started);
    assert!(
        has_finished(&sent_so_far(&third)),
        "the job moved up did not go before the other"
    );
    assert_eq!(finished(&second), JobState::Done);
}

#[test]
fn a_cancelled_waiting_job_ends_without_writing_and_leaves_the_line() {
    let Some((disk, _src, [a, b])) = disk_and_files(["a.bin", "b.bin"]) else {
        return;
    };
    let queue = Queue::default();
    let first = copy(&queue, vec![a], &folder(&disk.mnt, "a"), true);
    let dest_b = folder(&disk.mnt, "b");
    let second = copy(&queue, vec![b.clone()], &dest_b, false);
    place_in_line(&second);
    let third = copy(&queue, vec![b], &folder(&disk.mnt, "c"), false);
    assert_eq!(place_in_line(&third), Some(2));
    second.control.cancel();
    assert_eq!(finished(&second), JobState::Cancelled);
    assert_eq!(std::fs::read_dir(&dest_b).expect("b").count(), 0);
    // The one behind it moves up.
    assert_eq!(place_in_line(&third), Some(1));
    first.control.resume();
    assert_eq!(finished(&first), JobState::Done);
    assert_eq!(finished(&third), JobState::Done);
    assert!(disk.mnt.join("c/b.bin").is_file());
}

#[test]
fn a_failed_first_job_hands_the_device_on() {
    let Some((disk, src, [a, b])) = disk_and_files(["a.bin", "b.bin"]) else {
        return;
    };
    let queue = Queue::default();
    let missing = src.path().join("not-there");
    let first = copy(&queue, vec![a, missing], &folder(&disk.mnt, "a"), true);
    let second = copy(&queue, vec![b], &folder(&disk.mnt, "b"), false);
    place_in_line(&second);
    first.control.resume();
    assert_eq!(finished(&first), JobState::Failed);
    assert_eq!(finished(&second), JobState::Done);
    assert!(disk.mnt.join("b/b.bin").is_file());
}

#[test]
fn with_the_queue_off_every_job_starts_at_once() {
    let Some((disk, _src, [a, b])) = disk_and_files(["a.bin", "b.bin"]) else {
        return;
    };
    let queue = Queue::new(false);
    let first = copy(&queue, vec![a.clone()], &folder(&disk.mnt, "a"), true);
    let second = copy(&queue, vec![b.clone()], &folder(&disk.mnt, "b"), false);
    let events = until(&second, |e| matches!(e, JobEvent::Finished { .. }));
    assert!(events.iter().all(|e| waits_at(e).is_none()), "{events:?}");
    assert!(!has_finished(&sent_so_far(&first)));
    // Turned on, the next one waits behind the held job; turned off again, it goes.
    queue.set_enabled(true);
    let third = copy(&queue, vec![b], &folder(&disk.mnt, "c"), false);
    place_in_line(&third);
    queue.set_enabled(false);
    assert_eq!(finished(&third), JobState::Done);
    assert!(!has_finished(&sent_so_far(&first)));
    first.control.resume();
    assert_eq!(finished(&first), JobState::Done);
}
