//! The real window used as a person uses it (tests/desktop: Xvfb, openbox, XTest input
//! through xdotool, screenshots read by tesseract): pointer sweeps, wheel, clicks,
//! double-clicks, type-ahead, resizing, the context menu, copy and paste between
//! folders, a drag with the drop menu, a 50 000-file folder used while it loads, and
//! names with a newline in them drawn on one line.
//! After every step the process must live and answer `_NET_WM_PING` within 250 ms; the
//! effects are checked on disk and in the window title.
//! Run: `cargo build && cargo test --test window_use` (skips without the tools, fails in CI).

mod desktop;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use desktop::{Desktop, Home, Launch, PATIENCE, Window, wait_for};

/// A folder such as people have: folders, files, a link, a broken link, a name that is
/// not UTF-8, and enough files that the list scrolls.
fn mixed_folder(at: &Path) {
    fs::create_dir_all(at.join("archive-folder")).expect("mkdir");
    fs::create_dir_all(at.join("projects-folder")).expect("mkdir");
    fs::write(at.join("projects-folder/inner-notes.txt"), b"inside").expect("write");
    fs::write(at.join("alpha-report.txt"), b"alpha").expect("write");
    fs::write(at.join("budget-summary.txt"), b"budget figures").expect("write");
    fs::write(at.join("charlie-draft.txt"), b"draft").expect("write");
    std::os::unix::fs::symlink("alpha-report.txt", at.join("link-to-alpha")).expect("symlink");
    std::os::unix::fs::symlink("nowhere", at.join("broken-link")).expect("symlink");
    fs::write(at.join(OsStr::from_bytes(b"caf\xe9-menu.txt")), b"latin-1").expect("write");
    for i in 0..80 {
        fs::write(at.join(format!("zz-filler-{i:03}.txt")), b"x").expect("write");
    }
}

/// Sweep the pointer across the list from top to bottom, checking the window after each
/// stretch.
fn sweep(win: &mut Window, steps: i32) {
    let (_, _, w, h) = win.geometry();
    let (w, h) = (w as i32, h as i32);
    for i in 0..steps {
        win.point(w / 4 + (w / 2) * i / steps, 60 + (h - 120) * i / steps);
        if i % 8 == 0 {
            win.alive();
        }
    }
    win.alive();
}

#[test]
fn a_mixed_folder_survives_a_person_using_it() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&[]);
    let work = &home.work;
    mixed_folder(work);
    let paste_here = home.folder("paste-here", &[]);

    let mut win = desk.open_work(&home);
    win.alive();

    // Pointer over the rows, then the wheel both ways.
    sweep(&mut win, 40);
    win.point(500, 300);
    win.wheel(15);
    win.alive();
    sweep(&mut win, 20);
    win.wheel(-15);
    win.alive();

    // A click, then a double-click into a folder and back.
    win.click_text("alpha-report.txt");
    win.alive();
    let (x, y) = win.wait_text("projects-folder");
    win.double_click(x, y);
    win.wait_title("the opened folder in the title", |t| {
        t.ends_with("projects-folder")
    });
    win.wait_text("inner-notes.txt");
    win.alive();
    win.key("alt+Left");
    win.wait_title("back in the first folder", |t| t.ends_with("work"));
    win.alive();

    // Type-ahead picks a file; Ctrl+C here, Ctrl+V in another folder.
    win.click_text("alpha-report.txt");
    win.type_text("budget");
    win.alive();
    win.key("ctrl+c");
    win.alive();
    win.go_to(&paste_here);
    win.key("ctrl+v");
    let copied = paste_here.join("budget-summary.txt");
    wait_for("the pasted copy on disk", PATIENCE, || {
        (fs::read(&copied).ok()? == b"budget figures").then_some(())
    });
    assert!(
        work.join("budget-summary.txt").exists(),
        "a copy keeps its source"
    );
    win.alive();
    win.key("alt+Left");
    win.wait_title("back in the first folder", |t| t.ends_with("work"));

    // Narrow and wide again.
    win.resize(700, 500);
    win.alive();
    sweep(&mut win, 10);
    win.resize(1100, 720);
    win.alive();

    // The context menu of a file: Move to Trash.
    let (x, y) = win.wait_text("charlie-draft.txt");
    win.right_click(x, y);
    win.alive();
    win.click_text("Move to Trash");
    let trashed = home
        .path()
        .join(".local/share/Trash/files/charlie-draft.txt");
    wait_for("the file in the trash", PATIENCE, || {
        trashed.exists().then_some(())
    });
    assert!(!work.join("charlie-draft.txt").exists());
    win.alive();

    // A drag onto a folder, and Move from the drop menu.
    let from = win.wait_text("alpha-report.txt");
    let to = win.wait_text("archive-folder");
    win.drag(from, to, 12);
    win.alive();
    win.click_text("Move here");
    let moved = work.join("archive-folder/alpha-report.txt");
    wait_for("the file moved on disk", PATIENCE, || {
        (moved.exists() && !work.join("alpha-report.txt").exists()).then_some(())
    });
    win.alive();

    // The name that is not UTF-8 was listed and drawn (lossily) without harm.
    win.key("End");
    win.key("Home");
    win.wait_text("-menu.txt");
    sweep(&mut win, 20);
    win.alive();
}

#[test]
fn a_50000_file_folder_can_be_used_while_it_loads() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("big");
    for i in 0..50_000 {
        fs::File::create(home.work.join(format!("file-{i:05}.dat"))).expect("create");
    }
    let mut win = desk.launch(Launch::new(home.path()).arg(&home.work));
    // Straight away, while the listing may still be coming in.
    for round in 0..3 {
        sweep(&mut win, 16);
        win.wheel(10);
        win.alive();
        win.key("End");
        win.alive();
        win.wheel(-5);
        win.key("Home");
        win.alive();
        if round == 0 {
            win.click(500, 200);
        }
    }
    win.key("End");
    win.wait_text("file-49999.dat");
    win.alive();
    win.key("Home");
    // The first row, selected: tesseract reads white on blue less surely ("file-o0000").
    win.wait_words("the first file back at the top", |words| {
        words
            .iter()
            .any(|w| w.text.starts_with("file-") && w.text.ends_with("0000.dat"))
    });
    win.alive();
}

#[test]
fn names_with_control_characters_keep_to_one_line() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("odd\nfolder");
    fs::write(home.work.join("new\nline-notes.txt"), b"x").expect("write");
    fs::write(home.work.join("plain-notes.txt"), b"x").expect("write");

    let mut win = desk.launch(Launch::new(home.path()).arg(&home.work));
    // The newline shows as U+FFFD: the title stays one line.
    win.wait_title("the folder's name, its newline marked, in the title", |t| {
        t.ends_with("odd\u{fffd}folder")
    });
    win.wait_text("plain-notes.txt");
    // The file's name is drawn on one line: what comes before its newline and what comes
    // after stand level (tesseract may read them as one word or two).
    win.wait_words("the name with a newline on one line", |words| {
        let centres = |part: &str| {
            words
                .iter()
                .filter(|w| w.text.contains(part))
                .map(|w| w.centre().1)
                .collect::<Vec<_>>()
        };
        let after = centres("line-notes");
        centres("new")
            .iter()
            .any(|y| after.iter().any(|a| (a - y).abs() <= 5))
    });
    win.alive();
}
