//! The properties dialog in the real window (tests/desktop: Xvfb, openbox, XTest input,
//! screenshots read by tesseract): Alt+Enter on a file shows its properties; a click on
//! the "Others may read" checkbox shows 644 in octal, and Enter applies it to the file's
//! mode on disk; Escape closes the dialog; a folder's change with "Apply to everything
//! inside" reaches its files on disk and Ctrl+Z takes it back; the window lives and
//! answers pings throughout.
//! Run: `cargo build && cargo test --test window_properties` (skips without the tools,
//! fails in CI).

mod desktop;

use std::os::unix::fs::PermissionsExt;

use desktop::{Desktop, Home, PATIENCE, wait_for};

#[test]
fn alt_enter_shows_a_files_properties_and_its_permissions_change() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    let inside = home.folder("inside", &["one", "two", "three"]);
    std::fs::rename(&inside, home.work.join("inside")).expect("move the folder in");
    for (p, m) in [("inside", 0o755), ("inside/one.txt", 0o644)] {
        std::fs::set_permissions(home.work.join(p), std::fs::Permissions::from_mode(m))
            .expect("chmod");
    }
    let file = home.work.join("notes.txt");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let mut win = desk.open_work_sized(&home, (1100, 760));
    win.click_text("notes");
    win.key("alt+Return");
    win.wait_text("Properties");
    win.wait_text("Plain");
    win.wait_text("Octal");
    win.save_shot("properties");
    win.alive();

    // The checkbox in the Others row, under the Read column.
    let (read_x, _) = win.wait_text("Read");
    let (_, others_y) = win.wait_text("Others");
    win.click(read_x - 9, others_y);
    win.wait_text("644");
    // Enter applies a change (the Apply button).
    win.key("Return");
    wait_for("the mode changed on disk", PATIENCE, || {
        let mode = std::fs::metadata(&file).ok()?.permissions().mode() & 0o777;
        (mode == 0o644).then_some(())
    });
    win.alive();

    win.key("Escape");
    win.wait_gone("Octal");
    win.alive();

    // A folder: its contents counted (three files; the folder itself is not among them).
    win.click_text("inside");
    win.key("alt+Return");
    win.wait_text("Properties");
    win.save_shot("properties-folder");
    // "3 files" (the labels are grey: the values are what is read).
    win.wait_words("the folder's contents counted", |words| {
        words
            .windows(2)
            .any(|w| w[0].text == "3" && w[1].text.starts_with("files"))
    });
    win.alive();

    // Others may no longer read, for everything inside too: a job, which Ctrl+Z takes back.
    let mode = |p: &std::path::Path| {
        std::fs::metadata(p)
            .map(|m| m.permissions().mode() & 0o777)
            .ok()
    };
    let inside = home.work.join("inside");
    let one = inside.join("one.txt");
    let at_first = (mode(&inside), mode(&one));
    assert_eq!(at_first, (Some(0o755), Some(0o644)), "as made");
    let (read_x, _) = win.wait_text("Read");
    let (_, others_y) = win.wait_text("Others");
    win.click(read_x - 9, others_y);
    win.wait_text("751");
    win.click_text("everything");
    win.save_shot("properties-recursive");
    win.key("Return");
    wait_for("the folder and its files changed on disk", PATIENCE, || {
        ((mode(&inside), mode(&one)) == (Some(0o751), Some(0o640))).then_some(())
    });
    win.wait_gone("Octal");
    win.alive();
    win.key("ctrl+z");
    wait_for("undo gave every item its mode back", PATIENCE, || {
        ((mode(&inside), mode(&one)) == at_first).then_some(())
    });
    win.alive();
}
