//! Folders opened in place in the real window's details view, as Dolphin users open them
//! (tests/desktop: Xvfb, openbox, keys and clicks through xdotool, screenshots read by
//! tesseract): Right on a folder shows its entries below it, indented; Right again moves
//! into it and opens the folder there, whose entries are indented once more; an entry two
//! levels down copied with Ctrl+C and pasted with Ctrl+V lands on disk in the shown
//! folder; a click on a folder's triangle closes it, and Left closes the one the cursor
//! is on.
//! Run: `cargo build && cargo test --test window_expand` (skips without the tools, fails in CI).

mod desktop;

use std::fs;

use desktop::{Desktop, Home, PATIENCE, Window, wait_exists, wait_for};

/// The left edge and middle of the word `text` in the view (below the header).
fn word(win: &Window, text: &str) -> (i32, i32) {
    wait_for(&format!("{text} in the view"), PATIENCE, || {
        win.shot()
            .words()
            .into_iter()
            .find(|w| w.text.starts_with(text) && w.y > 73)
            .map(|w| (w.x, w.y + w.height / 2))
    })
}

/// Wait until `inner` is drawn below `outer`, further right (indented).
fn wait_indented(win: &Window, inner: &str, outer: &str) -> (i32, i32) {
    wait_for(&format!("{inner} indented under {outer}"), PATIENCE, || {
        let words = win.shot().words();
        let find = |t: &str| words.iter().find(|w| w.text.starts_with(t) && w.y > 73);
        let (i, o) = (find(inner)?, find(outer)?);
        (i.y > o.y && i.x >= o.x + 12).then_some((i.x - o.x, i.y - o.y))
    })
}

#[test]
fn right_opens_a_folder_in_place_and_an_entry_two_levels_down_is_copied() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("work");
    let work = home.work.clone();
    fs::create_dir_all(work.join("orchard/blossom")).expect("mkdir");
    fs::write(work.join("orchard/blossom/nectar.txt"), b"nectar").expect("write");
    fs::write(work.join("orchard/lantern.txt"), b"lantern").expect("write");
    fs::write(work.join("meadow.txt"), b"meadow").expect("write");
    let mut win = desk.open_work(&home);
    win.wait_text("meadow");

    // Right on the folder: its entries below it, one step in.
    win.click_text("orchard");
    win.key("Right");
    win.save_shot("expand-after-right");
    wait_indented(&win, "lantern", "orchard");
    wait_indented(&win, "blossom", "orchard");
    win.save_shot("expand-one-level");
    win.alive();

    // Right moves into it (onto blossom), Right again opens blossom: a second step in.
    win.key("Right");
    win.key("Right");
    let (step, _) = wait_indented(&win, "nectar", "blossom");
    assert!(step >= 12, "nectar is indented under blossom by {step}");
    win.save_shot("expand-two-levels");
    win.alive();

    // The entry two levels down, copied and pasted into the shown folder.
    win.click_text("nectar.txt");
    win.wait_text("1 selected");
    win.key("ctrl+c");
    win.key("ctrl+v");
    let copied = work.join("nectar.txt");
    wait_exists(&copied, true);
    wait_for("the copy written whole", PATIENCE, || {
        (fs::read(&copied).ok()? == b"nectar").then_some(())
    });
    assert!(
        work.join("orchard/blossom/nectar.txt").exists(),
        "copied, not moved"
    );
    win.alive();

    // A click on orchard's triangle (just before its icon) closes it.
    let (x, y) = word(&win, "orchard");
    win.click(x - 40, y);
    win.wait_gone("lantern");
    win.save_shot("expand-closed");
    assert!(
        win.find_text("blossom").is_none(),
        "blossom closed with orchard"
    );
    // Right opens it again (what was opened inside it is closed); Left closes it.
    win.click_text("orchard");
    win.key("Right");
    wait_indented(&win, "lantern", "orchard");
    win.key("Left");
    win.wait_gone("lantern");
    win.alive();
}
