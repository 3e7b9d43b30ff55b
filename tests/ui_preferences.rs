//! The Preferences dialog driven headlessly on a real folder: Ctrl+comma (and the main
//! menu's entry) opens it with the installed icon themes listed from the real XDG data
//! folders; Dark and Light change the theme at once, "Follow desktop" follows what the
//! desktop says as it says it (its accent colour becoming the primary colour); "Show
//! hidden files" shows a dot-file; Deutsch speaks German at once; the switches reach the
//! settings; keys do not reach the view while it is open; Escape closes it.
//! Run: `cargo test --test ui_preferences`.

mod flows;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::actions::{ActionMsg, MenuItem};
use porpoise::dialog::preferences::{Change, Message as PrefsMsg};
use porpoise::keys::{char_key, named, press};
use porpoise::screen::browser;
use porpoise::settings::ThemeChoice;
use porpoise::{App, Message, theme};
use porpoise_engine::appearance::{Appearance, Rgb};

use flows::*;

fn prefs(app: Ui, m: PrefsMsg) -> Ui {
    send(app, to_dialog(m))
}

fn dark(app: &App) -> bool {
    theme::is_dark(&app.theme())
}

#[test]
fn preferences_apply_at_once() {
    let (_lang, dir) = english_folder();
    std::fs::write(dir.path().join("visible.txt"), b"v").expect("write");
    std::fs::write(dir.path().join(".secret.txt"), b"s").expect("write");
    let app = boot(dir.path());
    assert!(!shows(&app, ".secret.txt"), "hidden at first");

    let app = send(app, press(char_key(","), Modifiers::CTRL));
    let v = preferences(&app).expect("Ctrl+comma opens it");
    let themes = v.icon_themes.as_ref().expect("the icon themes were listed");
    assert!(
        themes
            .iter()
            .any(|t| t.id == "Adwaita" && t.name == "Adwaita"),
        "the installed Adwaita theme is offered (adwaita-icon-theme): {themes:?}"
    );
    for words in [
        "Preferences",
        "Appearance",
        "Theme",
        "Icon theme",
        "Language",
        "Files",
    ] {
        assert!(shows(&app, words), "{words}");
    }

    // The theme: Dark and Light at once; following the desktop as it changes.
    let app = prefs(app, PrefsMsg::Change(Change::Theme(ThemeChoice::Dark)));
    assert!(dark(&app));
    assert_eq!(app.settings().theme, ThemeChoice::Dark);
    let app = prefs(app, PrefsMsg::Change(Change::Theme(ThemeChoice::Light)));
    assert!(!dark(&app));
    let accent = Rgb::checked(0.9, 0.1, 0.4);
    let says = |dark| {
        Message::Appearance(Appearance {
            dark: Some(dark),
            accent,
        })
    };
    let app = send(app, says(true));
    assert!(!dark(&app), "Light stays light whatever the desktop says");
    let app = prefs(app, PrefsMsg::Change(Change::Theme(ThemeChoice::Auto)));
    assert!(dark(&app), "following the desktop: dark");
    let primary = app.theme().palette().primary;
    assert_eq!(
        (primary.r, primary.g, primary.b),
        (0.9, 0.1, 0.4),
        "the accent colour is the primary colour"
    );
    let app = send(app, says(false));
    assert!(
        !dark(&app),
        "the desktop turned light, and so did the window"
    );

    // Hidden files show at once.
    let app = prefs(app, PrefsMsg::Change(Change::ShowHidden(true)));
    assert!(app.settings().show_hidden);
    assert!(shows(&app, ".secret.txt"));
    // The same answer again changes nothing.
    let app = prefs(app, PrefsMsg::Change(Change::ShowHidden(true)));
    assert!(app.settings().show_hidden);

    // The switches.
    let app = prefs(app, PrefsMsg::Change(Change::QueuePerDevice(false)));
    let app = prefs(app, PrefsMsg::Change(Change::VerifyCopies(true)));
    let app = prefs(app, PrefsMsg::Change(Change::RestoreTabs(false)));
    let app = prefs(app, PrefsMsg::Change(Change::NetworkPreviews(true)));
    let s = app.settings();
    assert!(!s.queue_per_device && s.verify_copies && !s.restore_tabs && s.previews_on_network);
    let app = prefs(
        app,
        PrefsMsg::Change(Change::IconTheme(Some("Adwaita".into()))),
    );
    assert_eq!(app.settings().icon_theme.as_deref(), Some("Adwaita"));

    // The language: German words at once, and back.
    let app = prefs(app, PrefsMsg::Change(Change::Language(Some("de".into()))));
    assert_eq!(app.settings().language.as_deref(), Some("de"));
    assert!(shows(&app, "Einstellungen"), "the dialog's title in German");
    assert!(shows(&app, "Erscheinungsbild"));
    let app = prefs(app, PrefsMsg::Change(Change::Language(Some("en".into()))));
    assert!(shows(&app, "Preferences"));

    // Modal: Ctrl+H does not reach the view; Escape closes.
    let app = send(app, press(char_key("h"), Modifiers::CTRL));
    assert!(app.settings().show_hidden, "the view did not take Ctrl+H");
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(preferences(&app).is_none(), "Escape closes it");

    // The main menu's entry opens it too.
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::MainMenu)),
    );
    assert!(shows(&app, "Preferences…"));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::MenuPick(
            MenuItem::Preferences,
        ))),
    );
    assert!(preferences(&app).is_some());
    let app = prefs(app, PrefsMsg::Close);
    assert!(preferences(&app).is_none());
}

#[test]
fn a_saved_language_and_queue_setting_read_back() {
    let s = porpoise::Settings::parse("language = \"de\"\n").expect("parse");
    assert_eq!(s.language.as_deref(), Some("de"));
    assert!(s.queue_per_device, "one job per device by default");
    let s = porpoise::Settings::parse("queue_per_device = false\n").expect("parse");
    assert!(!s.queue_per_device);
    assert_eq!(s.language, None);
}
