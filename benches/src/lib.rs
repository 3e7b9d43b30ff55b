//! What the benchmarks share: medians, timing a command run to its end, the `porpoise`
//! command under test, a fresh ext4 to run on, a folder to work in and the layout of the
//! photo trees, table cells, and waiting for a quiet machine.

pub mod disk;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Run `cmd` with its output discarded; milliseconds it took. Panics if it failed.
pub fn timed(cmd: &mut Command) -> f64 {
    let t = Instant::now();
    let st = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert!(st.success(), "{cmd:?} failed");
    ms
}

/// A fresh folder in `base` whose name starts with `prefix`; removed when dropped.
pub fn bench_folder(base: &Path, prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir_in(base)
        .expect("bench folder")
}

/// Album `d`'s folder in the photo tree at `tree`, made: ten groups, every third deeper.
pub fn album_folder(tree: &Path, d: usize) -> PathBuf {
    let dir = if d.is_multiple_of(3) {
        tree.join(format!("group{}/album{d:04}/raw/2026/march", d % 10))
    } else {
        tree.join(format!("group{}/album{d:04}", d % 10))
    };
    std::fs::create_dir_all(&dir).expect("mkdir");
    dir
}

/// Two cells of a table row: `ms` and its ratio to `reference` (`12.3 | 0.45`).
pub fn ms_and_ratio(ms: f64, reference: f64) -> String {
    format!("{ms:.1} | {:.2}", ms / reference)
}

/// The `porpoise` command people run (cli/: the engine only, no window libraries), as
/// `cargo build --release` at the top of the repository leaves it.
pub fn porpoise_command() -> PathBuf {
    porpoise_testkit::porpoise_command()
}

/// Wait until the machine's cores are at least 85 % idle over 300 ms, for at most `limit`;
/// whether they were. On a shared machine other work takes the cores a contender that
/// runs on several needs, while one on a single core hardly notices.
pub fn wait_for_quiet(limit: Duration) -> bool {
    let start = Instant::now();
    loop {
        let before = cpu_times();
        std::thread::sleep(Duration::from_millis(300));
        let after = cpu_times();
        if let (Some((idle0, total0)), Some((idle1, total1))) = (before, after) {
            let total = total1.saturating_sub(total0).max(1);
            if idle1.saturating_sub(idle0) * 100 >= total * 85 {
                return true;
            }
        }
        if start.elapsed() >= limit {
            return false;
        }
    }
}

/// Idle and total time of all cores so far (the `cpu` line of /proc/stat, in ticks).
fn cpu_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let line = stat.lines().next()?.strip_prefix("cpu ")?;
    let ticks: Vec<u64> = line
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal (guest time is in user already).
    let total = ticks.iter().take(8).sum();
    let idle = ticks.get(3)? + ticks.get(4).copied().unwrap_or(0);
    Some((idle, total))
}
