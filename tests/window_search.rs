//! Searching in the real window (tests/desktop: Xvfb, openbox, keys and clicks through
//! xdotool, screenshots read by tesseract): Ctrl+F shows the search view at the shown
//! folder, typing a name draws the results found in folders below with their location,
//! a result dragged onto Places is copied there, a clicked result goes to the trash with Delete (gone from disk and from the rows),
//! Enter opens a folder result (the title names it), Escape goes back to the folder, a
//! double-click opens a result, and Ctrl+I still filters the shown folder. The window
//! lives and answers `_NET_WM_PING` after each step.
//! Run: `cargo build && cargo test --test window_search` (skips without the tools, fails
//! in CI).

mod desktop;

use std::fs;

use desktop::{Desktop, Home, wait_exists};

#[test]
fn ctrl_f_finds_below_the_folder_and_opens_results() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha", "bravo"]);
    let deep = home.work.join("archive/old/zebra");
    fs::create_dir_all(&deep).expect("mkdir");
    fs::write(deep.join("giraffe.txt"), "giraffe").expect("write");
    fs::create_dir_all(home.work.join("music")).expect("mkdir");
    fs::write(home.work.join("music/zebra stripes.txt"), "x").expect("write");
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");

    // Ctrl+F: the search view, its field has the keyboard.
    win.key("ctrl+f");
    win.wait_text("Location");
    win.alive();
    win.type_text("zebra");
    // Both results, found two and three levels down, with where they are.
    win.wait_text("stripes");
    win.wait_text("archive/old");
    win.wait_text("found");
    win.save_shot("search-results");
    win.alive();

    // A result dragged onto Home in Places: the drop menu, Copy here copies it there.
    let from = win.wait_text("stripes");
    // Places' Home, not the breadcrumb's (in the toolbar).
    let to = win.wait_text_where("Home", |x, y| x < 200 && y > 60);
    win.drag(from, to, 12);
    win.click_text("Copy here");
    wait_exists(&home.path().join("zebra stripes.txt"), true);
    win.alive();
    // The finished copy's row leaves the panel by itself.
    win.wait_gone("Dismiss");

    // A click picks a result (where it was found before the drag: the copy went outside
    // the searched folder, so the rows stay; read again, the selected row's light words
    // are read less surely); Delete moves it to the trash.
    let stripes = home.work.join("music/zebra stripes.txt");
    win.click(from.0, from.1);
    win.key("Delete");
    wait_exists(&stripes, false);
    // Its row goes; the job panel says where it went, for a few seconds.
    win.wait_text("1 found");
    win.wait_text("Moved 1 file to the trash");
    win.save_shot("search-trashed");
    win.wait_gone("Dismiss");
    win.alive();

    // Ctrl+F puts the keyboard back in the name field, its text selected. Enter opens
    // the result under the cursor: narrowed to the folder by a glob.
    win.key("ctrl+f");
    win.type_text("zebr?");
    win.wait_text("1 found");
    win.key("Return");
    win.wait_title("the found folder in the title", |t| t.ends_with("zebra"));
    win.wait_text("giraffe");
    win.alive();

    // From there, Ctrl+F again; Escape goes back to the folder.
    win.key("ctrl+f");
    win.wait_text("Location");
    win.type_text("giraffe");
    win.wait_text("found");
    win.key("Escape");
    win.wait_gone("Location");
    win.wait_text("giraffe");
    assert!(win.title().ends_with("zebra"), "{}", win.title());
    win.alive();

    // Back at the top: a double-click on a folder result opens it.
    win.key("alt+Up");
    win.key("alt+Up");
    win.key("alt+Up");
    win.wait_title("work in the title", |t| t.ends_with("work"));
    win.wait_text("music");
    win.key("ctrl+f");
    win.wait_text("Location");
    win.type_text("old");
    win.wait_text("1 found");
    // Anywhere on the result's row opens it: here its location, drawn in the row (the
    // breadcrumb above still shows the crumbs of the way down to zebra).
    let at = win.wait_text_where("archive", |_, y| y > 70);
    win.double_click(at.0, at.1);
    win.wait_title("the double-clicked folder", |t| t.ends_with("old"));
    win.wait_text_where("zebra", |_, y| y > 70);
    win.alive();

    // Ctrl+I still filters the shown folder.
    win.key("ctrl+i");
    win.type_text("qqq");
    // Gone from the view (the breadcrumb still names the way down to it).
    win.wait_words("zebra to go from the view", |words| {
        !words.iter().any(|w| w.text.contains("zebra") && w.y > 70)
    });
    win.alive();
    win.closes_with("ctrl+q");
}
