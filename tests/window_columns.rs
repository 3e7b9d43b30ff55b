//! The details view's columns and sort in the real window, as Dolphin and Nautilus users
//! use them (tests/desktop: Xvfb, openbox, XTest input, screenshots read by tesseract):
//! on a wide window the Type column shows "Tar archive (gzip-compressed)" whole; a
//! right-click on the header opens the header's menu of columns (not the folder's), where
//! "Permissions" adds a column of `rwxr-xr-x` and "Move Permissions left" moves it before
//! Type; dragging the edge before a column widens
//! it, and both are kept for the next start; the main menu's View menu sorts by size and
//! turns "Folders first" off. Orders are read back by selecting rows with the keyboard
//! and copying them (`xclip` reads the clipboard).
//! Run: `cargo build && cargo test --test window_columns` (skips without the tools, fails in CI).

mod desktop;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use desktop::{Desktop, Home, PATIENCE, Window, wait_for};

/// Where the first row starts: the header is above it.
const VIEW_TOP: i32 = 73;

fn have_xclip() -> bool {
    if desktop::have("xclip") {
        return true;
    }
    assert!(std::env::var_os("CI").is_none(), "xclip is missing in CI");
    eprintln!("skipped: xclip is not installed (apt-get install xclip)");
    false
}

/// Once other programs read exactly one path from the clipboard, its file name.
fn copied_name(desk: &Desktop, what: &str, want: &str) -> String {
    wait_for(what, PATIENCE, || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o", "-t", "UTF8_STRING"])
            .env("DISPLAY", desk.display())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let name = text.trim().rsplit('/').next()?.to_owned();
        (name == want).then_some(name)
    })
}

/// The header's word `text`: its left edge and middle (a word of the header, not of a row).
fn header_word(win: &Window, text: &str) -> (i32, i32) {
    wait_for(&format!("{text} in the header"), PATIENCE, || {
        win.shot()
            .words()
            .into_iter()
            .find(|w| w.text == text && w.y + w.height / 2 < VIEW_TOP)
            .map(|w| (w.x, w.y + w.height / 2))
    })
}

/// The main menu's View menu.
fn open_view_menu(win: &Window) {
    let (_, _, w, _) = win.geometry();
    win.click(w as i32 - 22, 22);
    // The word itself ("Previews on network shares" holds it too).
    let (x, y) = wait_for("the main menu's View", PATIENCE, || {
        win.shot()
            .words()
            .into_iter()
            .find(|w| w.text == "View")
            .map(|w| w.centre())
    });
    win.click(x, y);
    win.wait_text("Folders first");
}

/// Whether some word on the line of `name` reads as `pred` wants (tesseract reads the
/// permission letters loosely: `rwx` may come out as `PWX`).
fn word_beside(win: &Window, name: &str, pred: impl Fn(&str) -> bool) -> bool {
    let words = win.shot().words();
    let Some(line) = words.iter().find(|w| w.text == name) else {
        return false;
    };
    words
        .iter()
        .any(|w| (w.y - line.y).abs() < 8 && pred(&w.text.to_lowercase()))
}

#[test]
fn a_wide_window_shows_the_whole_type_and_the_header_menu_chooses_columns() {
    let Some(desk) = Desktop::start_screen("2560x1600x24") else {
        return;
    };
    let home = Home::with_files(&["alpha", "bravo"]);
    let work = home.work.clone();
    // gzip's magic, so the type is told the same by name and by content.
    fs::write(
        work.join("bundle.tar.gz"),
        [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3],
    )
    .expect("write");
    let open = work.join("openly.sh");
    fs::write(&open, "#!/bin/sh\n").expect("write");
    fs::set_permissions(&open, fs::Permissions::from_mode(0o777)).expect("chmod");
    let mut win = desk.open_work_sized(&home, (1920, 1000));
    win.wait_text("bundle.tar.gz");

    // 1920 pixels wide: the type's words are whole, the name has room to spare.
    win.wait_text("gzip-compressed");
    win.alive();

    // A right-click on the header: the header's menu, with the columns to choose.
    let (x, y) = header_word(&win, "Type");
    win.right_click(x + 10, y);
    win.wait_text("Permissions");
    assert!(
        win.find_text("New Folder").is_none(),
        "the header's menu, not the folder's"
    );
    win.click_text("Permissions");
    // The column is there, in the header and in the rows.
    header_word(&win, "Permissions");
    wait_for("rwxrwxrwx beside the open script", PATIENCE, || {
        word_beside(&win, "openly.sh", |w| {
            w.len() == 9 && [&w[1..3], &w[4..6], &w[7..9]] == ["wx"; 3]
        })
        .then_some(())
    });
    wait_for("rw-r--r-- beside a file", PATIENCE, || {
        word_beside(&win, "alpha.txt", |w| w.ends_with("w-r--r--")).then_some(())
    });
    desktop::wait_file_text(&home.settings_file(), "the column saved", |t| {
        t.contains("\"permissions\"")
    });
    win.alive();

    // The new column came last; its header's menu moves it left of Type.
    let (perm_x, y) = header_word(&win, "Permissions");
    let (type_x, _) = header_word(&win, "Type");
    assert!(perm_x > type_x, "a chosen column comes last");
    win.right_click(perm_x + 10, y);
    win.click_text("Move Permissions left");
    wait_for("Permissions before Type", PATIENCE, || {
        let (p, _) = header_word(&win, "Permissions");
        let (t, _) = header_word(&win, "Type");
        (p < t).then_some(())
    });
    desktop::wait_file_text(&home.settings_file(), "the order saved", |t| {
        let (p, ty) = (t.find("\"permissions\""), t.find("\"type\""));
        p.zip(ty).is_some_and(|(p, ty)| p < ty)
    });
    win.alive();
}

#[test]
fn a_dragged_header_edge_widens_its_column_and_both_are_kept() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo"]);
    let settings = home.settings_file();
    let win = desk.open_work(&home);
    win.wait_text("alpha");

    // The edge before a column is the 12 pixels left of where its word starts (words
    // of the Modified column start at its left; those of Size line up on the right).
    let (mod_x, y) = header_word(&win, "Modified");
    let (type_x, _) = header_word(&win, "Type");
    let mod_width = type_x - mod_x;
    win.drag((mod_x - 6, y), (mod_x - 66, y), 12);
    // The name gave 60 pixels to Modified: its header word moved left, Type stayed.
    wait_for("the Modified column to widen", PATIENCE, || {
        let (m, _) = header_word(&win, "Modified");
        let (t, _) = header_word(&win, "Type");
        ((t - type_x).abs() <= 3 && (t - m) - mod_width >= 50).then_some(())
    });
    desktop::wait_file_text(&settings, "the width saved", |t| {
        t.lines()
            .find_map(|l| l.strip_prefix("modified = "))
            .and_then(|w| w.parse::<f32>().ok())
            .is_some_and(|w| (190.0..=210.0).contains(&w))
    });
    // No file was dragged.
    assert!(win.find_text("Move here").is_none());
    win.closes_with("ctrl+q");

    // The next start has the wider column.
    let win = desk.open_work(&home);
    win.wait_text("alpha");
    let (m, _) = header_word(&win, "Modified");
    let (t, _) = header_word(&win, "Type");
    assert!(
        (t - m) - mod_width >= 50,
        "the width is kept: {} then {}",
        mod_width,
        t - m
    );
}

#[test]
fn the_view_menu_sorts_by_size_and_folders_first_can_be_off() {
    let Some(desk) = Desktop::start() else { return };
    if !have_xclip() {
        return;
    }
    let home = Home::with_empty("work");
    let work = home.work.clone();
    for (name, size) in [
        ("alpha", 300),
        ("bravo", 10),
        ("charlie", 1000),
        ("echo", 500),
    ] {
        fs::write(work.join(format!("{name}.txt")), vec![b'x'; size]).expect("write");
    }
    fs::create_dir(work.join("delta")).expect("mkdir");
    let mut win = desk.open_work(&home);
    win.wait_text("charlie");

    // By size: the folder first, then the files from the smallest.
    open_view_menu(&win);
    win.click_text("Sort by Size");
    win.wait_gone("Folders first");
    win.key("Home");
    win.key("Down");
    win.key("ctrl+c");
    copied_name(&desk, "the smallest file second", "bravo.txt");
    win.key("End");
    win.key("ctrl+c");
    copied_name(&desk, "the largest file last", "charlie.txt");
    desktop::wait_file_text(&home.settings_file(), "the sort saved", |t| {
        t.contains("sort_by = \"size\"")
    });
    win.alive();

    // Folders first off, by name: the folder among the files, fourth.
    open_view_menu(&win);
    win.click_text("Folders first");
    win.wait_gone("Folders first");
    open_view_menu(&win);
    win.click_text("Sort by Name");
    win.wait_gone("Folders first");
    win.key("Home");
    win.key("ctrl+c");
    copied_name(&desk, "alpha first", "alpha.txt");
    win.key("Down Down Down");
    win.key("ctrl+c");
    copied_name(&desk, "the folder among the files", "delta");
    desktop::wait_file_text(&home.settings_file(), "folders first saved", |t| {
        t.contains("folders_first = false")
    });
    win.alive();
}
