//! A share that stops answering, with the window in a Wayland session (tests/desktop/
//! wayland.rs: a headless sway, the window as its client run by the unprivileged user) on
//! the project's rig (a FUSE share that can be made silent, mounted for every user): the
//! share's folder says it does not answer instead of waiting, going home meanwhile does not
//! wait, and once the share answers its folder lists; the window lives and redraws at a key
//! after each step. Needs root and /dev/fuse (skips with a message, fails in CI).
//! Run: `cargo build && cargo test --test wayland_share`.

mod desktop;

use std::fs;
use std::os::unix::fs::PermissionsExt;

use desktop::Home;
use desktop::wayland::Sway;
use porpoise_testkit::rig;

#[test]
fn the_window_answers_while_a_share_is_silent() {
    if let Err(why) = rig::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(sway) = Sway::start() else { return };
    let share = rig::Share::new(0);
    // The window runs as the unprivileged user: the share's folder must be reachable.
    let around = share.path().parent().expect("the share's folder");
    fs::set_permissions(around, fs::Permissions::from_mode(0o755)).expect("chmod");
    let store = share.store().join("docs");
    fs::create_dir(&store).expect("mkdir");
    fs::write(store.join("minutes.txt"), "m").expect("write");
    let docs = share.path().join("docs");
    let home = Home::with_files(&["notes"]);
    let home_name = home.name();
    let mut win = sway.open_work(&home);
    win.wait_text("notes");

    // The share stops answering: its folder says so, and the window stays responsive.
    share.set_silent(true);
    win.go_to(&docs);
    win.wait_text("answer");
    win.alive();

    // Going home does not wait for the share.
    win.key("alt+Home");
    win.wait_title("home in the title", |t| t.ends_with(&home_name));
    win.alive();
    win.go_to(&docs);
    win.wait_text("answer");
    win.alive();

    // The share answers again: its folder lists (Retry, where the window offers it).
    share.set_silent(false);
    if let Some((x, y)) = win.find_text("Retry") {
        win.click(x, y);
    }
    win.wait_text("minutes");
    win.alive();
}
