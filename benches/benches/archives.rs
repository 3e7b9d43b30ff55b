//! Archive benchmark, side by side with the floor tools in one run (medians of interleaved
//! rounds, the order rotating each round), on tmpfs so the compressors, not a disk, are
//! measured:
//! - extract a zip of 10 000 x 4 KiB (`porpoise extract` vs `unzip -q` and `bsdtar -xf`);
//! - extract a tar.zst of 1 GiB in 64 files (`tar --zstd -xf`), with its floor: the
//!   decompression alone (`zstd -dc`; one frame is decompressed on one core);
//! - compress a 10 000-file tree to zip (`zip -qr`, level 6 both) and to tar.zst
//!   (`tar --zstd -cf`, zstd level 3 both).
//!
//! Each contender runs as the only child of a runner (this benchmark started again), which
//! times it and reads its peak RSS (`getrusage` of its children).
//! A tool that is not installed is a row saying so. The data is text-like (words from a
//! small vocabulary with random numbers), compressible about 3:1 as documents are.
//! Each row waits up to 5 s for a quiet machine first, and says so when it was not.
//! Run: `cargo build --release -p porpoise-cli && cargo bench --bench archives`
//! (`PORPOISE_BENCH_TMPFS` chooses the folder, default /dev/shm; `PORPOISE_BENCH_BIG_MIB`
//! the size of the large tar.zst, default 1024; `PORPOISE_BENCH_ONLY=extract` or
//! `=compress` runs one half).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use porpoise_benches::median;

const SMALL_FILES: usize = 10_000;
const SMALL_SIZE: usize = 4 << 10;
const ROUNDS: usize = 5;
const BIG_ROUNDS: usize = 3;

fn main() {
    if std::env::var_os(RUNNER).is_some() {
        runner();
    }
    let base = std::env::var_os("PORPOISE_BENCH_TMPFS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/dev/shm"));
    let big_mib: usize = std::env::var("PORPOISE_BENCH_BIG_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let root = porpoise_benches::bench_folder(&base, "porpoise-archives-bench-");
    let root = root.path();
    println!(
        "# porpoise archive benchmark ({ROUNDS} interleaved rounds, {BIG_ROUNDS} for the \
         {big_mib} MiB tar.zst; medians; on {})\n",
        base.display()
    );
    println!("| workload | contender | ms | peak RSS MiB | vs fastest tool |");
    println!("|---|---|---|---|---|");
    let only = std::env::var("PORPOISE_BENCH_ONLY").unwrap_or_default();
    let small = root.join("small");
    make_tree(&small.join("tree"), SMALL_FILES, SMALL_SIZE);
    if only.is_empty() || only == "extract" {
        let zip = small.join("tree.zip");
        make_archive(&small, "tree.zip");
        extract_zip(root, &zip);
        let big = root.join("big");
        make_tree(&big.join("tree"), 64, (big_mib << 20) / 64);
        make_archive(&big, "tree.tar.zst");
        // The sources of the large archive are no longer needed: memory back.
        let _ = std::fs::remove_dir_all(big.join("tree"));
        extract_tar_zst(root, &big.join("tree.tar.zst"), big_mib);
        let _ = std::fs::remove_dir_all(&big);
    }
    if only.is_empty() || only == "compress" {
        compress_rows(&small);
    }
}

/// One timed contender: its name, and the command (run in `cwd`), made afresh before each
/// run after `out` was emptied.
struct Contender {
    name: String,
    tool: bool,
    command: Box<dyn Fn() -> Command>,
}

fn porpoise() -> Command {
    let mut c = Command::new(porpoise_benches::porpoise_command());
    c.env("RUST_LOG", "off");
    c
}

fn tool(name: &str, program: &'static str, args: Vec<String>) -> Option<Contender> {
    if !porpoise_testkit::have(program) {
        println!("| | {name} | skipped: {program} is not installed | | |");
        return None;
    }
    Some(Contender {
        name: name.to_owned(),
        tool: true,
        command: Box::new(move || {
            let mut c = Command::new(program);
            c.args(&args);
            c
        }),
    })
}

/// A row that is not a contender: the part of the work no extractor can avoid (the
/// ratio column still compares it with the fastest tool).
fn floor(name: &str, program: &'static str, args: Vec<String>) -> Option<Contender> {
    let mut c = tool(name, program, args)?;
    c.tool = false;
    Some(c)
}

fn ours(args: Vec<String>) -> Contender {
    Contender {
        name: "porpoise".to_owned(),
        tool: false,
        command: Box::new(move || {
            let mut c = porpoise();
            c.args(&args);
            c
        }),
    }
}

/// Run each contender `rounds` times in rotating order, in `cwd`, emptying `out` (a
/// folder, or a file when `out_file`) before each run; print a row each.
fn compare(
    workload: &str,
    cwd: &Path,
    out: &Path,
    out_file: bool,
    contenders: Vec<Option<Contender>>,
    rounds: usize,
) {
    let contenders: Vec<Contender> = contenders.into_iter().flatten().collect();
    // Several threads against one pipeline of two processes: other work on the machine
    // takes the cores the threads need, so the rows wait for a quiet machine first.
    let quiet = porpoise_benches::wait_for_quiet(Duration::from_secs(5));
    let workload = if quiet {
        workload.to_owned()
    } else {
        format!("{workload} (machine busy)")
    };
    let n = contenders.len();
    let mut times = vec![Vec::new(); n];
    let mut rss = vec![0u64; n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            if out_file {
                let _ = std::fs::remove_file(out);
            } else {
                let _ = std::fs::remove_dir_all(out);
                std::fs::create_dir_all(out).expect("mkdir");
            }
            let mut cmd = (contenders[i].command)();
            cmd.current_dir(cwd);
            let (ms, kib) = run(&cmd);
            times[i].push(ms);
            rss[i] = rss[i].max(kib);
        }
    }
    let medians: Vec<f64> = times.into_iter().map(median).collect();
    let fastest = contenders
        .iter()
        .zip(&medians)
        .filter(|(c, _)| c.tool)
        .map(|(_, &m)| m)
        .fold(f64::INFINITY, f64::min);
    for ((c, ms), kib) in contenders.iter().zip(&medians).zip(&rss) {
        let ratio = if fastest.is_finite() {
            format!("{:.2}", ms / fastest)
        } else {
            "-".to_owned()
        };
        println!(
            "| {workload} | {} | {ms:.0} | {:.1} | {ratio} |",
            c.name,
            *kib as f64 / 1024.0
        );
    }
    if out_file {
        let _ = std::fs::remove_file(out);
    } else {
        let _ = std::fs::remove_dir_all(out);
    }
}

/// Set in the environment of this benchmark started again as the runner of one command.
const RUNNER: &str = "PORPOISE_BENCH_ARCHIVES_RUNNER";

/// Run `cmd` to its end with its output discarded: milliseconds, and its peak RSS in KiB.
/// It runs under this benchmark started again as its runner, whose only child it is: the
/// runner's children's peak RSS is then the command's. Panics if it failed.
fn run(cmd: &Command) -> (f64, u64) {
    let exe = std::env::current_exe().expect("the benchmark's path");
    let mut runner = Command::new(exe);
    runner
        .env(RUNNER, "1")
        .arg(cmd.get_program())
        .args(cmd.get_args())
        .stderr(Stdio::inherit());
    if let Some(dir) = cmd.get_current_dir() {
        runner.current_dir(dir);
    }
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => runner.env(k, v),
            None => runner.env_remove(k),
        };
    }
    let out = runner.output().expect("run the runner");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{cmd:?} failed: {text}");
    let mut fields = text.split_whitespace();
    let ms = fields.next().and_then(|f| f.parse().ok()).expect("ms");
    let kib = fields.next().and_then(|f| f.parse().ok()).expect("KiB");
    (ms, kib)
}

/// As the runner: run the command of the arguments, its output discarded, and print the
/// milliseconds it took and its peak RSS in KiB; exit non-zero when it failed.
fn runner() -> ! {
    let mut args = std::env::args_os().skip(1);
    let program = args.next().expect("a program");
    let t = Instant::now();
    let status = Command::new(&program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run the command");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN)
        .expect("getrusage");
    println!("{ms} {}", usage.max_rss());
    std::process::exit(if status.success() { 0 } else { 1 });
}

/// `files` files of `size` bytes under `dir`, 100 to a folder, text-like.
fn make_tree(dir: &Path, files: usize, size: usize) {
    const WORDS: [&str; 16] = [
        "porpoise", "file", "manager", "archive", "folder", "data", "the", "of", "and", "to",
        "copy", "move", "device", "window", "bytes", "name",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut block = Vec::with_capacity(size.min(8 << 20) + 64);
    for i in 0..files {
        let sub = dir.join(format!("d{:03}", i / 100));
        if i % 100 == 0 {
            std::fs::create_dir_all(&sub).expect("mkdir");
        }
        let mut f = std::fs::File::create(sub.join(format!("f{i:05}.txt"))).expect("create");
        let mut left = size;
        while left > 0 {
            block.clear();
            while block.len() < left.min(8 << 20) {
                let r = next();
                block.extend_from_slice(WORDS[(r & 15) as usize].as_bytes());
                write!(block, " {} ", (r >> 8) % 100_000).expect("format");
            }
            block.truncate(left.min(8 << 20));
            f.write_all(&block).expect("write");
            left -= block.len();
        }
    }
}

/// `dir`/`name` made from `dir`/tree by porpoise.
fn make_archive(dir: &Path, name: &str) {
    let st = porpoise()
        .args(["compress", "--progress=none", "-o", name, "tree"])
        .current_dir(dir)
        .status()
        .expect("porpoise compress");
    assert!(st.success(), "making {name}");
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|&x| x.to_owned()).collect()
}

fn extract_zip(root: &Path, zip: &Path) {
    let out = root.join("out");
    let (zip, o) = (zip.to_str().expect("utf-8"), out.to_str().expect("utf-8"));
    compare(
        "extract zip 10 000 x 4 KiB",
        root,
        &out,
        false,
        vec![
            tool("unzip -q", "unzip", s(&["-q", zip, "-d", o])),
            tool("bsdtar -xf", "bsdtar", s(&["-xf", zip, "-C", o])),
            Some(ours(s(&["extract", "--progress=none", "-C", o, zip]))),
        ],
        ROUNDS,
    );
}

fn extract_tar_zst(root: &Path, archive: &Path, mib: usize) {
    let out = root.join("out");
    let (a, o) = (
        archive.to_str().expect("utf-8"),
        out.to_str().expect("utf-8"),
    );
    compare(
        &format!("extract tar.zst {mib} MiB (64 files)"),
        root,
        &out,
        false,
        vec![
            tool("tar --zstd -xf", "tar", s(&["--zstd", "-xf", a, "-C", o])),
            Some(ours(s(&["extract", "--progress=none", "-C", o, a]))),
            // One zstd frame decompresses on one core, whoever reads it: the floor.
            floor(
                "floor: zstd -dc (decompressing alone)",
                "zstd",
                s(&["-d", "-c", a]),
            ),
        ],
        BIG_ROUNDS,
    );
}

fn compress_rows(small: &Path) {
    let zip = small.join("made.zip");
    compare(
        "compress 10 000 files to zip",
        small,
        &zip,
        true,
        vec![
            tool("zip -qr", "zip", s(&["-qr", "made.zip", "tree"])),
            Some(ours(s(&[
                "compress",
                "--progress=none",
                "-o",
                "made.zip",
                "tree",
            ]))),
        ],
        ROUNDS,
    );
    let zst = small.join("made.tar.zst");
    compare(
        "compress 10 000 files to tar.zst",
        small,
        &zst,
        true,
        vec![
            tool(
                "tar --zstd -cf",
                "tar",
                s(&["--zstd", "-cf", "made.tar.zst", "tree"]),
            ),
            Some(ours(s(&[
                "compress",
                "--progress=none",
                "-o",
                "made.tar.zst",
                "tree",
            ]))),
        ],
        ROUNDS,
    );
}
