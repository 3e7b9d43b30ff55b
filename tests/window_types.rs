//! File types in the real window (tests/desktop: Xvfb, openbox, keys through xdotool,
//! screenshots read by tesseract): the Type column says what the shared-mime-info
//! database says each file is, beside its row — a PNG without an extension is a "PNG
//! image", random data named `.bin` is "Unknown" (no "Program"), a text file is a "Plain
//! text document" — and the icons view with the theme's type icons keeps the window alive.
//! Run: `cargo build && cargo test --test window_types` (skips without the tools, fails in CI).

mod desktop;

use desktop::{Desktop, Home};

use porpoise_testkit::trees::TINY_PNG as PNG;

#[test]
fn the_type_column_says_what_each_file_is() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    std::fs::write(home.work.join("picture"), PNG).expect("write");
    std::fs::write(
        home.work.join("random.bin"),
        [0u8, 159, 146, 150, 7, 1, 2, 3],
    )
    .expect("write");
    let mut win = desk.open_work(&home);
    win.resize(1200, 700);
    win.alive();

    // Each type beside its own row (the same height, right of the name).
    let beside = |name: &str, word: &str| {
        let (nx, ny) = win.wait_text(name);
        win.wait_text_where(word, move |x, y| x > nx + 200 && (y - ny).abs() < 10);
    };
    beside("picture", "PNG");
    beside("random", "Unknown");
    beside("notes", "Plain");
    assert!(
        win.find_text("Program").is_none(),
        "random data is not a program"
    );
    win.save_shot("types-details");
    win.alive();

    // The icons view draws the theme's type icons.
    win.key("ctrl+2");
    win.wait_text("picture");
    win.alive();
    win.save_shot("types-icons");
    win.key("ctrl+1");
    win.wait_text("Unknown");
    win.alive();
}
