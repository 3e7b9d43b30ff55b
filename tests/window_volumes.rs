//! Devices nobody has mounted, in the real window (tests/desktop: Xvfb, openbox, XTest
//! input through xdotool, screenshots read by tesseract) over the real UDisks2 (testkit's
//! `udisks`: a system bus, udevd and udisksd started as root): an ext4 on a loop device
//! that appears while the window is open shows in Places with its label; a click mounts it
//! through UDisks2 and opens it. The window lives and answers `_NET_WM_PING` after each.
//! Needs root (skips with a message, fails in CI).
//! Run: `cargo build && cargo test --test window_volumes`.

mod desktop;

use desktop::{Desktop, Home, PATIENCE, wait_for};
use porpoise_testkit::LoopMount;
use porpoise_testkit::udisks::Daemons;

#[test]
fn a_filesystem_plugged_in_shows_in_places_and_mounts_on_a_click() {
    if let Err(why) = porpoise_testkit::udisks::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    let _daemons = Daemons::system();
    let home = Home::with_files(&["notes"]);
    let mut win = desk.open_work(&home);
    win.wait_text("notes");

    // Plugged in while the window is open: UDisks2 tells, Places shows it.
    let disk = LoopMount::ext4_unmounted(24 << 20, "HOLIDAYS");
    let (x, y) = win.wait_text("HOLIDAYS");
    win.alive();
    win.save_shot("volumes-places");

    win.click(x, y);
    let at = wait_for("the filesystem to be mounted", PATIENCE, || {
        porpoise_testkit::mounts::mount_point_of(disk.device())
    });
    win.wait_title("the mounted filesystem in the title", |t| {
        t.ends_with(
            &at.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned(),
        )
    });
    win.wait_text("lost+found");
    win.alive();
    // The window goes first: it holds the mounted folder open.
    win.closes_with("ctrl+q");
}
