//! What writeback windows cost, side by side in one run (medians of interleaved rounds):
//! 3 000 files of 16 KiB copied to a local disk with `--writeback=always` against
//! `--writeback=never`, and against `cp -r` followed by `sync -f` (the plain way to have the
//! data on the device).
//!
//! Run: `cargo bench --bench writeback` (`PORPOISE_BENCH_EXT4` chooses the folder; default:
//! the system temp folder).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const ROUNDS: usize = 9;

/// A labelled way to make the command of one run.
type Run<'a> = (&'static str, Box<dyn Fn() -> Command + 'a>);
const FILES: usize = 3_000;
const SIZE: usize = 16 << 10;

fn main() {
    let base = std::env::var_os("PORPOISE_BENCH_EXT4")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let root = tempfile::Builder::new()
        .prefix("porpoise-writeback-bench-")
        .tempdir_in(&base)
        .expect("bench folder");
    let template = root.path().join("template");
    std::fs::create_dir(&template).expect("mkdir");
    let data = vec![b'w'; SIZE];
    for i in 0..FILES {
        std::fs::write(template.join(format!("f{i:05}")), &data).expect("write");
    }
    let out = root.path().join("out");
    println!(
        "# writeback windows on a local disk ({ROUNDS} interleaved rounds, medians in ms; {FILES} x 16 KiB into {})\n",
        root.path().display()
    );
    let runs: [Run<'_>; 3] = [
        (
            "porpoise --writeback=never",
            Box::new(|| porpoise_copy(&template, &out, "never")),
        ),
        (
            "porpoise --writeback=always",
            Box::new(|| porpoise_copy(&template, &out, "always")),
        ),
        (
            "cp -r, then sync -f",
            Box::new(|| {
                let mut c = Command::new("sh");
                c.arg("-c").arg(format!(
                    "cp -r '{}' '{}' && sync -f '{}'",
                    template.display(),
                    out.display(),
                    out.display()
                ));
                c
            }),
        ),
    ];
    let mut times = vec![Vec::new(); runs.len()];
    for round in 0..ROUNDS {
        for k in 0..runs.len() {
            let i = (round + k) % runs.len();
            let _ = std::fs::remove_dir_all(&out);
            std::fs::create_dir(&out).expect("mkdir");
            // Start each run with nothing dirty.
            let _ = Command::new("sync").arg("-f").arg(root.path()).status();
            times[i].push(timed(&mut (runs[i].1)()));
        }
    }
    let medians: Vec<f64> = times.into_iter().map(median).collect();
    println!("| run | ms | vs --writeback=never |");
    println!("|---|---|---|");
    for ((label, _), ms) in runs.iter().zip(&medians) {
        println!("| {label} | {ms:.1} | {:.3} |", ms / medians[0]);
    }
}

fn porpoise_copy(from: &Path, to: &Path, writeback: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_porpoise"));
    c.env("RUST_LOG", "off")
        .args(["copy", "--progress=none"])
        .arg(format!("--writeback={writeback}"))
        .arg(from)
        .arg(to);
    c
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn timed(cmd: &mut Command) -> f64 {
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
