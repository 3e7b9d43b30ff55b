//! Starts the real `porpoise` command under Xvfb (which becomes the window binary), waits
//! for its window and checks what it drew: the entries' names, read off a screenshot.
//! Skips with a message where the tools are missing, fails in CI.

mod desktop;

use std::time::{Duration, Instant};

use desktop::{Desktop, Home, Launch, PATIENCE, have};

#[test]
fn the_window_opens_and_draws_the_entries() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("Pictures");
    for name in ["holiday.jpg", "notes.txt", "report.pdf"] {
        std::fs::write(home.work.join(name), b"data").expect("write");
    }
    std::fs::create_dir(home.work.join("summer-2026")).expect("mkdir");
    let mut win = desk.open_work(&home);
    assert_eq!(win.title(), "Porpoise — Pictures");
    for name in ["holiday.jpg", "report.pdf", "summer-2026"] {
        win.wait_text(name);
    }
    let path = win.save_shot("window-smoke");
    let shot = win.shot();
    eprintln!(
        "screenshot: {} ({}x{}, {} colours)",
        path.display(),
        shot.width,
        shot.height,
        shot.distinct_colours()
    );
    assert!(shot.width >= 400 && shot.height >= 300);
    win.alive();
}

#[test]
fn a_window_left_alone_comes_to_rest() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("Mixed");
    let shown = &home.work;
    // What the window looks into for each shown entry: folders it counts, pictures it
    // makes thumbnails of, files whose type it reads from their first bytes.
    for d in ["letters", "old", "summer"] {
        std::fs::create_dir_all(shown.join(d)).expect("mkdir");
        std::fs::write(shown.join(d).join("inside.txt"), b"x").expect("write");
    }
    for i in 0..3 {
        image::RgbaImage::from_pixel(64, 48, image::Rgba([200, 40 * i, 40, 255]))
            .save(shown.join(format!("picture-{i}.png")))
            .expect("write a picture");
    }
    std::fs::write(shown.join("no-extension"), b"%PDF-1.4\n").expect("write");
    std::fs::write(shown.join("notes.txt"), b"notes").expect("write");
    let mut win = desk.open_work(&home);
    assert_eq!(win.title(), "Porpoise — Mixed");
    win.wait_text("summer");

    // Once the listing, counts, types and thumbnails are in, nothing happens: the window
    // must stop drawing and working. A stretch of two seconds using at most a fiftieth of
    // one core counts as rest (at rest it uses 0 or 1 tick of 200; a window that keeps
    // redrawing a small folder, 10 or more).
    let tick = rustix::param::clock_ticks_per_second();
    let stretch = Duration::from_secs(2);
    let most = tick * stretch.as_secs() / 50;
    let deadline = Instant::now() + PATIENCE;
    let mut used = Vec::new();
    loop {
        let before = win.cpu_ticks();
        std::thread::park_timeout(stretch);
        let spent = win.cpu_ticks() - before;
        used.push(spent);
        if spent <= most {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the window never came to rest: ticks used per {stretch:?} ({tick} a second): {used:?}"
        );
    }
    win.alive();
}

#[test]
fn a_window_started_before_its_x_server_waits_for_it() {
    let home = tempfile::tempdir().expect("home");
    let mut started = None;
    let Some(desk) = Desktop::start_after(|display| {
        let (child, log) = Launch::new(home.path()).arg(home.path()).spawn(display);
        let pid = child.id();
        started = Some((child, log));
        Some(pid)
    }) else {
        return;
    };
    let (child, log) = started.expect("the window was started");
    let mut win = desk.adopt(child, log);
    win.wait_title("the home folder in the title", |t| {
        t.starts_with("Porpoise")
    });
    win.alive();
}

#[test]
fn without_a_display_the_window_says_so_and_exits() {
    if !have("Xvfb") {
        assert!(std::env::var_os("CI").is_none(), "Xvfb is missing in CI");
        return;
    }
    let home = tempfile::tempdir().expect("home");
    // A display number nobody serves (above the ones the harness hands out).
    let n = (1000..2000)
        .find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .expect("a free display number");
    let display = format!(":{n}");
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise-window"))
        .arg(home.path())
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env("HOME", home.path())
        .output()
        .expect("run the window");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "it exits with a failure: {err}");
    assert!(
        err.contains(&format!(
            "the display {display} does not accept connections"
        )),
        "it says why in words: {err}"
    );
    assert!(!err.contains("panicked"), "no panic: {err}");
    assert!(start.elapsed() < PATIENCE + Duration::from_secs(30));
}

#[test]
fn a_desktop_leaves_no_x_lock_or_socket_behind() {
    let (number, ours);
    {
        let Some(desk) = Desktop::start() else { return };
        number = desk
            .display()
            .trim_start_matches(':')
            .parse::<u32>()
            .expect("a number");
        // The lock holds the X server's process id.
        ours = std::fs::read_to_string(format!("/tmp/.X{number}-lock")).expect("a lock file");
    }
    // Another test may take the freed display at once: its server's lock names another
    // process, and its socket is its own.
    let lock = format!("/tmp/.X{number}-lock");
    match std::fs::read_to_string(&lock) {
        Ok(now) => assert_ne!(
            now.trim(),
            ours.trim(),
            "{lock} stays behind: the next program to take display :{number} gets no display"
        ),
        Err(_) => {
            let socket = format!("/tmp/.X11-unix/X{number}");
            let taken_again = std::path::Path::new(&lock).exists();
            assert!(
                taken_again || !std::path::Path::new(&socket).exists(),
                "{socket} stays behind: the next program to take display :{number} gets no display"
            );
        }
    }
}
