//! Batch rename in the real window (tests/desktop: Xvfb, openbox, XTest input, screenshots
//! read by tesseract): Ctrl+A and F2 open the dialog on every file; a find and replace
//! typed into its fields shows the new names in the preview; Enter renames them on disk
//! exactly so; Ctrl+Z gives every old name back; numbering that meets a taken name marks
//! it, and once moved past it the Rename button numbers the files in the shown order; the
//! window lives and answers pings throughout.
//! Run: `cargo build && cargo test --test window_rename` (skips without the tools, fails
//! in CI).

mod desktop;

use desktop::Shot;
use desktop::{Desktop, Home, PATIENCE, wait_for};

/// The centre of the rightmost button drawn in the accent's strong blue on the line at
/// `y` (the dialog's default button, enabled: a disabled one is pale); its label's
/// letters may break the blue for a few pixels.
fn strong_button_on_line(shot: &Shot, y: i32) -> Option<(i32, i32)> {
    let y = usize::try_from(y).ok()?;
    let strong = |x: usize| {
        let [r, _, b] = shot.pixel(x, y);
        b >= 150 && i32::from(b) - i32::from(r) >= 140
    };
    let end = (0..shot.width).rev().find(|&x| strong(x))?;
    let mut start = end;
    for x in (0..end).rev() {
        if strong(x) {
            start = x;
        } else if start - x > 12 {
            break;
        }
    }
    (end - start >= 40).then_some(((start + end) as i32 / 2, y as i32))
}

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|r| {
            r.filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn find_and_replace_on_every_file_renames_them_and_one_undo_takes_it_back() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["apple", "banana", "cherry"]);
    let at_first = names(&home.work);
    let mut win = desk.open_work_sized(&home, (1100, 760));
    win.click_text("banana");
    win.key("ctrl+a");
    win.key("F2");
    win.wait_text("items");
    win.wait_text("Numbering");
    win.alive();

    // The keyboard is in Find; Tab takes it to the replacement beside it.
    win.type_text("a");
    win.key("Tab");
    win.type_text("o");
    win.wait_text("bonono.txt");
    win.wait_text("opple.txt");
    win.wait_text("change");
    win.save_shot("batch-rename-preview");
    win.alive();
    assert_eq!(
        names(&home.work),
        at_first,
        "nothing is renamed before Enter"
    );

    // Enter in a field renames as previewed.
    win.key("Return");
    let renamed = ["bonono.txt", "cherry.txt", "opple.txt"].map(String::from);
    wait_for("the files renamed on disk", PATIENCE, || {
        (names(&home.work) == renamed).then_some(())
    });
    win.wait_gone("Numbering");
    win.wait_text("bonono");
    win.save_shot("batch-rename-done");
    win.alive();

    win.key("ctrl+z");
    wait_for("every old name back on disk", PATIENCE, || {
        (names(&home.work) == at_first).then_some(())
    });
    win.wait_text("banana");
    win.alive();

    // Numbering the three fruits (picked with Shift+Down) meets a file that has one of
    // the new names: marked, and Rename stays disabled until the start moves past it.
    std::fs::write(home.work.join("Fruit 02.txt"), "taken").expect("write");
    win.wait_text("Fruit");
    win.click_text("apple");
    win.key("shift+Down shift+Down");
    win.key("F2");
    let (_, title_y) = win.wait_text("items");
    win.key("Tab Tab Tab Tab");
    win.type_text("Fruit ##");
    win.wait_text("taken");
    let (_, summary_y) = win.wait_text_where("name", |_, y| y > title_y + 250);
    assert_eq!(
        strong_button_on_line(&win.shot(), summary_y),
        None,
        "Rename is disabled while a name is taken"
    );
    win.save_shot("batch-rename-conflict");
    win.alive();
    win.key("Tab ctrl+a");
    win.type_text("3");
    win.wait_text("05.txt");
    win.wait_gone("taken");
    win.save_shot("batch-rename-numbered");
    let (_, summary_y) = win.wait_text("change");
    let (x, y) = strong_button_on_line(&win.shot(), summary_y).expect("Rename is enabled");
    win.click(x, y);
    let numbered = [
        "Fruit 02.txt",
        "Fruit 03.txt",
        "Fruit 04.txt",
        "Fruit 05.txt",
    ]
    .map(String::from);
    wait_for("the fruits numbered on disk", PATIENCE, || {
        (names(&home.work) == numbered).then_some(())
    });
    assert_eq!(
        std::fs::read_to_string(home.work.join("Fruit 03.txt")).expect("read"),
        "apple",
        "numbered in the shown order"
    );
    win.alive();
    win.key("ctrl+z");
    let mut back = at_first.clone();
    back.push("Fruit 02.txt".into());
    back.sort();
    wait_for("the fruits' names back", PATIENCE, || {
        (names(&home.work) == back).then_some(())
    });
    win.alive();
}
