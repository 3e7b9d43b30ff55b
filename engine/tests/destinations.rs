//! Jobs against destinations that cannot take the data: a full ext4 (a small image on a loop
//! device) and a read-only mount. Both need root; without it they skip with a message, and
//! in CI they must run.

use porpoise_testkit as kit;

use std::path::Path;

use porpoise_engine::jobs::preflight::Problem;
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::{LoopMount, ReadOnlyTmpfs, drain};

/// `n` files of `size` bytes in a new folder `name` under `root`.
fn files(root: &Path, name: &str, n: usize, size: usize) -> std::path::PathBuf {
    let dir = root.join(name);
    std::fs::create_dir(&dir).expect("mkdir");
    for i in 0..n {
        std::fs::write(dir.join(format!("f{i:03}.bin")), vec![i as u8; size]).expect("write");
    }
    dir
}

fn failures(events: &[JobEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            JobEvent::ItemFailed { error, .. } => Some(porpoise_engine::error::chain(error)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_full_disk_fails_clearly_and_a_move_keeps_every_source() {
    let Some(disk) = LoopMount::ext4_or_skip(8 << 20) else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    // 24 MiB into an 8 MiB filesystem.
    let big = files(src.path(), "big", 24, 1 << 20);
    let before: Vec<_> = std::fs::read_dir(&big).expect("read").collect();

    let out = drain(
        jobs::start(JobKind::Copy, JobSpec::new(vec![big.clone()], &disk.mnt)),
        |_| unreachable!("ext4 takes any name"),
    );
    assert_eq!(out.state, JobState::Failed, "{:?}", out.events);
    let errors = failures(&out.events);
    assert!(!errors.is_empty());
    assert!(
        errors.iter().any(|e| e.contains("No space left on device")),
        "{errors:?}"
    );
    // The copy stopped at the first full-disk error instead of failing file after file.
    assert!(errors.len() <= 4, "{errors:?}");
    // No file under its final name is shorter than its source.
    for e in std::fs::read_dir(disk.mnt.join("big")).expect("read copy") {
        let e = e.expect("entry");
        let name = e.file_name();
        assert!(!name.to_string_lossy().starts_with(".porpoise-part"));
        let copied = e.metadata().expect("meta").len();
        assert_eq!(copied, 1 << 20, "{name:?} is complete");
    }

    // A move onto the full disk deletes no source.
    let out = drain(
        jobs::start(
            JobKind::Move,
            JobSpec::new(vec![big.clone()], disk.mnt.join("big")),
        ),
        |_| unreachable!(),
    );
    assert_ne!(out.state, JobState::Done);
    let after: Vec<_> = std::fs::read_dir(&big)
        .expect("sources still there")
        .collect();
    assert_eq!(after.len(), before.len());
    for i in 0..24 {
        let data = std::fs::read(big.join(format!("f{i:03}.bin"))).expect("source intact");
        assert_eq!(data, vec![i as u8; 1 << 20]);
    }
}

#[test]
fn a_read_only_destination_is_refused_before_anything_starts() {
    if let Err(why) = kit::root() {
        return kit::skip(&why);
    }
    let ro = ReadOnlyTmpfs::mount();
    let src = tempfile::tempdir().expect("tempdir");
    let dir = files(src.path(), "docs", 3, 10);
    let out = drain(
        jobs::start(
            JobKind::Copy,
            JobSpec::new(vec![dir.clone()], ro.mnt.path()),
        ),
        |_| unreachable!("a read-only destination offers no choice"),
    );
    assert_eq!(out.state, JobState::Failed);
    let preflight = out.events.iter().find_map(|e| match e {
        JobEvent::Preflight {
            problems,
            can_proceed,
        } => Some((problems.clone(), *can_proceed)),
        _ => None,
    });
    assert_eq!(preflight, Some((vec![Problem::ReadOnly], false)));
    assert!(!out.went_through(JobState::Copying), "{:?}", out.events);
    assert_eq!(std::fs::read_dir(&dir).expect("source").count(), 3);
}
