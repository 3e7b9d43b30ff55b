//! Folder-size benchmark, side by side with `du -s` in one run (medians of interleaved
//! rounds, the order rotating each round): a 100 000-file tree (1 000 folders of 100
//! small files, a third of them three levels deeper), and as many files in one folder,
//! counted by `du -s`, `porpoise du` and the engine in-process (on all its threads, and
//! on one for reference), on tmpfs and on ext4 (one workload there at a time). Each
//! round first waits (up to 15 s) for both cores to be idle, as two threads only beat one
//! when the second core is free; the table says how many rounds found them so. Warm:
//! every contender runs once before the rounds, and the caches are not dropped (that
//! needs root and a quiet machine; a cold count measures the disk).
//!
//! Run: `cargo bench --bench usage` (`PORPOISE_BENCH_TMPFS` / `PORPOISE_BENCH_EXT4`
//! choose the folders; defaults: /dev/shm, and a fresh journaled ext4 on a loop device
//! over the real disk (`porpoise_benches::disk`; as root), else the system temp folder).

use porpoise_benches::{median, ms_and_ratio, timed};

use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use porpoise_engine::usage::{UsageOptions, count_blocking};

const ROUNDS: usize = 11;
const FOLDERS: usize = 1_000;
const FILES_PER_FOLDER: usize = 100;
/// The longest a round waits for the machine to be quiet (see `wait_for_quiet`).
const QUIET_WAIT: Duration = Duration::from_secs(15);

fn main() {
    // Unless folders are given: a fresh journaled ext4 on the real disk (as root), else
    // the system temp folder; /dev/shm for tmpfs.
    let places = porpoise_benches::disk::BenchPlaces::from_env();
    let (tmpfs, ext4) = (places.tmpfs.clone(), places.ext4.clone());
    let start_load = load();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "# porpoise folder-size benchmark ({ROUNDS} interleaved rounds, medians in ms; warm \
         caches; {threads} cores)\n"
    );
    println!(
        "tree: {} files in {FOLDERS} folders ({FILES_PER_FOLDER} each, a third of them nested \
         three levels deeper); one folder: as many files in one\n",
        FOLDERS * FILES_PER_FOLDER
    );
    println!(
        "| workload | du -s ms | porpoise du ms | ratio | engine ms | ratio | engine, 1 thread ms | ratio | quiet rounds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (label, base) in [("tmpfs", &tmpfs), ("ext4", &ext4)] {
        for (shape, make) in [("tree", make_tree as fn(&Path)), ("one folder", make_flat)] {
            let root = porpoise_benches::bench_folder(base, "porpoise-usage-bench-");
            let tree = root.path().join("tree");
            make(&tree);
            check_same_as_du(&tree);
            row(&format!("{label}, {shape}"), &time_counts(&tree));
        }
    }
    println!("\nratio: porpoise / du -s (goal: 0.60 or less for `porpoise du`)");
    // Two threads only beat one when a second core is free: say how busy the machine was.
    println!(
        "load average at the start: {start_load}; at the end: {}",
        load()
    );
}

/// The 1-, 5- and 15-minute load averages.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn row(label: &str, t: &Times) {
    println!(
        "| {label} | {:.1} | {} | {} | {} | {}/{ROUNDS} |",
        t.du,
        ms_and_ratio(t.command, t.du),
        ms_and_ratio(t.engine, t.du),
        ms_and_ratio(t.one_thread, t.du),
        t.quiet_rounds
    );
}

/// 1 000 folders in 10 groups; every third folder sits three levels deeper.
fn make_tree(tree: &Path) {
    for d in 0..FOLDERS {
        let dir = porpoise_benches::album_folder(tree, d);
        for f in 0..FILES_PER_FOLDER {
            let len = (d * 31 + f * 17) % 3000;
            std::fs::write(dir.join(format!("photo_{f:03}.jpg")), vec![b'x'; len]).expect("create");
        }
    }
}

/// The same number of files in one folder (another thread takes part of it).
fn make_flat(dir: &Path) {
    std::fs::create_dir_all(dir).expect("mkdir");
    for f in 0..FOLDERS * FILES_PER_FOLDER {
        let len = (f * 17) % 3000;
        std::fs::write(dir.join(format!("photo_{f:06}.jpg")), vec![b'x'; len]).expect("create");
    }
}

/// The command counts what `du` counts (a benchmark of a wrong answer is worth nothing).
fn check_same_as_du(tree: &Path) {
    let first = |out: std::process::Output| {
        String::from_utf8_lossy(&out.stdout)
            .split('\t')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let theirs = first(
        Command::new("du")
            .arg("-sxB1")
            .arg(tree)
            .output()
            .expect("du"),
    );
    let ours = first(
        Command::new(porpoise_benches::porpoise_command())
            .arg("du")
            .arg(tree)
            .output()
            .expect("porpoise du"),
    );
    assert_eq!(ours, theirs, "porpoise du and du -sxB1 disagree");
}

struct Times {
    du: f64,
    command: f64,
    engine: f64,
    one_thread: f64,
    /// Rounds that started on a quiet machine.
    quiet_rounds: usize,
}

fn engine_ms(tree: &Path, threads: usize) -> f64 {
    let opts = UsageOptions {
        threads,
        ..UsageOptions::default()
    };
    let never = AtomicBool::new(false);
    let t = Instant::now();
    let u = count_blocking(&[tree.to_path_buf()], &opts, &never, &mut |_| {});
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert!(u.is_complete());
    std::hint::black_box(u);
    ms
}

fn time_counts(tree: &Path) -> Times {
    let bin = porpoise_benches::porpoise_command();
    let mut quiet_rounds = 0;
    let (mut du, mut command, mut engine, mut one) = (Vec::new(), Vec::new(), Vec::new(), vec![]);
    let mut steps: [&mut dyn FnMut(bool); 4] = [
        &mut |keep| {
            let ms = timed(Command::new("du").arg("-s").arg(tree));
            if keep {
                du.push(ms);
            }
        },
        &mut |keep| {
            let ms = timed(Command::new(&bin).arg("du").arg(tree));
            if keep {
                command.push(ms);
            }
        },
        &mut |keep| {
            let ms = engine_ms(tree, 0);
            if keep {
                engine.push(ms);
            }
        },
        &mut |keep| {
            let ms = engine_ms(tree, 1);
            if keep {
                one.push(ms);
            }
        },
    ];
    // Warm: each once, untimed.
    for s in steps.iter_mut() {
        s(false);
    }
    for _ in 0..ROUNDS {
        // On two cores shared with other work, a round waits for a quiet moment.
        if porpoise_benches::wait_for_quiet(QUIET_WAIT) {
            quiet_rounds += 1;
        }
        // None always goes first.
        steps.rotate_left(1);
        for s in steps.iter_mut() {
            s(true);
        }
    }
    Times {
        du: median(du),
        command: median(command),
        engine: median(engine),
        one_thread: median(one),
        quiet_rounds,
    }
}
