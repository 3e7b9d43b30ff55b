//! What the real window says and does when things happen (tests/desktop: Xvfb, openbox,
//! XTest input, screenshots read by tesseract): Ctrl+C, Ctrl+V in the same folder makes
//! "(copy)" and then "(copy 2)"; a finished job's row goes by itself, a failed one stays;
//! the status bar keeps a history of what finished, shown on a click; a folder pasted into itself says it cannot; a broken link opened offers the trash; an application that cannot start says so in one line
//! that goes after a while; a shown folder deleted from outside says so at once; an entry
//! renamed from outside stays selected. Effects are checked on disk and on screen.
//! Run: `cargo build && cargo test --test window_messages` (skips without the tools, fails
//! in CI).

mod desktop;

use std::fs;

use desktop::{
    Desktop, Home, Launch, PATIENCE, Shot, Window, wait_exists, wait_file_text, wait_for,
};

/// Names tesseract reads without mistaking a digit for a letter.
const NAMES: [&str; 3] = ["alpha", "bravo", "charlie"];

#[test]
fn copy_and_paste_in_the_same_folder_makes_numbered_copies() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);

    win.click_text("alpha");
    win.key("ctrl+c");
    win.key("ctrl+v");
    let first = work.join("alpha (copy).txt");
    wait_exists(&first, true);
    win.key("ctrl+v");
    let second = work.join("alpha (copy 2).txt");
    // The copy is there from its first byte on; it is whole once the job ends.
    wait_file_text(&second, "the second copy to be whole", |t| t == "alpha");
    assert_eq!(fs::read(work.join("alpha.txt")).expect("read"), b"alpha");
    win.wait_text("(copy 2)");
    win.alive();
}

#[test]
fn a_finished_job_leaves_the_panel_by_itself_and_a_failed_one_stays() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);
    // The pointer rests away from the panel, over the files.
    win.click_text("alpha");
    win.key("ctrl+c");
    win.key("ctrl+v");
    wait_exists(&work.join("alpha (copy).txt"), true);
    win.wait_text("Dismiss");
    // Nothing to read in it: it goes after a few seconds, without a click.
    win.wait_gone("Dismiss");
    win.alive();

    // A paste whose source went meanwhile fails, and its row stays to be read.
    win.click_text("bravo");
    win.key("ctrl+c");
    fs::remove_file(work.join("bravo.txt")).expect("remove");
    win.wait_gone("bravo");
    win.key("ctrl+v");
    win.wait_text("failed");

    // A later paste that goes well leaves by itself; the failed row outlives it.
    let files = || fs::read_dir(&work).expect("read").count();
    let before = files();
    win.click_text("charlie");
    win.key("ctrl+c");
    win.key("ctrl+v");
    wait_for("the second copy", PATIENCE, || {
        (files() > before).then_some(())
    });
    let dismiss =
        |words: &[desktop::Word]| words.iter().filter(|w| w.text.contains("Dismiss")).count();
    win.wait_words("two finished rows", |words| dismiss(words) == 2);
    win.wait_words("the row that went well gone", |words| dismiss(words) == 1);
    win.wait_text("failed");
    win.alive();

    // The status bar keeps what finished: a click on it shows all three, the first
    // paste's too, whose row left the panel long ago.
    let (_, _, w, h) = win.geometry();
    let (w, h) = (w as i32, h as i32);
    let (x, y) = win.wait_text_where("finished jobs", |_, y| y > h - 30);
    win.click(x, y);
    win.wait_text("latest first");
    let history = |x: i32, y: i32| x > w - 520 && y < h - 30;
    win.wait_text_where("alpha.txt", history);
    win.wait_text_where("charlie.txt", history);
    win.wait_text_where("bravo.txt", history);
    // A click elsewhere closes it.
    win.click(w / 3, h / 3);
    win.wait_gone("latest first");
    win.alive();
}

#[test]
fn opening_a_broken_link_says_so_and_offers_the_trash() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let link = home.work.join("dangling");
    std::os::unix::fs::symlink(home.path().join("nowhere.txt"), &link).expect("symlink");
    let mut win = desk.open_work(&home);

    let (x, y) = win.wait_text("dangling");
    win.double_click(x, y);
    win.wait_text("broken");
    win.wait_text("Trash");
    win.alive();
    // Enter takes the default, Move to Trash: the link goes to the home's trash.
    win.key("Return");
    wait_for("the link to leave its folder", PATIENCE, || {
        fs::symlink_metadata(&link).is_err().then_some(())
    });
    let trashed = home.path().join(".local/share/Trash/files/dangling");
    assert!(
        fs::symlink_metadata(&trashed).is_ok_and(|m| m.file_type().is_symlink()),
        "the link itself is in the trash"
    );
    win.alive();
}

#[test]
fn pasting_a_folder_into_itself_says_it_cannot_and_copies_nothing() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let bulk = home.folder("work/Bulk", &["delta", "echo"]);
    let mut win = desk.open_work(&home);

    win.click_text("Bulk");
    win.key("ctrl+c");
    win.key("Return");
    win.wait_title("the folder in the title", |t| t.ends_with("Bulk"));
    win.wait_text("delta");
    win.key("ctrl+v");
    win.wait_text("itself");
    let mut names: Vec<String> = fs::read_dir(&bulk)
        .expect("read")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["delta.txt", "echo.txt"], "nothing was copied");
    win.alive();
}

#[test]
fn an_application_that_cannot_start_says_so_in_one_line_that_goes() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    // The default for text is an application whose program is not there; the system's
    // types, none of its applications.
    let mime_db = std::path::Path::new("/usr/share/mime");
    if !mime_db.join("subclasses").is_file() {
        return porpoise_testkit::skip(
            "the shared-mime-info database (shared-mime-info) is needed",
        );
    }
    let applications = home.folder(".local/share/applications", &[]);
    let nothing = home.folder("no-applications", &[]);
    std::os::unix::fs::symlink(mime_db, nothing.join("mime")).expect("symlink");
    fs::write(
        applications.join("ghost.desktop"),
        "[Desktop Entry]\nType=Application\nName=Ghostwriter\nExec=/nonexistent/ghost %f\nMimeType=text/plain;\n",
    )
    .expect("write the desktop entry");
    let mut win = desk.launch(
        Launch::new(home.path())
            .arg(&work)
            .env("XDG_DATA_DIRS", &nothing)
            .env("XDG_CONFIG_DIRS", &nothing),
    );
    win.wait_title("the folder in the title", |t| t.ends_with("work"));

    let (x, y) = win.wait_text("bravo");
    win.double_click(x, y);
    let said = "Could not start";
    let (_, message_y) = win.wait_text(said);
    win.wait_text("not installed");
    let (_, free_y) = win.wait_text("free");
    assert!(
        (message_y - free_y).abs() <= 4,
        "the message stays on the status bar's one line: {message_y} vs {free_y}"
    );
    let shot = win.shot();
    assert!(
        shot.find_text("nonexistent").is_none() && shot.find_text("os error").is_none(),
        "the system's words stay out of the window"
    );
    win.alive();
    // It goes after a while, and the counts come back.
    win.wait_gone(said);
    win.wait_text("3 items");
    win.alive();
}

#[test]
fn changes_from_outside_show_at_once_and_keep_the_selection() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let sub = work.join("inner");
    fs::create_dir(&sub).expect("mkdir");
    fs::write(sub.join("delta.txt"), b"delta").expect("write");
    let mut win = desk.open_work(&home);

    // Renamed by another program: the selection follows it; Delete trashes the new name.
    win.click_text("alpha");
    win.wait_text("1 selected");
    fs::rename(work.join("alpha.txt"), work.join("omega.txt")).expect("rename");
    // (A selected row is not always readable; if Delete came before the rename showed,
    // it would find no alpha.txt and omega.txt would stay: the check below would fail.)
    win.wait_gone("alpha");
    win.point(700, 500);
    win.wait_text("1 selected");
    win.key("Delete");
    wait_for("omega in the trash", PATIENCE, || {
        (!work.join("omega.txt").exists()).then_some(())
    });
    assert!(work.join("bravo.txt").exists() && work.join("charlie.txt").exists());
    win.alive();

    // The shown folder deleted from outside says so at once, without F5.
    let (x, y) = win.wait_text("inner");
    win.double_click(x, y);
    win.wait_title("the inner folder in the title", |t| t.ends_with("inner"));
    win.wait_text("delta");
    fs::remove_dir_all(&sub).expect("rm -r");
    win.wait_text("no longer exists");
    win.alive();
}

/// Pixels of the link emblem's blue in a box of `shot`.
fn emblem_pixels(shot: &Shot, x: std::ops::Range<i32>, y: std::ops::Range<i32>) -> usize {
    let mut n = 0;
    for yy in y {
        for xx in x.clone() {
            let [r, g, b] = shot.pixel(xx as usize, yy as usize);
            if r < 90 && (110..170).contains(&g) && b > 190 {
                n += 1;
            }
        }
    }
    n
}

/// The darkest channel of the darkest pixel in a word's box (lower is darker text).
fn darkest(shot: &Shot, w: &desktop::Word) -> u8 {
    let mut d = 255;
    for y in w.y..w.y + w.height {
        for x in w.x..w.x + w.width {
            let p = shot.pixel(x as usize, y as usize);
            d = d.min(*p.iter().min().unwrap_or(&255));
        }
    }
    d
}

#[test]
fn folders_count_their_items_links_carry_an_emblem_and_cut_items_fade() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let inner = work.join("inner");
    fs::create_dir(&inner).expect("mkdir");
    for n in ["x", "y", "z"] {
        fs::write(inner.join(n), b"").expect("write");
    }
    std::os::unix::fs::symlink("bravo.txt", work.join("linked.txt")).expect("symlink");
    let mut win = desk.open_work(&home);

    // The folder's Size column says what it holds.
    win.wait_text("3 items");

    // The link's icon carries the emblem; a plain file's does not.
    win.point(700, 600);
    win.settle();
    let shot = win.shot();
    let words = shot.words();
    let word = |t: &str| {
        words
            .iter()
            .find(|w| w.text.starts_with(t))
            .unwrap_or_else(|| panic!("{t} is drawn: {words:?}"))
            .clone()
    };
    let (link, plain) = (word("linked"), word("bravo"));
    let icon = |w: &desktop::Word| (w.x - 36..w.x - 6, w.y - 8..w.y + w.height + 8);
    let (lx, ly) = icon(&link);
    let (px, py) = icon(&plain);
    assert!(
        emblem_pixels(&shot, lx, ly) > 6,
        "the link's icon has the emblem"
    );
    assert_eq!(emblem_pixels(&shot, px, py), 0, "a plain file has none");

    // Cut: charlie fades until pasted; bravo stays as it was.
    let charlie = word("charlie");
    let before = darkest(&shot, &charlie);
    win.click(charlie.x + 5, charlie.y + charlie.height / 2);
    win.key("ctrl+x");
    win.click_text("bravo");
    win.point(700, 600);
    win.settle();
    let faded = wait_for("charlie to fade", PATIENCE, || {
        let d = darkest(&win.shot(), &charlie);
        (d > before.saturating_add(60)).then_some(d)
    });
    let shot = win.shot();
    assert!(darkest(&shot, &plain) < faded, "only what was cut fades");
    // Pasted into the folder, it is there and no longer here.
    let (x, y) = win.wait_text("inner");
    win.double_click(x, y);
    win.wait_title("inner in the title", |t| t.ends_with("inner"));
    win.key("ctrl+v");
    wait_exists(&inner.join("charlie.txt"), true);
    assert!(!work.join("charlie.txt").exists());
    win.alive();
}

/// Right-click the row named `row` and click the first word of its menu, under the row,
/// that `is_item` picks (`what` names it while waiting).
fn choose_in_menu(win: &Window, row: &str, what: &str, is_item: impl Fn(&str) -> bool) {
    let (x, y) = win.wait_text(row);
    win.right_click(x, y);
    let item = wait_for(what, PATIENCE, || {
        win.shot()
            .words()
            .into_iter()
            .find(|w| is_item(&w.text) && w.y > y)
    });
    let (ix, iy) = item.centre();
    win.click(ix, iy);
}

#[test]
fn the_trash_view_names_itself_follows_the_trash_and_its_dialog_dims() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let work = home.work.clone();
    let data = home.folder(".local/share", &[]);
    let mut win = desk.open_work(&home);

    // The Trash place: its own title and location.
    win.click_text("Trash");
    win.wait_title("Trash in the title", |t| t.ends_with("Trash"));
    win.wait_text("The trash is empty.");

    // Another program trashes files: the view shows them without F5, with their sizes.
    let trash = |name: &str| {
        let st = std::process::Command::new(porpoise_testkit::porpoise_command())
            .args(["rm", "--trash"])
            .arg(work.join(name))
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", &data)
            .status()
            .expect("run porpoise rm --trash");
        assert!(st.success());
    };
    trash("alpha.txt");
    win.wait_text("alpha.txt");
    win.wait_text("5 bytes");
    // F5 reads it again: still there.
    win.key("F5");
    win.wait_text("alpha.txt");
    win.alive();

    // Its menu: Restore puts it back. (The menu's Restore is under the row; the bar has
    // one too, above it.)
    choose_in_menu(&win, "alpha.txt", "the menu's Restore", |w| w == "Restore");
    wait_exists(&work.join("alpha.txt"), true);
    win.wait_text("The trash is empty.");

    // Its menu: Delete asks, Enter deletes it for good.
    trash("bravo.txt");
    // The menu's "Delete…" (not the Deleted column's heading).
    choose_in_menu(&win, "bravo.txt", "the menu's Delete", |w| {
        w.starts_with("Delete") && w != "Deleted"
    });
    win.wait_text("for good?");
    win.key("Return");
    win.wait_text("The trash is empty.");
    assert!(
        !work.join("bravo.txt").exists(),
        "deleted for good, not restored"
    );
    win.alive();

    trash("charlie.txt");
    win.wait_text("charlie.txt");
    // Empty Trash asks over a dimmed window; Enter empties.
    let (_, _, w, h) = win.geometry();
    let corner = (w as usize - 30, h as usize / 2);
    let before = win.shot().pixel(corner.0, corner.1);
    // (White on blue, its words are not read: it is the button right of Restore.)
    let (rx, ry) = win.wait_text("Restore");
    win.click(rx + 90, ry);
    win.wait_text("Empty the trash?");
    let after = win.shot().pixel(corner.0, corner.1);
    assert!(
        after.iter().zip(before).all(|(a, b)| *a + 40 < b),
        "the window behind the question is dimmed: {before:?} -> {after:?}"
    );
    // Tab to Cancel and Enter keeps the trash; asked again, Enter empties it.
    win.key("Tab");
    win.key("Return");
    win.wait_gone("Empty the trash?");
    win.wait_text("charlie.txt");
    assert_eq!(
        fs::read_dir(data.join("Trash/files"))
            .expect("trash files")
            .count(),
        1,
        "Cancel kept the trash"
    );
    win.click(rx + 90, ry);
    win.wait_text("Empty the trash?");
    win.key("Return");
    win.wait_text("The trash is empty.");
    let left = fs::read_dir(data.join("Trash/files"))
        .expect("trash files")
        .count();
    assert_eq!(left, 0, "the trash was emptied");
    win.alive();
}

/// Pixels that stand out from the menu's background in the strip left of `label`, where
/// a ticked entry draws its tick.
fn tick_pixels(shot: &Shot, label: &desktop::Word) -> usize {
    let lum = |p: [u8; 3]| p.iter().map(|&c| c as i32).sum::<i32>() / 3;
    let background = lum(shot.pixel((label.x - 30) as usize, label.y as usize));
    let mut n = 0;
    for y in label.y - 4..label.y + label.height + 4 {
        for x in label.x - 26..label.x - 4 {
            if (lum(shot.pixel(x as usize, y as usize)) - background).abs() > 90 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_main_menu_turns_on_verifying_and_a_paste_is_then_read_back() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&NAMES);
    let other = home.folder("other", &[]);
    let settings = home.settings_file();
    let mut win = desk.open_work(&home);

    // The toolbar's last button opens the main menu; "Verify copies" is not ticked.
    let (_, _, width, _) = win.geometry();
    win.click(width as i32 - 23, 21);
    win.wait_text("Verify copies");
    let label = |shot: &Shot| {
        let words = shot.words();
        words
            .iter()
            .find(|w| w.text == "Verify")
            .unwrap_or_else(|| panic!("the entry is drawn: {words:?}"))
            .clone()
    };
    let shot = win.shot();
    let unticked = tick_pixels(&shot, &label(&shot));
    win.click_text("Verify copies");
    win.wait_gone("Verify copies");
    wait_for("the setting on disk", PATIENCE, || {
        let s = fs::read_to_string(&settings).ok()?;
        s.contains("verify_copies = true").then_some(())
    });

    // Opened again, the entry is ticked now; Escape closes it.
    win.click(width as i32 - 23, 21);
    win.wait_text("Verify copies");
    let shot = win.shot();
    let ticked = tick_pixels(&shot, &label(&shot));
    assert!(
        ticked > unticked + 10,
        "the entry is ticked: {ticked} pixels against {unticked}"
    );
    win.key("Escape");
    win.wait_gone("Verify copies");

    // A copy is now read back from the device, and its summary says so.
    win.click_text("alpha");
    win.key("ctrl+c");
    win.go_to(&other);
    win.key("ctrl+v");
    wait_exists(&other.join("alpha.txt"), true);
    win.wait_text("found equal");
    win.alive();
}
