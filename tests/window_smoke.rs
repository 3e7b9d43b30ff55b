//! Starts the real `porpoise` command under Xvfb (which becomes the window binary), waits
//! for its window and checks what it drew: the entries' names, read off a screenshot.
//! Skips with a message where the tools are missing, fails in CI.

mod desktop;

use desktop::{Desktop, Launch};

#[test]
fn the_window_opens_and_draws_the_entries() {
    let Some(desk) = Desktop::start() else { return };
    let home = tempfile::tempdir().expect("home");
    let shown = home.path().join("Pictures");
    std::fs::create_dir(&shown).expect("mkdir");
    for name in ["holiday.jpg", "notes.txt", "report.pdf"] {
        std::fs::write(shown.join(name), b"data").expect("write");
    }
    std::fs::create_dir(shown.join("summer-2026")).expect("mkdir");
    let mut win = desk.launch(Launch::new(home.path()).arg(&shown));
    win.wait_title("the folder in the title", |t| t == "Porpoise — Pictures");
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
