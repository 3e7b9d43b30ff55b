//! What the window benchmarks measure of a window: how long until a frame shows a word
//! (frames captured as fast as the screen can be read, read afterwards), and the
//! window's resident memory once it settles.

use std::time::{Duration, Instant};

use super::{PATIENCE, Shot, Window, wait_for};

/// Press `key` and return the milliseconds until a frame shows a word starting with
/// `word` where `place` allows: frames are captured as fast as the screen can be read,
/// those that changed kept with their time, and read afterwards, first to last.
pub fn time_until_drawn(
    win: &Window,
    key: &str,
    word: &str,
    place: impl Fn(i32, i32) -> bool + Copy,
) -> f64 {
    let start = Instant::now();
    win.send_keys(key);
    let mut frames: Vec<(Duration, Shot)> = Vec::new();
    let mut last_read = Instant::now();
    loop {
        let shot = win.shot();
        let changed = frames.last().is_none_or(|(_, s)| s.rgb != shot.rgb);
        if changed {
            frames.push((start.elapsed(), shot));
        }
        // Now and then, whether the last frame already shows it (then the search ends).
        if last_read.elapsed() > Duration::from_millis(500) {
            last_read = Instant::now();
            if frames.last().is_some_and(|(_, s)| shows(s, word, place)) {
                break;
            }
        }
        assert!(start.elapsed() < PATIENCE, "{word} was never drawn");
    }
    let (at, _) = frames
        .iter()
        .find(|(_, s)| shows(s, word, place))
        .expect("the last frame shows it");
    at.as_secs_f64() * 1000.0
}

pub fn wait_drawn(win: &Window, word: &str, place: impl Fn(i32, i32) -> bool + Copy) {
    wait_for(&format!("{word} drawn"), PATIENCE, || {
        shows(&win.shot(), word, place).then_some(())
    });
}

pub fn shows(shot: &Shot, word: &str, place: impl Fn(i32, i32) -> bool) -> bool {
    shot.words().iter().any(|w| {
        let (x, y) = w.centre();
        w.text.starts_with(word) && place(x, y)
    })
}

/// The window's resident memory once it stops changing (a quarter second apart twice).
pub fn settled_rss(win: &Window) -> f64 {
    let mut last = rss(win.pid());
    let mut same = 0;
    let deadline = Instant::now() + PATIENCE;
    while same < 2 && Instant::now() < deadline {
        std::thread::park_timeout(Duration::from_millis(250));
        let now = rss(win.pid());
        same = if (now - last).abs() < 64.0 * 1024.0 {
            same + 1
        } else {
            0
        };
        last = now;
    }
    last
}

/// VmRSS of a process, in bytes.
pub fn rss(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmRSS");
    kib * 1024.0
}

pub fn mib(bytes: f64) -> f64 {
    bytes / (1024.0 * 1024.0)
}

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
