//! File-job benchmark, side by side with the floor tools in one run (medians of
//! interleaved rounds): copy 5 000 files of 256 B (`cp -r`), delete that tree (`rm -rf`),
//! and delete 5 000 separate paths (`rm`), on tmpfs and ext4.
//!
//! Run: `cargo bench --bench jobs` (`PORPOISE_BENCH_TMPFS` / `PORPOISE_BENCH_EXT4` choose
//! the folders; defaults: /dev/shm and the system temp folder).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const ROUNDS: usize = 9;
const FILES: usize = 5_000;

fn main() {
    let tmpfs = std::env::var_os("PORPOISE_BENCH_TMPFS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/dev/shm"));
    let ext4 = std::env::var_os("PORPOISE_BENCH_EXT4")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    println!(
        "# porpoise file-job benchmark ({ROUNDS} interleaved rounds, medians, {FILES} files of 256 B)\n"
    );
    for (label, base) in [("tmpfs", &tmpfs), ("ext4", &ext4)] {
        let root = tempfile::Builder::new()
            .prefix("porpoise-jobs-bench-")
            .tempdir_in(base)
            .expect("bench folder");
        println!("## {label} ({})\n", root.path().display());
        println!("| workload | floor tool ms | porpoise ms | ratio |");
        println!("|---|---|---|---|");
        let template = root.path().join("template");
        make_small_files(&template);
        let r = bench_copy(root.path(), &template);
        println!(
            "| copy 5 000 x 256 B | {:.1} (cp -r) | {:.1} | {:.2} |",
            r.0,
            r.1,
            r.1 / r.0
        );
        let r = bench_delete_tree(root.path(), &template);
        println!(
            "| delete a 5 000-file tree | {:.1} (rm -rf) | {:.1} | {:.2} |",
            r.0,
            r.1,
            r.1 / r.0
        );
        let r = bench_delete_paths(root.path(), &template);
        println!(
            "| delete 5 000 separate paths | {:.1} (rm) | {:.1} | {:.2} |\n",
            r.0,
            r.1,
            r.1 / r.0
        );
    }
}

fn make_small_files(dir: &Path) {
    std::fs::create_dir_all(dir).expect("mkdir");
    let data = [b'x'; 256];
    for i in 0..FILES {
        std::fs::write(dir.join(format!("file_{i:05}.txt")), data).expect("write");
    }
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

fn porpoise() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_porpoise"));
    c.env("RUST_LOG", "off");
    c
}

fn fresh_copy(template: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    let st = Command::new("cp")
        .arg("-r")
        .arg(template)
        .arg(to)
        .status()
        .expect("cp");
    assert!(st.success());
}

/// Returns (cp -r, porpoise copy) medians in ms.
fn bench_copy(root: &Path, template: &Path) -> (f64, f64) {
    let (mut floor, mut ours) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let mut run_cp = || {
            let out = root.join("cp-out");
            let _ = std::fs::remove_dir_all(&out);
            floor.push(timed(Command::new("cp").arg("-r").arg(template).arg(&out)));
        };
        let mut run_ours = || {
            let out = root.join("po-out");
            let _ = std::fs::remove_dir_all(&out);
            std::fs::create_dir(&out).expect("mkdir");
            ours.push(timed(
                porpoise()
                    .args(["copy", "--progress=none"])
                    .arg(template)
                    .arg(&out),
            ));
        };
        if round % 2 == 0 {
            run_cp();
            run_ours();
        } else {
            run_ours();
            run_cp();
        }
    }
    (median(floor), median(ours))
}

/// Returns (rm -rf, porpoise rm) medians in ms.
fn bench_delete_tree(root: &Path, template: &Path) -> (f64, f64) {
    let (mut floor, mut ours) = (Vec::new(), Vec::new());
    let victim = root.join("victim");
    for round in 0..ROUNDS * 2 {
        fresh_copy(template, &victim);
        if round % 2 == 0 {
            floor.push(timed(Command::new("rm").arg("-rf").arg(&victim)));
        } else {
            ours.push(timed(
                porpoise().args(["rm", "--progress=none"]).arg(&victim),
            ));
        }
        assert!(!victim.exists());
    }
    (median(floor), median(ours))
}

/// Returns (rm PATHS, porpoise rm PATHS) medians in ms.
fn bench_delete_paths(root: &Path, template: &Path) -> (f64, f64) {
    let (mut floor, mut ours) = (Vec::new(), Vec::new());
    let victim = root.join("victim");
    for round in 0..ROUNDS * 2 {
        fresh_copy(template, &victim);
        let paths: Vec<PathBuf> = (0..FILES)
            .map(|i| victim.join(format!("file_{i:05}.txt")))
            .collect();
        if round % 2 == 0 {
            floor.push(timed(Command::new("rm").args(&paths)));
        } else {
            ours.push(timed(
                porpoise().args(["rm", "--progress=none"]).args(&paths),
            ));
        }
        assert_eq!(std::fs::read_dir(&victim).expect("ls").count(), 0);
    }
    (median(floor), median(ours))
}
