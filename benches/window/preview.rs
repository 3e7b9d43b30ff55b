//! How soon the quick preview of a 4000×3000 JPEG shows in the real window after Space,
//! under Xvfb on the CPU renderer as the window tests run it: from just before the key is
//! sent (by `xdotool`, a process of its own, whose start and end fall inside the time) until
//! a screenshot shows the photo large
//! (its colour over much of the window); then Escape, and again. Beside it in the same
//! run: the harness's own floor (a key that changes nothing, then one screenshot) and the
//! engine's decode of the same photo to the same box alone, in this process.
//!
//! Run: `cargo bench -p porpoise --bench preview` (needs Xvfb, openbox, xdotool and
//! tesseract, as the window tests do; `PORPOISE_BENCH_ROUNDS` sets the rounds, default 20).

#[path = "../../tests/desktop/mod.rs"]
mod desktop;

use std::time::{Duration, Instant};

use desktop::Launch;
use porpoise_testkit::pictures;

const ORANGE: [u8; 3] = [235, 125, 20];
/// The window's inside.
const SIZE: (u32, u32) = (1000, 700);

fn main() {
    let Some(desk) = desktop::bench_desktop() else {
        return;
    };
    let rounds = desktop::bench_rounds(20);
    let root = tempfile::tempdir().expect("a bench folder");
    let folder = root.path().join("photos");
    std::fs::create_dir_all(&folder).expect("mkdir");
    let photo = folder.join("sunflower.jpg");
    // Grain over every pixel, so the file is as large and as slow to decode as a photo's.
    let grainy = pictures::grainy(4000, 3000, ORANGE, 12);
    pictures::write(&photo, &pictures::jpeg(&grainy));
    let size = std::fs::metadata(&photo).map_or(0, |m| m.len());

    let win = desk.launch(Launch::new(root.path()).arg(&folder).window_binary());
    win.wait_title("the folder in the title", |t| t.ends_with("photos"));
    win.resize(SIZE.0, SIZE.1);
    win.click_text("sunflower");
    win.settle();
    let plain = win.shot().pixels_like(ORANGE);

    let mut shown = Vec::with_capacity(rounds);
    let mut floor = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        win.key("shift");
        let _ = win.shot().pixels_like(ORANGE);
        floor.push(ms(start.elapsed()));

        let start = Instant::now();
        win.key("space");
        loop {
            if win.shot().pixels_like(ORANGE) > plain + 150_000 {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "no preview");
        }
        shown.push(ms(start.elapsed()));
        win.key("Escape");
        while win.shot().pixels_like(ORANGE) > plain + 20_000 {}
        win.settle();
    }
    let box_px =
        porpoise::screen::preview::picture_box(iced::Size::new(SIZE.0 as f32, SIZE.1 as f32));
    let mut decode = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        let p = porpoise_engine::preview::picture(&photo, box_px).expect("the photo decodes");
        decode.push(ms(start.elapsed()));
        assert!(p.width <= box_px);
    }
    println!(
        "# porpoise quick preview benchmark: a 4000×3000 JPEG ({} KiB) in a {}×{} window, {rounds} rounds\n",
        size >> 10,
        SIZE.0,
        SIZE.1
    );
    println!("| what | median ms | 90th percentile ms | slowest ms |");
    println!("|---|---|---|---|");
    row("Space until the photo shows (window)", shown);
    row(
        "floor: a key that changes nothing, then one screenshot",
        floor,
    );
    row(
        &format!("the engine's decode to a {box_px}-pixel box alone"),
        decode,
    );
    win.closes_with("ctrl+q");
}

fn row(what: &str, mut times: Vec<f64>) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "| {what} | {:.0} | {:.0} | {:.0} |",
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
