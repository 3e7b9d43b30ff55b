//! A network share in the real window (tests/desktop: Xvfb, openbox, XTest input through
//! xdotool, screenshots read by tesseract) on the project's rig (a FUSE share that can be
//! made silent, whose backing folder is the "server"): a folder of a share that does not
//! answer says so instead of "Loading…" forever, going home meanwhile does not wait, visits
//! leave no thread behind each, and the folder lists once the share answers (Retry); a
//! file the server adds appears while the folder is shown. The window lives and answers
//! `_NET_WM_PING` after each step. Needs root and /dev/fuse (skips with a message, fails in
//! CI). Run: `cargo build && cargo test --test window_remote`.

mod desktop;

use std::fs;
use std::path::Path;

use desktop::{Desktop, Home, PATIENCE, wait_for};
use porpoise_testkit::rig;

/// The window's threads named as the engine names its listing threads.
fn listing_threads(pid: u32) -> usize {
    porpoise_testkit::procs::threads_named(pid, "porpoise-list")
}

fn go_to(win: &desktop::Window, folder: &Path) {
    win.key("ctrl+l");
    win.type_text(&folder.display().to_string());
    win.key("Return");
}

#[test]
fn a_share_that_does_not_answer_says_so_and_lists_when_it_does() {
    if let Err(why) = rig::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    let share = rig::Share::new(0);
    let store = share.store().join("docs");
    fs::create_dir(&store).expect("mkdir");
    fs::write(store.join("minutes.txt"), "m").expect("write");
    let docs = share.path().join("docs");
    let home = Home::with_files(&["notes"]);
    let home_name = home.name();
    let mut win = desk.open_work(&home);
    win.wait_text("notes");

    // 1. The share stops answering: its folder says so, and the window stays responsive.
    share.set_silent(true);
    go_to(&win, &docs);
    win.wait_title("the share's folder in the title", |t| t.ends_with("docs"));
    win.wait_text("answer");
    win.alive();
    let waiting = listing_threads(win.pid());

    // 2. Going home does not wait; visiting the share again adds no waiting thread.
    for _ in 0..3 {
        win.key("alt+Home");
        win.wait_title("home in the title", |t| t.ends_with(&home_name));
        win.alive();
        go_to(&win, &docs);
        win.wait_title("the share's folder in the title", |t| t.ends_with("docs"));
        win.wait_text("answer");
        win.alive();
    }
    let after = listing_threads(win.pid());
    assert!(
        after <= waiting + 1,
        "listing threads went from {waiting} to {after} over three visits of a silent share"
    );
    win.save_shot("remote-silent");

    // 3. The share answers again; Retry lists the folder.
    share.set_silent(false);
    if let Some((x, y)) = win.shot().find_text("Retry") {
        win.click(x, y);
    }
    win.wait_text("minutes");
    win.alive();

    // 4. The server adds a file (no event reaches the mount): it appears while shown.
    fs::write(store.join("fresh-report.txt"), "f").expect("write on the server");
    wait_for("the server's new file in the view", PATIENCE, || {
        win.shot().find_text("fresh-report")
    });
    win.alive();
}
