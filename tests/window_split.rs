//! Split view in the real window (tests/desktop: Xvfb, openbox, keys through xdotool, the
//! pointer through XTest, screenshots read by tesseract): F3 shows a second pane beside the
//! first, each with its own location bar and folder; a click gives a pane the keyboard; F5
//! copies and F6 moves the selection into the other pane's folder (undo puts a move back);
//! the Menu key opens the menu at the selected row of the pane with the keyboard;
//! a file dragged from one pane onto the other moves there through the drop menu; a pane's
//! close button keeps the other; and a split tab comes back at the next start.
//! Run: `cargo build && cargo test --test window_split` (skips without the tools, fails in CI).

mod desktop;

use std::fs;

use desktop::{Desktop, Home, Launch, Window, wait_exists, wait_file_text};

/// The half of the window each pane is drawn in (Places takes the first 210 pixels).
fn in_left_pane(win: &Window) -> impl Fn(i32, i32) -> bool + use<> {
    let middle = middle(win);
    move |x, y| x > 210 && x < middle && y > 43
}

fn in_right_pane(win: &Window) -> impl Fn(i32, i32) -> bool + use<> {
    let middle = middle(win);
    move |x, y| x > middle && y > 43
}

/// Where the two panes meet: halfway across the room Places leaves.
fn middle(win: &Window) -> i32 {
    let width = win.geometry().2 as i32;
    211 + (width - 211) / 2
}

fn wait_folder(win: &Window, name: &str) {
    win.wait_title(&format!("{name} in the title"), |t| t.ends_with(name));
}

#[test]
fn two_panes_side_by_side_copy_move_and_drag_between_them() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo", "charlie"]);
    let other = home.folder("other", &["kilo"]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");

    // F3: a second pane at the same folder, beside the first.
    win.key("F3");
    win.wait_text_where("alpha", in_left_pane(&win));
    win.wait_text_where("alpha", in_right_pane(&win));
    // The right pane goes elsewhere: a click in it gives it the keyboard, Ctrl+L types.
    let (x, y) = win.wait_text_where("charlie", in_right_pane(&win));
    win.click(x, y);
    win.go_to(&other);
    win.wait_text_where("kilo", in_right_pane(&win));
    win.wait_text_where("work", in_left_pane(&win));
    win.wait_text_where("other", in_right_pane(&win));
    win.save_shot("split-two-folders");
    win.alive();

    // The Menu key in the right pane opens the menu just below its selected row there;
    // a click in the left pane gives that pane the keyboard and the menu goes.
    let (x, y) = win.wait_text_where("kilo", in_right_pane(&win));
    win.click(x, y);
    win.key("Menu");
    let (_, menu_y) = win.wait_text_where("Open With", in_right_pane(&win));
    assert!(
        menu_y > y && menu_y < y + 160,
        "the menu opens below kilo (y {y}), not at y {menu_y}"
    );
    let (_, _, _, height) = win.geometry();
    win.click(middle(&win) - 60, height as i32 - 120);
    win.wait_gone("Open With");
    win.alive();

    // A click on alpha in the left pane, then F5: a copy in the other pane's folder.
    // (On the grey of the pane's rows tesseract may read its first letter apart.)
    let (x, y) = win.wait_text_where("pha.txt", in_left_pane(&win));
    win.click(x, y);
    wait_folder(&win, "work");
    win.key("F5");
    wait_exists(&other.join("alpha.txt"), true);
    assert!(
        home.work.join("alpha.txt").exists(),
        "a copy keeps its source"
    );
    win.wait_text_where("alpha", in_right_pane(&win));

    // bravo with F6: moved, and Ctrl+Z moves it back.
    let (x, y) = win.wait_text_where("bravo", in_left_pane(&win));
    win.click(x, y);
    win.key("F6");
    wait_exists(&other.join("bravo.txt"), true);
    wait_exists(&home.work.join("bravo.txt"), false);
    win.key("ctrl+z");
    wait_exists(&home.work.join("bravo.txt"), true);
    wait_exists(&other.join("bravo.txt"), false);
    win.alive();

    // charlie dragged from the left pane onto the right one: Move here puts it there.
    let from = win.wait_text_where("charlie", in_left_pane(&win));
    let onto = win.wait_text_where("kilo", in_right_pane(&win));
    win.drag(from, (onto.0, onto.1 + 120), 14);
    win.click_text("Move here");
    wait_exists(&other.join("charlie.txt"), true);
    wait_exists(&home.work.join("charlie.txt"), false);
    win.wait_text_where("charlie", in_right_pane(&win));
    win.alive();

    // The right pane's close button: the left pane stays, alone, with the keyboard.
    let close = (win.geometry().2 as i32 - 18, 60);
    win.click(close.0, close.1);
    win.wait_words("one pane again", |words| {
        let kilo = words.iter().any(|w| w.text.contains("kilo"));
        let alpha = words.iter().any(|w| w.text.contains("alpha"));
        !kilo && alpha
    });
    wait_folder(&win, "work");
    win.alive();
    win.closes_with("ctrl+q");
}

#[test]
fn a_click_on_the_empty_part_of_a_pane_gives_it_the_keyboard() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo", "charlie"]);
    let other = home.folder("other", &["kilo"]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");
    win.key("F3");
    win.wait_text_where("alpha", in_right_pane(&win));
    // The right pane goes elsewhere through its location bar, and keeps the keyboard.
    let (x, y) = win.wait_text_where("charlie", in_right_pane(&win));
    win.click(x, y);
    win.go_to(&other);
    win.wait_text_where("kilo", in_right_pane(&win));
    // Ctrl+L there again: its location bar takes the keys.
    win.key("ctrl+l");

    // A click below the left pane's rows, where no file is: that pane has the keyboard,
    // so typing selects there and F5 copies into the other pane's folder.
    let (_, _, _, height) = win.geometry();
    win.click(middle(&win) - 60, height as i32 - 80);
    wait_folder(&win, "work");
    win.key("b");
    win.key("r");
    win.key("F5");
    wait_exists(&other.join("bravo.txt"), true);
    assert!(
        home.work.join("bravo.txt").exists(),
        "a copy keeps its source"
    );
    win.alive();
}

#[test]
fn a_split_tab_comes_back_at_the_next_start() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let other = home.folder("other", &["kilo"]);
    let win = desk.open_work(&home);
    win.key("F3");
    let (x, y) = win.wait_text_where("alpha", in_right_pane(&win));
    win.click(x, y);
    win.go_to(&other);
    wait_file_text(
        &home.settings_file(),
        "the split tab in the settings file",
        |t| {
            t.lines()
                .any(|l| l.contains("/work file://") && l.contains("/other"))
        },
    );
    win.closes_with("ctrl+q");

    let mut win = desk.launch(Launch::new(home.path()));
    win.wait_text_where("alpha", in_left_pane(&win));
    win.wait_text_where("kilo", in_right_pane(&win));
    win.alive();
    // F3 closes the pane without the keyboard: the left one has it after a start.
    win.key("F3");
    wait_folder(&win, "work");
    win.wait_gone("kilo");
    win.closes_with("ctrl+q");
}

#[test]
fn both_panes_on_one_folder_see_its_changes_after_the_one_that_read_it_leaves() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let other = home.folder("other", &["kilo"]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");
    win.key("F3");
    win.wait_text_where("alpha", in_right_pane(&win));

    // A file made by another program shows in both panes (one listing, shared).
    fs::write(home.work.join("delta.txt"), b"delta").expect("write");
    win.wait_text_where("delta", in_left_pane(&win));
    win.wait_text_where("delta", in_right_pane(&win));

    // The left pane, whose listing it is, goes elsewhere; the right one still follows
    // the folder's changes.
    win.go_to(&other);
    win.wait_text_where("kilo", in_left_pane(&win));
    fs::write(home.work.join("echo.txt"), b"echo").expect("write");
    win.wait_text_where("echo", in_right_pane(&win));
    fs::remove_file(home.work.join("alpha.txt")).expect("remove");
    let right = in_right_pane(&win);
    win.wait_words("alpha to go from the right pane", |words| {
        !words.iter().any(|w| {
            let (x, y) = w.centre();
            w.text.contains("alpha") && right(x, y)
        })
    });
    win.alive();
    win.closes_with("ctrl+q");
}
