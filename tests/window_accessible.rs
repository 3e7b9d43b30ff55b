//! The window as a screen reader reads it, over the real AT-SPI bus: a private session
//! bus (the real `dbus-daemon`), `at-spi-bus-launcher` on it with the accessibility bus
//! and registry it starts (`at-spi2-core`), accessibility switched on as a desktop does
//! when a screen reader starts, the real window under Xvfb (tests/desktop), and a client
//! reading the bus as Orca does (`tests/desktop/atspi_client.py`, pyatspi:
//! `python3-pyatspi`). The application is found by its name; the view's rows carry the
//! names on disk; Down moves the focused row and the client sees the new row focused and
//! selected, and a focus request from the client moves it too (as it moves the keyboard to
//! a place, the location bar, the main menu's button and the job panel); the context menu's first item and the rename field take the focus, and the
//! name typed renames the file; a row's default action opens the folder and a toolbar button's goes up
//! again; a checkbox of Preferences toggles the setting through its action; a copy's
//! progress value rises as the bytes reach a slow share. The window lives and answers
//! pings after each step.
//! Run: `cargo build && cargo test --test window_accessible` (skips without the tools,
//! fails in CI).

mod desktop;

use std::fs;
use std::path::{Path, PathBuf};

use desktop::{Accessibility, Desktop, Home, Launch, PATIENCE, wait_for};
use porpoise_testkit::rig;

const MIB: usize = 1 << 20;

/// `name` in `dir` with `len` bytes that do not compress.
fn big_file(dir: &Path, name: &str, len: usize) -> PathBuf {
    fs::create_dir_all(dir).expect("mkdir");
    let path = dir.join(name);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let data: Vec<u8> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    fs::write(&path, data).expect("write");
    path
}

#[test]
fn a_screen_reader_reads_and_works_the_window() {
    if let Err(why) = Accessibility::available() {
        return porpoise_testkit::skip(&why);
    }
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "beta"]);
    fs::create_dir(home.work.join("gamma")).expect("mkdir");
    fs::write(home.work.join("gamma/inside.txt"), "inside").expect("write");
    let a11y = Accessibility::start(desk.display());
    let launch = Launch::new(home.path())
        .arg(&home.work)
        .env("DBUS_SESSION_BUS_ADDRESS", a11y.bus_address());
    let mut win = desk.launch(launch);
    win.wait_title("the folder in the title", |t| t.ends_with("work"));
    win.activate();

    // 1. The application is on the bus, its window named by its title, the view's rows
    //    by the names on disk, in a table that can hold several selected.
    a11y.wait_node("frame", &win.title());
    for name in ["gamma", "alpha.txt", "beta.txt"] {
        a11y.wait_node("table row", name);
    }
    a11y.wait_node("table", "Files in work");
    a11y.wait_node("push button", "Up (Alt+Up)");
    win.alive();

    // 2. Down moves the focused row; the client sees it focused and selected.
    win.key("Down");
    a11y.wait_focused("table row", "gamma");
    win.key("Down");
    a11y.wait_focused("table row", "alpha.txt");
    let states = a11y.wait_node("table row", "alpha.txt");
    assert!(
        states.contains("selected"),
        "the cursor's row is selected: {states}"
    );
    let gamma = a11y.wait_node("table row", "gamma");
    assert!(!gamma.contains("selected"), "the row left is not: {gamma}");
    win.alive();

    // A screen reader's request for the keyboard on a row puts the cursor there.
    let (code, _) = a11y.client(&["focus", "table row", "beta.txt"]);
    assert_eq!(code, 0, "the row takes a focus request");
    a11y.wait_focused("table row", "beta.txt");
    let states = a11y.wait_node("table row", "beta.txt");
    assert!(
        states.contains("selected"),
        "the row asked for is selected: {states}"
    );
    win.alive();

    // 3. The context menu (Shift+F10): its first item has the keyboard.
    win.key("shift+F10");
    a11y.wait_node("menu", "Context menu");
    a11y.wait_focused("menu item", "Open");
    win.key("Escape");
    wait_for("the menu closed", PATIENCE, || {
        (!a11y.tree().iter().any(|(r, _, _)| r == "menu")).then_some(())
    });

    // 4. F2: the name's field has the keyboard, holding the name; the name typed there
    //    renames the file, whose row then has the keyboard.
    win.key("F2");
    a11y.wait_focused("entry", "New name");
    win.key("ctrl+a");
    win.type_text("delta.txt");
    win.key("Return");
    desktop::wait_exists(&home.work.join("delta.txt"), true);
    a11y.wait_focused("table row", "delta.txt");
    win.alive();

    // 5. A row's default action opens it; a button's presses it.
    a11y.act("table row", "gamma");
    win.wait_title("the folder opened from the tree", |t| t.ends_with("gamma"));
    a11y.wait_node("table row", "inside.txt");
    a11y.act("push button", "Up (Alt+Up)");
    win.wait_title("back up through the toolbar's button", |t| {
        t.ends_with("work")
    });
    win.alive();

    // 6. Preferences: a dialog, its checkbox toggled through the tree's action.
    win.key("ctrl+comma");
    let dialog = a11y.wait_node("dialog", "Preferences");
    assert!(dialog.contains("modal"), "Preferences is modal: {dialog}");
    let before = a11y.wait_node("check box", "Show hidden files");
    assert!(
        !before.contains("checked"),
        "hidden files start hidden: {before}"
    );
    a11y.act("check box", "Show hidden files");
    let after = wait_for("the checkbox ticked", PATIENCE, || {
        let s = a11y.wait_node("check box", "Show hidden files");
        s.contains("checked").then_some(s)
    });
    assert!(after.contains("checked"));
    desktop::wait_file_text(&home.settings_file(), "show_hidden saved", |t| {
        t.contains("show_hidden = true")
    });
    win.key("Escape");
    wait_for("the dialog closed", PATIENCE, || {
        (!a11y.tree().iter().any(|(r, _, _)| r == "dialog")).then_some(())
    });
    win.alive();

    // 7. Focus requests on the other parts move the keyboard there: onto a place (its
    //    keys then work there: Enter opens it), onto the location bar (it is edited: a
    //    path typed and Enter go there), onto the main menu's button.
    let (code, out) = a11y.client(&["focus", "list item", "Trash"]);
    assert_eq!(
        code,
        0,
        "a place takes a focus request: {out} {:?}",
        a11y.tree()
    );
    a11y.wait_focused("list item", "Trash");
    win.key("Return");
    win.wait_title("the Trash opened by Places' Enter", |t| {
        t.ends_with("Trash")
    });
    win.alive();
    let (code, _) = a11y.client(&["focus", "panel", "Location"]);
    assert_eq!(code, 0, "the location bar takes a focus request");
    a11y.wait_focused("entry", "Location");
    win.type_text(&home.work.display().to_string());
    win.key("Return");
    win.wait_title("the folder typed after the request", |t| {
        t.ends_with("work")
    });
    let (code, _) = a11y.client(&["focus", "push button", "Settings"]);
    assert_eq!(code, 0, "the main menu's button takes a focus request");
    a11y.wait_focused("push button", "Settings");
    win.key("Return");
    a11y.wait_node("menu", "Settings");
    win.key("Escape");
    win.alive();

    // 8. A copy onto a slow share: its progress value rises while it runs.
    if let Err(why) = rig::available() {
        porpoise_testkit::skip(&why);
        return;
    }
    let share = rig::Share::new(3_000_000);
    let from = home.path().join("big");
    big_file(&from, "big.bin", 16 * MIB);
    win.go_to(&from);
    win.key("ctrl+a");
    win.key("ctrl+c");
    win.go_to(share.path());
    win.key("ctrl+v");
    let first = wait_for("a progress value under way", PATIENCE, || {
        a11y.progress()
            .into_iter()
            .find(|v| (1.0..90.0).contains(v))
    });
    wait_for("the progress value rising", PATIENCE, || {
        a11y.progress().into_iter().find(|v| *v > first)
    });
    win.alive();
    // The job panel takes a focus request too.
    let (code, _) = a11y.client(&["focus", "panel", "File operations"]);
    assert_eq!(code, 0, "the job panel takes a focus request");
    a11y.wait_focused("panel", "File operations");
    win.alive();
    win.save_shot("accessible-copy");
}
