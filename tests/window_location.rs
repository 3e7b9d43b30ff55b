//! The breadcrumb in the real window (tests/desktop: Xvfb, openbox, XTest input through
//! xdotool, screenshots read by tesseract): a click on a parent's crumb keeps the crumbs of
//! the folders below it, so the way back down is one click, until the pane goes elsewhere;
//! the location bar completes a typed path with Tab and says when a path leads nowhere, and
//! a path typed in the Trash view leaves it, even for the folder it was opened from.
//! Run: `cargo build && cargo test --test window_location` (skips without the tools, fails
//! in CI).

mod desktop;

use desktop::{Desktop, Home, Launch, Window};

/// The toolbar's band, where the breadcrumb is drawn (the title bar is not in the shots).
fn in_toolbar(x: i32, y: i32) -> bool {
    x > 120 && y < 60
}

fn wait_folder(win: &Window, name: &str) {
    win.wait_title(&format!("{name} in the title"), |t| t.ends_with(name));
}

#[test]
fn a_parent_crumb_keeps_the_crumbs_below_until_the_pane_goes_elsewhere() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let inner = home.folder("work/outer/inner", &["kilo"]);
    let other = home.folder("work/meadow", &["lima"]);
    let mut win = desk.launch(Launch::new(home.path()).arg(&inner));
    wait_folder(&win, "inner");
    win.wait_text("kilo");

    // Up by the breadcrumb: "inner" stays on it, one click away.
    let (x, y) = win.wait_text_where("outer", in_toolbar);
    win.click(x, y);
    wait_folder(&win, "outer");
    let (x, y) = win.wait_text_where("inner", in_toolbar);
    win.click(x, y);
    wait_folder(&win, "inner");
    win.wait_text("kilo");
    win.alive();

    // Up again, then elsewhere: the kept crumbs go.
    let (x, y) = win.wait_text_where("work", in_toolbar);
    win.click(x, y);
    wait_folder(&win, "work");
    win.wait_text_where("inner", in_toolbar);
    win.go_to(&other);
    win.wait_text("lima");
    win.wait_words("the crumbs of the way before gone", |words| {
        !words
            .iter()
            .any(|w| w.text.contains("inner") && in_toolbar(w.x, w.y))
    });
    win.alive();
}

#[test]
fn the_location_bar_completes_with_tab_and_says_where_nothing_is() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    for f in ["Documents", "Downloads", "Desktop"] {
        home.folder(f, &[]);
    }
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");
    let (_, _, _, h) = win.geometry();
    let status_bar = move |_: i32, y: i32| y > h as i32 - 30;

    // One folder begins so: Tab completes it, slash and all; Enter goes there.
    win.key("ctrl+l");
    win.key("ctrl+a");
    win.type_text("~/Des");
    win.key("Tab");
    win.wait_text_where("Desktop/", in_toolbar);
    win.key("Return");
    wait_folder(&win, "Desktop");
    win.alive();

    // Two: Tab names both in the status bar; a letter more and Tab again completes.
    win.key("ctrl+l");
    win.key("ctrl+a");
    win.type_text("~/Do");
    win.key("Tab");
    win.wait_text_where("Downloads", status_bar);
    win.wait_text_where("Documents", status_bar);
    win.type_text("c");
    win.key("Tab");
    win.wait_text_where("Documents/", in_toolbar);
    win.key("Return");
    wait_folder(&win, "Documents");
    win.alive();

    // A path that leads nowhere: said, the pane stays, the typed text stays to mend.
    win.key("ctrl+l");
    win.key("ctrl+a");
    win.type_text("~/Nowhere");
    win.key("Return");
    win.wait_text_where("does not exist", status_bar);
    win.wait_text_where("Nowhere", in_toolbar);
    assert!(
        win.title().ends_with("Documents"),
        "the pane stays where it was"
    );
    win.key("Escape");
    win.alive();
}

#[test]
fn a_path_typed_in_the_trash_view_leaves_it() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let mut win = desk.open_work(&home);
    win.click_text("Trash");
    win.wait_title("the Trash view", |t| t.ends_with("Trash"));
    // The folder the Trash was opened from.
    win.key("ctrl+l");
    win.type_text(&home.work.display().to_string());
    win.key("Return");
    win.wait_title("the folder typed", |t| t.ends_with("work"));
    win.wait_text("alpha");
    win.alive();
}
