//! Window flows on real temporary folders: the app's update runs, its tasks run
//! with the real engine, and iced_test's Simulator renders the
//! view, finds text and clicks widgets. Runs headless: `env -u DISPLAY cargo test --test ui_flows`.

mod flows;

use std::fs;
use std::path::{Path, PathBuf};

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use iced::widget::Id;
use porpoise::Message;
use porpoise::format::FileClass;
use porpoise::icons::{IconSize, Slot};
use porpoise::keys::{char_key, named, press};
use porpoise::message::KeyPress;
use porpoise::places::PlaceKind;
use porpoise::screen::browser;
use porpoise::screen::browser::pane::FILTER_INPUT;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::screen::browser::view::location;
use porpoise::viewport::Viewport;
use porpoise_engine::listing::SortKey;

use flows::*;

#[test]
fn opens_a_folder_and_a_subfolder_then_goes_back() {
    let (_lang, dir, app) = english_booted(deeper_tree);
    assert_eq!(
        app.browser().pane().shown_names(),
        ["sub", "a.txt", "b.txt"]
    );
    assert!(shows(&app, "a.txt"));
    assert!(shows(&app, "b.txt"));
    assert!(shows(&app, "3 items"));
    assert!(!shows(&app, "inner.txt"));

    // Double-click "sub": two clicks on the same row in quick succession.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click("sub").expect("sub is shown");
        ui.click("sub").expect("sub is shown");
        ui.into_messages().collect()
    };
    let app = messages.into_iter().fold(app, send);
    assert_eq!(app.browser().path(), dir.path().join("sub"));
    assert_eq!(app.browser().pane().shown_names(), ["inner.txt"]);
    assert!(shows(&app, "inner.txt"));
    assert!(!shows(&app, "a.txt"));
    assert!(app.title().contains("Porpoise"));
    assert!(app.title().contains("sub"));

    // Back (the toolbar button) shows the parent again, with "sub" selected.
    let app = click(app, Id::new(location::BACK));
    assert_eq!(app.browser().path(), dir.path());
    assert!(shows(&app, "a.txt"));
    assert!(app.browser().pane().selection().is_selected(b"sub"));
    assert!(shows(&app, "3 items, 1 selected"));

    // Forward with Alt+Right, back with Alt+Left.
    let app = send(app, press(named(Named::ArrowRight), Modifiers::ALT));
    assert_eq!(app.browser().path(), dir.path().join("sub"));
    let app = send(app, press(named(Named::ArrowLeft), Modifiers::ALT));
    assert_eq!(app.browser().path(), dir.path());
    assert!(shows(&app, "b.txt"));
}

#[test]
fn keyboard_selects_and_opens() {
    let (_lang, dir, mut app) = english_booted(deeper_tree);
    app = send(app, press(named(Named::ArrowDown), Modifiers::empty()));
    assert_eq!(app.browser().pane().selection().cursor(), Some(&b"sub"[..]));
    app = send(app, press(named(Named::End), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().selection().cursor(),
        Some(&b"b.txt"[..])
    );
    app = send(app, press(char_key("a"), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().selection().cursor(),
        Some(&b"a.txt"[..])
    );
    app = send(app, press(named(Named::Home), Modifiers::empty()));
    app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert_eq!(app.browser().path(), dir.path().join("sub"));
    assert!(shows(&app, "inner.txt"));
    app = send(app, press(named(Named::Backspace), Modifiers::empty()));
    assert_eq!(app.browser().path(), dir.path());
    assert!(app.browser().pane().selection().is_selected(b"sub"));

    // Ctrl+L, type a path, Enter.
    app = send(app, press(char_key("l"), Modifiers::CTRL));
    assert!(app.browser().pane().location().is_some());
    app = send(app, to_pane(PaneMsg::LocationInput("sub".into())));
    app = send(app, to_pane(PaneMsg::LocationSubmit));
    assert_eq!(app.browser().path(), dir.path().join("sub"));
    assert!(app.browser().pane().location().is_none());
}

#[test]
fn sorts_by_size_from_the_column_header() {
    let (_lang, dir) = english_folder();
    fs::write(dir.path().join("big.bin"), vec![0u8; 3000]).expect("write");
    fs::write(dir.path().join("small.bin"), vec![0u8; 10]).expect("write");
    fs::write(dir.path().join("mid.bin"), vec![0u8; 500]).expect("write");
    let app = boot(dir.path());
    assert_eq!(
        app.browser().pane().shown_names(),
        ["big.bin", "mid.bin", "small.bin"]
    );

    let app = click(app, "Size");
    assert_eq!(app.settings().sort_key(), SortKey::Size);
    assert_eq!(
        app.browser().pane().shown_names(),
        ["small.bin", "mid.bin", "big.bin"]
    );
    assert!(shows(&app, "small.bin"));
    assert!(shows(&app, "▲"));
    assert!(shows(&app, "10 bytes"));
    assert!(shows(&app, "3.0 kB"));

    let app = click(app, "Size");
    assert_eq!(
        app.browser().pane().shown_names(),
        ["big.bin", "mid.bin", "small.bin"]
    );
    assert!(shows(&app, "▼"));
}

#[test]
fn hidden_files_toggle() {
    let (_lang, dir) = english_folder();
    fs::write(dir.path().join(".hidden"), b"x").expect("write");
    fs::write(dir.path().join("shown.txt"), b"x").expect("write");
    let app = boot(dir.path());
    assert_eq!(app.browser().pane().shown_names(), ["shown.txt"]);
    assert!(!shows(&app, ".hidden"));

    let app = send(app, press(char_key("h"), Modifiers::CTRL));
    assert!(app.settings().show_hidden);
    assert_eq!(app.browser().pane().shown_names(), [".hidden", "shown.txt"]);
    assert!(shows(&app, ".hidden"));

    // The toolbar button hides them again.
    let app = click(app, Id::new(location::HIDDEN));
    assert!(!app.settings().show_hidden);
    assert!(!shows(&app, ".hidden"));
}

#[test]
fn a_file_opens_its_folder_with_the_file_selected() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("a.txt"), b"a").expect("write");
    fs::write(dir.path().join("wanted.txt"), b"w").expect("write");
    let app = boot(&dir.path().join("wanted.txt"));
    assert_eq!(app.browser().pane().lister().path(), dir.path());
    assert_eq!(app.browser().pane().shown_names(), ["a.txt", "wanted.txt"]);
    assert_eq!(
        app.browser().pane().selection().cursor(),
        Some(&b"wanted.txt"[..])
    );
    assert_eq!(app.browser().pane().selection().len(), 1);
    assert!(
        app.browser()
            .pane()
            .notice(app.browser().remote())
            .is_none()
    );
}

#[test]
fn folders_that_cannot_be_shown_say_why() {
    let (_lang, dir) = english_folder();
    let missing = dir.path().join("missing");
    let app = boot(&missing);
    let never = format!("“{}” does not exist.", missing.display());
    assert_eq!(
        app.browser()
            .pane()
            .notice(app.browser().remote())
            .as_deref(),
        Some(never.as_str())
    );
    assert!(shows(&app, &never));

    // A folder that was shown and has gone since says so when it is opened again.
    let gone = dir.path().join("gone");
    fs::create_dir(&gone).expect("mkdir");
    let app = boot(&gone);
    let app = send(app, to_pane(PaneMsg::Up));
    fs::remove_dir(&gone).expect("rmdir");
    let app = send(app, to_pane(PaneMsg::Back));
    assert_eq!(
        app.browser()
            .pane()
            .notice(app.browser().remote())
            .as_deref(),
        Some("This folder no longer exists.")
    );
    assert!(shows(&app, "This folder no longer exists."));

    let app = boot(dir.path());
    assert!(shows(&app, "This folder is empty."));

    fs::write(dir.path().join(".only"), b"x").expect("write");
    let app = send(app, to_pane(PaneMsg::Reload));
    assert!(shows(
        &app,
        "This folder only contains hidden files. Press Ctrl+H to show them."
    ));
}

/// Set in the unprivileged copy of this test binary that the test below starts.
const LOCKED_DIR_VAR: &str = "PORPOISE_TEST_LOCKED_DIR";

#[test]
fn a_folder_without_permission_says_so() {
    use std::os::unix::fs::PermissionsExt;
    if let Some(locked) = std::env::var_os(LOCKED_DIR_VAR) {
        let _lang = language("en");
        let app = boot(Path::new(&locked));
        assert!(shows(
            &app,
            "You don't have permission to open this folder."
        ));
        return;
    }
    let (dir, locked) = locked_folder("secret.txt", 0o000);
    if porpoise_engine::host::uid() != 0 {
        let _lang = language("en");
        let app = boot(&locked);
        assert!(shows(
            &app,
            "You don't have permission to open this folder."
        ));
        return;
    }
    again_as_nobody(
        dir.path(),
        "a_folder_without_permission_says_so",
        LOCKED_DIR_VAR,
        &locked,
    );
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
fn only_visible_rows_become_widgets() {
    let (_lang, dir) = english_folder();
    for i in 0..20_000 {
        fs::write(dir.path().join(format!("f{i:05}")), b"").expect("write");
    }
    let app = boot(dir.path());
    assert_eq!(app.browser().pane().lister().len(), 20_000);
    assert!(shows(&app, "f00000"));
    assert!(!shows(&app, "f00100"));
    assert!(!shows(&app, "f19999"));

    let height = app.browser().pane().viewport().height;
    let end = 20_000.0 * porpoise::theme::ROW_HEIGHT - height;
    let app = send(
        app,
        to_pane(PaneMsg::Scrolled(Viewport {
            offset_y: end,
            width: 800.0,
            height,
        })),
    );
    assert!(shows(&app, "f19999"));
    assert!(!shows(&app, "f00000"));

    // End moves the selection to the last entry and keeps it in view.
    let app = send(app, press(named(Named::Home), Modifiers::empty()));
    assert_eq!(app.browser().pane().viewport().offset_y, 0.0);
    assert!(shows(&app, "f00000"));
}

#[test]
fn icons_view_shows_the_same_entries() {
    let (_lang, _dir, app) = english_booted(deeper_tree);
    let app = click(app, Id::new(location::ICONS));
    assert_eq!(app.settings().view, porpoise::settings::ViewMode::Icons);
    assert!(shows(&app, "a.txt"));
    assert!(shows(&app, "sub"));
    assert!(!shows(&app, "Size"));
}

#[test]
fn german_strings() {
    let _lang = language("de");
    let dir = tempfile::tempdir().expect("tempdir");
    deeper_tree(dir.path());
    let app = boot(dir.path());
    assert!(shows(&app, "3 Elemente"));
    assert!(shows(&app, "Größe"));
    let app = filter_by(app, "a");
    assert!(shows(&app, "1 von 3 Elementen"));
    let missing = dir.path().join("missing");
    let app = boot(&missing);
    assert!(shows(
        &app,
        &format!("„{}“ existiert nicht.", missing.display())
    ));
    drop(app);
    porpoise::i18n::select(&["en"]);
}

#[test]
fn the_filter_box_narrows_the_view_until_escape() {
    let (_lang, dir) = english_folder();
    for name in [
        "apple.txt",
        "Apricot.md",
        "banana.txt",
        "cherry.txt",
        ".apple-hidden",
    ] {
        fs::write(dir.path().join(name), b"x").expect("write");
    }
    fs::create_dir(dir.path().join("fig")).expect("mkdir");
    let all = ["fig", "apple.txt", "Apricot.md", "banana.txt", "cherry.txt"];
    let app = boot(dir.path());
    assert_eq!(app.browser().pane().shown_names(), all);
    assert!(shows(&app, "5 items"));
    assert!(simulator(&app).find(Id::new(FILTER_INPUT)).is_err());

    // Ctrl+I opens the box (Ctrl+F searches below the folder).
    let app = send(app, press(char_key("i"), Modifiers::CTRL));
    assert_eq!(app.browser().pane().filter(), Some(""));
    assert!(simulator(&app).find(Id::new(FILTER_INPUT)).is_ok());
    assert!(shows(&app, "5 items"));

    // Click into it and type, as a person would; the view narrows live.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(Id::new(FILTER_INPUT))
            .expect("the filter box is shown");
        ui.typewrite("AP");
        ui.into_messages().collect()
    };
    let last = messages.last().cloned();
    assert!(
        matches!(&last, Some(Message::Browser(browser::Message::Pane(PaneMsg::FilterInput(t)))) if t == "AP"),
        "{last:?}"
    );
    let app = messages.into_iter().fold(app, send);
    assert_eq!(app.browser().pane().filter(), Some("AP"));
    assert_eq!(
        app.browser().pane().shown_names(),
        ["apple.txt", "Apricot.md"]
    );
    assert!(shows(&app, "apple.txt"));
    assert!(shows(&app, "Apricot.md"));
    assert!(!shows(&app, "banana.txt"));
    assert!(!shows(&app, "fig"));
    // The total is what the folder shows unfiltered: hidden files do not count.
    assert!(shows(&app, "2 of 5 items"));

    // Escape in the box (the box captured it) clears and closes it.
    let app = send(
        app,
        Message::Key(KeyPress {
            key: named(Named::Escape),
            modifiers: Modifiers::empty(),
            text: None,
            captured: true,
        }),
    );
    assert_eq!(app.browser().pane().filter(), None);
    assert_eq!(app.browser().pane().shown_names(), all);
    assert!(shows(&app, "banana.txt"));
    assert!(shows(&app, "5 items"));
    assert!(simulator(&app).find(Id::new(FILTER_INPUT)).is_err());

    // The toolbar toggle opens it too; entering another folder clears it.
    let app = click(app, Id::new(location::FILTER));
    let app = send(app, to_pane(PaneMsg::FilterInput("FI".into())));
    assert_eq!(app.browser().pane().shown_names(), ["fig"]);
    assert!(shows(&app, "1 of 5 items"));
    let app = send(app, to_pane(PaneMsg::Activate(b"fig".to_vec())));
    assert_eq!(app.browser().path(), dir.path().join("fig"));
    assert_eq!(app.browser().pane().filter(), None);
    let app = send(app, to_pane(PaneMsg::Back));
    assert_eq!(app.browser().pane().shown_names(), all);
    assert!(shows(&app, "cherry.txt"));

    // The toggle closes an open box and shows everything again.
    let app = filter_by(app, "zzz");
    assert!(app.browser().pane().shown_names().is_empty());
    let app = click(app, Id::new(location::FILTER));
    assert_eq!(app.browser().pane().filter(), None);
    assert_eq!(app.browser().pane().shown_names(), all);
}

/// Set in the copy of this test binary that runs against a made-up desktop.
const FAKE_DESKTOP_VAR: &str = "PORPOISE_TEST_FAKE_DESKTOP";

/// A valid one-colour PNG of `size` pixels.
fn png_icon(path: &Path, size: u32) {
    let file = fs::File::create(path).expect("create png");
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), size, size);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("png header");
    let pixels: Vec<u8> = [200u8, 120, 30, 255].repeat((size * size) as usize);
    writer.write_image_data(&pixels).expect("png data");
}

/// An icon theme "FakeTheme" with a PNG folder at 24 and 48 pixels and a scalable
/// SVG home, chosen in GTK's settings.ini; nothing else is installed.
fn fake_desktop(root: &Path) {
    let theme = root.join("share/icons/FakeTheme");
    for dir in ["24x24/places", "48x48/places", "scalable/places"] {
        fs::create_dir_all(theme.join(dir)).expect("mkdir");
    }
    fs::write(
        theme.join("index.theme"),
        "[Icon Theme]\nName=FakeTheme\nComment=for a test\n\
         Directories=24x24/places,48x48/places,scalable/places\n\n\
         [24x24/places]\nSize=24\nType=Fixed\n\n\
         [48x48/places]\nSize=48\nType=Fixed\n\n\
         [scalable/places]\nSize=48\nMinSize=8\nMaxSize=512\nType=Scalable\n",
    )
    .expect("write index.theme");
    png_icon(&theme.join("24x24/places/folder.png"), 24);
    png_icon(&theme.join("48x48/places/folder.png"), 48);
    fs::write(
        theme.join("scalable/places/user-home.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M2 8l6-6 6 6v6H2z" fill="#c80"/></svg>"##,
    )
    .expect("write svg");
    fs::create_dir_all(root.join("config/gtk-3.0")).expect("mkdir");
    fs::write(
        root.join("config/gtk-3.0/settings.ini"),
        "[Settings]\ngtk-icon-theme-name=FakeTheme\n",
    )
    .expect("write settings.ini");
    for dir in ["home", "data", "etc", "files/sub"] {
        fs::create_dir_all(root.join(dir)).expect("mkdir");
    }
    fs::write(root.join("files/song.mp3"), b"x").expect("write");
}

#[test]
fn theme_icons_replace_the_bundled_ones_where_the_theme_has_them() {
    if let Some(root) = std::env::var_os(FAKE_DESKTOP_VAR) {
        // The copy: the icon lookup sees only the fake desktop (its cache is per process).
        let root = PathBuf::from(root);
        let theme = root.join("share/icons/FakeTheme");
        let _lang = language("en");
        let app = boot(&root.join("files"));
        let icons = app.icons();
        assert_eq!(icons.theme(), Some("FakeTheme"));
        for (slot, size, file) in [
            (
                Slot::Class(FileClass::Folder),
                IconSize::Small,
                "24x24/places/folder.png",
            ),
            (
                Slot::Class(FileClass::Folder),
                IconSize::Large,
                "48x48/places/folder.png",
            ),
            (
                Slot::Place(PlaceKind::Home),
                IconSize::Small,
                "scalable/places/user-home.svg",
            ),
            // A user folder the theme has no icon for gets the theme's plain folder.
            (
                Slot::Place(PlaceKind::Documents),
                IconSize::Large,
                "48x48/places/folder.png",
            ),
        ] {
            assert_eq!(
                icons.source(slot, size),
                Some(theme.join(file).as_path()),
                "{slot:?} at {size:?}"
            );
        }
        // What the theme lacks stays bundled.
        assert_eq!(
            icons.source(Slot::Class(FileClass::Audio), IconSize::Small),
            None
        );
        assert_eq!(
            icons.source(Slot::Place(PlaceKind::Trash), IconSize::Small),
            None
        );
        // Both views draw with them.
        assert!(shows(&app, "sub"));
        assert!(shows(&app, "song.mp3"));
        let app = click(app, Id::new(location::ICONS));
        assert!(shows(&app, "sub"));
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    fake_desktop(root);
    porpoise_testkit::again::passed_one(
        std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args([
                "--exact",
                "theme_icons_replace_the_bundled_ones_where_the_theme_has_them",
            ])
            .current_dir(root)
            .env(FAKE_DESKTOP_VAR, root)
            .env("HOME", root.join("home"))
            .env("XDG_CONFIG_HOME", root.join("config"))
            .env("XDG_CONFIG_DIRS", root.join("etc"))
            .env("XDG_DATA_HOME", root.join("data"))
            .env("XDG_DATA_DIRS", root.join("share")),
        "the test against the fake desktop",
    );
}
