//! The real window's keyboard as Dolphin and Nautilus users type without thinking
//! (tests/desktop: Xvfb, openbox, keys through xdotool, screenshots read by tesseract):
//! Ctrl+Shift+N, undo and both redo keys, Ctrl+1/Ctrl+2, Alt+Home, Ctrl+Q; Ctrl+arrows and
//! Ctrl+Space to pick items apart, Shift+F10 and the Menu key for their menu (the arrows
//! and Enter in it); Tab round Places, the location bar, the main menu's button and the
//! view; and dialogs answered with Enter on the highlighted button, Tab to another,
//! Escape to cancel. Every
//! effect is checked on disk, in the title, or in what the window draws.
//! Run: `cargo build && cargo test --test window_keys` (skips without the tools, fails in CI).

mod desktop;

use std::fs;
use std::path::Path;

use desktop::{Desktop, Home, PATIENCE, Window, wait_exists, wait_for};

/// Names tesseract reads without mistaking a digit for a letter.
const NAMES: [&str; 6] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];

/// Which of [`NAMES`] are still in `at`.
fn left(at: &Path) -> Vec<&'static str> {
    NAMES
        .into_iter()
        .filter(|n| at.join(format!("{n}.txt")).exists())
        .collect()
}

/// A home with [`NAMES`] in its work folder, and the window on it once alpha shows.
fn open_names(desk: &Desktop) -> (Home, Window<'_>) {
    let home = Home::with_files(&NAMES);
    let win = desk.open_work(&home);
    win.wait_text("alpha");
    (home, win)
}

#[test]
fn the_shortcuts_people_type_without_thinking() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = open_names(&desk);
    let work = home.work.clone();

    // Ctrl+Shift+N names a new folder in place.
    win.key("ctrl+shift+n");
    win.wait_text("New folder:");
    win.type_text("reports");
    win.key("Return");
    let reports = work.join("reports");
    wait_exists(&reports, true);
    // The new folder's row is selected: tesseract sometimes takes the first of its light
    // letters on blue for a quote, so the rest of the name is what is looked for.
    win.wait_words("the new folder's row", |words| {
        words.iter().any(|w| w.text.ends_with("eports"))
    });
    win.alive();

    // Undo, redo with Ctrl+Shift+Z, undo, redo with Ctrl+Y.
    win.key("ctrl+z");
    wait_exists(&reports, false);
    win.key("ctrl+shift+z");
    wait_exists(&reports, true);
    win.key("ctrl+z");
    wait_exists(&reports, false);
    win.key("ctrl+y");
    wait_exists(&reports, true);
    win.wait_text("again");
    win.alive();

    // Ctrl+2 shows icons (no column header), Ctrl+1 the details again.
    win.wait_text("Modified");
    win.key("ctrl+2");
    win.wait_gone("Modified");
    win.wait_text("foxtrot");
    win.key("ctrl+1");
    win.wait_text("Modified");

    // Alt+Home goes home.
    let home_name = home.name();
    win.key("alt+Home");
    win.wait_title("home in the title", |t| t.ends_with(&home_name));
    win.alive();

    // Ctrl+Q closes the window.
    win.closes_with("ctrl+q");
}

#[test]
fn items_picked_apart_by_keyboard_and_their_menu_by_key() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = open_names(&desk);
    let work = home.work.clone();

    // alpha, then charlie and echo added with Ctrl+Down and Ctrl+Space.
    win.key("Home");
    win.key("ctrl+Down ctrl+Down ctrl+space");
    win.key("ctrl+Down ctrl+Down ctrl+space");
    win.wait_text("3 selected");
    win.alive();

    // Shift+F10 opens the selection's menu; Escape closes it.
    win.key("shift+F10");
    win.wait_text("Move to Trash");
    win.key("Escape");
    win.wait_gone("Move to Trash");
    win.wait_text("3 selected");

    // The Menu key opens it too, on its first entry; Up goes round to the last
    // (Properties), on to Delete and to Move to Trash, and Enter takes exactly the three
    // there.
    win.key("Menu");
    win.wait_text("Move to Trash");
    win.key("Up Up Up");
    win.key("Return");
    wait_for("alpha, charlie and echo in the trash", PATIENCE, || {
        (left(&work) == ["bravo", "delta", "foxtrot"]).then_some(())
    });
    win.alive();

    // Ctrl+W closes the window (its only tab, until there are tabs).
    win.closes_with("ctrl+w");
}

#[test]
fn dialogs_answer_enter_tab_and_escape() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let other = home.folder("other", &[]);
    fs::write(other.join("alpha.txt"), b"the one already there").expect("write");
    let mut win = desk.open_work(&home);

    // Delete for good: Escape keeps the file.
    win.click_text("bravo");
    win.key("shift+Delete");
    win.wait_text("for good");
    win.key("Escape");
    win.wait_gone("for good");
    assert!(work.join("bravo.txt").exists(), "Escape deleted it");

    // Tab to Cancel and Enter keeps it too.
    win.key("shift+Delete");
    win.wait_text("for good");
    win.key("Tab");
    win.key("Return");
    win.wait_gone("for good");
    assert!(work.join("bravo.txt").exists(), "Cancel deleted it");

    // Enter on the highlighted Delete deletes it.
    win.key("shift+Delete");
    win.wait_text("for good");
    win.key("Return");
    wait_exists(&work.join("bravo.txt"), false);
    win.alive();

    // A conflict: Enter keeps both.
    win.click_text("alpha");
    win.key("ctrl+c");
    win.go_to(&other);
    win.key("ctrl+v");
    win.wait_text("Apply to all");
    win.key("Return");
    wait_for("both files in the other folder", PATIENCE, || {
        let n = fs::read_dir(&other).ok()?.count();
        (n == 2).then_some(())
    });
    assert_eq!(
        fs::read(other.join("alpha.txt")).expect("read"),
        b"the one already there",
        "Keep both keeps the one that was there"
    );
    win.alive();
}

/// Pixels of the focus ring's colour (the theme's primary blue) in the left `width` columns.
fn ring_pixels(shot: &desktop::Shot, width: usize, height: usize) -> usize {
    let mut n = 0;
    for y in 0..height {
        for x in 0..width {
            let [r, g, b] = shot.pixel(x, y);
            if r.abs_diff(0x35) < 12 && g.abs_diff(0x84) < 12 && b.abs_diff(0xe4) < 12 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn tab_moves_the_keyboard_round_the_window_and_places_take_arrows() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = open_names(&desk);
    let work = home.work.clone();
    let (_, _, _, h) = win.geometry();
    let before = ring_pixels(&win.shot(), 200, h as usize);

    // Tab: Places has the keyboard, with a ring; Enter opens the place it is on (Home).
    win.key("Tab");
    wait_for("the ring around Places", PATIENCE, || {
        (ring_pixels(&win.shot(), 200, h as usize) > before + 400).then_some(())
    });
    let home_name = home.name();
    win.key("Return");
    win.wait_title("home in the title", |t| t.ends_with(&home_name));
    // Down to Trash, Enter.
    win.key("Down Return");
    win.wait_title("Trash in the title", |t| t.ends_with("Trash"));
    win.alive();

    // Tab again: the location bar takes what is typed.
    win.key("Up Return");
    win.wait_title("home again", |t| t.ends_with(&home_name));
    win.key("Tab");
    win.key("ctrl+a");
    win.type_text(&work.to_string_lossy());
    win.key("Return");
    win.wait_title("the typed folder in the title", |t| t.ends_with("work"));

    // Shift+Tab: the main menu's button; Enter opens the menu on its first entry, and
    // Down Down Enter turns on "Verify copies".
    win.key("shift+Tab");
    win.key("Return");
    win.wait_text("Verify copies");
    win.key("Down Down");
    win.key("Return");
    win.wait_gone("Verify copies");
    let settings = home.settings_file();
    wait_for("the setting on disk", PATIENCE, || {
        let s = fs::read_to_string(&settings).ok()?;
        s.contains("verify_copies = true").then_some(())
    });

    // Shift+Tab twice more goes back past the location bar to Places; a click in the view
    // takes the keyboard back (and the ring goes).
    win.key("shift+Tab shift+Tab");
    wait_for("the ring around Places again", PATIENCE, || {
        (ring_pixels(&win.shot(), 200, h as usize) > before + 400).then_some(())
    });
    win.click_text("bravo");
    wait_for("the ring to go", PATIENCE, || {
        (ring_pixels(&win.shot(), 200, h as usize) < before + 100).then_some(())
    });
    win.key("Down");
    win.wait_text("1 selected");
    win.alive();
}

#[test]
fn type_ahead_says_what_was_typed_in_the_status_bar() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = open_names(&desk);
    let (_, _, _, h) = win.geometry();
    let status_bar = move |_: i32, y: i32| y > h as i32 - 30;

    // Letters go to the first name that begins with them, and the status bar says so.
    win.type_text("char");
    win.wait_text_where("Going to", status_bar);
    win.wait_text_where("char", status_bar);
    // Escape forgets what was typed; Delete then trashes the one the next letters went to.
    win.key("Escape");
    win.type_text("fox");
    win.wait_text_where("fox", status_bar);
    win.key("Delete");
    wait_for("foxtrot in the trash", PATIENCE, || {
        (!home.work.join("foxtrot.txt").exists()).then_some(())
    });
    assert_eq!(left(&home.work).len(), NAMES.len() - 1, "only foxtrot went");
    // A name nothing begins with: said, and nothing picked.
    win.key("Escape");
    win.type_text("zulu");
    win.wait_text_where("No name begins with", status_bar);
    win.wait_text_where("zulu", status_bar);
    win.alive();
}
