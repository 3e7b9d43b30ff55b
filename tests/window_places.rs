//! Bookmarks and new files in the real window (tests/desktop: Xvfb, openbox, XTest input
//! through xdotool, screenshots read by tesseract), with the test's home as `HOME` and
//! `XDG_CONFIG_HOME`: Ctrl+D writes the shown folder into the GTK bookmarks file (its
//! `gtk-3.0` folder made on the way); a line the test appends to that file appears in
//! Places without a restart; dragging it onto another moves its line; Rename… in its menu
//! edits its label in place; Remove from Places takes its line out; New File → a template
//! of `~/Templates` makes a copy named in place, and Ctrl+Z removes it; Ctrl+Alt+N makes an
//! empty one. The window lives and answers `_NET_WM_PING` after each step.
//! Run: `cargo build && cargo test --test window_places` (skips without the tools, fails
//! in CI).

mod desktop;

use std::fs;
use std::io::Write;

use desktop::{Desktop, Home, PATIENCE, wait_exists, wait_file_text, wait_for};
use porpoise_engine::uri::file_uri;

/// Places is on the left: text drawn there, not in the view or the location bar.
fn in_places(x: i32, _y: i32) -> bool {
    x < 230
}

#[test]
fn bookmarks_go_to_the_gtk_file_and_come_from_it_live() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha-report"]);
    let file = home.path().join(".config/gtk-3.0/bookmarks");
    let lighthouse = home.folder("Lighthouse", &["inside-note"]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha-report");
    win.alive();

    // Ctrl+D: the shown folder goes into the file other programs read.
    win.key("ctrl+d");
    let work_line = format!("{}\n", file_uri(&home.work));
    wait_file_text(&file, "the work folder in the bookmarks file", |t| {
        t == work_line
    });
    win.wait_text_where("work", in_places);
    win.alive();

    // Another program appends a bookmark: Places shows it, no restart.
    let mut f = fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .expect("open the bookmarks file");
    writeln!(f, "{} Lighthouse", file_uri(&lighthouse)).expect("append");
    writeln!(f, "sftp://nas.local/srv Faraway").expect("append");
    drop(f);
    let (x, y) = win.wait_text_where("Lighthouse", in_places);
    win.save_shot("places-bookmarks");
    win.alive();

    // It opens like any place.
    win.click(x, y);
    win.wait_title("the bookmarked folder", |t| t.contains("Lighthouse"));
    win.wait_text("inside-note");
    win.alive();

    // Dragged onto "work", it moves before it, in the file too.
    let work_at = win.wait_text_where("work", in_places);
    win.drag((x, y), work_at, 10);
    let light_line = format!("{} Lighthouse\n", file_uri(&lighthouse));
    wait_file_text(&file, "the bookmark moved first", |t| {
        t == format!("{light_line}{work_line}sftp://nas.local/srv Faraway\n")
    });
    win.alive();

    // Its menu: Rename… edits the label in place. Places is read again from the file a
    // moment after it changed: the pointer goes where Places shows the new order.
    let (x, y) = wait_for("Places in the new order", PATIENCE, || {
        let light = win.wait_text_where("Lighthouse", in_places);
        let work = win.wait_text_where("work", in_places);
        (light.1 < work.1).then_some(light)
    });
    win.right_click(x, y);
    win.click_text("Rename");
    // The menu goes as the label's input comes, with the keyboard in it.
    win.wait_gone("Open in New Tab");
    win.key("ctrl+a");
    win.type_text("Beacon");
    win.save_shot("places-rename");
    win.key("Return");
    let beacon_line = format!("{} Beacon\n", file_uri(&lighthouse));
    wait_file_text(&file, "the new label in the file", |t| {
        t.starts_with(&beacon_line)
    });
    let (x, y) = win.wait_text_where("Beacon", in_places);
    win.alive();

    // Remove from Places takes its line out; the other lines stay.
    win.right_click(x, y);
    win.click_text("Remove");
    wait_file_text(&file, "the bookmark's line gone", |t| {
        t == format!("{work_line}sftp://nas.local/srv Faraway\n")
    });
    win.wait_words("the bookmark gone from Places", |words| {
        !words.iter().any(|w| {
            let (x, y) = w.centre();
            in_places(x, y) && w.text.contains("Beacon")
        })
    });
    win.alive();
}

#[test]
fn a_new_file_from_a_template_is_named_in_place_and_undone() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha-report"]);
    let templates = home.folder("Templates", &[]);
    fs::write(templates.join("Letter.txt"), b"Dear someone,\n").expect("write a template");
    let mut win = desk.open_work(&home);
    win.wait_text("alpha-report");
    win.alive();

    // The folder's menu, on the view's empty space: New File → Letter.
    let (_, _, w, h) = win.geometry();
    win.right_click(w as i32 / 2 + 100, h as i32 * 2 / 3);
    let (nx, ny) = win.wait_text("New File");
    win.point(nx, ny);
    win.wait_text("Empty File");
    win.save_shot("places-new-file-menu");
    win.click_text("Letter");
    win.alive();

    // The name is edited in place, its stem selected: typing keeps the extension.
    win.wait_text("New file:");
    win.type_text("Greetings");
    win.key("Return");
    let made = home.work.join("Greetings.txt");
    wait_file_text(&made, "the letter from its template", |t| {
        t == "Dear someone,\n"
    });
    win.wait_text("Greetings");
    win.alive();

    // Ctrl+Z removes it, unchanged as it is.
    win.key("ctrl+z");
    wait_exists(&made, false);
    win.wait_gone("Greetings");
    win.alive();

    // Ctrl+Alt+N: an empty file, named in place.
    win.key("ctrl+alt+n");
    win.wait_text("New file:");
    win.type_text("blank-page");
    win.key("Return");
    let blank = home.work.join("blank-page");
    wait_exists(&blank, true);
    assert_eq!(fs::read(&blank).expect("read"), b"");
    win.wait_text("blank-page");
    win.alive();
}

/// Rows of `shot` crossed by the insertion marker: a line of the theme's primary blue
/// across most of Places' width, away from the panel's ring at its edges.
fn marker_rows(shot: &desktop::Shot, height: usize) -> Vec<usize> {
    let blue = |[r, g, b]: [u8; 3]| {
        r.abs_diff(0x35) < 12 && g.abs_diff(0x84) < 12 && b.abs_diff(0xe4) < 12
    };
    (60..height.saturating_sub(60))
        .filter(|&y| (20..180).filter(|&x| blue(shot.pixel(x, y))).count() > 150)
        .collect()
}

#[test]
fn a_folder_dropped_on_the_empty_part_of_places_is_bookmarked_where_the_line_shows() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha-report"]);
    let file = home.path().join(".config/gtk-3.0/bookmarks");
    let harbour = home.folder("work/Harbour", &["inside-note"]);
    let win = desk.open_work(&home);
    let from = win.wait_text_where("Harbour", |x, _| !in_places(x, 0));
    let (_, _, _, h) = win.geometry();
    assert!(
        marker_rows(&win.shot(), h as usize).is_empty(),
        "no line before a drag"
    );

    // Held over the empty part of Places, below every place: the line shows.
    let below = (100, h as i32 - 160);
    win.drag_and_hold(from, below, 12);
    wait_for("the insertion line in Places", PATIENCE, || {
        let rows = marker_rows(&win.shot(), h as usize);
        (!rows.is_empty() && rows.len() <= 4).then_some(())
    });
    win.save_shot("places-insertion-line");
    win.release();
    wait_file_text(&file, "the dropped folder in the bookmarks file", |t| {
        t.lines().any(|l| l == file_uri(&harbour))
    });
    win.wait_text_where("Harbour", in_places);
    assert!(
        harbour.join("inside-note.txt").exists(),
        "the folder itself stays"
    );
    assert!(
        marker_rows(&win.shot(), h as usize).is_empty(),
        "the line goes with the drag"
    );
}
