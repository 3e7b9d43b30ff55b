//! How long the real window takes to draw what moves all its rows, under Xvfb on the CPU
//! renderer as the window tests run it: a new size, and three notches of the wheel. After
//! each, the time until the window has answered two pings (the first as it reads the
//! change, the second once it has handled it), and the window's CPU time per step: the
//! frames' cost. On a folder of 3 000 files, with one pane and with two (split view, F3);
//! the same seeded steps in both.
//!
//! Run: `cargo bench -p porpoise --bench redraw` (needs Xvfb, openbox, xdotool and
//! tesseract, as the window tests do; `PORPOISE_BENCH_ROUNDS` sets the steps, default 40).

#[path = "../../tests/desktop/mod.rs"]
mod desktop;

use std::time::Duration;

use desktop::{Launch, Window};
use porpoise_testkit::rng::Rng;

/// Files in the folder shown.
const FILES: usize = 3_000;

fn main() {
    let Some(desk) = desktop::bench_desktop() else {
        return;
    };
    let steps = desktop::bench_rounds(40);
    let root = tempfile::tempdir().expect("a bench folder");
    let folder = root.path().join("many");
    std::fs::create_dir_all(&folder).expect("mkdir");
    for i in 0..FILES {
        std::fs::write(folder.join(format!("file-{i:04}.txt")), b"").expect("write");
    }
    let win = desk.launch(Launch::new(root.path()).arg(&folder).window_binary());
    win.wait_title("the folder in the title", |t| t.ends_with("many"));
    win.settle();

    println!(
        "# porpoise redraw benchmark ({steps} steps each, the window's answer to a ping after each)\n"
    );
    println!(
        "| panes | what changes | median ms | 90th percentile ms | slowest ms | CPU ms per step |"
    );
    println!("|---|---|---|---|---|---|");
    row("one", "size", after_each(&win, steps, resize));
    row("one", "scroll (3 notches)", after_each(&win, steps, scroll));
    win.key("F3");
    win.settle();
    row("two (split view)", "size", after_each(&win, steps, resize));
    row(
        "two (split view)",
        "scroll (3 notches)",
        after_each(&win, steps, scroll),
    );
    win.closes_with("ctrl+q");
}

/// A new size from the seeded sizes (within those the soak picks from, above the
/// window's smallest).
fn resize(win: &Window, rng: &mut Rng) {
    let (width, height) = (700 + rng.below(500) as u32, 480 + rng.below(270) as u32);
    win.resize(width, height);
}

/// Three wheel notches down or up over the (left) folder view.
fn scroll(win: &Window, rng: &mut Rng) {
    let (_, _, width, height) = win.geometry();
    win.point(260 + (width as i32 - 260) / 4, height as i32 / 2);
    win.wheel(if rng.below(3) == 0 { -3 } else { 3 });
}

/// Do `change` `steps` times with the same seed, pinging after each; the answer times in
/// ms, and the window's CPU time per step.
fn after_each(win: &Window, steps: usize, change: fn(&Window, &mut Rng)) -> (Vec<f64>, f64) {
    let mut rng = Rng(7);
    let cpu_before = win.cpu_ticks();
    let mut times = Vec::with_capacity(steps);
    for _ in 0..steps {
        change(win, &mut rng);
        // The first ping is answered as the window reads the change, the second only
        // after it has handled it.
        let took = win.ping_time().expect("the window answers")
            + win.ping_time().expect("the window answers");
        times.push(ms(took));
    }
    // Clock ticks are 1/100 s.
    let cpu = (win.cpu_ticks() - cpu_before) as f64 * 10.0 / steps as f64;
    (times, cpu)
}

fn row(panes: &str, what: &str, (mut times, cpu): (Vec<f64>, f64)) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "| {panes} | {what} | {:.0} | {:.0} | {:.0} | {cpu:.0} |",
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
