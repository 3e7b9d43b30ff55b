//! The real window keeps its place in a long folder (tests/desktop: Xvfb, openbox, keys
//! through xdotool, screenshots read by tesseract): scrolled to the end, the view stays
//! there while the properties dialog opens and closes, while the new-folder bar shows
//! and goes, while Places is hidden and shown again, when split view comes and goes, and
//! when a second tab comes and goes.
//! Each time the last name must still show and the first must not; the window lives and
//! answers pings throughout.
//! Run: `cargo build && cargo test --test window_place` (skips without the tools, fails in
//! CI).

mod desktop;

use desktop::{Desktop, Home, Window};

/// Names in between the first and the last, more than a window shows.
const FILLER: usize = 120;

/// The view shows the folder's end: the last name, and not the first (one screenshot
/// read for both).
fn at_the_end(win: &Window, after: &str) {
    win.wait_words(
        &format!("the folder's end in view after {after}"),
        |words| {
            let shows = |name: &str| words.iter().any(|w| w.text.contains(name));
            shows("zulu") && !shows("alpha")
        },
    );
}

#[test]
fn the_view_keeps_its_place_under_dialogs_bars_and_tabs() {
    let Some(desk) = Desktop::start() else { return };
    let mut names = vec!["alpha".to_owned(), "zulu".to_owned()];
    names.extend((0..FILLER).map(|i| format!("item-{i:03}")));
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let home = Home::with_files(&names);
    let mut win = desk.open_work(&home);
    let (x, y) = win.wait_text("alpha");
    win.click(x, y);
    win.key("End");
    at_the_end(&win, "End");
    win.alive();

    // The properties dialog over the view, then closed; the new-folder bar above it, then
    // cancelled.
    for (key, shows, what) in [
        ("alt+Return", "Octal", "the properties dialog"),
        ("ctrl+shift+n", "New folder:", "the new-folder bar"),
    ] {
        win.key(key);
        win.wait_text(shows);
        assert!(
            win.find_text("alpha").is_none(),
            "the view went back to the top under {what}"
        );
        win.key("Escape");
        win.wait_gone(shows);
        at_the_end(&win, what);
        win.alive();
    }

    // Places hidden and shown again.
    win.key("F9");
    win.wait_gone("Places");
    at_the_end(&win, "hiding Places");
    win.key("F9");
    win.wait_text("Places");
    at_the_end(&win, "showing Places");
    win.alive();

    // Split view on: this pane, now the left one and shorter by its location bar, stays
    // near the end (the last twenty names are item-100 to item-119, then zulu), while the
    // new one beside it starts at the top; split view off again.
    win.key("F3");
    win.wait_text("alpha");
    win.wait_words("the left pane still near the folder's end", |words| {
        words.iter().any(|w| w.text.contains("item-1"))
    });
    win.key("F3");
    at_the_end(&win, "split view came and went");
    win.alive();

    // A second tab on the same folder starts at its top; closing it brings the first back
    // where it was, though the tab bar went with it.
    win.key("ctrl+t");
    win.wait_text("alpha");
    win.key("ctrl+w");
    win.wait_gone("alpha");
    at_the_end(&win, "a second tab came and went");
    win.alive();
}
