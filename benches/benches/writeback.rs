//! What writeback windows cost, side by side in one run (medians of interleaved rounds):
//! - 3 000 files of 16 KiB copied to a local disk with `--writeback=always` against
//!   `--writeback=never`, against `--writeback=never` followed by `sync -f` (the same data
//!   made durable without windows), and against `cp -r` followed by `sync -f`;
//! - on the project's rig (tests/rig, as root): the time until 24 MiB are on a throttled USB
//!   stick and on a throttled network share, with windows against a plain copy followed by
//!   a final sync;
//! - the slowest listing of the destination folder while a copy runs to a 5 MB/s share.
//!
//! Run: `cargo bench --bench writeback` (`PORPOISE_BENCH_EXT4` chooses the local folder;
//! default: a fresh journaled ext4 on a loop device over the real disk (`porpoise_benches::disk`; as
//! root), else the system temp folder).

use porpoise_benches::{median, timed};

use porpoise_testkit::rig;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const ROUNDS: usize = 9;

/// A labelled way to make the command of one run.
type Run<'a> = (&'static str, Box<dyn Fn() -> Command + 'a>);
const FILES: usize = 3_000;
const SIZE: usize = 16 << 10;

fn main() {
    // Unless a folder is given: a fresh journaled ext4 on the real disk (as root), else
    // the system temp folder.
    let given = std::env::var_os("PORPOISE_BENCH_EXT4").map(PathBuf::from);
    let fresh = match given {
        Some(_) => Err("PORPOISE_BENCH_EXT4 is set".to_owned()),
        None => porpoise_benches::disk::FreshExt4::new(),
    };
    let base = given.unwrap_or_else(|| {
        porpoise_benches::disk::FreshExt4::or_fallback(&fresh, &std::env::temp_dir())
    });
    let root = porpoise_benches::bench_folder(&base, "porpoise-writeback-bench-");
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
    let runs: [Run<'_>; 4] = [
        (
            "porpoise --writeback=never",
            Box::new(|| porpoise_copy(&template, &out, "never")),
        ),
        (
            "porpoise --writeback=always",
            Box::new(|| porpoise_copy(&template, &out, "always")),
        ),
        (
            // What making the copy durable costs without windows: the same data on the disk.
            "porpoise --writeback=never, then sync -f",
            Box::new(|| {
                let mut c = Command::new("sh");
                c.arg("-c").arg(format!(
                    "'{}' copy --progress=none --writeback=never '{}' '{}' && sync -f '{}'",
                    porpoise_benches::porpoise_command().display(),
                    template.display(),
                    out.display(),
                    out.display()
                ));
                c.env("RUST_LOG", "off");
                c
            }),
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
    // The target: windows cost at most 1.15x of making the same copy durable without them.
    println!("| run | ms | vs --writeback=never | vs never, then sync -f |");
    println!("|---|---|---|---|");
    for ((label, _), ms) in runs.iter().zip(&medians) {
        println!(
            "| {label} | {ms:.1} | {:.3} | {:.3} |",
            ms / medians[0],
            ms / medians[2]
        );
    }
    println!();
    match rig::available() {
        Ok(()) => {
            slow_destinations();
            listing_during_a_copy();
        }
        Err(why) => println!("(rig benchmarks skipped: {why})"),
    }
}

/// Rounds on the rig (each moves 24 MiB at 8 MB/s).
const RIG_ROUNDS: usize = 3;
const RIG_RATE: u64 = 8_000_000;

/// 12 files of 2 MiB.
fn rig_source(root: &Path) -> PathBuf {
    let dir = root.join("payload");
    std::fs::create_dir(&dir).expect("mkdir");
    for i in 0..12u8 {
        let data: Vec<u8> = (0..2 << 20).map(|j: u32| (j % 241) as u8 ^ i).collect();
        std::fs::write(dir.join(format!("part{i:02}.bin")), data).expect("write");
    }
    dir
}

fn slow_destinations() {
    let src = tempfile::tempdir().expect("tempdir");
    let payload = rig_source(src.path());
    println!("## time until 24 MiB are on the device ({RIG_ROUNDS} rounds, medians in s)\n");
    println!("| destination | windows | plain copy + final sync | windows vs plain |");
    println!("|---|---|---|---|");
    let stick = rig::Stick::new(rig::StickOptions {
        rate: RIG_RATE,
        size: 256 << 20,
        removable: true,
    });
    let (w, p) = windows_vs_plain(&payload, stick.path(), true);
    println!("| USB stick, 8 MB/s | {w:.2} | {p:.2} | {:.3} |", w / p);
    drop(stick);
    let share = rig::Share::new(RIG_RATE);
    // On FUSE, close() waits for each file's data: the plain copy needs no sync after.
    let (w, p) = windows_vs_plain(&payload, share.path(), false);
    println!(
        "| network share, 8 MB/s | {w:.2} | {p:.2} | {:.3} |\n",
        w / p
    );
}

/// Medians in seconds of (windows, plain + sync) copies of `payload` into `dest`.
fn windows_vs_plain(payload: &Path, dest: &Path, sync_after_plain: bool) -> (f64, f64) {
    let target = dest.join("payload");
    let (mut windows, mut plain) = (Vec::new(), Vec::new());
    for round in 0..RIG_ROUNDS * 2 {
        let _ = std::fs::remove_dir_all(&target);
        let _ = Command::new("sync").arg("-f").arg(dest).status();
        let with_windows = round % 2 == 0;
        let t = Instant::now();
        let mode = if with_windows { "auto" } else { "never" };
        let st = porpoise_copy(payload, dest, mode)
            .stdout(Stdio::null())
            .status()
            .expect("copy");
        assert!(st.success());
        if !with_windows && sync_after_plain {
            let st = Command::new("sync")
                .arg("-f")
                .arg(dest)
                .status()
                .expect("sync");
            assert!(st.success());
        }
        let secs = t.elapsed().as_secs_f64();
        if with_windows {
            windows.push(secs);
        } else {
            plain.push(secs);
        }
    }
    (median(windows), median(plain))
}

/// List `dest` again and again while 40 MiB are copied into it at 5 MB/s; report the
/// slowest listing.
fn listing_during_a_copy() {
    use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};
    let share = rig::Share::new(5_000_000);
    let src = tempfile::tempdir().expect("tempdir");
    let dir = src.path().join("big");
    std::fs::create_dir(&dir).expect("mkdir");
    for i in 0..40 {
        std::fs::write(dir.join(format!("f{i:02}")), vec![i as u8; 1 << 20]).expect("write");
    }
    for i in 0..200 {
        std::fs::write(share.path().join(format!("existing{i:03}")), b"x").expect("write");
    }
    let mut copy = porpoise_copy(&dir, share.path(), "auto");
    let mut child = copy.stdout(Stdio::null()).spawn().expect("start the copy");
    let mut worst = 0f64;
    let mut listings = 0;
    while child.try_wait().expect("copy status").is_none() {
        let t = Instant::now();
        let stream = open_dir(share.path().to_path_buf(), ListOptions::default());
        while let Some(ev) = stream.next() {
            if matches!(ev, DirEvent::Complete | DirEvent::Failed(_)) {
                break;
            }
        }
        worst = worst.max(t.elapsed().as_secs_f64());
        listings += 1;
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    println!("## listing the destination during a copy to a 5 MB/s share\n");
    println!(
        "{listings} listings of a 200-entry folder while 40 MiB were copied into it; slowest: {:.3} s\n",
        worst
    );
}

fn porpoise_copy(from: &Path, to: &Path, writeback: &str) -> Command {
    let mut c = Command::new(porpoise_benches::porpoise_command());
    c.env("RUST_LOG", "off")
        .args(["copy", "--progress=none"])
        .arg(format!("--writeback={writeback}"))
        .arg(from)
        .arg(to);
    c
}
