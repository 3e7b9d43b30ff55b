//! Bookmarks in Places and "New File" on real temporary folders, headless: the GTK
//! bookmarks file of a test home (its `XDG_CONFIG_HOME`) listed in Places (an `sftp://`
//! line kept in the file, not shown), Ctrl+D, "Add to Places", a bookmark's menu (rename in
//! place, its place keeping the bounds screen readers are given, remove), reordering by
//! dragging one onto another and a folder dropped on Places;
//! New File from the templates folder `user-dirs.dirs` names (a subfolder as a submenu),
//! Ctrl+Alt+N, and Ctrl+Z taking back only an unchanged new file. The app's `handle` runs,
//! its tasks with the real engine, iced_test's Simulator renders and clicks.
//! Run: `cargo test --test ui_bookmarks`.

mod flows;

use std::fs;
use std::path::PathBuf;

use flows::*;
use iced::keyboard::Modifiers;
use porpoise::actions::{ActionMsg, NameKind};
use porpoise::keys::{char_key, press};
use porpoise::screen::browser;
use porpoise::screen::browser::templates::NewFileMsg;
use porpoise::screen::places::view as place_view;
use porpoise::screen::places::{self, bookmarks::BookmarkMsg};
use porpoise::{App, Message};
use porpoise_engine::uri::file_uri;

/// A home with a config folder, and a work folder holding `alpha/`, `beta/`, `gamma/` and
/// `a.txt`; the bookmarks file's path.
struct TestHome {
    _dir: tempfile::TempDir,
    home: PathBuf,
    work: PathBuf,
    bookmarks: PathBuf,
}

impl TestHome {
    /// A fresh one, its bookmarks file empty.
    fn new() -> TestHome {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().to_owned();
        let work = home.join("work");
        for f in ["alpha", "beta", "gamma"] {
            fs::create_dir_all(work.join(f)).expect("mkdir");
        }
        fs::write(work.join("a.txt"), b"alpha").expect("write");
        let file = home.join(".config/gtk-3.0/bookmarks");
        fs::create_dir_all(file.parent().expect("folder")).expect("mkdir");
        fs::write(&file, "").expect("write bookmarks");
        TestHome {
            _dir: dir,
            home,
            work,
            bookmarks: file,
        }
    }

    fn app(&self) -> Ui {
        boot_with_apps(&self.work, porpoise_engine::apps::Env::under(&self.home))
    }

    fn file(&self) -> String {
        read(&self.bookmarks)
    }

    /// Put `lines` in the bookmarks file, as GTK writes it.
    fn write_bookmarks(&self, lines: &str) {
        fs::write(&self.bookmarks, lines).expect("write bookmarks");
    }

    fn uri(&self, rel: &str) -> String {
        file_uri(&self.work.join(rel))
    }
}

fn place_of(app: &App, label: &str) -> PathBuf {
    app.places()
        .bookmarks
        .places
        .iter()
        .find(|p| p.name == label)
        .map(|p| p.path.clone())
        .unwrap_or_else(|| panic!("a bookmark {label}"))
}

/// Every place shown has the bounds screen readers are given, one after the other down
/// the panel; the bookmark whose label is edited has those of its text input.
fn places_keep_their_bounds_while_a_label_is_edited(app: &App, label: &str) {
    let order = app.places().in_order();
    let mut ui = simulator(app);
    let bounds: Vec<iced::Rectangle> = (0..order.len())
        .map(|at| {
            ui.find(place_view::place_id(at))
                .unwrap_or_else(|_| panic!("place {at} ({}) has bounds", order[at].name))
                .bounds()
        })
        .collect();
    for pair in bounds.windows(2) {
        assert!(
            pair[0].y < pair[1].y,
            "places are read in the order drawn: {bounds:?}"
        );
    }
    let input = ui
        .find(iced::widget::Id::new(places::bookmarks::LABEL_INPUT))
        .expect("the label's input")
        .bounds();
    let edited = order
        .iter()
        .position(|p| p.name == label)
        .expect("the edited bookmark");
    assert!(
        bounds[edited].contains(input.center()),
        "the edited bookmark's bounds hold its input: {:?} and {input:?}",
        bounds[edited]
    );
}

#[test]
fn places_lists_the_file_and_changes_it_in_its_format() {
    let _lang = language("en");
    let t = TestHome::new();
    t.write_bookmarks(&format!(
        "{} Projects\nsftp://nas.local/srv NAS share\n",
        t.uri("alpha")
    ));
    let app = t.app();
    assert!(
        shows(&app, "Projects"),
        "the labelled bookmark is in Places"
    );
    assert!(
        shows(&app, "NAS share"),
        "an sftp bookmark is shown (under Network)"
    );

    // Ctrl+D bookmarks the shown folder, at the end of the file.
    let app = send(app, press(char_key("d"), Modifiers::CTRL));
    assert_eq!(
        t.file(),
        format!(
            "{} Projects\nsftp://nas.local/srv NAS share\n{}\n",
            t.uri("alpha"),
            file_uri(&t.work)
        )
    );
    assert!(
        shows(&app, "work"),
        "the new bookmark shows its folder's name"
    );

    // "Add to Places" in a folder's menu.
    let at = center_of(&app, "beta");
    let app = right_click(app, at);
    let app = click(app, "Add to Places");
    assert!(t.file().ends_with(&format!("{}\n", t.uri("beta"))));
    assert_eq!(app.places().bookmarks.places.len(), 3);

    // The bookmark's menu: Rename… edits the label in place.
    let at = center_of(&app, "Projects");
    let app = right_click(app, at);
    for entry in ["Open in New Tab", "Rename…", "Remove from Places"] {
        assert!(shows(&app, entry), "a bookmark's menu offers {entry}");
    }
    let app = click(app, "Rename…");
    assert_eq!(
        app.places().bookmarks.editing,
        Some((t.work.join("alpha"), "Projects".into()))
    );
    places_keep_their_bounds_while_a_label_is_edited(&app, "Projects");
    let app = send(
        app,
        Message::Places(places::Message::Bookmarks(BookmarkMsg::LabelInput(
            "Work".into(),
        ))),
    );
    let app = send(
        app,
        Message::Places(places::Message::Bookmarks(BookmarkMsg::LabelSubmit)),
    );
    assert!(t.file().starts_with(&format!("{} Work\n", t.uri("alpha"))));
    assert!(shows(&app, "Work") && !shows(&app, "Projects"));

    // Remove from Places: its line goes, the others stay as they were.
    let at = center_of(&app, "Work");
    let app = right_click(app, at);
    let app = click(app, "Remove from Places");
    assert_eq!(
        t.file(),
        format!(
            "sftp://nas.local/srv NAS share\n{}\n{}\n",
            file_uri(&t.work),
            t.uri("beta")
        )
    );
    assert!(!shows(&app, "Work"));

    // Open in New Tab: a tab at the bookmark.
    let at = center_of(&app, "beta");
    let app = right_click(app, at);
    let app = click(app, "Open in New Tab");
    assert_eq!(app.browser().tab_list().len(), 2);
}

#[test]
fn bookmarks_reorder_by_dragging_and_folders_dropped_on_places_are_added() {
    let _lang = language("en");
    let t = TestHome::new();
    t.write_bookmarks(&format!(
        "{} First\n{} Second\n",
        t.uri("alpha"),
        t.uri("beta")
    ));
    let app = t.app();
    assert_eq!(place_of(&app, "Second"), t.work.join("beta"));

    // Press on Second, release on First: Second moves before First.
    let second = center_of(&app, "Second");
    let first = center_of(&app, "First");
    let (app, _) = play(app, second, vec![moved(second)]);
    let (app, _) = play(app, second, vec![left(true)]);
    let (app, _) = play(app, first, vec![moved(first)]);
    let (app, _) = play(app, first, vec![left(false)]);
    assert_eq!(
        t.file(),
        format!("{} Second\n{} First\n", t.uri("beta"), t.uri("alpha"))
    );
    let names: Vec<&str> = app
        .places()
        .bookmarks
        .places
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["Second", "First"]);

    // A folder dragged from the view onto Places (not onto a place) is bookmarked; a
    // file is not.
    let start = center_of(&app, "gamma");
    let end = center_of(&app, "Places");
    // The pointer leaves Places for the view first.
    let left_places: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.point_at(first);
        let _ = ui.simulate(vec![moved(first)]);
        ui.point_at(start);
        let _ = ui.simulate(vec![moved(start)]);
        ui.into_messages().collect()
    };
    let (app, _) = feed(app, left_places);
    let (app, _) = play(app, start, vec![left(true)]);
    let halfway = iced::Point::new(start.x + 20.0, (start.y + end.y) / 2.0);
    let (app, _) = play(app, halfway, vec![moved(halfway)]);
    assert!(!app.is_bookmark_drop_hover());
    let (app, _) = play(app, end, vec![moved(end)]);
    assert!(
        app.is_bookmark_drop_hover(),
        "Places shows it would take the folder"
    );
    let (app, jobs) = play(app, end, vec![left(false)]);
    assert!(jobs.is_empty(), "no copy or move");
    assert!(!app.is_bookmark_drop_hover());
    assert!(t.file().ends_with(&format!("{}\n", t.uri("gamma"))));
    let (app, _) = drag(app, "a.txt", "Places", Modifiers::empty());
    assert_eq!(
        app.places().bookmarks.places.len(),
        3,
        "a file is no bookmark"
    );
}

/// A templates folder with `Letter.txt` and `Office/Memo.md`, named in `user-dirs.dirs`.
fn templates(t: &TestHome) -> PathBuf {
    let dir = t.home.join("Vorlagen");
    fs::create_dir_all(dir.join("Office")).expect("mkdir");
    fs::write(dir.join("Letter.txt"), b"Dear someone,\n").expect("write");
    fs::write(dir.join("Office/Memo.md"), b"# Memo\n").expect("write");
    fs::write(
        t.home.join(".config/user-dirs.dirs"),
        "XDG_TEMPLATES_DIR=\"$HOME/Vorlagen\"\n",
    )
    .expect("write user-dirs.dirs");
    dir
}

/// The app on `t`'s work folder, with [`templates`] in place and `t`'s home as the user's.
fn boot_with_templates(t: &TestHome) -> Ui {
    templates(t);
    // Not with the process's home: the test's own, whose HOME `$HOME` stands for.
    let home = porpoise::places::UserHome {
        folder: t.home.clone(),
        trash: test_trash().1,
        apps: porpoise_engine::apps::Env::under(&t.home),
    };
    boot_as(&t.work, porpoise::Settings::default(), home)
}

fn work_file(t: &TestHome, name: &str) -> PathBuf {
    t.work.join(name)
}

#[test]
fn new_file_from_templates_and_undo_while_unchanged() {
    let _lang = language("en");
    let t = TestHome::new();
    let app = boot_with_templates(&t);

    // The folder's menu: New File, its submenu on the pointer coming onto it.
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::ContextMenu(None))),
    );
    assert!(shows(&app, "New File"));
    let app = send(
        app,
        Message::Browser(browser::Message::NewFile(NewFileMsg::ShowMenu)),
    );
    for entry in ["Empty File", "Letter", "Office"] {
        assert!(shows(&app, entry), "the submenu offers {entry}");
    }
    assert!(
        !shows(&app, "Memo"),
        "a subfolder's templates wait for it to open"
    );
    let app = send(
        app,
        Message::Browser(browser::Message::NewFile(NewFileMsg::OpenFolder {
            level: 0,
            index: 1,
        })),
    );
    let app = click(app, "Memo");
    let naming = app.browser().pane().naming().expect("the name entry");
    assert_eq!(naming.text, "Memo.md");
    assert!(matches!(naming.kind, NameKind::NewFile(Some(_))));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput(
            "Notes.md".into(),
        ))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(read(&work_file(&t, "Notes.md")), "# Memo\n");
    assert!(app.browser().pane().selection().is_selected(b"Notes.md"));
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(
        !work_file(&t, "Notes.md").exists(),
        "undo removes it unchanged"
    );
    // Redo makes it again as it was, so undo takes it back once more.
    let app = send(
        app,
        press(char_key("z"), Modifiers::CTRL | Modifiers::SHIFT),
    );
    assert_eq!(read(&work_file(&t, "Notes.md")), "# Memo\n");
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(!work_file(&t, "Notes.md").exists(), "undone again");

    // A changed new file is kept, and undo says why.
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::ContextMenu(None))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::NewFile(NewFileMsg::ShowMenu)),
    );
    let app = click(app, "Letter");
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    let letter = work_file(&t, "Letter.txt");
    assert_eq!(read(&letter), "Dear someone,\n");
    fs::write(&letter, b"Dear you, with more words,\n").expect("edit");
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(letter.exists(), "a changed file stays");
    let said = app
        .status()
        .shown_note()
        .expect("undo says why")
        .text
        .clone();
    assert!(said.contains("was changed"), "{said}");

    // Ctrl+Alt+N: an empty file, "New File".
    let app = send(app, press(char_key("n"), Modifiers::CTRL | Modifiers::ALT));
    assert_eq!(
        app.browser().pane().naming().map(|n| n.text.as_str()),
        Some("New File")
    );
    let _app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(fs::read(work_file(&t, "New File")).expect("made"), b"");
}

#[test]
fn without_a_config_home_there_are_no_bookmarks() {
    let (_lang, _dir, app) = english_booted(tree);
    assert!(app.places().bookmarks.places.is_empty());
    let app = send(app, press(char_key("d"), Modifiers::CTRL));
    assert!(
        app.places().bookmarks.places.is_empty(),
        "nowhere to write: nothing"
    );
}

#[test]
fn a_bookmark_menu_works_from_the_keyboard() {
    use iced::keyboard::key::Named;
    use porpoise::keys::named;
    let _lang = language("en");
    let t = TestHome::new();
    t.write_bookmarks(&format!("{} Keyed\n", t.uri("alpha")));
    let mut app = t.app();
    for _ in 0..8 {
        if app.focused() == porpoise::focus::Part::Places {
            break;
        }
        app = send(app, press(named(Named::Tab), Modifiers::empty()));
    }
    assert_eq!(app.focused(), porpoise::focus::Part::Places);
    let at = app
        .places()
        .in_order()
        .iter()
        .position(|p| p.name == "Keyed")
        .expect("the bookmark in Places");
    for _ in 0..at {
        app = send(app, press(named(Named::ArrowDown), Modifiers::empty()));
    }
    let app = send(app, press(named(Named::ContextMenu), Modifiers::empty()));
    assert!(
        shows(&app, "Remove from Places"),
        "the Menu key opens its menu"
    );
    let app = send(app, press(named(Named::ArrowDown), Modifiers::empty()));
    let app = send(app, press(named(Named::ArrowDown), Modifiers::empty()));
    let app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert_eq!(t.file(), "", "Down Down Enter: Remove from Places");
    assert!(app.places().bookmarks.menu.is_none());
    assert!(app.places().bookmarks.places.is_empty());
}

#[test]
fn new_file_templates_from_the_keyboard() {
    use iced::keyboard::key::Named;
    use porpoise::keys::named;
    let _lang = language("en");
    let t = TestHome::new();
    let app = boot_with_templates(&t);
    let key = |app, k| send(app, press(named(k), Modifiers::empty()));
    // Shift+F10 with nothing selected: the folder's menu, on its first entry.
    let app = send(app, press(named(Named::F10), Modifiers::SHIFT));
    let menu = app.browser().pane().menu().expect("the folder's menu");
    let down = menu
        .items
        .iter()
        .position(|&i| i == porpoise::actions::MenuItem::NewFile)
        .expect("New File in it");
    let mut app = app;
    for _ in 0..down {
        app = key(app, Named::ArrowDown);
    }
    // Right opens the submenu on "Empty File"; Down Down is "Office" (after "Letter"),
    // Right opens it, Enter picks "Memo".
    let app = key(app, Named::ArrowRight);
    assert!(shows(&app, "Empty File"));
    let app = key(app, Named::ArrowDown);
    let app = key(app, Named::ArrowDown);
    let app = key(app, Named::ArrowRight);
    assert!(shows(&app, "Memo"));
    // Left closes Office again, Right opens it once more.
    let app = key(app, Named::ArrowLeft);
    assert!(!shows(&app, "Memo"));
    let app = key(app, Named::ArrowRight);
    let app = key(app, Named::Enter);
    assert_eq!(
        app.browser().pane().naming().map(|n| n.text.as_str()),
        Some("Memo.md")
    );
    assert!(app.browser().pane().menu().is_none());
    let _app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(read(&work_file(&t, "Memo.md")), "# Memo\n");
}

#[test]
fn a_bookmarks_file_that_cannot_be_read_is_said_in_the_status_bar() {
    let _lang = language("en");
    let t = TestHome::new();
    // `gtk-3.0` is a file here: the bookmarks file under it can be neither read nor written.
    let folder = t.bookmarks.parent().expect("folder").to_owned();
    fs::remove_dir_all(&folder).expect("rm");
    fs::write(&folder, b"not a folder").expect("write");
    let app = t.app();
    let said = app
        .status()
        .shown_error()
        .expect("the failure is told")
        .to_owned();
    assert!(
        said.starts_with("The bookmarks could not be read or saved"),
        "{said}"
    );
    assert!(app.places().bookmarks.places.is_empty());
    let app = send(app, press(char_key("d"), Modifiers::CTRL));
    assert!(app.status().shown_error().is_some());
    assert_eq!(read(&folder), "not a folder", "nothing was written over it");
}
