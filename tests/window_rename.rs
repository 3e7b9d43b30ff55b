//! Batch rename in the real window (tests/desktop: Xvfb, openbox, XTest input, screenshots
//! read by tesseract): Ctrl+A and F2 open the dialog on every file; a find and replace
//! typed into its fields shows the new names in the preview; Enter renames them on disk
//! exactly so; Ctrl+Z gives every old name back; the window lives and answers pings
//! throughout.
//! Run: `cargo build && cargo test --test window_rename` (skips without the tools, fails
//! in CI).

mod desktop;

use desktop::{Desktop, Home, PATIENCE, wait_for};

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn find_and_replace_on_every_file_renames_them_and_one_undo_takes_it_back() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["apple", "banana", "cherry"]);
    let at_first = names(&home.work);
    let mut win = desk.open_work(&home);
    win.resize(1100, 760);
    let (x, y) = win.wait_text("banana");
    win.click(x, y);
    win.key("ctrl+a");
    win.key("F2");
    win.wait_text("items");
    win.wait_text("Numbering");
    win.alive();

    // The keyboard is in Find; Tab takes it to the replacement beside it.
    win.type_text("a");
    win.key("Tab");
    win.type_text("o");
    win.wait_text("bonono.txt");
    win.wait_text("opple.txt");
    win.wait_text("change");
    win.save_shot("batch-rename-preview");
    win.alive();
    assert_eq!(
        names(&home.work),
        at_first,
        "nothing is renamed before Enter"
    );

    // Enter in a field renames as previewed.
    win.key("Return");
    let renamed = ["bonono.txt", "cherry.txt", "opple.txt"].map(String::from);
    wait_for("the files renamed on disk", PATIENCE, || {
        (names(&home.work) == renamed).then_some(())
    });
    win.wait_gone("Numbering");
    win.wait_text("bonono");
    win.save_shot("batch-rename-done");
    win.alive();

    win.key("ctrl+z");
    wait_for("every old name back on disk", PATIENCE, || {
        (names(&home.work) == at_first).then_some(())
    });
    win.wait_text("banana");
    win.alive();
}
