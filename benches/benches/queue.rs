//! The queue per device, on the project's rig (tests/rig, as root): two copies of 128 MiB
//! from tmpfs to the throttled USB stick started together, through the engine's queue
//! switched off (both write at once) and on (the second waits for the first); the time
//! until both are on the device (each job ends only after its data is synced) and until
//! the first is. The floor tool in the same run: two `cp` + `sync -f` in parallel, and one
//! after the other. Interleaved rounds, medians in seconds.
//!
//! Run: `cargo bench --bench queue` (root and /dev/fuse; skips with a message otherwise).

use porpoise_benches::median;
use porpoise_engine::jobs::{Control, JobEvent, JobKind, JobSpec, Queue};
use porpoise_testkit::rig;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const ROUNDS: usize = 2;
const SIZE: usize = 128 << 20;
const RATE: u64 = 16_000_000;

/// Seconds until the first and until both were on the device.
type Times = (f64, f64);

fn main() {
    if let Err(why) = rig::available() {
        println!("(queue benchmark skipped: {why})");
        return;
    }
    let src = tempfile::tempdir_in("/dev/shm").expect("a folder on tmpfs");
    let sources: Vec<PathBuf> = ["one.bin", "two.bin"]
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let p = src.path().join(name);
            let data: Vec<u8> = (0..SIZE).map(|j| ((j * 7 + i) % 251) as u8).collect();
            std::fs::write(&p, data).expect("write");
            p
        })
        .collect();
    let stick = rig::Stick::new(rig::StickOptions {
        rate: RATE,
        size: 384 << 20,
        removable: true,
    });
    let dests = [stick.path().join("a"), stick.path().join("b")];
    println!(
        "# two copies of 128 MiB from tmpfs to the rig's USB stick ({} MB/s; {ROUNDS} interleaved rounds, medians in s)\n",
        RATE / 1_000_000
    );
    let contenders: [(&str, &dyn Fn() -> Times); 4] = [
        ("porpoise, both at once (queue off)", &|| {
            engine(&sources, &dests, false)
        }),
        ("porpoise, queued (queue on)", &|| {
            engine(&sources, &dests, true)
        }),
        ("cp + sync -f, both at once", &|| cp(&sources, &dests, true)),
        ("cp + sync -f, one after the other", &|| {
            cp(&sources, &dests, false)
        }),
    ];
    let mut results: Vec<(Vec<f64>, Vec<f64>)> = vec![(Vec::new(), Vec::new()); 4];
    for _ in 0..ROUNDS {
        for (i, (_, run)) in contenders.iter().enumerate() {
            fresh(&dests);
            let (first, both) = run();
            results[i].0.push(first);
            results[i].1.push(both);
        }
    }
    let medians: Vec<Times> = results
        .into_iter()
        .map(|(first, both)| (median(first), median(both)))
        .collect();
    println!("| run | first on the device | both on the device |");
    println!("|---|---|---|");
    for ((name, _), (first, both)) in contenders.iter().zip(&medians) {
        println!("| {name} | {first:.2} | {both:.2} |");
    }
    let ratio = |a: usize, b: usize, both: bool| {
        let pick = |t: &Times| if both { t.1 } else { t.0 };
        pick(&medians[a]) / pick(&medians[b])
    };
    println!();
    println!(
        "porpoise queued vs at once: first {:.3}, both {:.3}",
        ratio(1, 0, false),
        ratio(1, 0, true)
    );
    println!(
        "cp one after the other vs at once: first {:.3}, both {:.3}",
        ratio(3, 2, false),
        ratio(3, 2, true)
    );
    println!(
        "porpoise queued vs cp one after the other: first {:.3}, both {:.3}",
        ratio(1, 3, false),
        ratio(1, 3, true)
    );
}

/// Empty destination folders, and nothing of the last round left to write.
fn fresh(dests: &[PathBuf]) {
    for d in dests {
        let _ = std::fs::remove_dir_all(d);
        std::fs::create_dir_all(d).expect("mkdir");
    }
    let _ = Command::new("sync").arg("-f").arg(&dests[0]).status();
}

/// Both copies started together through the engine's queue (`queued`: on).
fn engine(sources: &[PathBuf], dests: &[PathBuf], queued: bool) -> Times {
    let queue = Queue::new(queued);
    let start = Instant::now();
    let jobs: Vec<_> = sources
        .iter()
        .zip(dests)
        .map(|(s, d)| {
            queue.start(
                JobKind::Copy,
                JobSpec::new(vec![s.clone()], d),
                Control::new(),
            )
        })
        .collect();
    let ends: Vec<f64> = std::thread::scope(|scope| {
        let waits: Vec<_> = jobs
            .iter()
            .map(|job| {
                scope.spawn(move || {
                    while let Some(ev) = job.events.next() {
                        if let JobEvent::Finished { state, .. } = ev {
                            assert_eq!(state, porpoise_engine::jobs::JobState::Done);
                            break;
                        }
                    }
                    start.elapsed().as_secs_f64()
                })
            })
            .collect();
        waits
            .into_iter()
            .map(|w| w.join().expect("a waiting thread"))
            .collect()
    });
    first_and_both(&ends)
}

/// `cp` and `sync -f` of each source, both at once (`parallel`) or one after the other.
fn cp(sources: &[PathBuf], dests: &[PathBuf], parallel: bool) -> Times {
    let copy = |s: &Path, d: &Path| {
        let st = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "cp '{}' '{}' && sync -f '{}'",
                s.display(),
                d.display(),
                d.display()
            ))
            .status()
            .expect("cp");
        assert!(st.success());
    };
    let start = Instant::now();
    let ends: Vec<f64> = if parallel {
        std::thread::scope(|scope| {
            let runs: Vec<_> = sources
                .iter()
                .zip(dests)
                .map(|(s, d)| {
                    scope.spawn(move || {
                        copy(s, d);
                        start.elapsed().as_secs_f64()
                    })
                })
                .collect();
            runs.into_iter()
                .map(|r| r.join().expect("a copying thread"))
                .collect()
        })
    } else {
        sources
            .iter()
            .zip(dests)
            .map(|(s, d)| {
                copy(s, d);
                start.elapsed().as_secs_f64()
            })
            .collect()
    };
    first_and_both(&ends)
}

fn first_and_both(ends: &[f64]) -> Times {
    let first = ends.iter().copied().fold(f64::INFINITY, f64::min);
    let both = ends.iter().copied().fold(0.0, f64::max);
    (first, both)
}
