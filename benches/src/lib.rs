//! What the benchmarks share: medians, timing a command run to its end, the `porpoise`
//! command under test, and a fresh ext4 to run on.

pub mod disk;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

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

/// The `porpoise` command people run (cli/: the engine only, no window libraries), as
/// `cargo build --release` at the top of the repository leaves it.
pub fn porpoise_command() -> PathBuf {
    porpoise_testkit::porpoise_command()
}
