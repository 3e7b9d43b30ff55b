//! Devices nobody has mounted, in the real window (tests/desktop: Xvfb, openbox, XTest
//! input through xdotool, screenshots read by tesseract) over the real UDisks2 (testkit's
//! `udisks`: a system bus, udevd and udisksd started as root): an ext4 on a loop device
//! that appears while the window is open shows in Places with its label; a click mounts it
//! through UDisks2 and opens it. An encrypted (LUKS2) volume shows with a lock; a click
//! asks for its passphrase in a dialog that never draws it; a wrong one is refused there in
//! words, and the right one unlocks and opens it where the kernel has the device mapper
//! (where not, UDisks2's refusal is shown). The window lives and answers `_NET_WM_PING`
//! after each.
//! Needs root (skips with a message, fails in CI).
//! Run: `cargo build && cargo test --test window_volumes`.

mod desktop;

use desktop::{Desktop, Home, PATIENCE, Shot, Window, wait_for};
use porpoise_testkit::LoopMount;
use porpoise_testkit::mounts::device_mapper;
use porpoise_testkit::udisks::Daemons;

/// UDisks2's daemons, a home with notes, and the window on it once notes shows.
fn open_with_udisks(desk: &Desktop) -> (Daemons, Home, Window<'_>) {
    let daemons = Daemons::system();
    let home = Home::with_files(&["notes"]);
    let win = desk.open_work(&home);
    win.wait_text("notes");
    (daemons, home, win)
}

#[test]
fn a_filesystem_plugged_in_shows_in_places_and_mounts_on_a_click() {
    if let Err(why) = porpoise_testkit::udisks::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    let (_daemons, _home, mut win) = open_with_udisks(&desk);

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

#[test]
fn an_encrypted_volume_asks_for_its_passphrase_and_says_why_it_stays_locked() {
    if let Err(why) = porpoise_testkit::udisks::available().and_then(|()| LoopMount::can_luks()) {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    let (_daemons, _home, mut win) = open_with_udisks(&desk);

    let disk = LoopMount::luks_locked(32 << 20, "VAULT", "correct horse");
    let (x, y) = win.wait_text("VAULT");
    win.save_shot("volumes-locked");
    win.click(x, y);
    win.wait_text("Unlock VAULT");
    let (_, explain_y) = win.wait_text("Once unlocked");
    let (cancel_x, cancel_y) = win.wait_text("Cancel");
    win.alive();

    // The field has the keyboard: what is typed is drawn there as dots, never in clear.
    let field = |shot: &Shot| {
        dark_pixels(
            shot,
            explain_y + 12..cancel_y - 16,
            cancel_x - 360..cancel_x,
        )
    };
    let empty = field(&win.shot());
    win.type_text("wrong horse");
    let typed = wait_for("the typed passphrase drawn as dots", PATIENCE, || {
        let shot = win.shot();
        (field(&shot) > empty + 100).then_some(shot)
    });
    assert!(
        typed.find_text("horse").is_none(),
        "the passphrase is not drawn in clear"
    );
    win.save_shot("volumes-passphrase");
    win.key("Return");
    win.wait_text("Could not unlock VAULT");
    win.save_shot("volumes-unlock-refused");
    win.alive();
    assert!(
        porpoise_testkit::mounts::mount_point_of(disk.device()).is_none(),
        "nothing was mounted"
    );

    if device_mapper() {
        win.type_text("correct horse");
        win.key("Return");
        win.wait_gone("Unlock VAULT");
        win.wait_text("lost+found");
        win.alive();
        win.closes_with("ctrl+q");
        return;
    }
    // Escape closes the dialog; the volume is still offered.
    win.key("Escape");
    win.wait_gone("Unlock VAULT");
    win.wait_text("VAULT");
    win.alive();
    win.closes_with("ctrl+q");
}

/// How many pixels in the rows `ys` and columns `xs` of `shot` are dark (text, dots).
fn dark_pixels(shot: &Shot, ys: std::ops::Range<i32>, xs: std::ops::Range<i32>) -> usize {
    let mut dark = 0;
    for y in ys.clone() {
        for x in xs.clone() {
            let [r, g, b] = shot.pixel(x.max(0) as usize, y.max(0) as usize);
            if u32::from(r) + u32::from(g) + u32::from(b) < 3 * 90 {
                dark += 1;
            }
        }
    }
    dark
}
