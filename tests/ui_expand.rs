//! Folders opened in place in the details view, driven headlessly on real temporary
//! folders: Right opens a folder (its entries after it, one level in, sorted), Right again
//! moves into it, Left goes back to the folder and closes it; a triangle's message opens
//! and closes without touching the selection; a file made inside an opened folder shows
//! (its watch), sorting keeps children with their parent; actions on a row two levels
//! down (rename, trash, Enter) act on that entry's real path; leaving the folder closes
//! what was opened; the icons view shows the top level only.
//! Run: `cargo test --test ui_expand`.

mod flows;

use std::fs;
use std::path::Path;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::actions::ActionMsg;
use porpoise::keys::{named, press};
use porpoise::screen::browser;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::{App, Message};

use flows::*;

/// `beta/`, `zeta/` holding `inner/` (holding `deep.txt`) and `middle.txt`, and
/// `alpha.txt`.
fn layout(dir: &Path) {
    fs::create_dir_all(dir.join("zeta/inner")).expect("mkdir");
    fs::create_dir(dir.join("beta")).expect("mkdir");
    fs::write(dir.join("alpha.txt"), b"a").expect("write");
    fs::write(dir.join("zeta/middle.txt"), b"m").expect("write");
    fs::write(dir.join("zeta/inner/deep.txt"), b"deep").expect("write");
}

fn names(app: &App) -> Vec<String> {
    app.browser().pane().shown_names()
}

fn depths(app: &App) -> Vec<usize> {
    let rows = app.browser().pane().rows();
    (0..rows.len())
        .filter_map(|i| rows.row(i).map(|r| r.depth))
        .collect()
}

fn key(app: Ui, k: Named) -> Ui {
    send(app, press(named(k), Modifiers::empty()))
}

fn click(app: Ui, name: &[u8]) -> Ui {
    send(
        app,
        Message::Browser(browser::Message::Clicked(name.to_vec())),
    )
}

fn cursor(app: &App) -> Option<Vec<u8>> {
    app.browser()
        .pane()
        .selection()
        .cursor()
        .map(<[u8]>::to_vec)
}

/// Everything shown in the pane came in (opened folders too).
fn settled(app: &mut Ui, want: &[&str]) {
    app.settle_until(|app| names(app) == want);
}

#[test]
fn right_opens_in_place_and_left_closes_with_children_sorted_after_their_parent() {
    let (_lang, _dir, app) = english_booted(layout);
    assert_eq!(names(&app), ["beta", "zeta", "alpha.txt"]);
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
    assert_eq!(depths(&app), [0, 0, 1, 1, 0]);
    assert_eq!(
        cursor(&app).as_deref(),
        Some(&b"zeta"[..]),
        "opening keeps the cursor"
    );

    // Right on an open folder moves to its first entry; again, opens that one.
    let app = key(app, Named::ArrowRight);
    assert_eq!(cursor(&app).as_deref(), Some(&b"zeta/inner"[..]));
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "deep.txt",
            "middle.txt",
            "alpha.txt",
        ],
    );
    assert_eq!(depths(&app), [0, 0, 1, 2, 1, 0]);

    // Down and Up go through every level.
    let app = key(app, Named::ArrowDown);
    assert_eq!(cursor(&app).as_deref(), Some(&b"zeta/inner/deep.txt"[..]));
    assert_eq!(
        app.browser().selected_paths(),
        [app.browser().path().join("zeta/inner/deep.txt")]
    );
    let app = key(app, Named::ArrowDown);
    assert_eq!(cursor(&app).as_deref(), Some(&b"zeta/middle.txt"[..]));

    // The other way round: children stay after their own folder.
    let mut app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::SortBy(
            porpoise_engine::listing::SortKey::Name,
        ))),
    );
    settled(
        &mut app,
        &[
            "zeta",
            "inner",
            "deep.txt",
            "middle.txt",
            "beta",
            "alpha.txt",
        ],
    );
    let mut app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::SortBy(
            porpoise_engine::listing::SortKey::Name,
        ))),
    );
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "deep.txt",
            "middle.txt",
            "alpha.txt",
        ],
    );

    // Left on an entry goes to its folder; Left on an open folder closes it.
    let app = key(app, Named::ArrowLeft);
    assert_eq!(cursor(&app).as_deref(), Some(&b"zeta"[..]));
    let app = key(app, Named::ArrowLeft);
    assert_eq!(names(&app), ["beta", "zeta", "alpha.txt"]);
    assert_eq!(cursor(&app).as_deref(), Some(&b"zeta"[..]));
    // Opened again: what was opened inside it is closed (it was shown no more).
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
}

#[test]
fn the_triangle_toggles_without_touching_the_selection() {
    let (_lang, _dir, app) = english_booted(layout);
    let app = click(app, b"alpha.txt");
    let toggle =
        |k: &[u8]| Message::Browser(browser::Message::Pane(PaneMsg::ToggleOpen(k.to_vec())));
    let mut app = send(app, toggle(b"zeta"));
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
    assert_eq!(cursor(&app).as_deref(), Some(&b"alpha.txt"[..]));
    assert!(app.browser().pane().selection().is_selected(b"alpha.txt"));
    let app = send(app, toggle(b"zeta"));
    assert_eq!(names(&app), ["beta", "zeta", "alpha.txt"]);
    assert_eq!(cursor(&app).as_deref(), Some(&b"alpha.txt"[..]));
}

#[test]
fn changes_inside_an_opened_folder_show_and_actions_reach_the_real_entry() {
    let (_lang, dir, app) = english_booted(layout);
    let root = dir.path().to_owned();
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );

    // Made by another program: the opened folder's watch tells it.
    fs::write(root.join("zeta/newcomer.txt"), b"n").expect("write");
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "middle.txt",
            "newcomer.txt",
            "alpha.txt",
        ],
    );
    fs::remove_file(root.join("zeta/newcomer.txt")).expect("rm");
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );

    // Two levels down: rename in its own folder.
    let app = click(app, b"zeta/inner");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "deep.txt",
            "middle.txt",
            "alpha.txt",
        ],
    );
    let app = click(app, b"zeta/inner/deep.txt");
    let app = send(
        app,
        Message::Drag(ActionMsg::Pointer(
            porpoise::widgets::pointer::PointerEvent::Released,
        )),
    );
    let app = key(app, Named::F2);
    let naming = app.browser().pane().naming().map(|n| n.text.clone());
    assert_eq!(naming.as_deref(), Some("deep.txt"), "its own name to edit");
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput(
            "renamed.txt".into(),
        ))),
    );
    let mut app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    app.settle_until(|_| root.join("zeta/inner/renamed.txt").exists());
    assert!(!root.join("zeta/inner/deep.txt").exists());
    assert!(!root.join("renamed.txt").exists());
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "renamed.txt",
            "middle.txt",
            "alpha.txt",
        ],
    );
    assert_eq!(
        cursor(&app).as_deref(),
        Some(&b"zeta/inner/renamed.txt"[..]),
        "the renamed entry stays selected"
    );

    // Enter on a folder inside goes into it.
    let app = click(app, b"zeta/inner");
    let mut app = key(app, Named::Enter);
    app.settle_until(|app| app.browser().path() == root.join("zeta/inner"));
    assert_eq!(names(&app), ["renamed.txt"]);
    // Back: the folder left shows its top level again (what was opened is closed).
    let app = send(app, Message::Browser(browser::Message::Pane(PaneMsg::Back)));
    assert_eq!(names(&app), ["beta", "zeta", "alpha.txt"]);
}

#[test]
fn trash_reaches_a_row_two_levels_down_and_the_icons_view_shows_the_top_only() {
    let (_lang, dir) = english_folder();
    layout(dir.path());
    let (_t, trash) = test_trash();
    let root = dir.path().to_owned();
    let app = boot_with_trash(&root, &trash);
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
    let app = click(app, b"zeta/inner");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "deep.txt",
            "middle.txt",
            "alpha.txt",
        ],
    );
    let app = click(app, b"zeta/inner/deep.txt");
    let (mut app, _) = feed(app, [press(named(Named::Delete), Modifiers::empty())]);
    app.settle_until(|_| !root.join("zeta/inner/deep.txt").exists());
    assert!(trash.files().join("deep.txt").exists());
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );

    // The icons view: the top level only.
    let app = send(
        app,
        Message::Browser(browser::Message::SetView(
            porpoise::settings::ViewMode::Icons,
        )),
    );
    assert_eq!(names(&app), ["beta", "zeta", "alpha.txt"]);
    assert!(!app.browser().pane().has_open_folders());
}

#[test]
fn a_filter_hides_rows_at_every_level_and_keeps_what_was_opened() {
    let (_lang, _dir, app) = english_booted(layout);
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::ToggleFilter)),
    );
    // Each level shows the names holding the text; an opened folder hidden by it hides
    // its rows too, and comes back open.
    let app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::FilterInput("e".into()))),
    );
    assert_eq!(names(&app), ["beta", "zeta", "inner", "middle.txt"]);
    let app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::FilterInput("bet".into()))),
    );
    assert_eq!(names(&app), ["beta"]);
    let app = send(
        app,
        Message::Browser(browser::Message::Pane(PaneMsg::ToggleFilter)),
    );
    assert_eq!(
        names(&app),
        ["beta", "zeta", "inner", "middle.txt", "alpha.txt"]
    );
    assert!(app.browser().pane().is_open(b"zeta"));
}

#[test]
fn an_opened_folder_removed_on_disk_closes() {
    let (_lang, dir, app) = english_booted(layout);
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &["beta", "zeta", "inner", "middle.txt", "alpha.txt"],
    );
    let app = click(app, b"zeta/middle.txt");
    let mut app = app;
    fs::remove_dir_all(dir.path().join("zeta")).expect("rm -r");
    settled(&mut app, &["beta", "alpha.txt"]);
    assert!(!app.browser().pane().has_open_folders());
    assert!(app.browser().pane().selection().is_empty());
}

#[test]
fn rows_inside_an_opened_folder_get_their_types_by_their_own_names() {
    let (_lang, dir, app) = english_booted(layout);
    fs::write(dir.path().join("zeta/Makefile"), b"all:\n").expect("write");
    let app = click(app, b"zeta");
    let mut app = key(app, Named::ArrowRight);
    settled(
        &mut app,
        &[
            "beta",
            "zeta",
            "inner",
            "Makefile",
            "middle.txt",
            "alpha.txt",
        ],
    );
    app.settle_until(|app| {
        let types = app.browser().pane().types();
        types
            .of(b"zeta/Makefile")
            .is_some_and(|m| m.as_ref() == "text/x-makefile")
            && types
                .of(b"zeta/middle.txt")
                .is_some_and(|m| m.as_ref() == "text/plain")
    });
}
