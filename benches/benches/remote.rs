//! Remote places through GVfs, side by side in one run (medians of interleaved rounds),
//! against the same shares on servers this bench starts on loopback (Samba's smbd with a
//! guest share, OpenSSH's sshd for SFTP, GVfs's daemons on a private session bus):
//! - listing a 10 000-file folder: `porpoise ls` on its address and the engine's lister on
//!   its path in GVfs's FUSE folder (as the window lists it), against `gio list` and
//!   `smbclient -c ls` (SMB) or `sftp -b` (SFTP);
//! - copying 1 000 × 16 KiB files and one 256 MiB file to the share: `porpoise copy` against
//!   `gio copy` and `smbclient` (`mput`/`put`) or `sftp` (`put`);
//! - copying the 256 MiB file from the share: `porpoise copy` against `cp` from the FUSE
//!   folder (the way Porpoise read it before), `gio copy` and `smbclient`/`sftp` (`get`).
//!
//! Every GVfs route goes through the protocol's backend (gvfsd-smb, gvfsd-sftp and its
//! ssh), one process that serves one request at a time: the CPU time it spends while
//! `porpoise` runs is printed as a row of its own, the floor of any route through GVfs.
//! So is the server's (smbd, or sshd and its sftp-server) while `porpoise` runs: on this
//! machine it shares the cores, and gvfsd-smb waits for each of smbd's answers. On SMB the
//! two take turns (gvfsd-smb asks from one job thread and waits each time), so the job
//! thread's CPU and the server's, added up, are a row too: the floor of any GVfs route.
//!
//! The shares are folders on memory (/dev/shm where there is one), so the rows time the
//! way to the server, not its disk's writeback of the last round's 256 MiB.
//!
//! Run: `cargo bench --bench remote` (as root, with Samba, OpenSSH, GVfs and `smbclient`;
//! `PORPOISE_BENCH_ROUNDS` sets the rounds, default 5 for listings and 3 for copies;
//! `PORPOISE_BENCH_ONLY` runs the rows whose share or row name holds each of its
//! comma-separated words: `smb`, `sftp`, `list`, `16 kib`, `smb,256 mib`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use porpoise_benches::median;
use porpoise_engine::listing::{DirEvent, ListOptions, open_dir};
use porpoise_testkit::procs;
use porpoise_testkit::servers::{self, GvfsSession, Samba, Sshd};

const LIST_FILES: usize = 10_000;
const SMALL_FILES: usize = 1_000;
const SMALL_SIZE: usize = 16 << 10;
const BIG_SIZE: usize = 256 << 20;

/// One contender of a row: its name, and one timed run in milliseconds.
type Contender<'a> = (String, Box<dyn FnMut() -> f64 + 'a>);

/// The CPU time GVfs's backends (every process under `gvfsd` but its FUSE folder's), their
/// job threads, and the servers (every process of smbd's and sshd's) spend while
/// Porpoise's runs go, one sample a run.
struct CpuWatch {
    gvfsd: u32,
    servers: Vec<u32>,
    samples: RefCell<Vec<Sample>>,
}

impl CpuWatch {
    fn new(session: &GvfsSession, servers: Vec<u32>) -> CpuWatch {
        CpuWatch {
            gvfsd: session.daemon_pid(),
            servers,
            samples: RefCell::new(Vec::new()),
        }
    }

    /// Run `run`, keeping the backends' and servers' CPU milliseconds while it ran; its
    /// time. A process that ended meanwhile (the server's for a peer's connection) is left
    /// out: its time would be gone from the second look.
    fn watch(&self, run: impl FnOnce() -> f64) -> f64 {
        let before = self.ticks();
        let busy_before = busy_ticks();
        let ms = run();
        let busy_after = busy_ticks();
        let after = self.ticks();
        let per_tick = 1e3 / rustix::param::clock_ticks_per_second() as f64;
        let spent = |i: usize| {
            let ticks: u64 = after[i]
                .iter()
                .map(|(id, t)| t.saturating_sub(before[i].get(id).copied().unwrap_or(0)))
                .sum();
            ticks as f64 * per_tick
        };
        self.samples.borrow_mut().push(Sample {
            backend: spent(0),
            server: spent(1),
            job_threads: spent(2),
            machine: busy_after.saturating_sub(busy_before) as f64 * per_tick / cores(),
        });
        ms
    }

    /// The CPU ticks so far of each backend process, of each server process, and of each
    /// backend's job thread.
    fn ticks(&self) -> [HashMap<u32, u64>; 3] {
        let mut parents = HashMap::new();
        let mut ticks = HashMap::new();
        for process in procs::processes() {
            parents.insert(process.pid, process.parent);
            if process.name != "gvfsd-fuse" {
                ticks.insert(process.pid, process.ticks);
            }
        }
        let under = |roots: &[u32], mut pid: u32| {
            while let Some(&parent) = parents.get(&pid) {
                if roots.contains(&parent) {
                    return true;
                }
                pid = parent;
            }
            false
        };
        let of = |keep: &dyn Fn(u32) -> bool| {
            ticks
                .iter()
                .filter(|(pid, _)| keep(**pid))
                .map(|(pid, t)| (*pid, *t))
                .collect()
        };
        let backends: HashMap<u32, u64> = of(&|pid| under(&[self.gvfsd], pid));
        let job_threads = backends.keys().flat_map(|&pid| job_threads(pid)).collect();
        [
            backends,
            of(&|pid| self.servers.contains(&pid) || under(&self.servers, pid)),
            job_threads,
        ]
    }

    /// Print the rows of the samples so far (and forget them), beside `fastest_peer`.
    fn row(&self, share: &Share, row: &str, fastest_peer: f64) {
        let samples = std::mem::take(&mut *self.samples.borrow_mut());
        let backend = median(samples.iter().map(|s| s.backend).collect());
        let server = median(samples.iter().map(|s| s.server).collect());
        if share.one_job_at_a_time {
            let chain = median(samples.iter().map(|s| s.job_threads + s.server).collect());
            println!(
                "| {row} | the backend's job thread and the server, taking turns (floor of any GVfs route to SMB) | {chain:.1} | {:.2} |",
                chain / fastest_peer
            );
        }
        println!(
            "| {row} | GVfs backend's CPU while porpoise ran (floor of any GVfs route) | {backend:.1} | {:.2} |",
            backend / fastest_peer
        );
        println!(
            "| {row} | the server's CPU while porpoise ran | {server:.1} | {:.2} |",
            server / fastest_peer
        );
        let machine = median(samples.iter().map(|s| s.machine).collect());
        println!(
            "| {row} | every process's CPU while porpoise ran, over the {} cores | {machine:.1} | {:.2} |",
            cores(),
            machine / fastest_peer
        );
    }
}

/// The CPU milliseconds one run of Porpoise's took from the GVfs backends, the servers and
/// the backends' job threads.
struct Sample {
    backend: f64,
    server: f64,
    job_threads: f64,
    /// Every process's CPU, over the machine's cores.
    machine: f64,
}

/// The machine's cores.
fn cores() -> f64 {
    std::thread::available_parallelism().map_or(1, usize::from) as f64
}

/// The CPU ticks every core of the machine spent busy so far (`/proc/stat`: all but idle
/// and waiting for I/O).
fn busy_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/stat").expect("/proc/stat");
    let all: Vec<u64> = stat
        .lines()
        .next()
        .expect("the line of all cores")
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().expect("a count of ticks"))
        .collect();
    // user nice system idle iowait irq softirq steal (guest time is in user's already)
    all.iter().take(8).sum::<u64>() - all[3] - all[4]
}

/// The CPU ticks so far of each job thread of the process `pid`: the threads of GLib's
/// thread pool, on which GVfs's daemon runs a backend's blocking calls.
fn job_threads(pid: u32) -> Vec<(u32, u64)> {
    procs::threads(pid)
        .into_iter()
        .filter(|thread| thread.name == "pool" || thread.name.starts_with("pool-"))
        .map(|thread| (thread.pid, thread.ticks))
        .collect()
}

/// A share as the contenders reach it.
struct Share {
    /// `SMB` or `SFTP`.
    label: &'static str,
    /// The share's address, as GVfs takes it.
    uri: String,
    /// The share's folder on the server's disk.
    backing: PathBuf,
    /// The share's path in GVfs's FUSE folder, once mounted.
    fuse: PathBuf,
    /// The peer tool of the protocol, run with a script of its commands.
    peer: Box<dyn Fn(&str) -> Command>,
    peer_name: &'static str,
    /// Its backend makes every request to the server from one job thread and waits for
    /// each answer (gvfsd-smb: GVfs's daemon runs a backend's blocking calls on a pool of
    /// one thread, and libsmbclient's calls block), so that thread's CPU and the server's
    /// add up to a time no route through the backend goes under.
    one_job_at_a_time: bool,
}

fn main() {
    if let Err(why) = servers::available() {
        println!("(remote benchmarks skipped: {why})");
        return;
    }
    for tool in ["gio", "smbclient", "sftp"] {
        if !porpoise_testkit::have(tool) {
            println!("(remote benchmarks skipped: {tool} is missing)");
            return;
        }
    }
    let rounds = |default: usize| {
        std::env::var("PORPOISE_BENCH_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(default)
    };
    let memory = Path::new("/dev/shm");
    // A short name: ssh's control socket goes in the session's runtime folder in it, and
    // a socket's path has at most 107 bytes.
    let dir = if memory.is_dir() {
        porpoise_benches::bench_folder(memory, "pr-")
    } else {
        tempfile::tempdir().expect("tempdir")
    };
    let samba = Samba::start(dir.path());
    let sshd = Sshd::start(dir.path());
    sshd.trust_host_key();
    let session = GvfsSession::start(dir.path(), &[&sshd.bin]);
    // The engine's lister runs in this process, whose GIO must reach the same GVfs as the
    // window's would: the session's variables are set before GIO first reads them, while
    // this process still has one thread (the servers are processes of their own).
    for (key, value) in session.env() {
        porpoise_engine::host::set_env_while_alone(key, &value.to_string_lossy());
    }
    let sources = make_sources(dir.path());
    let shares = [
        smb_share(&samba, &session),
        sftp_share(&sshd, dir.path(), &session),
    ];
    println!(
        "# remote places through GVfs (interleaved rounds, medians in ms; ratio to the fastest peer)\n"
    );
    let only = Only(std::env::var("PORPOISE_BENCH_ONLY").unwrap_or_default());
    let backend = CpuWatch::new(&session, vec![samba.pid(), sshd.pid()]);
    for share in &shares {
        println!("## {} ({})\n", share.label, share.uri);
        println!("| row | contender | ms | vs fastest peer |");
        println!("|---|---|---|---|");
        listing(share, &session, &backend, rounds(5), &only);
        let run = Run {
            share,
            session: &session,
            backend: &backend,
            sources: &sources,
            rounds: rounds(3),
        };
        copying(&run, &only);
        println!();
    }
}

/// Which rows run: those whose share or row name holds each comma-separated word.
struct Only(String);

impl Only {
    fn runs(&self, share: &Share, row: &str) -> bool {
        let names = format!("{} {row}", share.label).to_lowercase();
        self.0
            .to_lowercase()
            .split(',')
            .map(str::trim)
            .all(|word| names.contains(word))
    }
}

/// What the copies copy: a folder of small files and one big file.
struct Sources {
    small: PathBuf,
    big: PathBuf,
}

fn make_sources(dir: &Path) -> Sources {
    let src = dir.join("sources");
    let small = src.join("small");
    std::fs::create_dir_all(&small).expect("mkdir");
    for i in 0..SMALL_FILES {
        let data: Vec<u8> = (0..SMALL_SIZE).map(|j| (j * 7 + i) as u8).collect();
        std::fs::write(small.join(format!("f{i:04}.bin")), data).expect("write");
    }
    let big = src.join("big.bin");
    let block: Vec<u8> = (0..1usize << 20).map(|j| (j % 251) as u8).collect();
    let mut data = Vec::with_capacity(BIG_SIZE);
    while data.len() < BIG_SIZE {
        data.extend_from_slice(&block);
    }
    std::fs::write(&big, data).expect("write");
    Sources { small, big }
}

fn smb_share(samba: &Samba, session: &GvfsSession) -> Share {
    let uri = samba.uri("guest");
    let port = samba.port;
    Share {
        label: "SMB",
        fuse: mount(session, &uri),
        uri,
        backing: samba.guest.clone(),
        peer: Box::new(move |script| {
            let mut c = Command::new("smbclient");
            c.args([
                "//localhost/guest",
                "-N",
                "-p",
                &port.to_string(),
                "-c",
                script,
            ]);
            c
        }),
        peer_name: "smbclient",
        one_job_at_a_time: true,
    }
}

fn sftp_share(sshd: &Sshd, dir: &Path, session: &GvfsSession) -> Share {
    let backing = dir.join("sftp");
    std::fs::create_dir_all(&backing).expect("mkdir");
    let uri = format!("sftp://root@127.0.0.1:{}{}", sshd.port, backing.display());
    let ssh = sshd.bin.join("ssh");
    let port = sshd.port;
    let root = backing.clone();
    let scripts = dir.join("sftp-script");
    Share {
        label: "SFTP",
        fuse: mount(session, &uri),
        uri,
        backing,
        peer: Box::new(move |script| {
            // One command a line: sftp's batch files have no `;`.
            let lines = script.replace("; ", "\n");
            std::fs::write(&scripts, format!("cd {}\n{lines}\n", root.display()))
                .expect("the sftp script");
            let mut c = Command::new("sftp");
            c.arg("-S")
                .arg(&ssh)
                .args(["-P", &port.to_string(), "-b"])
                .arg(&scripts)
                .arg("root@127.0.0.1");
            c
        }),
        peer_name: "sftp",
        one_job_at_a_time: false,
    }
}

/// Mount `uri` (it asks nothing) with `porpoise ls`; its path in GVfs's FUSE folder.
fn mount(session: &GvfsSession, uri: &str) -> PathBuf {
    timed(porpoise(session).args(["ls", uri]));
    let out = Command::new("gio")
        .args(["info", uri])
        .envs(session.env())
        .output()
        .expect("gio info");
    let info = String::from_utf8_lossy(&out.stdout);
    info.lines()
        .find_map(|l| l.strip_prefix("local path: "))
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("{uri} has no local path: {info}"))
}

fn porpoise(session: &GvfsSession) -> Command {
    let mut c = Command::new(porpoise_benches::porpoise_command());
    c.envs(session.env()).env("RUST_LOG", "off");
    c
}

fn gio(session: &GvfsSession) -> Command {
    let mut c = Command::new("gio");
    c.envs(session.env());
    c
}

/// The engine's lister on `path` as the window runs it, to its end; how many entries.
fn engine_list(path: &Path) -> usize {
    let stream = open_dir(
        path.to_owned(),
        ListOptions {
            watch: false,
            ..ListOptions::default()
        },
    );
    let mut n = 0;
    while let Some(ev) = stream.next() {
        match ev {
            DirEvent::Batch(b) => n += b.entries.len(),
            DirEvent::Complete => break,
            DirEvent::Failed(e) => panic!("{}", porpoise_engine::error::chain(&e)),
            _ => {}
        }
    }
    n
}

fn listing(share: &Share, session: &GvfsSession, backend: &CpuWatch, rounds: usize, only: &Only) {
    let row = format!("list {LIST_FILES} files");
    if !only.runs(share, &row) {
        return;
    }
    let folder = share.backing.join("many");
    std::fs::create_dir_all(&folder).expect("mkdir");
    for i in 0..LIST_FILES {
        std::fs::write(folder.join(format!("photo_{i:05}.jpg")), b"x").expect("write");
    }
    let uri = format!("{}/many", share.uri);
    let fuse = share.fuse.join("many");
    assert_eq!(
        engine_list(&fuse),
        LIST_FILES,
        "the engine lists every file"
    );
    let contenders: Vec<Contender<'_>> = vec![
        (
            "porpoise ls".into(),
            Box::new(|| backend.watch(|| timed(porpoise(session).args(["ls", &uri])))),
        ),
        (
            "engine lister (FUSE path)".into(),
            Box::new(|| {
                let t = Instant::now();
                std::hint::black_box(engine_list(&fuse));
                t.elapsed().as_secs_f64() * 1e3
            }),
        ),
        (
            "gio list".into(),
            Box::new(|| timed(gio(session).args(["list", &uri]))),
        ),
        (
            format!("{} ls", share.peer_name),
            Box::new(|| timed(&mut (share.peer)("cd many; ls"))),
        ),
    ];
    let fastest_peer = table(&row, contenders, 2, rounds, || {});
    backend.row(share, &row, fastest_peer);
}

/// An empty folder `in` on the share, for the next copy.
fn fresh_in(share: &Share) {
    let dest = share.backing.join("in");
    let _ = std::fs::remove_dir_all(&dest);
    std::fs::create_dir(&dest).expect("mkdir");
}

/// What the copy rows' contenders run against: the share, GVfs's session, the backends'
/// CPU, the files copied, and how many rounds.
#[derive(Clone, Copy)]
struct Run<'a> {
    share: &'a Share,
    session: &'a GvfsSession,
    backend: &'a CpuWatch,
    sources: &'a Sources,
    rounds: usize,
}

fn copying(run: &Run<'_>, only: &Only) {
    let row = format!("copy {SMALL_FILES} × 16 KiB");
    if only.runs(run.share, &row) {
        copy_small(run, &row);
    }
    let row = "copy 1 × 256 MiB";
    if only.runs(run.share, row) {
        copy_big(run, row);
    }
    let row = "copy 1 × 256 MiB from it";
    if only.runs(run.share, row) {
        copy_big_out(run, row);
    }
}

/// The big file copied from the share into an empty local folder.
fn copy_big_out(run: &Run<'_>, row: &str) {
    let out = run.share.backing.join("out");
    std::fs::create_dir_all(&out).expect("mkdir");
    std::fs::copy(&run.sources.big, out.join("big.bin")).expect("the big file on the share");
    let here = run.sources.big.with_file_name("here");
    let fresh = || {
        let _ = std::fs::remove_dir_all(&here);
        std::fs::create_dir(&here).expect("mkdir");
    };
    fresh();
    let uri = format!("{}/out/big.bin", run.share.uri);
    let peer_script = format!("cd out; lcd {}; get big.bin", here.display());
    let contenders: Vec<Contender<'_>> = vec![
        (
            "porpoise copy".into(),
            Box::new(|| {
                run.backend.watch(|| {
                    timed(
                        porpoise(run.session)
                            .args(["copy", "--progress=none", &uri])
                            .arg(&here),
                    )
                })
            }),
        ),
        (
            "cp from the FUSE path (the route before)".into(),
            Box::new(|| {
                timed(
                    Command::new("cp")
                        .arg(run.share.fuse.join("out/big.bin"))
                        .arg(&here),
                )
            }),
        ),
        (
            "gio copy".into(),
            Box::new(|| timed(gio(run.session).args(["copy", &uri]).arg(&here))),
        ),
        (
            format!("{} get", run.share.peer_name),
            Box::new(|| timed(&mut (run.share.peer)(&peer_script))),
        ),
    ];
    let fastest_peer = table(row, contenders, 2, run.rounds, fresh);
    run.backend.row(run.share, row, fastest_peer);
    let copied = std::fs::metadata(here.join("big.bin")).map(|m| m.len());
    assert_eq!(copied.ok(), Some(BIG_SIZE as u64), "the big file arrived");
}

/// The shell-like line of the peer tool that changes to the sources' folder.
fn peer_lcd(sources: &Sources) -> String {
    let src_dir = sources.small.parent().expect("the sources' folder");
    format!("lcd {}", src_dir.display())
}

fn copy_small(run: &Run<'_>, row: &str) {
    let into = format!("{}/in", run.share.uri);
    let small_files: Vec<PathBuf> = (0..SMALL_FILES)
        .map(|i| run.sources.small.join(format!("f{i:04}.bin")))
        .collect();
    let lcd = peer_lcd(run.sources);
    let peer_small = if run.share.label == "SMB" {
        format!("prompt OFF; recurse ON; {lcd}; cd in; mput small")
    } else {
        format!("{lcd}; put -r small in/")
    };
    let gio_small = || {
        gio(run.session)
            .args(["mkdir", &format!("{into}/small")])
            .status()
            .expect("gio mkdir");
        timed(
            gio(run.session)
                .arg("copy")
                .args(&small_files)
                .arg(format!("{into}/small")),
        )
    };
    let contenders = copy_contenders(*run, &run.sources.small, &into, gio_small, &peer_small);
    let fastest_peer = table(row, contenders, 2, run.rounds, || fresh_in(run.share));
    run.backend.row(run.share, row, fastest_peer);
    check_copied(&run.share.backing.join("in/small"), SMALL_FILES);
}

fn copy_big(run: &Run<'_>, row: &str) {
    let into = format!("{}/in", run.share.uri);
    let lcd = peer_lcd(run.sources);
    let peer_big = if run.share.label == "SMB" {
        format!("{lcd}; cd in; put big.bin")
    } else {
        format!("{lcd}; put big.bin in/")
    };
    let gio_big = || {
        timed(
            gio(run.session)
                .arg("copy")
                .arg(&run.sources.big)
                .arg(&into),
        )
    };
    let contenders = copy_contenders(*run, &run.sources.big, &into, gio_big, &peer_big);
    let fastest_peer = table(row, contenders, 2, run.rounds, || fresh_in(run.share));
    run.backend.row(run.share, row, fastest_peer);
    let copied = std::fs::metadata(run.share.backing.join("in/big.bin")).map(|m| m.len());
    assert_eq!(copied.ok(), Some(BIG_SIZE as u64), "the big file arrived");
}

/// The contenders of a copy of `source` into `into`: Porpoise, `cp -r` to the FUSE path
/// (the floor of the route Porpoise takes), `gio` (run by `gio_copy`) and the peer tool
/// with `peer_script`.
fn copy_contenders<'a>(
    run: Run<'a>,
    source: &'a Path,
    into: &'a str,
    gio_copy: impl FnMut() -> f64 + 'a,
    peer_script: &'a str,
) -> Vec<Contender<'a>> {
    let Run {
        share,
        session,
        backend,
        ..
    } = run;
    vec![
        (
            "porpoise copy".into(),
            Box::new(move || {
                backend.watch(|| {
                    timed(
                        porpoise(session)
                            .args(["copy", "--progress=none"])
                            .arg(source)
                            .arg(into),
                    )
                })
            }),
        ),
        (
            "cp -r to the FUSE path (floor of that route)".into(),
            Box::new(move || {
                timed(
                    Command::new("cp")
                        .arg("-r")
                        .arg(source)
                        .arg(share.fuse.join("in")),
                )
            }),
        ),
        ("gio copy".into(), Box::new(gio_copy)),
        (
            format!("{} put", share.peer_name),
            Box::new(move || timed(&mut (share.peer)(peer_script))),
        ),
    ]
}

/// Run `cmd` to its end with its output kept; milliseconds it took. Panics with what it
/// said if it failed.
fn timed(cmd: &mut Command) -> f64 {
    let t = Instant::now();
    let out = cmd.stdin(Stdio::null()).output().expect("run");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    ms
}

/// The last copy put `n` files in `dir` on the server.
fn check_copied(dir: &Path, n: usize) {
    let count = std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0);
    assert_eq!(count, n, "{} holds every copied file", dir.display());
}

/// Run `contenders` in `rounds` interleaved rounds (`before` ahead of each run) and print
/// their medians; the fastest peer's median. The first `ours` are Porpoise's (or the floor of its route), the rest
/// its peers, whose fastest the ratios are to.
fn table(
    row: &str,
    mut contenders: Vec<Contender<'_>>,
    ours: usize,
    rounds: usize,
    mut before: impl FnMut(),
) -> f64 {
    let mut times = vec![Vec::new(); contenders.len()];
    for round in 0..rounds {
        for k in 0..contenders.len() {
            let i = (round + k) % contenders.len();
            before();
            times[i].push((contenders[i].1)());
        }
    }
    let medians: Vec<f64> = times.into_iter().map(median).collect();
    let fastest_peer = medians[ours..].iter().copied().fold(f64::MAX, f64::min);
    for ((name, _), ms) in contenders.iter().zip(&medians) {
        println!("| {row} | {name} | {ms:.1} | {:.2} |", ms / fastest_peer);
    }
    fastest_peer
}
