//! Search benchmark, side by side with the floor tools in one run (medians of interleaved
//! rounds, the order rotating each round), process to process: a 200 000-entry tree
//! (2 000 folders, a third of them three levels deeper, of 99 small text files each) on
//! tmpfs and on ext4. By name: `porpoise find TREE report` against `fdfind -u report`
//! and `find -iname '*report*'`; the time until `porpoise find` printed its first line
//! (and `fdfind`'s, for reference); by content: `porpoise find TREE '' --content TEXT`
//! against `rg -l -u TEXT` and `grep -rl TEXT`. Each contender's result set is checked
//! against the others' first (a benchmark of a wrong answer is worth nothing). Warm: every
//! contender runs once before the rounds; the caches are not dropped. A tool that is not
//! installed (`fd-find`, `ripgrep`) leaves its column empty.
//!
//! Run: `cargo build --release && cargo bench --bench search` (`PORPOISE_BENCH_TMPFS` /
//! `PORPOISE_BENCH_EXT4` choose the folders; defaults: /dev/shm, and a fresh journaled
//! ext4 on a loop device over the real disk (`porpoise_benches::disk`; as root), else the
//! system temp folder).

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use porpoise_benches::{median, timed};

const ROUNDS: usize = 7;
const FOLDERS: usize = 2_000;
const FILES_PER_FOLDER: usize = 99;
/// The longest a round waits for the machine to be quiet.
const QUIET_WAIT: Duration = Duration::from_secs(5);
const NAME: &str = "report";
const TEXT: &str = "quarterly budget";

fn main() {
    let places = porpoise_benches::disk::BenchPlaces::from_env();
    let fd = porpoise_testkit::which("fdfind").or_else(|| porpoise_testkit::which("fd"));
    let rg = porpoise_testkit::which("rg");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "# porpoise search benchmark ({ROUNDS} interleaved rounds, medians in ms; warm caches; \
         {cores} cores)\n"
    );
    println!(
        "tree: {} entries ({FOLDERS} folders of {FILES_PER_FOLDER} files); name `{NAME}`, \
         content `{TEXT}`\n",
        FOLDERS * (FILES_PER_FOLDER + 1)
    );
    println!(
        "| fs | fd -u | find -iname | porpoise | ÷fd | ÷find | first line: porpoise | fd | rg -l -u | grep -rl | porpoise --content | ÷rg | ÷grep | quiet rounds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (label, base) in [("tmpfs", &places.tmpfs), ("ext4", &places.ext4)] {
        let dir = porpoise_benches::bench_folder(base, "porpoise-search-bench-");
        let tree = dir.path().join("tree");
        make_tree(&tree);
        let c = Contenders {
            tree: &tree,
            porpoise: porpoise_benches::porpoise_command(),
            fd: fd.clone(),
            rg: rg.clone(),
        };
        c.check_same_results();
        let t = c.time();
        let ratio = |a: f64, b: Option<f64>| b.map_or("–".into(), |b| format!("{:.2}", a / b));
        let ms = |v: Option<f64>| v.map_or("–".into(), |v| format!("{v:.1}"));
        println!(
            "| {label} | {} | {:.1} | {:.1} | {} | {:.2} | {:.1} | {} | {} | {:.1} | {:.1} | {} | {:.2} | {}/{ROUNDS} |",
            ms(t.fd),
            t.find,
            t.name,
            ratio(t.name, t.fd),
            t.name / t.find,
            t.first,
            ms(t.fd_first),
            ms(t.rg),
            t.grep,
            t.content,
            ratio(t.content, t.rg),
            t.content / t.grep,
            t.quiet
        );
    }
    if let Err(why) = &places.fresh {
        println!("\n(ext4: no fresh image: {why})");
    }
    println!(
        "\ngoals: by name ≤ 0.80 of fd -u and ≤ 0.60 of find -iname; first line < 50 ms; \
         by content ≤ 1.20 of rg -l -u"
    );
}

/// 2 000 folders in 10 groups, every third three levels deeper; 99 files each, some
/// named `…report…` and some holding the text.
fn make_tree(tree: &Path) {
    for d in 0..FOLDERS {
        let dir = porpoise_benches::album_folder(tree, d);
        for f in 0..FILES_PER_FOLDER {
            let name = match (d * 7 + f) % 50 {
                0 => format!("Quarterly Report {f:03}.pdf"),
                1 => format!("report-{f:03}.txt"),
                _ => format!("notes_{f:03}.txt"),
            };
            let mut text = String::new();
            for line in 0..((d + f) % 40) {
                text.push_str("some ordinary words on a line of notes, nothing more\n");
                if (d + f + line) % 97 == 0 {
                    text.push_str("the quarterly budget is due\n");
                }
            }
            std::fs::write(dir.join(name), text).expect("create");
        }
    }
}

struct Contenders<'a> {
    tree: &'a Path,
    porpoise: PathBuf,
    fd: Option<PathBuf>,
    rg: Option<PathBuf>,
}

struct Times {
    fd: Option<f64>,
    find: f64,
    name: f64,
    first: f64,
    fd_first: Option<f64>,
    rg: Option<f64>,
    grep: f64,
    content: f64,
    quiet: usize,
}

impl Contenders<'_> {
    fn by_name(&self) -> Command {
        let mut c = Command::new(&self.porpoise);
        c.arg("find").arg(self.tree).arg(NAME).arg("--hidden");
        c
    }

    fn by_content(&self) -> Command {
        let mut c = Command::new(&self.porpoise);
        c.arg("find")
            .arg(self.tree)
            .arg("")
            .args(["--hidden", "--content", TEXT]);
        c
    }

    fn fd(&self, fd: &Path) -> Command {
        let mut c = Command::new(fd);
        c.args(["-u", NAME]).arg(self.tree);
        c
    }

    fn find(&self) -> Command {
        let mut c = Command::new("find");
        c.arg(self.tree)
            .args(["-mindepth", "1", "-iname", &format!("*{NAME}*")]);
        c
    }

    fn rg(&self, rg: &Path) -> Command {
        let mut c = Command::new(rg);
        c.args(["-l", "-u", "--", TEXT]).arg(self.tree);
        c
    }

    fn grep(&self) -> Command {
        let mut c = Command::new("grep");
        c.args(["-rl", "--", TEXT]).arg(self.tree);
        c
    }

    /// Every contender finds the same paths.
    fn check_same_results(&self) {
        let set = |mut c: Command| -> BTreeSet<String> {
            let out = c.output().expect("run");
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| l.trim_end_matches('/').to_owned())
                .collect()
        };
        // Porpoise's paths are not none, and each other tool that is there finds the same.
        let agree = |ours: Command, others: [Option<(Command, &str)>; 2]| {
            let ours = set(ours);
            assert!(!ours.is_empty());
            for (c, tool) in others.into_iter().flatten() {
                assert_eq!(ours, set(c), "porpoise find and {tool} differ");
            }
        };
        agree(
            self.by_name(),
            [
                Some((self.find(), "find -iname")),
                self.fd.as_ref().map(|fd| (self.fd(fd), "fd -u")),
            ],
        );
        agree(
            self.by_content(),
            [
                Some((self.grep(), "grep -rl")),
                self.rg.as_ref().map(|rg| (self.rg(rg), "rg -l")),
            ],
        );
    }

    fn time(&self) -> Times {
        type Step<'s> = (&'s str, Box<dyn Fn() -> f64 + 's>);
        let mut steps: Vec<Step<'_>> = vec![
            ("name", Box::new(|| timed(&mut self.by_name()))),
            ("find", Box::new(|| timed(&mut self.find()))),
            ("first", Box::new(|| first_line_ms(self.by_name()))),
            ("content", Box::new(|| timed(&mut self.by_content()))),
            ("grep", Box::new(|| timed(&mut self.grep()))),
        ];
        if let Some(fd) = &self.fd {
            steps.push(("fd", Box::new(move || timed(&mut self.fd(fd)))));
            steps.push(("fd_first", Box::new(move || first_line_ms(self.fd(fd)))));
        }
        if let Some(rg) = &self.rg {
            steps.push(("rg", Box::new(move || timed(&mut self.rg(rg)))));
        }
        for (_, s) in &steps {
            s();
        }
        let mut got: std::collections::HashMap<&str, Vec<f64>> = Default::default();
        let mut quiet = 0;
        for _ in 0..ROUNDS {
            if porpoise_benches::wait_for_quiet(QUIET_WAIT) {
                quiet += 1;
            }
            steps.rotate_left(1);
            for (name, s) in &steps {
                got.entry(name).or_default().push(s());
            }
        }
        let mut m = |k: &str| got.remove(k).map(median);
        Times {
            fd: m("fd"),
            find: m("find").unwrap_or(f64::NAN),
            name: m("name").unwrap_or(f64::NAN),
            first: m("first").unwrap_or(f64::NAN),
            fd_first: m("fd_first"),
            rg: m("rg"),
            grep: m("grep").unwrap_or(f64::NAN),
            content: m("content").unwrap_or(f64::NAN),
            quiet,
        }
    }
}

/// Milliseconds from starting `cmd` until its first byte of output arrives (it then runs
/// to its end, unread output discarded).
fn first_line_ms(mut cmd: Command) -> f64 {
    let t = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run");
    let mut out = child.stdout.take().expect("stdout");
    let mut byte = [0u8; 1];
    let n = out.read(&mut byte).expect("read");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert_eq!(n, 1, "{cmd:?} printed nothing");
    std::io::copy(&mut out, &mut std::io::sink()).expect("drain");
    assert!(child.wait().expect("wait").success());
    ms
}
