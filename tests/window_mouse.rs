//! The real window's layout and mouse as a Dolphin or Nautilus user meets them
//! (tests/desktop: Xvfb, openbox, XTest input, screenshots read by tesseract): the name
//! keeps its room on half a laptop screen, a long name is shortened in the middle with the
//! whole name in a tooltip, F9 hides Places, a click on empty space clears the selection,
//! and the rubber band selects what it touches, adds with Ctrl, works in the icons view,
//! and scrolls on when held past the edge; in the details view a press beside a row's
//! name starts a band (a click there selects the row) while one on the name drags the
//! file; Ctrl+wheel and Ctrl+plus/minus zoom the icons
//! view (the tiles grow, the setting is saved) without scrolling it. The effects are read off the status bar ("3
//! selected") and checked on disk (the band's items go to the trash).
//! Run: `cargo build && cargo test --test window_mouse` (skips without the tools, fails in CI).

mod desktop;

use std::fs;
use std::path::Path;

use desktop::{Desktop, Home, PATIENCE, Window, wait_clipboard_text, wait_for};

/// How many entries the status bar says are selected (0 when it says none).
fn selected(win: &Window) -> usize {
    let words = win.shot().words();
    words
        .windows(2)
        .find(|w| w[1].text.starts_with("selected"))
        .and_then(|w| w[0].text.parse().ok())
        .unwrap_or(0)
}

/// Wait until the status bar says `pred` of the selected count; returns the count.
fn wait_selected(win: &Window, what: &str, pred: impl Fn(usize) -> bool) -> usize {
    wait_for(what, PATIENCE, || Some(selected(win)).filter(|&n| pred(n)))
}

/// Names tesseract reads without mistaking a digit for a letter.
const NAMES: [&str; 6] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];

const LONG_NAME: &str = "holiday-photos-from-the-summer-in-the-mountains-with-the-whole-family-\
and-the-dog-who-would-not-stop-barking-at-cows-beach.jpg";

#[test]
fn half_a_laptop_screen_keeps_the_name_and_long_names_are_shortened() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    assert!(LONG_NAME.len() >= 120);
    fs::write(home.work.join(LONG_NAME), b"jpeg").expect("write");

    let mut win = desk.open_work_sized(&home, (700, 500));
    win.settle();

    // The Name column is there and names are drawn; Type gave way first.
    win.wait_text("Name");
    win.wait_text("bravo");
    wait_for("the Type column to give way", PATIENCE, || {
        let words = win.shot().words();
        let has = |t: &str| words.iter().any(|w| w.text.eq_ignore_ascii_case(t));
        (has("Name") && has("Size") && !has("Type")).then_some(())
    });
    win.alive();

    // The long name keeps its start and its extension, loses its middle, and stays left
    // of the Size column.
    let shot = win.shot();
    let words = shot.words();
    let start = words
        .iter()
        .find(|w| w.text.starts_with("holiday"))
        .unwrap_or_else(|| panic!("the long name's start is drawn: {words:?}"));
    let size = words
        .iter()
        .find(|w| w.text == "bytes" && (w.y - start.y).abs() < 8)
        .expect("its size is drawn on its line");
    assert!(
        start.x + start.width < size.x,
        "the name draws over the Size column: {start:?} {size:?}"
    );
    assert!(
        shot.find_text("beach.jpg").is_some(),
        "the extension is kept: {words:?}"
    );
    assert!(
        shot.find_text("barking").is_none(),
        "the middle of the name is left out: {words:?}"
    );

    // The whole name shows in a tooltip under a still pointer.
    win.point(start.x + 20, start.y + start.height / 2);
    win.wait_text("barking");
    win.alive();

    // F9 hides Places and brings it back; a window too narrow for it has none.
    win.point(600, 400);
    win.wait_text("Places");
    win.key("F9");
    wait_for("Places to hide", PATIENCE, || {
        win.find_text("Places").is_none().then_some(())
    });
    win.key("F9");
    win.wait_text("Places");
    win.resize(500, 400);
    win.settle();
    wait_for("Places to hide on a narrow window", PATIENCE, || {
        win.find_text("Places").is_none().then_some(())
    });
    win.wait_text("bravo");
    win.alive();
}

#[test]
fn the_rubber_band_selects_what_it_touches_and_a_click_on_empty_space_clears() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);
    let (_, _, w, h) = win.geometry();
    let (w, h) = (w as i32, h as i32);
    let (_, y1) = win.wait_text("bravo");
    let (x3, y3) = win.wait_text("delta");
    // Far right, below the rows (and right of every tile in the icons view).
    let empty = (w - 40, h - 80);

    // From the empty space below the rows up to bravo: bravo to foxtrot are touched.
    win.drag(empty, (x3 + 150, y1), 12);
    let n = wait_selected(&win, "the band to select five", |n| n == 5);
    assert_eq!(n, 5);
    win.alive();

    // A click on empty space clears the selection.
    win.click(empty.0, empty.1);
    wait_selected(&win, "the click to clear the selection", |n| n == 0);

    // Select alpha, then Ctrl+band over delta..foxtrot: four are selected.
    win.click_text("alpha");
    wait_selected(&win, "one selected", |n| n == 1);
    desk.xdotool(["keydown", "ctrl"]);
    win.drag(empty, (x3 + 150, y3), 12);
    desk.xdotool(["keyup", "ctrl"]);
    win.settle();
    wait_selected(&win, "Ctrl to add the band to the selection", |n| n == 4);

    // What the band selected is what the trash gets.
    win.key("Delete");
    wait_for("the four selected in the trash", PATIENCE, || {
        let left: Vec<bool> = NAMES
            .iter()
            .map(|n| work.join(format!("{n}.txt")).exists())
            .collect();
        (left == [false, true, true, false, false, false]).then_some(())
    });
    win.alive();

    // The icons view: a band from the empty space after the tiles over the tiles.
    for n in NAMES {
        fs::write(work.join(format!("{n}.txt")), n).expect("write back");
    }
    win.key("ctrl+2");
    win.wait_text("foxtrot");
    wait_for("the icons view (no column header)", PATIENCE, || {
        win.find_text("Modified").is_none().then_some(())
    });
    let (x0, y0) = win.wait_text("alpha");
    win.click(empty.0, empty.1);
    win.drag(empty, (x0 - 30, y0 - 40), 12);
    let n = wait_selected(&win, "the band to select tiles", |n| n >= 6);
    assert_eq!(
        n, 6,
        "every tile lies between the empty corner and the first"
    );
    win.alive();
}

/// The paths other programs read from the clipboard (one a line, sorted), once there
/// are `n` of them.
fn wait_clipboard_paths(display: &str, what: &str, n: usize) -> Vec<String> {
    let text = wait_clipboard_text(display, what, |t| t.lines().count() == n);
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

#[test]
fn a_press_beside_a_rows_name_starts_a_band_and_one_on_the_name_drags() {
    let Some(desk) = Desktop::start() else { return };
    if !desktop::have("xclip") {
        assert!(std::env::var_os("CI").is_none(), "xclip is missing in CI");
        eprintln!("skipped: xclip is not installed (apt-get install xclip)");
        return;
    }
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    fs::create_dir(work.join("archive")).expect("mkdir");
    let mut win = desk.open_work(&home);
    // The folder comes first; the rows span the view, their names take a third of it.
    let (xa, ya) = win.wait_text("archive");
    let (xd, yd) = win.wait_text("delta.txt");
    assert!((xa - xd).abs() < 40, "names start in one column");

    // From the empty part of delta's row (right of its name) up onto the folder's row:
    // a band over five rows, not a drag of delta onto the folder.
    win.drag((xd + 200, yd), (xd + 200, ya), 12);
    let n = wait_selected(&win, "the band to select five rows", |n| n == 5);
    assert_eq!(n, 5);
    assert!(
        win.find_text("Move here").is_none(),
        "a band is no drag: no drop menu"
    );
    win.key("ctrl+c");
    let copied = wait_clipboard_paths(desk.display(), "the five copied", 5);
    assert_eq!(
        copied,
        paths(
            &work,
            &[
                "archive",
                "alpha.txt",
                "bravo.txt",
                "charlie.txt",
                "delta.txt"
            ]
        )
    );
    assert!(work.join("delta.txt").exists(), "nothing moved");
    assert_eq!(fs::read_dir(work.join("archive")).expect("ls").count(), 0);
    win.alive();

    // A click on the empty part of echo's row (far right, in the Type column) selects it.
    let (_, _, w, _) = win.geometry();
    let (_, ye) = win.wait_text("echo.txt");
    win.click(w as i32 - 60, ye);
    wait_selected(&win, "the click to select the row", |n| n == 1);
    win.key("ctrl+c");
    let copied = wait_clipboard_paths(desk.display(), "echo copied", 1);
    assert_eq!(copied, paths(&work, &["echo.txt"]));

    // A press on the name still drags the file: foxtrot onto the folder moves it there.
    let from = win.wait_text("foxtrot.txt");
    let to = win.wait_text("archive");
    win.drag(from, to, 12);
    win.click_text("Move here");
    wait_for("foxtrot moved into the folder", PATIENCE, || {
        (work.join("archive/foxtrot.txt").exists() && !work.join("foxtrot.txt").exists())
            .then_some(())
    });
    win.alive();
}

#[test]
fn the_rubber_band_scrolls_on_when_held_past_the_edge() {
    let Some(desk) = Desktop::start() else { return };
    let middle: Vec<String> = (0..58).map(|i| format!("middle-{i:02}")).collect();
    let mut names = vec!["aardvark-first", "zebra-last"];
    names.extend(middle.iter().map(String::as_str));
    let home = Home::with_files(&names);
    let mut win = desk.open_work(&home);
    win.wait_text("aardvark");
    let (_, _, w, h) = win.geometry();
    let (w, h) = (w as i32, h as i32);
    // To the end of the list, where the empty space below the last row is.
    win.point(w / 2, h / 2);
    win.wheel(40);
    win.wait_text("zebra");
    win.click(w * 3 / 4, h - 60);
    wait_selected(&win, "the click to clear", |n| n == 0);

    // Band from there to above the list, held: the view scrolls up to the first file.
    win.drag_and_hold((w * 3 / 4, h - 60), (w * 3 / 4, 20), 20);
    wait_for(
        "the view to scroll to the top under the band",
        PATIENCE,
        || win.find_text("aardvark").map(|_| ()),
    );
    win.release();
    let n = wait_selected(&win, "the band to select every file", |n| n == 60);
    assert_eq!(n, 60);
    win.alive();
}

#[test]
fn ctrl_wheel_and_ctrl_plus_minus_zoom_the_icons_view() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let settings = home.settings_file();
    let mut win = desk.open_work_sized(&home, (1000, 700));
    win.wait_text("alpha");
    win.key("ctrl+2");
    // In a row of tiles, the second name sits one tile width right of the first.
    let tile_width = |win: &Window| {
        let (a, _) = win.wait_text("alpha");
        let (b, _) = win.wait_text("bravo");
        b - a
    };
    let small = wait_for("the icons view", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| (100..=124).contains(&w))
    });
    // Over the view's empty space low down, where no tile comes under the pointer (a
    // hovered name reads poorly).
    let (x, _) = win.wait_text("charlie");
    win.point(x, 630);
    // Up is bigger (XTest's notch comes as a press and a release, which the window
    // takes as two turns: how many steps a notch makes is not what this checks).
    win.wheel_holding("ctrl", -1);
    let big = wait_for("bigger tiles", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| w >= small + 16)
    });
    win.save_shot("zoomed");
    desktop::wait_file_text(&settings, "the size saved", |t| {
        t.lines()
            .find_map(|l| l.strip_prefix("icon_size = "))
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n > 48)
    });
    // Down is smaller again, and the view did not scroll: the first name is still there.
    win.wheel_holding("ctrl", 1);
    wait_for("smaller tiles", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| w < big)
    });
    win.wait_text("alpha");
    win.alive();
    // Ctrl+plus a step bigger, Ctrl+minus a step back, Ctrl+0 the usual size.
    win.key("ctrl+plus");
    win.key("ctrl+plus");
    let two_up = wait_for("two steps bigger", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| w > small + 40)
    });
    win.key("ctrl+minus");
    wait_for("one step smaller", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| w < two_up && w > small)
    });
    win.key("ctrl+0");
    wait_for("the usual size", PATIENCE, || {
        Some(tile_width(&win)).filter(|&w| (100..=124).contains(&w))
    });
    win.alive();
}
