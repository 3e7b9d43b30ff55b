//! A 50 000-file folder opened in the real window (under Xvfb, as the window tests run
//! it) with no screen reader listening and with one listening (the AT-SPI bus switched
//! on, the window publishing its tree): how long until the first rows are drawn, the
//! window's CPU time until the listing has settled, and its memory growth; with a screen
//! reader, also how long until a client of the bus (pyatspi, polling) finds the first
//! row in the tree. Each round is a fresh window for each; medians of the rounds.
//!
//! Run: `cargo bench -p porpoise --bench accessible` (needs what `window_accessible`
//! needs; `PORPOISE_BENCH_ROUNDS` sets the rounds, default 3).

#[path = "../../tests/desktop/mod.rs"]
mod desktop;

use std::path::Path;
use std::time::Instant;

use desktop::measure::{median, mib, settled_rss, time_until_drawn};
use desktop::{Accessibility, Desktop, Launch, PATIENCE, wait_for};

/// Files in the big folder.
const FILES: usize = 50_000;
const PREFIX: &str = "filesbig";

fn main() {
    if let Err(why) = Accessibility::available() {
        eprintln!("{why}: nothing measured");
        return;
    }
    let Some(desk) = desktop::bench_desktop() else {
        return;
    };
    let rounds = desktop::bench_rounds(3);
    let root = tempfile::tempdir().expect("a bench folder");
    let home = root.path().join("home");
    std::fs::create_dir_all(home.join("start")).expect("mkdir");
    let big = root.path().join(PREFIX);
    std::fs::create_dir_all(&big).expect("mkdir");
    for i in 0..FILES {
        std::fs::write(big.join(format!("{PREFIX}-{i:05}")), b"").expect("write");
    }

    println!("# porpoise with a screen reader ({rounds} rounds, medians; a fresh window each)\n");
    let mut off = Vec::new();
    let mut on = Vec::new();
    let mut read = Vec::new();
    for _ in 0..rounds {
        off.push(round(&desk, &home, &big, None, false));
        let a11y = Accessibility::start(desk.display());
        on.push(round(&desk, &home, &big, Some(&a11y), false));
        read.push(round(&desk, &home, &big, Some(&a11y), true));
    }
    let med = |rs: &[Round], f: fn(&Round) -> f64| median(rs.iter().map(f).collect());
    println!(
        "| screen reader | first rows ms | window CPU ms | RSS growth MiB | row in the tree ms |"
    );
    println!("|---|---|---|---|---|");
    let rows = [
        ("none", &off),
        ("listening", &on),
        ("listening, a client reading the tree", &read),
    ];
    for (name, rs) in rows {
        let tree = match rs[0].tree_ms > 0.0 {
            false => "–".to_owned(),
            true => format!("{:.0}", med(rs, |r| r.tree_ms)),
        };
        let drawn = match rs[0].first_rows_ms > 0.0 {
            false => "–".to_owned(),
            true => format!("{:.0}", med(rs, |r| r.first_rows_ms)),
        };
        println!(
            "| {name} | {drawn} | {:.0} | {:.1} | {tree} |",
            med(rs, |r| r.cpu_ms),
            med(rs, |r| r.growth),
        );
    }
    println!(
        "\nThe time runs from Return in the location bar. \"Row in the tree\" is when a \
         client polling the bus (a Python process each poll, from Return on) first finds \
         a row of the folder: an upper bound. The window's CPU time there includes \
         answering the client's questions."
    );
}

/// One window's figures.
struct Round {
    first_rows_ms: f64,
    cpu_ms: f64,
    growth: f64,
    tree_ms: f64,
}

/// A fresh window on the empty folder (on `a11y`'s bus where given), the big folder typed
/// in and opened; `read`: a client reads the tree over and over until it finds a row.
fn round(
    desk: &Desktop,
    home: &Path,
    big: &Path,
    a11y: Option<&Accessibility>,
    read: bool,
) -> Round {
    let mut launch = Launch::new(home).arg(home.join("start")).window_binary();
    if let Some(a) = a11y {
        launch = launch.env("DBUS_SESSION_BUS_ADDRESS", a.bus_address());
    }
    let win = desk.launch(launch);
    win.wait_title("the empty folder in the title", |t| t.ends_with("start"));
    if let Some(a) = a11y {
        a.wait_node("table", "Files in start");
    }
    let base = settled_rss(&win);
    win.key("ctrl+l");
    win.type_text(&big.to_string_lossy());
    let ticks = win.cpu_ticks();
    // The client looks for the first row from Return on, beside the screenshots.
    let (first_rows_ms, tree_ms) = std::thread::scope(|scope| {
        let start = Instant::now();
        let tree = scope.spawn(move || match a11y.filter(|_| read) {
            Some(a) => {
                wait_for("a row of the folder in the tree", PATIENCE, || {
                    a.tree()
                        .iter()
                        .any(|(role, name, _)| role == "table row" && name.starts_with(PREFIX))
                        .then_some(())
                });
                start.elapsed().as_secs_f64() * 1000.0
            }
            None => 0.0,
        });
        // While the client reads, nothing else takes the processor from it: the frames
        // are not captured and read.
        let drawn = match read {
            true => {
                win.send_keys("Return");
                0.0
            }
            false => time_until_drawn(&win, "Return", PREFIX, |_, y| y > 73),
        };
        (drawn, tree.join().expect("the client's thread"))
    });
    let growth = mib(settled_rss(&win) - base);
    let cpu_ms = (win.cpu_ticks() - ticks) as f64 * 1000.0 / clock_ticks();
    win.closes_with("ctrl+q");
    Round {
        first_rows_ms,
        cpu_ms,
        growth,
        tree_ms,
    }
}

/// Clock ticks a second, as `/proc/PID/stat` counts CPU time.
fn clock_ticks() -> f64 {
    let out = std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .expect("getconf");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(100.0)
}
