//! Progress that tells the truth, on the project's slow destinations (tests/rig): a copy to a
//! throttled USB stick and to a throttled network share never reports more bytes on the
//! device than the device received, nor lags more than about two windows behind; a job ends
//! only when everything is there; a move deletes sources only after the flush, keeps them
//! all when the device fails, keeps the unfinished ones when cancelled and keeps one that
//! changed meanwhile. Needs root and /dev/fuse (skips with a message, fails in CI).

use porpoise_testkit as kit;
use porpoise_testkit::rig;

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::events::SkipReason;
use porpoise_engine::jobs::{self, Job, JobEvent, JobKind, JobSpec, JobState};

const MIB: u64 = 1 << 20;
/// Journal and metadata a stick receives besides file data.
const METADATA_SLACK: u64 = 2 * MIB;
/// Windows stay at 1 MiB at these speeds; two of them may be in flight, and the counter is
/// read a moment after the event was sent.
const LAG_ALLOWED: u64 = 3 * MIB;

/// `n` files of `size` bytes (distinct content) in a new folder `name` under `root`.
fn sources(root: &Path, name: &str, n: usize, size: usize) -> Vec<PathBuf> {
    let dir = root.join(name);
    std::fs::create_dir(&dir).expect("mkdir");
    (0..n)
        .map(|i| {
            let p = dir.join(format!("f{i:02}.bin"));
            let data: Vec<u8> = (0..size).map(|j| ((i * 7 + j) % 251) as u8).collect();
            std::fs::write(&p, data).expect("write");
            p
        })
        .collect()
}

/// A removable USB stick on the rig, taking `rate` bytes a second.
fn stick(rate: u64) -> rig::Stick {
    rig::Stick::new(rig::StickOptions {
        rate,
        ..rig::StickOptions::default()
    })
}

/// A stick taking `rate` bytes a second, and a source folder holding `n` files of `size`
/// bytes in its folder `name`; `None` (having said why) where the rig cannot run.
fn stick_and_sources(
    rate: u64,
    name: &str,
    n: usize,
    size: usize,
) -> Option<(rig::Stick, tempfile::TempDir, Vec<PathBuf>)> {
    if let Err(why) = rig::available() {
        kit::skip(&why);
        return None;
    }
    let stick = stick(rate);
    let src = tempfile::tempdir().expect("tempdir");
    let files = sources(src.path(), name, n, size);
    Some((stick, src, files))
}

/// Follow a job to its end, calling `on` with each event and the device's counter.
fn follow(
    job: &Job,
    received: impl Fn() -> u64,
    mut on: impl FnMut(&JobEvent, u64),
) -> Vec<JobEvent> {
    kit::jobs::follow(job, |_, ev| on(ev, received())).events
}

/// Follow a job to its end, calling `act` each time it tells that the stick starts its flush.
fn follow_to_the_flush(job: &Job, stick: &rig::Stick, mut act: impl FnMut()) -> Vec<JobEvent> {
    follow(
        job,
        || stick.received(),
        |ev, _| {
            if let JobEvent::State(JobState::WritingToDevice) = ev {
                act();
            }
        },
    )
}

fn final_state(events: &[JobEvent]) -> JobState {
    match events.last() {
        Some(JobEvent::Finished { state, .. }) => *state,
        other => panic!("no Finished: {other:?}"),
    }
}

/// The bounds every progress event must keep, for a device that also receives `slack`
/// bytes of metadata.
fn check_bounds(ev: &JobEvent, received: u64, slack: u64, seen: &mut usize) {
    if let JobEvent::Progress(f) = ev {
        *seen += 1;
        assert!(
            f.bytes_on_device <= received,
            "on device {} > received {received}",
            f.bytes_on_device
        );
        assert!(
            received <= f.bytes_on_device + LAG_ALLOWED + slack,
            "on device {} lags received {received}",
            f.bytes_on_device
        );
        assert!(f.bytes_on_device <= f.bytes_done);
    }
}

/// Copy `n` files of `size` bytes in a folder `name` to a 4 MB/s stick, checking every
/// progress event against what the stick received, that the job ends only once the stick
/// has it all, and that the copies hold what their sources hold. Returns the events and
/// how many progress events came; `None` (having said why) where the rig cannot run.
fn copy_to_the_stick(name: &str, n: usize, size: usize) -> Option<(Vec<JobEvent>, usize)> {
    let (stick, src, files) = stick_and_sources(4_000_000, name, n, size)?;
    let total = (n * size) as u64;
    let job = jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![src.path().join(name)], stick.path()),
    );
    let mut progress = 0;
    let events = follow(
        &job,
        || stick.received(),
        |ev, received| {
            check_bounds(ev, received, METADATA_SLACK, &mut progress);
            if let JobEvent::Finished { .. } = ev {
                assert!(received >= total, "finished before the stick had it all");
            }
        },
    );
    assert_eq!(final_state(&events), JobState::Done, "{events:?}");
    for f in &files {
        let copy = stick.path().join(name).join(f.file_name().expect("name"));
        assert_eq!(
            std::fs::read(copy).expect("copied"),
            std::fs::read(f).expect("src")
        );
    }
    Some((events, progress))
}

#[test]
fn a_copy_to_the_usb_stick_reports_what_reached_it() {
    let Some((events, progress)) = copy_to_the_stick("photos", 6, 2 << 20) else {
        return;
    };
    let writing_seen = events
        .iter()
        .any(|e| matches!(e, JobEvent::State(JobState::WritingToDevice)));
    assert!(writing_seen, "the final flush is announced");
    assert!(progress >= 5, "progress came along the way: {progress}");
}

#[test]
fn many_small_files_to_the_usb_stick_report_what_reached_it() {
    // Windows of many small files go out with one syncfs each: the count stays truthful.
    let Some((events, progress)) = copy_to_the_stick("letters", 300, 16 << 10) else {
        return;
    };
    assert!(progress >= 3, "progress came along the way: {progress}");
    let on_device = events.iter().rev().find_map(|e| match e {
        JobEvent::Progress(f) => Some(f.bytes_on_device),
        _ => None,
    });
    assert_eq!(
        on_device,
        Some(300 * (16 << 10)),
        "the last progress counts every byte"
    );
}

#[test]
fn a_copy_to_the_network_share_reports_what_reached_it() {
    if let Err(why) = rig::available() {
        return kit::skip(&why);
    }
    let share = rig::Share::new(5_000_000);
    let src = tempfile::tempdir().expect("tempdir");
    sources(src.path(), "docs", 5, 2 << 20);
    // Many small files too: they are fsynced in batches.
    sources(src.path(), "notes", 200, 4096);
    let total = 10 * MIB + 200 * 4096;
    let job = jobs::start(
        JobKind::Copy,
        JobSpec::new(
            vec![src.path().join("docs"), src.path().join("notes")],
            share.path(),
        ),
    );
    let mut progress = 0;
    let events = follow(
        &job,
        || share.received(),
        |ev, received| {
            check_bounds(ev, received, 0, &mut progress);
            if let JobEvent::Finished { .. } = ev {
                assert_eq!(received, total, "finished only when the share had it all");
            }
        },
    );
    assert_eq!(final_state(&events), JobState::Done, "{events:?}");
    assert!(progress >= 5, "progress came along the way: {progress}");
    assert_eq!(
        std::fs::read_dir(share.store().join("notes"))
            .expect("on the server")
            .count(),
        200
    );
}

#[test]
fn a_move_to_the_stick_deletes_sources_only_after_the_flush() {
    let Some((stick, src, files)) = stick_and_sources(4_000_000, "music", 4, 2 << 20) else {
        return;
    };
    let total = 8 * MIB;
    let job = jobs::start(
        JobKind::Move,
        JobSpec::new(vec![src.path().join("music")], stick.path()),
    );
    let mut removing_seen = false;
    let events = follow(
        &job,
        || stick.received(),
        |ev, received| match ev {
            JobEvent::State(JobState::WritingToDevice) => {
                assert!(
                    files.iter().all(|f| f.exists()),
                    "sources kept while flushing"
                );
            }
            JobEvent::State(JobState::RemovingSources) => {
                removing_seen = true;
                assert!(
                    received >= total,
                    "sources go only once the stick has the copies"
                );
            }
            _ => {}
        },
    );
    assert_eq!(final_state(&events), JobState::Done, "{events:?}");
    assert!(removing_seen);
    assert!(!src.path().join("music").exists());
    assert_eq!(
        std::fs::read_dir(stick.path().join("music"))
            .expect("copies")
            .count(),
        4
    );
}

#[test]
fn a_move_keeps_every_source_when_the_stick_fails_during_the_flush() {
    let Some((stick, src, files)) = stick_and_sources(2_000_000, "videos", 4, 2 << 20) else {
        return;
    };
    let job = jobs::start(
        JobKind::Move,
        JobSpec::new(vec![src.path().join("videos")], stick.path()),
    );
    let events = follow_to_the_flush(&job, &stick, || stick.unplug());
    assert_eq!(final_state(&events), JobState::Failed, "{events:?}");
    let errors: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::ItemFailed { error, .. } => Some(error.to_string()),
            _ => None,
        })
        .collect();
    assert!(
        errors.iter().any(|e| e.contains("write to the device")),
        "{errors:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, JobEvent::State(JobState::RemovingSources))),
        "nothing is removed"
    );
    for f in &files {
        assert!(f.exists(), "{} kept", f.display());
    }
}

#[test]
fn a_cancelled_move_deletes_only_sources_whose_copies_are_on_the_stick() {
    let Some((stick, _src, files)) = stick_and_sources(4_000_000, "parts", 8, 1 << 20) else {
        return;
    };
    // Separate top-level files, so some can be finished when the cancel comes.
    let job = jobs::start(JobKind::Move, JobSpec::new(files.clone(), stick.path()));
    let control = job.control.clone();
    let events = follow(
        &job,
        || stick.received(),
        |ev, _| {
            if let JobEvent::Progress(f) = ev
                && f.bytes_on_device >= 3 * MIB
            {
                control.cancel();
            }
        },
    );
    assert_eq!(final_state(&events), JobState::Cancelled, "{events:?}");
    let mut removed = 0;
    for f in &files {
        let copy = stick.path().join(f.file_name().expect("name"));
        if !f.exists() {
            removed += 1;
            // A source is gone only if its whole copy is there.
            assert_eq!(
                std::fs::metadata(&copy).map(|m| m.len()).ok(),
                Some(MIB),
                "{} removed without a whole copy",
                f.display()
            );
        }
    }
    assert!(removed >= 1, "sources copied before the cancel are moved");
    assert!(removed < files.len(), "the cancel left some in place");
}

#[test]
fn a_source_that_changes_while_the_stick_flushes_stays() {
    let Some((stick, _src, files)) = stick_and_sources(2_000_000, "drafts", 3, 2 << 20) else {
        return;
    };
    let job = jobs::start(JobKind::Move, JobSpec::new(files.clone(), stick.path()));
    let events = follow_to_the_flush(&job, &stick, || {
        std::fs::write(&files[0], b"rewritten meanwhile").expect("change a source");
    });
    assert!(events.iter().any(|e| matches!(
        e,
        JobEvent::ItemSkipped { path, why: SkipReason::ChangedMeanwhile } if *path == files[0]
    )));
    assert_eq!(
        std::fs::read(&files[0]).expect("kept"),
        b"rewritten meanwhile"
    );
    assert!(!files[1].exists() && !files[2].exists(), "the others moved");
}
