//! The quick preview (Space) and the information panel (F11) in the real window
//! (tests/desktop: Xvfb, openbox, XTest input, screenshots): Space on a photo shows it
//! large (its colour over much of the window), Up moves the open preview to the item
//! above, a text file whose first line is read off the screen; Escape closes it; F11 shows
//! a photo's dimensions and camera, and the setting is kept. Hostile files (a picture
//! claiming 30000×30000, one cut short, a 2 GB text, a fifo) neither crash nor freeze the
//! window, and its memory stays within a fixed bound. The window lives and answers pings
//! throughout.
//! Run: `cargo build && cargo test --test window_preview` (skips without the tools, fails
//! in CI).

mod desktop;

use std::path::Path;

use desktop::{Desktop, Home, PATIENCE, Window, wait_file_text, wait_for};
use porpoise_testkit::pictures::{self, Exif};

const ORANGE: [u8; 3] = [235, 125, 20];

/// A 4000×3000 orange photo with the camera's EXIF data.
fn photo(path: &Path) {
    let jpeg = pictures::jpeg(&pictures::plain(4000, 3000, ORANGE));
    let exif = Exif {
        make: "Hasselblad",
        model: "Hasselblad Xpan",
        taken: "2024:05:01 12:34:56",
        orientation: 1,
    };
    pictures::write(path, &pictures::with_exif(&jpeg, &exif));
}

/// The window's resident memory (`VmRSS`), in bytes.
fn resident(win: &Window) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", win.pid())).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |kib| kib << 10)
}

#[test]
fn space_previews_a_photo_then_the_next_text_and_escape_closes() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("work");
    photo(&home.work.join("sunflower.jpg"));
    // Sorted before the photo: its row, selected, is above the preview's text (the
    // harness reads a selected row's stretch inverted).
    std::fs::write(
        home.work.join("almanac.txt"),
        "Porpoises swim quietly beside harbour lanterns\nsecond line\n",
    )
    .unwrap();
    let mut win = desk.open_work_sized(&home, (1000, 700));
    win.click_text("sunflower");
    let before = win.shot().pixels_like(ORANGE);
    win.key("space");
    // The photo at the window's size: well over a hundred thousand orange pixels.
    wait_for("the photo large over the window", PATIENCE, || {
        (win.shot().pixels_like(ORANGE) > before + 150_000).then_some(())
    });
    win.save_shot("preview-photo");
    win.alive();

    // Up: the preview moves on to the text above, its first line read on screen.
    win.key("Up");
    win.wait_text("harbour");
    win.wait_text("lanterns");
    assert!(win.shot().pixels_like(ORANGE) < 20_000, "the photo is gone");
    win.save_shot("preview-text");

    win.key("Escape");
    win.wait_gone("harbour");
    win.alive();
    // Closed: the view has the keys again (Down moves to the photo).
    win.key("Down");
    win.key("space");
    wait_for("the photo again", PATIENCE, || {
        (win.shot().pixels_like(ORANGE) > before + 150_000).then_some(())
    });
    win.key("space");
    wait_for("the preview closed", PATIENCE, || {
        (win.shot().pixels_like(ORANGE) < before + 20_000).then_some(())
    });
    win.alive();
}

#[test]
fn f11_shows_a_photo_s_dimensions_and_camera_and_is_kept() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("work");
    photo(&home.work.join("sunflower.jpg"));
    std::fs::write(home.work.join("voyage.txt"), "words\n").unwrap();
    let mut win = desk.open_work_sized(&home, (1100, 750));
    win.click_text("sunflower");
    win.key("F11");
    // "4000 × 3000 pixels" and the camera, beside the view.
    win.wait_text("Hasselblad");
    win.wait_text("pixels");
    win.wait_text("4000");
    win.wait_text("3000");
    win.save_shot("info-photo");
    wait_file_text(&home.settings_file(), "the panel kept shown", |t| {
        t.contains("show_info = true")
    });
    // It follows the selection: the text file has no dimensions.
    win.click_text("voyage");
    win.wait_gone("pixels");
    win.wait_gone("Hasselblad");
    win.alive();
    win.key("F11");
    wait_file_text(&home.settings_file(), "the panel kept hidden", |t| {
        t.contains("show_info = false")
    });
    win.alive();
}

#[test]
fn hostile_files_neither_crash_nor_freeze_the_preview() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("work");
    let w = &home.work;
    pictures::write(
        &w.join("aaclaims.png"),
        &pictures::png_claiming(30000, 30000),
    );
    pictures::write(
        &w.join("abclaims.jpg"),
        &pictures::jpeg_claiming(30000, 30000),
    );
    let whole = pictures::jpeg(&pictures::plain(900, 700, ORANGE));
    pictures::write(&w.join("accut.jpg"), &whole[..whole.len() / 3]);
    let huge = std::fs::File::create(w.join("adhuge.txt")).unwrap();
    // Text well past what a preview reads, then a hole to 2 GB.
    let text = format!(
        "enormous journal opening\n{}",
        "another line\n".repeat(30_000)
    );
    std::io::Write::write_all(&mut &huge, text.as_bytes()).unwrap();
    huge.set_len(2 << 30).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        w.join("aepipe"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let mut win = desk.open_work_sized(&home, (1000, 700));
    win.click_text("aaclaims");
    let start = resident(&win);
    win.key("space");
    win.wait_text("damaged");
    win.save_shot("preview-hostile-claims");
    win.alive();
    win.key("Down");
    win.wait_text("large");
    win.alive();
    win.key("Down");
    win.wait_text("damaged");
    win.alive();
    win.key("Down");
    // Its start is read (the line beside the selected row may be read badly).
    win.wait_text("opening");
    win.wait_text("another");
    win.alive();
    win.key("Down");
    // The fifo: its name beneath, nothing read, the window answers.
    win.wait_gone("another");
    win.alive();
    let grown = resident(&win).saturating_sub(start);
    assert!(grown < 200 << 20, "the window grew by {} MiB", grown >> 20);
    win.key("Escape");
    win.alive();
}
