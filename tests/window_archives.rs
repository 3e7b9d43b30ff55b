//! Archives in the real window (tests/desktop: Xvfb, openbox, XTest input, screenshots
//! read by tesseract): "Extract Here" on a zip's menu extracts it into a folder named after
//! it; "Extract To…" asks for the folder, and a zip with a password asks for it (a wrong
//! one says so and asks again); a zip opens as a folder and an entry copied out lands;
//! "Compress…" makes a tar.gz, and a zip locked with the password typed into its field;
//! each checked on disk.
//! Run: `cargo build && cargo test --test window_archives` (skips without the tools,
//! fails in CI).

mod desktop;

use std::fs;
use std::process::Command;

use desktop::{Desktop, Home, PATIENCE, Window, wait_for};
use porpoise_testkit::archives::{self, Entry, read_locked};

/// A window on a working folder holding `photos.zip` (two pictures' worth of words, no
/// top folder).
fn on_photos_zip(desk: &Desktop) -> (Home, Window<'_>) {
    let home = Home::with_empty("work");
    archives::zip(
        &home.work.join("photos.zip"),
        &[
            Entry::file("beach.txt", "waves"),
            Entry::file("forest.txt", "trees"),
        ],
    );
    let win = desk.open_work(&home);
    (home, win)
}

/// Wait for the line saying a password was wrong, in the theme's red under the dialog's
/// title at `title` (red words are read badly by OCR: their colour is looked for instead).
fn wait_for_wrong_password_line(win: &Window<'_>, title: (i32, i32)) {
    let (x, y) = title;
    wait_for("the red line of a wrong password", PATIENCE, || {
        let shot = win.shot();
        let rows = usize::try_from(y + 10).ok()?..usize::try_from(y + 60).ok()?;
        let cols = usize::try_from(x - 300).unwrap_or(0)..usize::try_from(x + 300).ok()?;
        rows.flat_map(|row| cols.clone().map(move |col| (col, row)))
            .any(|(col, row)| {
                let [r, g, b] = shot.pixel(col, row);
                r > 120 && r > g.saturating_add(60) && r > b.saturating_add(50)
            })
            .then_some(())
    });
}

#[test]
fn extract_here_makes_a_folder_named_after_the_zip() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = on_photos_zip(&desk);
    let work = home.work.clone();

    let (x, y) = win.wait_text("photos.zip");
    win.right_click(x, y);
    win.click_text("Extract Here");
    wait_for("the extracted files on disk", PATIENCE, || {
        let beach = fs::read(work.join("photos/beach.txt")).ok()?;
        let forest = fs::read(work.join("photos/forest.txt")).ok()?;
        (beach == b"waves" && forest == b"trees").then_some(())
    });
    // The new folder shows in the view.
    win.wait_text_where("photos", |_, _| true);

    // Ctrl+Z removes what the extraction made; Ctrl+Shift+Z makes it again.
    win.key("ctrl+z");
    wait_for("the extraction undone", PATIENCE, || {
        (!work.join("photos").exists()).then_some(())
    });
    win.key("ctrl+shift+z");
    wait_for("the extraction done again", PATIENCE, || {
        (fs::read(work.join("photos/beach.txt")).ok()? == b"waves").then_some(())
    });
    // Once a file in it was changed, undo keeps everything and says why.
    win.wait_text("finished jobs");
    fs::write(work.join("photos/beach.txt"), "edited").expect("edit");
    win.key("ctrl+z");
    win.wait_text("was changed since it was made");
    assert_eq!(
        fs::read(work.join("photos/beach.txt")).expect("kept"),
        b"edited"
    );
    assert!(work.join("photos/forest.txt").exists());
    win.alive();
}

#[test]
fn extract_to_asks_the_folder_and_a_locked_zip_its_password() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("work");
    archives::locked_zip(
        &home.work.join("locked.zip"),
        &[Entry::file("secret.txt", "hidden words")],
        "right",
    );
    let elsewhere = home.path().join("elsewhere");
    fs::create_dir(&elsewhere).expect("mkdir");
    let mut win = desk.open_work(&home);

    let (x, y) = win.wait_text("locked.zip");
    win.right_click(x, y);
    win.click_text("Extract To");
    // The folder field starts as the shown folder and has the keyboard: replace it.
    win.wait_text("“locked.zip”");
    win.key("ctrl+a");
    win.type_text(&elsewhere.to_string_lossy());
    win.key("Return");

    // The password: a wrong one first.
    let (x, y) = win.wait_text("protected by a password");
    win.type_text("wrong");
    win.key("Return");
    // Asked again, with the line saying it was wrong under the title.
    wait_for_wrong_password_line(&win, (x, y));
    win.type_text("right");
    win.key("Return");
    let secret = elsewhere.join("locked/secret.txt");
    wait_for("the locked file extracted", PATIENCE, || {
        (fs::read(&secret).ok()? == b"hidden words").then_some(())
    });
    assert!(
        !home.work.join("locked").exists(),
        "extracted where it was not asked"
    );
    win.alive();
}

#[test]
fn a_zip_opens_as_a_folder_and_a_file_copied_out_lands_on_disk() {
    let Some(desk) = Desktop::start() else { return };
    let (home, mut win) = on_photos_zip(&desk);
    let work = home.work.clone();

    // Double-click: its entries are listed, the title names the archive.
    let (x, y) = win.wait_text("photos.zip");
    win.double_click(x, y);
    let (x, y) = win.wait_text("forest.txt");
    win.wait_title("the archive in the title", |t| t.ends_with("photos.zip"));
    // Copy one out: back in the folder, paste extracts just that one.
    win.click(x, y);
    win.key("ctrl+c");
    win.key("alt+Up");
    win.wait_title("the folder in the title again", |t| t.ends_with("work"));
    win.wait_text("photos.zip");
    win.key("ctrl+v");
    wait_for("the copied entry on disk", PATIENCE, || {
        (fs::read(work.join("forest.txt")).ok()? == b"trees").then_some(())
    });
    assert!(!work.join("beach.txt").exists(), "only what was picked");
    assert!(
        !work.join("photos").exists(),
        "no folder for a picked entry"
    );
    win.alive();
}

#[test]
fn compress_makes_an_archive_of_the_chosen_format_beside_the_items() {
    let Some(desk) = Desktop::start() else { return };
    if !desktop::have("tar") {
        return porpoise_testkit::skip("tar is needed to read the archive back");
    }
    let home = Home::with_files(&["summer", "winter"]);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);

    // Both files selected, their menu's Compress…: named "Archive" to start.
    win.wait_text("winter.txt");
    win.key("ctrl+a");
    let (x, y) = win.wait_text("summer.txt");
    win.right_click(x, y);
    win.click_text("Compress");
    win.wait_text("Compress 2 items");
    // tar.gz picked, the name typed over, Enter in the field creates.
    win.click_text("tar.gz");
    let (x, y) = win.wait_text("Archive");
    win.click(x, y);
    win.key("ctrl+a");
    win.type_text("seasons");
    win.key("Return");
    let archive = work.join("seasons.tar.gz");
    let listed = wait_for("the archive readable by tar", PATIENCE, || {
        let out = Command::new("tar")
            .arg("-tzf")
            .arg(&archive)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    });
    let mut names: Vec<&str> = listed.lines().collect();
    names.sort();
    assert_eq!(names, ["summer.txt", "winter.txt"]);
    win.alive();
}

#[test]
fn compress_with_a_password_typed_makes_a_locked_zip() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["diary"]);
    let work = home.work.clone();
    let mut win = desk.open_work(&home);

    // The file's menu, Compress…: zip to start, so the password field shows.
    let (x, y) = win.wait_text("diary.txt");
    win.right_click(x, y);
    win.click_text("Compress");
    // The field (its light words, read by OCR in part, say that empty means none) typed
    // into; Enter creates.
    win.click_text("empty");
    win.type_text("correct horse");
    win.key("Return");
    let archive = work.join("diary.txt.zip");
    wait_for("the zip on disk", PATIENCE, || {
        archive.exists().then_some(())
    });
    let found = read_locked(&archive, "correct horse", "wrong horse");
    assert_eq!(found[b"diary.txt".as_slice()].data, b"diary");
    win.alive();
}

#[test]
fn a_7z_whose_names_are_locked_asks_its_password_when_opened() {
    let Some(desk) = Desktop::start() else { return };
    let Some(tool) = archives::seven_zip() else {
        return porpoise_testkit::skip("7-Zip is needed to make a 7z with locked names");
    };
    let home = Home::with_empty("work");
    let diary = home.path().join("diary.txt");
    fs::write(&diary, "dear diary").expect("write");
    let made = std::process::Command::new(tool)
        .args(["a", "-bd", "-psesame", "-mhe=on"])
        .arg(home.work.join("locked.7z"))
        .arg(&diary)
        .output()
        .expect("7-Zip");
    assert!(made.status.success(), "{made:?}");
    let mut win = desk.open_work(&home);

    // (OCR reads the name as two words.)
    let (x, y) = win.wait_text("locked.");
    win.double_click(x, y);
    // Its names cannot be read without the password: asked, the field has the keyboard.
    let (x, y) = win.wait_text("protected by a password");
    win.type_text("wrong");
    win.key("Return");
    // Asked again, the red line saying the last one was wrong.
    wait_for_wrong_password_line(&win, (x, y));
    win.type_text("sesame");
    win.key("Return");
    win.wait_text("diary.txt");
    win.wait_title("the archive in the title", |t| t.ends_with("locked.7z"));
    win.save_shot("locked-7z-opened");
    win.alive();
}
