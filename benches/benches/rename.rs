//! Batch rename benchmark: 10 000 files in one folder get numbered names (`Photo #####`,
//! extension kept), on tmpfs and on ext4. Timed, as medians of interleaved rounds: the
//! plan (rules → every new name with conflicts checked, what the dialog redoes on each
//! keystroke), the rename job and its reversed job (what undo runs), each beside the floor:
//! the same renames as a bare loop of `renameat2(RENAME_NOREPLACE)` on the folder's
//! descriptor in this process, with no plan, events or checks.
//!
//! Run: `cargo bench --bench rename` (`PORPOISE_BENCH_TMPFS` / `PORPOISE_BENCH_EXT4`
//! choose the folders; defaults: /dev/shm, and a fresh ext4 on a loop device as root,
//! else the system temp folder).

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use porpoise_benches::median;
use porpoise_engine::jobs::rename::RenameJob;
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_engine::rename::{Item, Plan, Rules};
use rustix::fs::RenameFlags;

const FILES: usize = 10_000;
const ROUNDS: usize = 5;

fn main() {
    let places = porpoise_benches::disk::BenchPlaces::from_env();
    println!("# porpoise batch rename benchmark ({FILES} files, {ROUNDS} rounds, medians in ms)\n");
    println!("| place | plan ms | job ms | undo job ms | bare renameat2 loop ms | job / loop |");
    println!("|---|---|---|---|---|---|");
    for (label, base) in [("tmpfs", &places.tmpfs), ("ext4", &places.ext4)] {
        let root = porpoise_benches::bench_folder(base, "porpoise-rename-bench-");
        let dir = root.path();
        let items: Vec<Item> = (0..FILES)
            .map(|i| Item {
                name: OsString::from(format!("IMG_{i:05}.jpg")),
                is_dir: false,
            })
            .collect();
        for item in &items {
            std::fs::write(dir.join(&item.name), b"").expect("write");
        }
        // What the folder holds, as the window has it from its listing.
        let taken: HashSet<Vec<u8>> = items.iter().map(|i| i.name.as_bytes().to_vec()).collect();
        let rules = Rules {
            numbering: "Photo #####".into(),
            ..Rules::default()
        };
        let (mut plan_ms, mut job_ms, mut undo_ms, mut loop_ms) = (vec![], vec![], vec![], vec![]);
        for _ in 0..ROUNDS {
            let t = Instant::now();
            let renamer = rules.compile().expect("rules");
            let plan = Plan::make(&renamer, &items, |n| taken.contains(n.as_bytes()));
            plan_ms.push(ms(t));
            assert!(plan.is_ready());
            let job = RenameJob {
                dir: dir.to_owned(),
                renames: Arc::from(plan.renames()),
            };
            job_ms.push(run(&job));
            undo_ms.push(run(&job.reversed()));
            loop_ms.push(bare_loop(dir, &job.renames));
            bare_loop(dir, &job.reversed().renames);
        }
        println!(
            "| {label} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} |",
            median(plan_ms),
            median(job_ms.clone()),
            median(undo_ms),
            median(loop_ms.clone()),
            median(job_ms) / median(loop_ms)
        );
    }
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Run a rename job to its end; milliseconds it took. Panics unless every item was done.
fn run(job: &RenameJob) -> f64 {
    let t = Instant::now();
    let running = jobs::start(JobKind::Rename, JobSpec::rename(job.clone()));
    while let Some(event) = running.events.next() {
        if let JobEvent::Finished { state, summary } = event {
            assert_eq!(state, JobState::Done, "{summary:?}");
            let renamed = summary.files_done + summary.folders_done;
            assert_eq!(renamed as usize, job.renames.len());
            return ms(t);
        }
    }
    panic!("the job ended without Finished");
}

/// The same renames as a bare loop on the folder's descriptor; milliseconds.
fn bare_loop(dir: &Path, renames: &[(OsString, OsString)]) -> f64 {
    let t = Instant::now();
    let fd = rustix::fs::open(
        dir,
        rustix::fs::OFlags::RDONLY | rustix::fs::OFlags::DIRECTORY,
        rustix::fs::Mode::empty(),
    )
    .expect("open");
    for (old, new) in renames {
        rustix::fs::renameat_with(
            &fd,
            old.as_os_str(),
            &fd,
            new.as_os_str(),
            RenameFlags::NOREPLACE,
        )
        .unwrap_or_else(|e| panic!("{:?}: {e}", OsStr::from_bytes(old.as_bytes())));
    }
    ms(t)
}
