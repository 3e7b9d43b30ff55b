//! File-job benchmark, side by side with the floor tools in one run (medians of interleaved
//! rounds, the order rotating each round), on tmpfs and ext4:
//! - copy 5 000 x 256 B, 1 000 x 16 KiB, 100 x 1 MiB and 1 x 256 MiB (`cp -r`, and `cpz`),
//!   and a 1 GiB sparse file with 8 KiB of data (`cp -r`; the blocks of each copy too);
//! - delete a 5 000- and a 20 000-file folder, 15 000 files spread 10, 100, 300 and 800
//!   levels deep (`rm -rf`, and `rmz`), and 5 000 separate paths (`rm -f`, and `rmz`).
//!
//! Each copy contender starts with its source read into memory (see `warm`).
//! `cpz`/`rmz` (crates.io) are used when found in PATH or ~/.cargo/bin.
//! Run: `cargo bench --bench jobs` (`PORPOISE_BENCH_TMPFS` / `PORPOISE_BENCH_EXT4` choose
//! the folders; defaults: /dev/shm, and a fresh journaled ext4 on a loop device over the
//! real disk (`porpoise_benches::disk`; as root), else the system temp folder. `PORPOISE_BENCH_ONLY=copy`
//! or `=delete` runs one half, `=sparse` the sparse file alone, `=verify` the cost of `--verify` on ext4;
//! `PORPOISE_BENCH_BASELINE=/path/to/porpoise` adds another build to the copies' rounds).

use porpoise_benches::{median, timed};

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROUNDS: usize = 7;
/// The small-file copies take tens of milliseconds and vary by several percent from run
/// to run on this kind of machine: more rounds make their medians steadier.
const SMALL_ROUNDS: usize = 15;

fn main() {
    // Unless folders are given: a fresh journaled ext4 on the real disk (as root), else
    // the system temp folder; /dev/shm for tmpfs.
    let places = porpoise_benches::disk::BenchPlaces::from_env();
    let (tmpfs, ext4) = (places.tmpfs.clone(), places.ext4.clone());
    let only = std::env::var("PORPOISE_BENCH_ONLY").unwrap_or_default();
    let cpz = find_tool("cpz");
    let rmz = find_tool("rmz");
    println!(
        "# porpoise file-job benchmark ({ROUNDS} interleaved rounds, {SMALL_ROUNDS} for small-file \
         copies, 5 for 256 MiB; medians in ms)\n"
    );
    println!(
        "cpz: {}, rmz: {}\n",
        cpz.as_ref()
            .map_or("not found".into(), |p| p.display().to_string()),
        rmz.as_ref()
            .map_or("not found".into(), |p| p.display().to_string())
    );
    for (label, base) in [("tmpfs", &tmpfs), ("ext4", &ext4)] {
        let root = porpoise_benches::bench_folder(base, "porpoise-jobs-bench-");
        println!("## {label} ({})\n", root.path().display());
        println!(
            "| workload | floor tool | floor ms | z tool ms | porpoise ms | vs floor | vs z |"
        );
        println!("|---|---|---|---|---|---|---|");
        if only.is_empty() || only == "copy" {
            copies(root.path(), cpz.as_deref());
        }
        if only == "sparse" {
            sparse_copy(root.path());
        }
        if only == "verify" && label == "ext4" {
            verify_cost(root.path(), &tmpfs);
        }
        if only.is_empty() || only == "delete" {
            deletes(root.path(), rmz.as_deref());
        }
        println!();
    }
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).map(PathBuf::from)
}

fn find_tool(name: &str) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

/// One timed command, prepared afresh before each run (preparation is not timed).
struct Contender<'a> {
    prepare: Box<dyn FnMut() + 'a>,
    command: Box<dyn FnMut() -> Command + 'a>,
}

/// Medians of each contender, run in rotating order so none always goes first.
fn compare(contenders: &mut [Contender<'_>], rounds: usize) -> Vec<f64> {
    let n = contenders.len();
    let mut times = vec![Vec::new(); n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            let c = &mut contenders[i];
            (c.prepare)();
            times[i].push(timed(&mut (c.command)()));
        }
    }
    times.into_iter().map(median).collect()
}

fn row(workload: &str, floor_tool: &str, t: &[f64]) {
    let (floor, z, ours) = match t {
        [f, z, o] => (*f, Some(*z), *o),
        [f, o] => (*f, None, *o),
        _ => unreachable!(),
    };
    println!(
        "| {workload} | {floor_tool} | {floor:.1} | {} | {ours:.1} | {:.2} | {} |",
        z.map_or("-".into(), |z| format!("{z:.1}")),
        ours / floor,
        z.map_or("-".into(), |z| format!("{:.2}", ours / z)),
    );
}

fn copies(root: &Path, cpz: Option<&Path>) {
    let baseline = env_path("PORPOISE_BENCH_BASELINE");
    for (label, files, size, rounds) in [
        ("copy 5 000 x 256 B", 5_000, 256, SMALL_ROUNDS),
        ("copy 1 000 x 16 KiB", 1_000, 16 << 10, SMALL_ROUNDS),
        ("copy 100 x 1 MiB", 100, 1 << 20, ROUNDS),
        ("copy 1 x 256 MiB", 1, 256 << 20, 5),
    ] {
        let template = &root.join(format!("copy-{files}-{size}"));
        make_files(template, files, size);
        let out = &root.join("out");
        let fresh = || {
            let _ = std::fs::remove_dir_all(out);
            std::fs::create_dir(out).expect("mkdir");
            warm(template);
        };
        let baseline = baseline.as_deref();
        let mut contenders = vec![Contender {
            prepare: Box::new(fresh),
            command: Box::new(move || {
                let mut c = Command::new("cp");
                c.arg("-r").arg(template).arg(out);
                c
            }),
        }];
        if let Some(cpz) = cpz {
            contenders.push(Contender {
                prepare: Box::new(fresh),
                command: Box::new(move || {
                    let mut c = Command::new(cpz);
                    c.arg(template).arg(out.join("t"));
                    c
                }),
            });
        }
        contenders.push(Contender {
            prepare: Box::new(fresh),
            command: Box::new(move || {
                let mut c = porpoise();
                c.args(["copy", "--progress=none"]).arg(template).arg(out);
                c
            }),
        });
        // Another build of porpoise (an earlier commit), in the same rounds.
        if let Some(b) = baseline {
            contenders.push(Contender {
                prepare: Box::new(fresh),
                command: Box::new(move || {
                    let mut c = Command::new(b);
                    c.env("RUST_LOG", "off");
                    c.args(["copy", "--progress=none"]).arg(template).arg(out);
                    c
                }),
            });
        }
        let mut t = compare(&mut contenders, rounds);
        if baseline.is_some()
            && let Some(base) = t.pop()
        {
            println!(
                "| {label}, baseline build | cp -r | {:.1} | - | {base:.1} | {:.2} | this build {:.2}x of it |",
                t[0],
                base / t[0],
                t[t.len() - 1] / base
            );
        }
        row(label, "cp -r", &t);
        let _ = std::fs::remove_dir_all(out);
        let _ = std::fs::remove_dir_all(template);
    }
    sparse_copy(root);
}

/// The cost of `--verify` (read every copy back from the device and compare) on the
/// fresh ext4: 1 000 x 1 MiB and 1 x 256 MiB, beside the plain copy and the plain copy
/// followed by `sync -f` (what verify's fsync costs alone), in the same rounds. The
/// sources are on tmpfs (`sources`); the disk needs `PORPOISE_BENCH_EXT4_MIB=2048` for
/// the 1 000 MiB copy.
fn verify_cost(root: &Path, sources: &Path) {
    let sources = tempfile::Builder::new()
        .prefix("porpoise-verify-bench-")
        .tempdir_in(sources)
        .expect("source folder");
    for (label, files, size) in [
        ("1 000 x 1 MiB", 1_000, 1 << 20),
        ("1 x 256 MiB", 1, 256 << 20),
    ] {
        let template = &sources.path().join(format!("verify-{files}-{size}"));
        make_files(template, files, size);
        let out = &root.join("out");
        let fresh = || {
            let _ = std::fs::remove_dir_all(out);
            std::fs::create_dir(out).expect("mkdir");
            let _ = Command::new("sync").arg("-f").arg(out).status();
            warm(template);
        };
        let copy = move |extra: &[&str]| {
            let mut c = porpoise();
            c.args(["copy", "--progress=none"])
                .args(extra)
                .arg(template)
                .arg(out);
            c
        };
        let mut contenders = vec![
            Contender {
                prepare: Box::new(fresh),
                command: Box::new(move || copy(&[])),
            },
            Contender {
                prepare: Box::new(fresh),
                command: Box::new(move || {
                    let mut c = Command::new("sh");
                    c.arg("-c")
                        .arg(r#""$0" copy --progress=none "$1" "$2" && sync -f "$2""#)
                        .arg(porpoise_benches::porpoise_command())
                        .arg(template)
                        .arg(out);
                    c
                }),
            },
            Contender {
                prepare: Box::new(fresh),
                command: Box::new(move || copy(&["--verify"])),
            },
        ];
        let t = compare(&mut contenders, 3);
        println!(
            "| verify {label} | plain copy | {:.1} | + sync -f {:.1} | --verify {:.1} | {:.2} | {:.2} vs + sync |",
            t[0],
            t[1],
            t[2],
            t[2] / t[0],
            t[2] / t[1]
        );
        let _ = std::fs::remove_dir_all(out);
        let _ = std::fs::remove_dir_all(template);
    }
}

/// A 1 GiB file holding 8 KiB of data (4 KiB at the start and in the middle): `cp -r`
/// (which keeps holes, `--sparse=auto`) and porpoise, in the same run; then the blocks
/// each copy takes.
fn sparse_copy(root: &Path) {
    use std::io::{Seek, SeekFrom, Write};
    use std::os::unix::fs::MetadataExt;
    let template = &root.join("sparse");
    std::fs::create_dir_all(template).expect("mkdir");
    let mut f = std::fs::File::create(template.join("disk.img")).expect("create");
    for at in [0u64, 512 << 20] {
        f.seek(SeekFrom::Start(at)).expect("seek");
        f.write_all(&[0xa5; 4096]).expect("write");
    }
    f.set_len(1 << 30).expect("set_len");
    drop(f);
    let out = &root.join("out");
    let fresh = || {
        let _ = std::fs::remove_dir_all(out);
        std::fs::create_dir(out).expect("mkdir");
    };
    let mut contenders = vec![
        Contender {
            prepare: Box::new(fresh),
            command: Box::new(move || {
                let mut c = Command::new("cp");
                c.arg("-r").arg(template).arg(out);
                c
            }),
        },
        Contender {
            prepare: Box::new(fresh),
            command: Box::new(move || {
                let mut c = porpoise();
                c.args(["copy", "--progress=none"]).arg(template).arg(out);
                c
            }),
        },
    ];
    row(
        "copy 1 x 1 GiB sparse (8 KiB data)",
        "cp -r",
        &compare(&mut contenders, ROUNDS),
    );
    let blocks = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.blocks());
    let source = blocks(&template.join("disk.img"));
    fresh();
    let _ = Command::new("cp").arg("-r").arg(template).arg(out).status();
    let by_cp = blocks(&out.join("sparse/disk.img"));
    fresh();
    let _ = porpoise()
        .args(["copy", "--progress=none"])
        .arg(template)
        .arg(out)
        .status();
    let ours = blocks(&out.join("sparse/disk.img"));
    println!(
        "|  st_blocks (512 B) of the 1 GiB sparse file | source {source} | cp {by_cp} | | porpoise {ours} | | |"
    );
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_dir_all(template);
}

/// `rm` with `rm_flag`, rmz when there is one, and `porpoise rm`, each removing `targets` after `fresh` made them again.
fn removers<'a>(
    fresh: impl FnMut() + Copy + 'a,
    rm_flag: &'a str,
    rmz: Option<&'a Path>,
    targets: &'a [PathBuf],
) -> Vec<Contender<'a>> {
    let mut contenders = vec![Contender {
        prepare: Box::new(fresh),
        command: Box::new(move || {
            let mut c = Command::new("rm");
            c.arg(rm_flag).args(targets);
            c
        }),
    }];
    if let Some(rmz) = rmz {
        contenders.push(Contender {
            prepare: Box::new(fresh),
            command: Box::new(move || {
                let mut c = Command::new(rmz);
                c.args(targets);
                c
            }),
        });
    }
    contenders.push(Contender {
        prepare: Box::new(fresh),
        command: Box::new(move || {
            let mut c = porpoise();
            c.args(["rm", "--progress=none"]).args(targets);
            c
        }),
    });
    contenders
}

fn deletes(root: &Path, rmz: Option<&Path>) {
    let victim = &root.join("victim");
    let mut trees: Vec<(String, PathBuf)> = Vec::new();
    for n in [5_000, 20_000] {
        let t = root.join(format!("flat-{n}"));
        make_files(&t, n, 0);
        trees.push((format!("delete a {n}-file folder"), t));
    }
    for depth in [10, 100, 300, 800] {
        let t = root.join(format!("deep-{depth}"));
        make_deep(&t, depth, 15_000);
        trees.push((format!("delete 15 000 files {depth} levels deep"), t));
    }
    for (label, template) in &trees {
        let fresh = || fresh_copy(template, victim);
        let targets = std::slice::from_ref(victim);
        let mut contenders = removers(fresh, "-rf", rmz, targets);
        row(label, "rm -rf", &compare(&mut contenders, ROUNDS));
    }
    // Separate paths: every file of the 5 000-file folder named on the command line.
    let template = &trees[0].1;
    let paths = &(0..5_000)
        .map(|i| victim.join(file_name(i)))
        .collect::<Vec<PathBuf>>();
    let fresh = || fresh_copy(template, victim);
    let mut contenders = removers(fresh, "-f", rmz, paths);
    row(
        "delete 5 000 separate paths",
        "rm -f",
        &compare(&mut contenders, ROUNDS),
    );
    let _ = std::fs::remove_dir_all(victim);
}

fn file_name(i: usize) -> String {
    format!("file_{i:05}.txt")
}

fn make_files(dir: &Path, n: usize, size: usize) {
    std::fs::create_dir_all(dir).expect("mkdir");
    let data = vec![b'x'; size];
    for i in 0..n {
        std::fs::write(dir.join(file_name(i)), &data).expect("write");
    }
}

/// Read every file of `dir`, so each contender starts with its source in memory. (On
/// this kind of machine the memory manager pages out what was not touched for a second
/// or so; without this, whichever tool runs after a pause reads its source from disk.)
fn warm(dir: &Path) {
    let mut buf = vec![0u8; 1 << 20];
    for entry in std::fs::read_dir(dir).expect("read template").flatten() {
        if let Ok(mut f) = std::fs::File::open(entry.path()) {
            while matches!(f.read(&mut buf), Ok(n) if n > 0) {}
        }
    }
}

/// `files` empty files spread evenly over a chain of `depth` nested folders.
fn make_deep(root: &Path, depth: usize, files: usize) {
    let mut dir = root.to_path_buf();
    for level in 0..depth {
        std::fs::create_dir_all(&dir).expect("mkdir");
        let here = files / depth + usize::from(level < files % depth);
        for i in 0..here {
            std::fs::write(dir.join(file_name(i)), b"").expect("write");
        }
        dir.push("d");
    }
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

fn porpoise() -> Command {
    let mut c = Command::new(porpoise_benches::porpoise_command());
    c.env("RUST_LOG", "off");
    c
}
