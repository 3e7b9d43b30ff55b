//! The menus' everyday entries in the real window (tests/desktop: Xvfb, openbox, XTest
//! input, screenshots read by tesseract): "Duplicate" and "Create Link" make their copy
//! and link on disk, "Copy Location" puts the path where other programs (`xclip`) read it,
//! "Select All" and "Invert Selection" (menu and keys) pick what Ctrl+C then copies,
//! "Open in New Tab" and "Open in New Window" open the folder, and F1 and the main menu
//! show the shortcuts and About.
//! Run: `cargo build && cargo test --test window_menus` (skips without the tools, fails in CI).

mod desktop;

use std::fs;
use std::path::Path;
use std::process::Command;

use desktop::{Desktop, Home, PATIENCE, wait_clipboard_text, wait_for};

/// The lines of `text`, sorted.
fn sorted_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines.sort();
    lines
}

fn paths(work: &Path, names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = names
        .iter()
        .map(|n| work.join(n).to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

fn have_xclip() -> bool {
    if desktop::have("xclip") {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "xclip is missing; CI must install it (.ci/run)"
    );
    eprintln!("skipped: xclip is not installed (apt-get install xclip)");
    false
}

#[test]
fn file_entries_duplicate_link_and_copy_the_location() {
    let Some(desk) = Desktop::start() else { return };
    if !have_xclip() {
        return;
    }
    let home = Home::with_files(&["notes", "budget"]);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);

    // Duplicate: "notes (copy).txt" beside it, with the same bytes.
    let (x, y) = win.wait_text("notes.txt");
    win.right_click(x, y);
    win.click_text("Duplicate");
    let copy = work.join("notes (copy).txt");
    wait_for("the duplicate on disk", PATIENCE, || {
        (fs::read(&copy).ok()? == b"notes").then_some(())
    });
    win.alive();

    // Create Link: a symbolic link beside it, to it.
    let (x, y) = win.wait_text("budget.txt");
    win.right_click(x, y);
    win.click_text("Create Link");
    let link = work.join("budget (1).txt");
    wait_for("the link on disk", PATIENCE, || {
        (fs::read_link(&link).ok()? == work.join("budget.txt")).then_some(())
    });
    win.alive();

    // Copy Location: the file's path, as text other programs read (once the link's row
    // is drawn, so the rows stay where they are).
    win.wait_text("(1).txt");
    let (x, y) = win.wait_text("budget.txt");
    win.right_click(x, y);
    win.click_text("Copy Location");
    let want = work.join("budget.txt").to_string_lossy().into_owned();
    wait_clipboard_text(desk.display(), "the file's path on the clipboard", |t| {
        t == want
    });
    // Ctrl+Alt+C on nothing selected: the folder's own path.
    win.key("Escape");
    win.key("ctrl+alt+c");
    let folder = work.to_string_lossy().into_owned();
    wait_clipboard_text(desk.display(), "the folder's path on the clipboard", |t| {
        t == folder
    });
    win.alive();
}

#[test]
fn select_all_and_invert_pick_what_is_copied() {
    let Some(desk) = Desktop::start() else { return };
    if !have_xclip() {
        return;
    }
    let home = Home::with_files(&["alpha", "bravo", "charlie"]);
    let work = home.work.clone();
    let all = ["alpha.txt", "bravo.txt", "charlie.txt"];
    let mut win = desk.open_work(&home);
    win.wait_text("charlie.txt");

    // The empty part of the view: its menu's "Select All", then Ctrl+C copies every file.
    let (_, _, w, h) = win.geometry();
    win.right_click(w as i32 / 2, h as i32 - 80);
    win.click_text("Select All");
    win.key("ctrl+c");
    let copied = wait_clipboard_text(desk.display(), "every file copied", |t| {
        t.lines().count() == 3
    });
    assert_eq!(sorted_lines(&copied), paths(&work, &all));

    // One clicked, then Ctrl+Shift+A: the two others.
    win.click_text("bravo.txt");
    win.key("ctrl+shift+a");
    win.key("ctrl+c");
    let copied = wait_clipboard_text(desk.display(), "the two others copied", |t| {
        t.lines().count() == 2
    });
    assert_eq!(
        sorted_lines(&copied),
        paths(&work, &["alpha.txt", "charlie.txt"])
    );

    // The menu's "Invert Selection" turns it back to the one.
    win.right_click(w as i32 / 2, h as i32 - 80);
    win.click_text("Invert Selection");
    win.key("ctrl+c");
    let copied = wait_clipboard_text(desk.display(), "the one copied", |t| t.lines().count() == 1);
    assert_eq!(sorted_lines(&copied), paths(&work, &["bravo.txt"]));
    win.alive();
}

#[test]
fn a_folder_opens_in_a_new_tab_and_in_a_new_window() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["readme"]);
    home.folder("work/gallery", &["sunset"]);
    let mut win = desk.open_work(&home);

    // Open in New Tab: a tab behind; Ctrl+Tab shows it.
    let (x, y) = win.wait_text("gallery");
    win.right_click(x, y);
    win.click_text("Open in New Tab");
    win.alive();
    assert!(win.title().ends_with("work"), "the new tab opens behind");
    win.key("ctrl+Tab");
    win.wait_title("the new tab's folder", |t| t.ends_with("gallery"));
    win.wait_text("sunset.txt");
    win.key("ctrl+w");
    win.wait_title("back in the first tab", |t| t.ends_with("work"));

    // Open in New Window: a window of its own on the folder; this one stays.
    let (x, y) = win.wait_text("gallery");
    win.right_click(x, y);
    win.click_text("Open in New Window");
    let other = desk.wait_window_titled("Porpoise — gallery");
    let pid = Command::new("xdotool")
        .args(["getwindowpid", &other.to_string()])
        .env("DISPLAY", desk.display())
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse::<i32>()
                .ok()
        });
    assert!(win.title().ends_with("work"), "the first window stays");
    win.alive();
    if let Some(pid) = pid {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
}

#[test]
fn f1_shows_the_shortcuts_and_the_main_menu_about() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["readme"]);
    let mut win = desk.open_work(&home);
    win.wait_text("readme.txt");

    win.key("F1");
    win.wait_text("Keyboard Shortcuts");
    win.wait_text("Invert the selection");
    win.key("Escape");
    win.wait_gone("Keyboard Shortcuts");
    win.alive();

    // The toolbar's last button opens the main menu; its last entry is About.
    let (_, _, w, _) = win.geometry();
    win.click(w as i32 - 22, 22);
    win.click_text("About Porpoise");
    win.wait_text("General Public License");
    win.key("Escape");
    win.wait_gone("General Public License");
    win.alive();
}
