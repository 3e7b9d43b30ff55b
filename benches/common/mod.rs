//! What the benchmarks share: medians, and timing a command run to its end.

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
