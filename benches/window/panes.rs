//! Panes in the real window, under Xvfb as the window tests run it: the window's resident
//! memory with one 50 000-file folder shown, with the same folder in two panes (split
//! view: one listing, shared), and with two different 50 000-file folders side by side;
//! and how long it takes until the second pane shows its first rows after F3, beside the
//! time the first pane took to show the folder's first rows; and a 50 000-file folder
//! opened in place (Right in the details view) inside another, beside the same size of
//! folder shown on its own: memory and time to first rows. Each round is a fresh window
//! (two for the folder opened in place); medians of the rounds.
//!
//! Run: `cargo bench -p porpoise --bench panes` (needs Xvfb, openbox, xdotool and
//! tesseract, as the window tests do; `PORPOISE_BENCH_ROUNDS` sets the rounds, default 3).

#[path = "../../tests/desktop/mod.rs"]
mod desktop;

use std::path::Path;

use desktop::measure::{median, mib, settled_rss, time_until_drawn, wait_drawn};
use desktop::{Desktop, Launch, Window};

/// Files in each big folder.
const FILES: usize = 50_000;

fn main() {
    let Some(desk) = desktop::bench_desktop() else {
        return;
    };
    let rounds = desktop::bench_rounds(3);
    let root = tempfile::tempdir().expect("a bench folder");
    let home = root.path().join("home");
    std::fs::create_dir_all(home.join("start")).expect("mkdir");
    let one = root.path().join("filesone");
    let two = root.path().join("filestwo");
    make_files(&one, "filesone");
    make_files(&two, "filestwo");
    // A folder holding only a 50 000-file folder, to open in place.
    let outer = root.path().join("outer");
    make_files(&outer.join("filesnest"), "filesnest");

    println!("# porpoise panes benchmark ({rounds} rounds, medians; a fresh window each)\n");
    let mut figures: Vec<Round> = Vec::new();
    for _ in 0..rounds {
        let mut r = round(&desk, &home, &one, &two);
        (r.nested, r.nested_ms) = nested_round(&desk, &home, &outer);
        figures.push(r);
    }
    let med = |f: fn(&Round) -> f64| median(figures.iter().map(f).collect());
    println!("| what is shown | RSS growth MiB | first rows ms |");
    println!("|---|---|---|");
    println!(
        "| one pane, one 50 000-file folder | {:.1} | {:.0} |",
        med(|r| r.one_pane),
        med(|r| r.first_rows_ms)
    );
    println!(
        "| two panes, the same folder (F3) | {:.1} | {:.0} (after F3) |",
        med(|r| r.same_folder),
        med(|r| r.after_f3_ms)
    );
    println!(
        "| two panes, two different folders | {:.1} | |",
        med(|r| r.two_folders)
    );
    println!(
        "| one pane, a 50 000-file folder opened in place inside another (Right) | {:.1} | {:.0} (after Right) |",
        med(|r| r.nested),
        med(|r| r.nested_ms)
    );
    println!(
        "\nGrowth is over the window showing an empty folder. Goals: two different folders \
         ≤ 12 MB, the same folder in two panes ≤ 7 MB."
    );
}

/// One window's figures: RSS growth in MiB over the empty folder, times in ms.
struct Round {
    one_pane: f64,
    same_folder: f64,
    two_folders: f64,
    first_rows_ms: f64,
    after_f3_ms: f64,
    /// A 50 000-file folder opened in place: growth over its parent shown closed, and ms
    /// from Right to its first rows.
    nested: f64,
    nested_ms: f64,
}

fn round(desk: &Desktop, home: &Path, one: &Path, two: &Path) -> Round {
    let win = desk.launch(Launch::new(home).arg(home.join("start")).window_binary());
    win.wait_title("the empty folder in the title", |t| t.ends_with("start"));
    let base = settled_rss(&win);

    // One pane: the first folder typed in, until its first rows are drawn.
    win.key("ctrl+l");
    win.type_text(&one.to_string_lossy());
    let first_rows_ms = time_until_drawn(&win, "Return", "filesone", |_, _| true);
    let one_pane = mib(settled_rss(&win) - base);

    // F3: the same folder beside it.
    let middle = middle(&win);
    let after_f3_ms = time_until_drawn(&win, "F3", "filesone", move |x, y| x > middle && y > 90);
    let same_folder = mib(settled_rss(&win) - base);

    // The right pane goes to the second folder.
    let (_, _, width, height) = win.geometry();
    win.click(middle + (width as i32 - middle) / 2, height as i32 - 120);
    win.go_to(two);
    wait_drawn(&win, "filestwo", move |x, y| x > middle && y > 90);
    let two_folders = mib(settled_rss(&win) - base);
    win.closes_with("ctrl+q");
    Round {
        one_pane,
        same_folder,
        two_folders,
        first_rows_ms,
        after_f3_ms,
        nested: 0.0,
        nested_ms: 0.0,
    }
}

/// A fresh window on `outer` (one folder, `filesnest`, of 50 000 files): Down selects
/// the folder, Right opens it in place; growth in MiB over the window before, and ms
/// until its first rows are drawn.
fn nested_round(desk: &Desktop, home: &Path, outer: &Path) -> (f64, f64) {
    let win = desk.launch(Launch::new(home).arg(outer).window_binary());
    win.wait_title("the outer folder in the title", |t| t.ends_with("outer"));
    wait_drawn(&win, "filesnest", |_, y| y > 73);
    win.key("Down");
    let base = settled_rss(&win);
    let ms = time_until_drawn(&win, "Right", "filesnest-", |_, y| y > 73);
    let growth = mib(settled_rss(&win) - base);
    win.closes_with("ctrl+q");
    (growth, ms)
}

/// Where the two panes meet: halfway across the room Places leaves.
fn middle(win: &Window) -> i32 {
    let width = win.geometry().2 as i32;
    211 + (width - 211) / 2
}

/// `FILES` empty files named `<prefix>-00000` … in `dir`.
fn make_files(dir: &Path, prefix: &str) {
    std::fs::create_dir_all(dir).expect("mkdir");
    for i in 0..FILES {
        std::fs::write(dir.join(format!("{prefix}-{i:05}")), b"").expect("write");
    }
}
