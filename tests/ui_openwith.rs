//! "Open With" driven headlessly on real files and a private desktop of real desktop
//! entries (each `Exec` a script that records its arguments): Enter opens with the
//! default `mimeapps.list` names (the selection's files in one run of a `%F`
//! application); a file's menu lists the applications for its type, the default first
//! (for files of several types, those that open all of them), then "Other Application…";
//! the chooser narrows as one types, answers the arrows, Enter and Escape, and "Always
//! use for this file type" writes the default Enter then uses; a file no application opens
//! brings the chooser; a program that cannot start is told in the status bar, in English
//! and German. The app's tasks run with the real engine (files really open).
//! Run: `cargo test --test ui_openwith`.

mod flows;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use flows::*;
use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::actions::MenuItem;
use porpoise::dialog::chooser::Message as ChooserMsg;
use porpoise::keys::{char_key, named, press};
use porpoise::screen::browser;
use porpoise::{App, Message};
use porpoise_engine::apps::Env;
use porpoise_testkit::recorders::Recorders;
use porpoise_testkit::trees::TINY_PNG;

/// A private desktop (its applications, their records, its `mimeapps.list`) and a folder
/// of files, in one temp folder; the window's language held while it lives.
struct Desk {
    root: tempfile::TempDir,
    _lang: std::sync::MutexGuard<'static, ()>,
}

impl Desk {
    /// Inkwell (`%F`: text and PNG, the text default), Bramble (`%f`: text), Zephyr (a
    /// type of its own: only the chooser offers it) and Ghost (whose program is missing),
    /// and `files/` with a.txt, b.txt, picture.png and mystery.bin (data of no type); the
    /// window in `lang` ("en", "de").
    fn new(lang: &str) -> Desk {
        let desk = Desk {
            root: tempfile::tempdir().expect("tempdir"),
            _lang: language(lang),
        };
        for dir in ["config", "data/applications", "bin", "records", "files"] {
            fs::create_dir_all(desk.path(dir)).expect("mkdir");
        }
        desk.app(
            "Inkwell",
            "text/plain;image/png;",
            "%F",
            Some("Text Editor"),
        );
        desk.app("Bramble", "text/plain;", "%f", Some("Note Taker"));
        desk.app("Zephyr", "application/x-zephyr;", "%F", None);
        fs::write(
            desk.path("data/applications/ghost.desktop"),
            "[Desktop Entry]\nType=Application\nName=Ghost\nExec=/nonexistent/ghost %f\nMimeType=text/plain;\n",
        )
        .expect("write");
        fs::write(
            desk.path("config/mimeapps.list"),
            "[Default Applications]\ntext/plain=inkwell.desktop;\n",
        )
        .expect("write");
        let files = desk.path("files");
        fs::write(files.join("a.txt"), b"alpha\n").expect("write");
        fs::write(files.join("b.txt"), b"bravo\n").expect("write");
        fs::write(files.join("picture.png"), TINY_PNG).expect("write");
        fs::write(files.join("mystery.bin"), [0u8, 159, 146, 150, 7, 1, 2, 3]).expect("write");
        desk
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.path("files").join(name)
    }

    /// `name` (its ID the name in lowercase) for `mimes`, recording into `records/`.
    fn app(&self, name: &str, mimes: &str, codes: &str, generic: Option<&str>) {
        let generic = generic
            .map(|g| format!("GenericName={g}\n"))
            .unwrap_or_default();
        self.recorders()
            .app(&name.to_lowercase(), name, mimes, codes, &generic);
    }

    /// The recording applications' folders: `bin/`, `data/applications/`, `records/`.
    fn recorders(&self) -> Recorders {
        Recorders {
            bin: self.path("bin"),
            applications: self.path("data/applications"),
            records: self.path("records"),
        }
    }

    /// Where applications are: this desktop's folders alone.
    fn env(&self) -> Env {
        Env {
            config_home: Some(self.path("config")),
            data_home: Some(self.path("data")),
            ..Env::default()
        }
    }

    fn boot(&self) -> Ui {
        boot_with_apps(&self.path("files"), self.env())
    }

    /// Wait until `app` has run `count` times; each run's arguments.
    fn records(&self, app: &str, count: usize) -> Vec<Vec<OsString>> {
        self.recorders().runs(app, count)
    }

    /// Forget what was recorded.
    fn clear_records(&self) {
        fs::remove_dir_all(self.path("records")).expect("rm records");
        fs::create_dir(self.path("records")).expect("mkdir records");
    }
}

fn os(p: &Path) -> OsString {
    p.as_os_str().to_owned()
}

fn key(app: Ui, n: Named) -> Ui {
    send(app, press(named(n), Modifiers::empty()))
}

/// Type `text` a key at a time.
fn typed(mut app: Ui, text: &str) -> Ui {
    for c in text.chars() {
        app = send(app, press(char_key(&c.to_string()), Modifiers::empty()));
    }
    app
}

/// The menu of `name` with its "Open With" submenu open.
fn open_with(app: Ui, name: &str) -> Ui {
    pick_in_menu(app, Some(name.as_bytes()), MenuItem::OpenWith)
}

/// The applications the submenu offers, in order.
fn offered(app: &App) -> Vec<String> {
    let sub = app
        .browser()
        .pane()
        .menu()
        .and_then(|m| m.open_with.as_ref())
        .expect("the submenu");
    sub.choices().iter().map(|a| a.name.clone()).collect()
}

/// The application the chooser has highlighted, by name.
fn chosen(app: &App) -> Option<&str> {
    chooser(app)
        .and_then(|c| c.chosen())
        .map(|a| a.name.as_str())
}

#[test]
fn enter_opens_with_the_default_and_the_selection_together() {
    let desk = Desk::new("en");
    let app = desk.boot();
    // Enter on a.txt: its default (Inkwell, not Bramble, which comes first otherwise).
    let app = select(app, "a.txt");
    let app = key(app, Named::Enter);
    assert_eq!(desk.records("inkwell", 1), [vec![os(&desk.file("a.txt"))]]);

    // Both text files selected: one run of Inkwell (%F) gets both.
    desk.clear_records();
    let app = select(app, "b.txt");
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a.txt".to_vec())),
    );
    let app = send(app, Message::Modifiers(Modifiers::empty()));
    let app = key(app, Named::Enter);
    let runs = desk.records("inkwell", 1);
    let mut got = runs[0].clone();
    got.sort();
    assert_eq!(got, [os(&desk.file("a.txt")), os(&desk.file("b.txt"))]);
    assert!(app.status().shown_error().is_none());
}

#[test]
fn open_with_lists_the_types_applications_default_first() {
    let desk = Desk::new("en");
    let app = open_with(desk.boot(), "a.txt");
    assert_eq!(offered(&app), ["Inkwell", "Bramble", "Ghost"]);
    for shown in ["Open With", "Inkwell", "Bramble", "Other Application…"] {
        assert!(shows(&app, shown), "{shown} is shown");
    }
    assert!(
        center_of(&app, "Inkwell").y < center_of(&app, "Bramble").y
            && center_of(&app, "Bramble").y < center_of(&app, "Other Application…").y,
        "the default first, Other Application… last"
    );
    assert!(!shows(&app, "Zephyr"), "only the chooser offers the others");
    // A click on Bramble opens a.txt with it, and the menu closes.
    let app = click(app, "Bramble");
    assert_eq!(desk.records("bramble", 1), [vec![os(&desk.file("a.txt"))]]);
    assert!(app.browser().pane().menu().is_none());

    // Files of two types: the applications that open both.
    let app = select(app, "a.txt");
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"picture.png".to_vec())),
    );
    let app = send(app, Message::Modifiers(Modifiers::empty()));
    let app = open_with(app, "a.txt");
    assert_eq!(offered(&app), ["Inkwell"]);

    // By keyboard: the Menu key, down to Open With, Right opens it on its first entry,
    // Down to Bramble, Enter.
    desk.clear_records();
    let app = key(app, Named::Escape);
    assert!(
        app.browser().pane().menu().is_some(),
        "Escape closes the submenu first"
    );
    let app = key(app, Named::Escape);
    assert!(app.browser().pane().menu().is_none());
    let app = select(app, "b.txt");
    let app = key(app, Named::ContextMenu);
    let app = key(app, Named::ArrowDown);
    let app = key(app, Named::ArrowRight);
    assert_eq!(
        app.browser()
            .pane()
            .menu()
            .and_then(|m| m.open_with.as_ref())
            .and_then(|s| s.highlighted),
        Some(0)
    );
    let app = key(app, Named::ArrowDown);
    let app = key(app, Named::Enter);
    assert_eq!(desk.records("bramble", 1), [vec![os(&desk.file("b.txt"))]]);
    assert!(app.browser().pane().menu().is_none());
}

#[test]
fn the_chooser_narrows_as_one_types_and_always_use_sets_the_default() {
    let desk = Desk::new("en");
    // Enter on data no application opens: the chooser, not an error.
    let app = select(desk.boot(), "mystery.bin");
    let app = key(app, Named::Enter);
    let c = chooser(&app).expect("the chooser is open");
    assert_eq!(c.mimes, ["application/octet-stream"]);
    assert!(app.status().shown_error().is_none());
    for shown in [
        "Choose an Application",
        "Always use for this file type",
        "Inkwell",
        "Text Editor",
        "Zephyr",
    ] {
        assert!(shows(&app, shown), "{shown} is shown");
    }
    let names = |app: &App| -> Vec<String> {
        let c = chooser(app).expect("the chooser");
        c.shown().iter().map(|a| a.name.clone()).collect()
    };
    assert_eq!(names(&app), ["Bramble", "Ghost", "Inkwell", "Zephyr"]);

    // Typing narrows by name and generic name; the arrows move, Escape closes.
    let app = typed(app, "note");
    assert_eq!(names(&app), ["Bramble"], "its generic name is Note Taker");
    let app = key(app, Named::Backspace);
    let app = key(app, Named::Backspace);
    let app = key(app, Named::Backspace);
    let app = key(app, Named::Backspace);
    assert_eq!(names(&app).len(), 4);
    let app = typed(app, "nothing");
    assert!(shows(&app, "No application matches “nothing”"));
    let app = send(app, to_dialog(ChooserMsg::Query(String::new())));
    let app = key(app, Named::ArrowDown);
    let app = key(app, Named::ArrowDown);
    assert_eq!(chosen(&app), Some("Inkwell"));
    let app = key(app, Named::ArrowUp);
    assert_eq!(chosen(&app), Some("Ghost"));
    let app = key(app, Named::Escape);
    assert!(chooser(&app).is_none());
    assert!(
        fs::read_dir(desk.path("records"))
            .expect("records")
            .next()
            .is_none()
    );

    // Again, from the menu's Other Application…: "zep", Always use, Enter.
    let app = open_with(app, "mystery.bin");
    assert!(offered(&app).is_empty());
    let app = click(app, "Other Application…");
    let app = typed(app, "zep");
    assert_eq!(names(&app), ["Zephyr"]);
    let app = click(app, "Always use for this file type");
    assert!(chooser(&app).is_some_and(|c| c.always));
    let app = key(app, Named::Enter);
    assert!(chooser(&app).is_none());
    assert_eq!(
        desk.records("zephyr", 1),
        [vec![os(&desk.file("mystery.bin"))]]
    );
    let list = fs::read_to_string(desk.path("config/mimeapps.list")).expect("mimeapps.list");
    assert!(
        list.contains("application/octet-stream=zephyr.desktop;"),
        "{list}"
    );
    // From now on Enter opens it with Zephyr (the applications were read again).
    assert_eq!(
        app.browser().pane().selection().cursor(),
        Some(&b"mystery.bin"[..])
    );
    let _app = key(app, Named::Enter);
    assert_eq!(desk.records("zephyr", 2).len(), 2);
}

#[test]
fn a_row_clicked_twice_opens_and_the_mouse_alone_suffices() {
    let desk = Desk::new("en");
    let app = open_with(desk.boot(), "b.txt");
    let app = click(app, "Other Application…");
    let app = click(app, "Zephyr");
    assert_eq!(chosen(&app), Some("Zephyr"));
    assert!(
        fs::read_dir(desk.path("records"))
            .expect("records")
            .next()
            .is_none(),
        "one click only highlights"
    );
    let app = click(app, "Open");
    assert!(chooser(&app).is_none());
    assert_eq!(desk.records("zephyr", 1), [vec![os(&desk.file("b.txt"))]]);
    let list = fs::read_to_string(desk.path("config/mimeapps.list")).expect("mimeapps.list");
    assert!(
        !list.contains("zephyr"),
        "no default without Always use: {list}"
    );

    // A double-click on a row opens at once (the two clicks sent straight away, as a
    // quick hand would).
    let app = open_with(app, "b.txt");
    let app = click(app, "Other Application…");
    let row = |app: &App| {
        let c = chooser(app).expect("the chooser");
        c.shown()
            .iter()
            .position(|a| a.name == "Bramble")
            .expect("Bramble listed")
    };
    let i = row(&app);
    let (_app, _) = feed(
        app,
        [
            to_dialog(ChooserMsg::Clicked(i)),
            to_dialog(ChooserMsg::Clicked(i)),
        ],
    );
    assert_eq!(desk.records("bramble", 1), [vec![os(&desk.file("b.txt"))]]);
}

#[test]
fn a_program_that_cannot_start_is_told_in_both_languages() {
    for (lang, said, menu, other, title, always) in [
        (
            "en",
            "Could not start “Ghost”: its program is not installed",
            "Open With",
            "Other Application…",
            "Choose an Application",
            "Always use for this file type",
        ),
        (
            "de",
            "„Ghost“ konnte nicht gestartet werden: sein Programm ist nicht installiert",
            "Öffnen mit",
            "Andere Anwendung …",
            "Anwendung auswählen",
            "Immer für diesen Dateityp verwenden",
        ),
    ] {
        let desk = Desk::new(lang);
        let app = open_with(desk.boot(), "a.txt");
        assert!(shows(&app, menu) && shows(&app, other), "{lang}: the menu");
        let app = click(app, "Ghost");
        assert_eq!(app.status().shown_error(), Some(said));
        assert!(shows(&app, said), "{lang}: the status bar says it");
        let app = open_with(app, "a.txt");
        let app = click(app, other);
        assert!(
            shows(&app, title) && shows(&app, always),
            "{lang}: the chooser"
        );
    }
}
