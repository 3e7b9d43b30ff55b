//! Tabs in the real window (tests/desktop: Xvfb, openbox, keys through xdotool, the pointer
//! through XTest, screenshots read by tesseract): Ctrl+T opens a tab that goes its own way
//! while the first keeps its folder, Ctrl+Tab, Ctrl+Shift+Tab, Alt+1 and a click on a tab
//! go between them, Ctrl+W closes one and Ctrl+Shift+T brings it back, a middle-click on a
//! folder opens it behind; files dragged onto a tab go into its folder, a tab dragged onto
//! another takes its place; and the tabs come back when the window opens again.
//! Run: `cargo build && cargo test --test window_tabs` (skips without the tools, fails in CI).

mod desktop;

use std::fs;
use std::path::Path;

use desktop::{Desktop, Home, Launch, Window, wait_exists, wait_file_text};

/// The band of the window the tab bar is drawn in (below the toolbar, above the view).
fn in_tab_bar(_x: i32, y: i32) -> bool {
    (43..78).contains(&y)
}

fn wait_folder(win: &Window, name: &str) {
    win.wait_title(&format!("{name} in the title"), |t| t.ends_with(name));
}

/// Wait until the title names the folder `name` and the window draws `text`.
fn wait_shown(win: &Window, name: &str, text: &str) {
    wait_folder(win, name);
    win.wait_text(text);
}

#[test]
fn tabs_go_their_own_way_and_come_and_go_by_key_and_pointer() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo"]);
    let other = home.folder("other", &["kilo"]);
    fs::create_dir(home.work.join("zulu")).expect("mkdir zulu");
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");

    // Ctrl+T: a second tab at the same folder, and the bar that shows both.
    win.key("ctrl+t");
    win.wait_text_where("work", in_tab_bar);
    // The new tab goes elsewhere; the first keeps its folder.
    win.go_to(&other);
    win.wait_text("kilo");
    win.wait_text_where("other", in_tab_bar);
    win.wait_text_where("work", in_tab_bar);
    win.save_shot("tabs-two");
    win.alive();

    // Ctrl+Tab goes round to the first, Ctrl+Shift+Tab back, Alt+1 to the first again.
    win.key("ctrl+Tab");
    wait_shown(&win, "work", "alpha");
    win.key("ctrl+shift+Tab");
    wait_folder(&win, "other");
    win.key("alt+1");
    wait_folder(&win, "work");
    win.key("ctrl+Page_Down");
    wait_folder(&win, "other");
    win.key("ctrl+Page_Up");
    wait_folder(&win, "work");

    // A click on a tab shows it.
    let (x, y) = win.wait_text_where("other", in_tab_bar);
    win.click(x, y);
    wait_shown(&win, "other", "kilo");
    win.alive();

    // Ctrl+W closes the shown tab; the bar goes with the second tab.
    win.key("ctrl+w");
    wait_folder(&win, "work");
    wait_no_tab_bar(&win);
    // Ctrl+Shift+T opens it again, shown.
    win.key("ctrl+shift+t");
    wait_folder(&win, "other");
    win.wait_text_where("work", in_tab_bar);

    // A middle-click on a folder of the view opens it in a tab behind.
    win.key("ctrl+Tab");
    wait_folder(&win, "work");
    let (x, y) = win.wait_text("zulu");
    win.middle_click(x, y);
    win.wait_text_where("zulu", in_tab_bar);
    assert!(win.title().ends_with("work"), "the folder opened behind");
    // It sits right after the tab it came from.
    win.key("ctrl+Tab");
    wait_folder(&win, "zulu");
    win.key("ctrl+Tab");
    wait_folder(&win, "other");
    win.alive();

    // Ctrl+W on each tab, and on the last one the window closes.
    win.key("ctrl+w");
    wait_folder(&win, "zulu");
    win.key("ctrl+w");
    wait_folder(&win, "work");
    wait_no_tab_bar(&win);
    win.closes_with("ctrl+w");
}

#[test]
fn files_dragged_onto_a_tab_go_into_its_folder_and_a_dragged_tab_moves() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo"]);
    let other = home.folder("other", &[]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");
    win.key("ctrl+t");
    win.go_to(&other);
    win.key("ctrl+Tab");
    wait_folder(&win, "work");

    // alpha.txt dragged onto the "other" tab: the drop menu, and Move puts it there.
    let from = win.wait_text("alpha.txt");
    let onto = win.wait_text_where("other", in_tab_bar);
    win.drag(from, onto, 12);
    win.click_text("Move here");
    wait_exists(&other.join("alpha.txt"), true);
    wait_exists(&home.work.join("alpha.txt"), false);
    win.alive();

    // The "work" tab dragged onto the "other" tab: "other" comes first.
    let work = win.wait_text_where("work", in_tab_bar);
    let onto = win.wait_text_where("other", in_tab_bar);
    assert!(work.0 < onto.0, "work is the first tab");
    win.drag(work, onto, 12);
    win.wait_words("the tabs to swap places", |words| {
        let at = |name: &str| {
            words
                .iter()
                .find(|w| w.text == name && in_tab_bar(w.centre().0, w.centre().1))
                .map(|w| w.centre().0)
        };
        matches!((at("other"), at("work")), (Some(o), Some(w)) if o < w)
    });
    // The dragged tab stays shown, and Alt+1 is now the other folder.
    wait_folder(&win, "work");
    win.key("alt+1");
    wait_shown(&win, "other", "alpha");
    win.alive();
    win.closes_with("ctrl+q");
}

#[test]
fn the_tabs_come_back_when_the_window_opens_again() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let other = home.folder("other", &["kilo"]);

    let win = desk.open_work(&home);
    win.key("ctrl+t");
    win.go_to(&other);
    win.wait_text("kilo");
    // Written a moment after the change (off the window's thread).
    wait_saved(&home.settings_file(), &other);
    win.closes_with("ctrl+q");

    // Opened again without a folder: both tabs, the one shown last shown.
    let mut win = desk.launch(Launch::new(home.path()));
    wait_shown(&win, "other", "kilo");
    win.wait_text_where("work", in_tab_bar);
    win.key("ctrl+Tab");
    wait_shown(&win, "work", "alpha");
    win.alive();

    // With the main menu's "Restore tabs at start" off, the next start is at home.
    let menu = win.geometry().2 as i32 - 23;
    win.click(menu, 21);
    // Each entry on a line of its own, none over another.
    win.wait_text("One job at a time per device");
    win.save_shot("main-menu");
    win.click_text("Restore tabs at start");
    wait_file_text(&home.settings_file(), "restore_tabs = false on disk", |t| {
        t.contains("restore_tabs = false")
    });
    win.closes_with("ctrl+q");
    let win = desk.launch(Launch::new(home.path()));
    let home_name = home.name();
    wait_shown(&win, &home_name, "work");
    win.wait_gone("kilo");
    win.closes_with("ctrl+q");
}

/// Wait until the tab bar has gone: the view's column header sits right below the
/// toolbar again.
fn wait_no_tab_bar(win: &Window) {
    win.wait_text_where("Name", |_, y| y < 78);
}

/// Wait until the settings file names `folder` among its tabs.
fn wait_saved(settings: &Path, folder: &Path) {
    let name = folder.file_name().expect("named").to_string_lossy();
    wait_file_text(settings, "the tabs in the settings file", |t| {
        t.lines()
            .any(|l| l.contains("file://") && l.contains(&*name))
    });
}

#[test]
fn folders_on_the_command_line_open_as_tabs_and_ctrl_click_on_a_place_opens_one_behind() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let other = home.folder("other", &["kilo"]);
    // As a desktop passes them: a path and a file:// URI.
    let uri = format!("file://{}", other.display());
    let mut win = desk.launch(Launch::new(home.path()).arg(&home.work).arg(&uri));
    wait_shown(&win, "work", "alpha");
    win.wait_text_where("other", in_tab_bar);
    win.key("ctrl+Tab");
    wait_shown(&win, "other", "kilo");

    // Ctrl+click on Home in Places: a tab behind, after the shown one.
    let home_name = home.name();
    let place = win.wait_text_where("Home", |x, y| x < 200 && y > 90);
    desk.xdotool(["keydown", "ctrl"]);
    win.click(place.0, place.1);
    desk.xdotool(["keyup", "ctrl"]);
    assert!(win.title().ends_with("other"), "the place opened behind");
    // Right after the shown tab: the next one is home, not the first tab.
    win.key("ctrl+Tab");
    wait_folder(&win, &home_name);
    win.key("ctrl+Tab");
    wait_folder(&win, "work");
    win.alive();
    win.closes_with("ctrl+q");
}
