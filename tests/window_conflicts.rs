//! The real window's conflict dialog (tests/desktop: Xvfb, openbox, keys and clicks
//! through xdotool, screenshots read by tesseract): a folder pasted where a folder of its
//! name is asks before merging, and a name typed in the dialog's field renames the
//! incoming file. Every effect is checked on disk.
//! Run: `cargo build && cargo test --test window_conflicts` (skips without the tools, fails
//! in CI).

mod desktop;

use std::fs;

use desktop::{Desktop, Home, wait_exists};

#[test]
fn a_folder_asks_before_merging_and_a_typed_name_renames_a_file() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let work = home.work.clone();
    fs::write(work.join("alpha.txt"), b"incoming").expect("write");
    let photos = work.join("photos");
    fs::create_dir(&photos).expect("mkdir");
    fs::write(photos.join("summer.txt"), b"new").expect("write");
    let other = home.folder("other", &[]);
    fs::write(other.join("alpha.txt"), b"the one already there").expect("write");
    fs::create_dir(other.join("photos")).expect("mkdir");
    fs::write(other.join("photos").join("winter.txt"), b"old").expect("write");
    let mut win = desk.open_work(&home);

    // The folder: the dialog asks, Merge is the default, Enter merges.
    win.click_text("photos");
    win.key("ctrl+c");
    win.go_to(&other);
    win.key("ctrl+v");
    // (OCR does not read the highlighted button's word: the sentence about it says it.)
    win.wait_text("Merging");
    win.key("Return");
    wait_exists(&other.join("photos").join("summer.txt"), true);
    assert_eq!(
        fs::read(other.join("photos").join("winter.txt")).expect("read"),
        b"old",
        "merging keeps what was there"
    );
    win.alive();

    // The file: a name typed in the field, then Enter, renames the incoming one.
    win.go_to(&work);
    win.click_text("alpha");
    win.key("ctrl+c");
    win.go_to(&other);
    win.key("ctrl+v");
    let (x, y) = win.wait_text("name:");
    // The field is to the right of its label.
    win.click(x + 120, y);
    win.key("ctrl+a");
    win.type_text("alpha from work.txt");
    win.key("Return");
    wait_exists(&other.join("alpha from work.txt"), true);
    assert_eq!(
        fs::read(other.join("alpha from work.txt")).expect("read"),
        b"incoming"
    );
    assert_eq!(
        fs::read(other.join("alpha.txt")).expect("read"),
        b"the one already there"
    );
    assert!(!other.join("alpha (1).txt").exists(), "not kept both");
    win.wait_gone("name:");
    win.alive();
}
