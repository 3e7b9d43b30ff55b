//! Listing benchmark, side by side with `ls -l -U` in one run (medians of interleaved rounds):
//! `porpoise ls -l` and the in-process engine on 5 000 and 50 000 files, on tmpfs and ext4;
//! memory of a shown 50 000-entry folder and of twelve 20 000-entry folders walked through
//! the cache; the worker-to-consumer channel against a socketpair.
//!
//! Run: `cargo bench --bench listing` (set `PORPOISE_BENCH_TMPFS` / `PORPOISE_BENCH_EXT4`
//! to choose the folders; defaults: /dev/shm and the system temp folder).

use porpoise_benches::{median, ms_and_ratio, timed};

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use porpoise_engine::listing::{DirEvent, ListOptions, Lister, ListerCache, list_all, open_dir};

const ROUNDS: usize = 9;

fn main() {
    let tmpfs = std::env::var_os("PORPOISE_BENCH_TMPFS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/dev/shm"));
    let ext4 = std::env::var_os("PORPOISE_BENCH_EXT4")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    println!("# porpoise listing benchmark ({ROUNDS} interleaved rounds, medians)\n");
    // First, while the process's heap is fresh.
    channel();
    for (label, base) in [("tmpfs", &tmpfs), ("ext4", &ext4)] {
        let root = porpoise_benches::bench_folder(base, "porpoise-bench-");
        let fs = fs_type(root.path());
        println!("## {label} ({}: {fs})\n", root.path().display());
        println!(
            "| files | ls -l -U ms | porpoise ls -l ms | ratio | engine ms | ratio | shown (lister) ms |"
        );
        println!("|---|---|---|---|---|---|---|");
        let mut engine_ms = Vec::new();
        let mut shown_ms = Vec::new();
        for n in [5_000usize, 50_000] {
            let dir = root.path().join(format!("n{n}"));
            make_files(&dir, n);
            let r = time_listing(&dir);
            println!(
                "| {n} | {:.1} | {} | {} | {:.1} |",
                r.ls,
                ms_and_ratio(r.porpoise, r.ls),
                ms_and_ratio(r.engine, r.ls),
                r.shown
            );
            engine_ms.push(r.engine);
            shown_ms.push(r.shown);
        }
        println!(
            "\n50k / 5k time ratio: engine {:.1}, shown in a lister (batches merged) {:.1}\n",
            engine_ms[1] / engine_ms[0],
            shown_ms[1] / shown_ms[0]
        );
    }
    memory(&tmpfs);
}

fn fs_type(p: &Path) -> String {
    let out = Command::new("stat")
        .args(["-f", "-c", "%T"])
        .arg(p)
        .output()
        .expect("stat -f");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

fn make_files(dir: &Path, n: usize) {
    std::fs::create_dir_all(dir).expect("mkdir");
    for i in 0..n {
        let name = format!("photo_{i:06}_holiday.jpg");
        std::fs::write(dir.join(name), (i % 97).to_string()).expect("create");
    }
}

struct Times {
    ls: f64,
    porpoise: f64,
    engine: f64,
    /// Listed on the worker, handed over in batches and merged into a sorted lister.
    shown: f64,
}

fn time_listing(dir: &Path) -> Times {
    let bin = porpoise_benches::porpoise_command();
    let (mut ls, mut po, mut en, mut sh) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Warm the caches once.
    timed(Command::new("ls").args(["-l", "-U"]).arg(dir));
    for round in 0..ROUNDS {
        let mut steps: [&mut dyn FnMut(); 4] = [
            &mut || ls.push(timed(Command::new("ls").args(["-l", "-U"]).arg(dir))),
            &mut || po.push(timed(Command::new(&bin).args(["ls", "-l"]).arg(dir))),
            &mut || {
                // In-process and short: sampled five times a round.
                for _ in 0..5 {
                    let t = Instant::now();
                    let l = list_all(dir).expect("list");
                    std::hint::black_box(&l);
                    en.push(t.elapsed().as_secs_f64() * 1e3);
                }
            },
            &mut || {
                for _ in 0..3 {
                    let t = Instant::now();
                    let l = show(dir);
                    std::hint::black_box(&l);
                    sh.push(t.elapsed().as_secs_f64() * 1e3);
                }
            },
        ];
        steps.rotate_left(round % 4);
        for s in steps.iter_mut() {
            s();
        }
    }
    Times {
        ls: median(ls),
        porpoise: median(po),
        engine: median(en),
        shown: median(sh),
    }
}

fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("statm");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("resident pages");
    pages * rustix::param::page_size() as u64
}

/// Show a folder the way the window does: stream it into a lister.
fn show(dir: &Path) -> Lister {
    let opts = ListOptions {
        watch: false,
        sort: Some(Default::default()),
        ..ListOptions::default()
    };
    let s = open_dir(dir.to_path_buf(), opts);
    let mut l = Lister::new(dir, Default::default());
    while let Some(ev) = s.next() {
        let end = matches!(ev, DirEvent::Complete | DirEvent::Failed(_));
        l.apply(ev);
        if end {
            break;
        }
    }
    l
}

fn mib(b: u64) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

fn memory(base: &Path) {
    let root = tempfile::tempdir_in(base).expect("bench folder");
    let big = root.path().join("big");
    make_files(&big, 50_000);
    let folders: Vec<PathBuf> = (0..12)
        .map(|i| {
            let d = root.path().join(format!("walk{i:02}"));
            make_files(&d, 20_000);
            d
        })
        .collect();
    // Warm up the threads and allocator once so the baseline holds them.
    drop(show(&folders[0]));

    println!("## memory\n");
    let before = rss_bytes();
    let shown = show(&big);
    let after = rss_bytes();
    println!(
        "- shown 50 000-entry folder: RSS growth {:.2} MiB; lister heap {:.2} MiB ({:.1} B/entry); record {} B",
        mib(after.saturating_sub(before)),
        mib(shown.heap_bytes() as u64),
        shown.heap_bytes() as f64 / 50_000.0,
        std::mem::size_of::<porpoise_engine::Entry>()
    );
    drop(shown);

    let before = rss_bytes();
    let mut cache = ListerCache::default();
    for d in &folders {
        let l = show(d);
        cache.put(l);
    }
    let after = rss_bytes();
    println!(
        "- after walking twelve 20 000-entry folders: {} cached, RSS growth {:.2} MiB, cache heap {:.2} MiB\n",
        cache.len(),
        mib(after.saturating_sub(before)),
        mib(cache.heap_bytes() as u64)
    );
}

fn channel() {
    println!("## worker -> consumer channel vs socketpair (medians of 5)\n");
    println!("| message | channel msg/s | socketpair msg/s | ratio |");
    println!("|---|---|---|---|");
    for size in [256usize, 4096, 65536, 512 * 1024] {
        let count = (256 * 1024 * 1024 / size).clamp(2_000, 200_000);
        let (mut ch, mut sock) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            ch.push(channel_rate(size, count));
            sock.push(socket_rate(size, count));
        }
        let (ch, sock) = (median(ch), median(sock));
        println!(
            "| {} B | {:.0} | {:.0} | {:.1}x |",
            size,
            ch,
            sock,
            ch / sock
        );
    }
}

/// Owned buffers handed over the engine's worker-to-consumer channel: the consumer gets
/// the same allocation.
fn channel_rate(size: usize, count: usize) -> f64 {
    let (tx, rx) = porpoise_engine::listing::stream::handoff::<Vec<u8>>();
    let t = Instant::now();
    let worker = std::thread::spawn(move || {
        for i in 0..count {
            let mut v = vec![0u8; size];
            v[0] = i as u8;
            if !tx.send(v) {
                break;
            }
        }
    });
    let mut sum = 0u64;
    while let Some(v) = rx.next() {
        sum += u64::from(v[0]);
    }
    worker.join().expect("worker");
    std::hint::black_box(sum);
    count as f64 / t.elapsed().as_secs_f64()
}

/// The same messages through a socketpair: written, copied by the kernel, read back.
fn socket_rate(size: usize, count: usize) -> f64 {
    let (mut a, mut b) = std::os::unix::net::UnixStream::pair().expect("socketpair");
    let t = Instant::now();
    let worker = std::thread::spawn(move || {
        for i in 0..count {
            let mut v = vec![0u8; size];
            v[0] = i as u8;
            a.write_all(&(size as u32).to_le_bytes()).expect("write");
            a.write_all(&v).expect("write");
        }
    });
    let mut sum = 0u64;
    let mut len = [0u8; 4];
    for _ in 0..count {
        b.read_exact(&mut len).expect("read");
        let mut v = vec![0u8; u32::from_le_bytes(len) as usize];
        b.read_exact(&mut v).expect("read");
        sum += u64::from(v[0]);
    }
    worker.join().expect("worker");
    std::hint::black_box(sum);
    count as f64 / t.elapsed().as_secs_f64()
}
