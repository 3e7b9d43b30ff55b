//! A seeded random soak of the real window (tests/desktop): pointer moves, clicks,
//! double-clicks, right-clicks, drags, wheel turns and keys at random inside the window,
//! for a bounded time, after which the window must be alive and answer a ping in time.
//!
//! The window runs as an unprivileged user in a throw-away home, with /tmp, /var/tmp,
//! /dev/shm and /run/lock read-only (needs root): whatever the random input makes it do,
//! delete-for-good dialogs included, it can change nothing outside that home.
//!
//! Knobs: `PORPOISE_SOAK_SECS` (default 120), `PORPOISE_SOAK_SEED` (default: a new one,
//! printed so a failing run can be repeated).
//! Run: `cargo build && cargo test --test window_soak -- --nocapture`.

mod desktop;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::{Duration, Instant};

use desktop::{Desktop, Launch, Window};
use porpoise_testkit::rng::Rng;

/// Keys a person presses in a file manager, tabs' among them. Closing the window (Alt+F4,
/// Ctrl+Q, and Ctrl+W, which closes it with its last tab) is left out: the run is about
/// the window staying alive.
const KEYS: &[&str] = &[
    "Down",
    "Up",
    "Left",
    "Right",
    "shift+Down",
    "shift+Up",
    "Page_Down",
    "Page_Up",
    "Home",
    "End",
    "Return",
    "BackSpace",
    "Escape",
    "Delete",
    "shift+Delete",
    "F2",
    "F5",
    "ctrl+a",
    "ctrl+c",
    "ctrl+x",
    "ctrl+v",
    "ctrl+z",
    "ctrl+h",
    "ctrl+f",
    "ctrl+i",
    "ctrl+l",
    "ctrl+r",
    "alt+Left",
    "alt+Right",
    "alt+Up",
    "ctrl+t",
    "ctrl+Tab",
    "F3",
    "F6",
    "ctrl+shift+t",
    "alt+1",
    "Tab",
    "shift+F10",
    "Menu",
    "space",
    "a",
    "f",
    "z",
    "1",
    "period",
];

/// The home the soak plays in: folders, files, links, an odd name, a bigger folder.
fn playground(home: &Path) {
    for d in [
        "Documents/letters",
        "Documents/old",
        "Pictures/2026",
        "Music",
    ] {
        fs::create_dir_all(home.join(d)).expect("mkdir");
    }
    for i in 0..40 {
        fs::write(home.join(format!("Documents/note-{i:02}.txt")), b"note").expect("write");
        fs::write(
            home.join(format!("Pictures/2026/img-{i:02}.jpg")),
            vec![7; 100 * i],
        )
        .expect("write");
    }
    fs::create_dir(home.join("Many")).expect("mkdir");
    for i in 0..3000 {
        fs::File::create(home.join(format!("Many/f{i:04}"))).expect("create");
    }
    std::os::unix::fs::symlink("Documents", home.join("docs-link")).expect("symlink");
    std::os::unix::fs::symlink("missing", home.join("broken-link")).expect("symlink");
    std::os::unix::fs::symlink(".", home.join("Music/loop")).expect("symlink");
    fs::write(home.join(OsStr::from_bytes(b"odd-\xff\xfe-name")), b"?").expect("write");
}

/// One random thing a person might do; what it was, for the log (shown on a failure).
fn step<'d>(win: &Window<'d>, rng: &mut Rng) -> String {
    let (_, _, w, h) = win.geometry();
    let (w, h) = (w.max(2) as usize, h.max(2) as usize);
    let at = |rng: &mut Rng| (rng.below(w) as i32, rng.below(h) as i32);
    match rng.below(100) {
        roll @ 0..=59 => {
            // Pointing at one place, with or without a click of some kind.
            let (what, act): (&str, fn(&Window<'d>, i32, i32)) = match roll {
                0..=34 => ("point", Window::point),
                35..=49 => ("click", Window::click),
                50..=54 => ("double-click", Window::double_click),
                _ => ("right-click", Window::right_click),
            };
            let (x, y) = at(rng);
            act(win, x, y);
            format!("{what} at {x},{y}")
        }
        60..=64 => {
            let from = at(rng);
            let to = at(rng);
            win.drag(from, to, 6);
            format!("drag from {from:?} to {to:?}")
        }
        65..=74 => {
            let clicks = rng.below(12) as i32 - 6;
            win.wheel(clicks);
            format!("wheel {clicks}")
        }
        75..=97 => {
            let key = rng.pick(KEYS);
            win.key(key);
            format!("key {key}")
        }
        _ => {
            let (width, height) = (500 + rng.below(700) as u32, 400 + rng.below(350) as u32);
            win.resize(width, height);
            format!("resize to {width}x{height}")
        }
    }
}

#[test]
fn random_use_ends_with_the_window_alive() {
    if !rustix::process::geteuid().is_root() {
        assert!(std::env::var_os("CI").is_none(), "CI runs the soak as root");
        eprintln!("skipped: the soak contains the window as an unprivileged user (needs root)");
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let secs: u64 = std::env::var("PORPOISE_SOAK_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let seed: u64 = std::env::var("PORPOISE_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        });
    eprintln!("soak: {secs} s, PORPOISE_SOAK_SEED={seed}");

    let home = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("home");
    playground(home.path());
    let mut win = desk.launch(
        Launch::new(home.path())
            .arg(home.path())
            .unprivileged()
            // Files it opens go nowhere: no program of this machine is started.
            .env("PATH", home.path().join("no-programs")),
    );
    win.alive();

    let mut rng = Rng(seed);
    let end = Instant::now() + Duration::from_secs(secs);
    let mut steps = 0u64;
    while Instant::now() < end {
        let what = step(&win, &mut rng);
        steps += 1;
        eprintln!("step {steps}: {what}");
        if !win.running() {
            panic!(
                "the window died after {steps} steps (PORPOISE_SOAK_SEED={seed}):\n{}",
                win.log()
            );
        }
        if steps.is_multiple_of(10) {
            win.alive();
        }
    }
    win.alive();
    eprintln!("soak: {steps} steps, the window is alive");
    assert!(steps > 50, "the soak did too little to mean anything");
}
