//! Tabs and their panes, driven headlessly on real temporary folders: each tab keeps its
//! own folder, history, selection and filter; listings reach the pane that asked for
//! them even while it is behind; the view settings follow a pane shown again; closed
//! tabs come back; and the tabs' folders are kept in the settings, any bytes included.
//! Run: `cargo test --test ui_tabs`.

mod flows;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::keys::{char_key, named, press};
use porpoise::screen::browser;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::screen::browser::tabs::TabMsg;
use porpoise::{Message, Settings};

use flows::*;

fn tab_folders(app: &porpoise::App) -> Vec<PathBuf> {
    app.browser()
        .tab_list()
        .iter()
        .map(|t| t.focused.path().to_owned())
        .collect()
}

#[test]
fn each_tab_keeps_its_own_folder_history_and_selection() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    let app = send(app, press(char_key("b"), Modifiers::empty()));
    assert!(app.browser().pane().selection().is_selected(b"b.txt"));

    // Ctrl+T: a second tab at the same folder, shown, with nothing selected yet.
    let app = send(app, press(char_key("t"), Modifiers::CTRL));
    assert_eq!(
        (app.browser().tab_count(), app.browser().shown_tab()),
        (2, 1)
    );
    assert_eq!(app.browser().path(), one);
    assert_eq!(
        app.browser().pane().shown_names(),
        ["sub", "a.txt", "b.txt"]
    );
    assert!(app.browser().pane().selection().is_empty());
    let app = send(app, to_pane(PaneMsg::Navigate(two.clone())));
    assert_eq!(app.browser().pane().shown_names(), ["x.txt"]);
    assert!(app.title().ends_with("two"));
    // Only the tab bar names the first tab's folder now.
    assert!(shows(&app, "one"), "the bar names the first tab");

    // Ctrl+Tab: the first tab, as it was left.
    let app = send(app, press(named(Named::Tab), Modifiers::CTRL));
    assert_eq!(app.browser().path(), one);
    assert!(app.title().ends_with("one"));
    assert!(app.browser().pane().selection().is_selected(b"b.txt"));
    assert!(
        !app.browser().pane().history().can_go_back(),
        "this tab never went anywhere"
    );
    // Ctrl+PageDown to the second, whose Back leads to where it started.
    let app = send(app, press(named(Named::PageDown), Modifiers::CTRL));
    assert_eq!(app.browser().path(), two);
    let app = send(app, press(named(Named::ArrowLeft), Modifiers::ALT));
    assert_eq!(app.browser().path(), one);
    assert!(app.browser().pane().selection().is_empty());
    assert_eq!(tab_folders(&app), [one.clone(), one.clone()]);
}

#[test]
fn a_folder_opened_behind_is_listed_before_it_is_shown() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    // A middle-click on "sub" and one on the Places entry of `two`: tabs behind, each
    // right after the shown one.
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::OpenEntry(b"sub".to_vec()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::OpenBehind(two.clone()))),
    );
    assert_eq!(app.browser().shown_tab(), 0);
    assert_eq!(app.browser().path(), one);
    assert_eq!(
        tab_folders(&app),
        [one.clone(), two.clone(), one.join("sub")]
    );
    // Their listings went to them, not to the shown pane.
    assert_eq!(
        app.browser().pane().shown_names(),
        ["sub", "a.txt", "b.txt"]
    );
    let behind: Vec<usize> = app
        .browser()
        .tab_list()
        .iter()
        .map(|t| t.focused.lister().len())
        .collect();
    assert_eq!(behind, [3, 1, 0]);
    // Middle-clicking a file opens nothing.
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::OpenEntry(b"a.txt".to_vec()))),
    );
    assert_eq!(app.browser().tab_count(), 3);

    // Alt+2 shows `two` with its entries, without listing it again first.
    let app = send(app, press(char_key("2"), Modifiers::ALT));
    assert_eq!(app.browser().path(), two);
    assert_eq!(app.browser().pane().shown_names(), ["x.txt"]);
}

#[test]
fn a_tab_shown_again_takes_the_view_settings_changed_meanwhile() {
    let (_lang, _dir, (one, _)) = english_in(one_and_two);
    fs::write(one.join(".hidden"), b"h").expect("write");
    let app = boot(&one);
    let app = send(app, press(char_key("t"), Modifiers::CTRL));
    // Hidden files shown in the second tab: the first shows them too once shown.
    let app = send(app, press(char_key("h"), Modifiers::CTRL));
    assert_eq!(app.browser().pane().shown_names().len(), 4);
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::Show(0))),
    );
    assert_eq!(
        app.browser().pane().shown_names(),
        ["sub", ".hidden", "a.txt", "b.txt"]
    );
}

#[test]
fn closed_tabs_come_back_and_the_last_closes_the_window() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::OpenBehind(two.clone()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::Show(1))),
    );
    // Ctrl+W closes the shown tab; the one before it is shown.
    let app = send(app, press(char_key("w"), Modifiers::CTRL));
    assert_eq!(
        (app.browser().tab_count(), app.browser().path()),
        (1, one.as_path())
    );
    // Ctrl+Shift+T opens it again.
    let app = send(
        app,
        press(char_key("T"), Modifiers::CTRL | Modifiers::SHIFT),
    );
    assert_eq!(
        (app.browser().tab_count(), app.browser().path()),
        (2, two.as_path())
    );
    assert_eq!(app.browser().pane().shown_names(), ["x.txt"]);
    // Closing a tab behind keeps the shown one.
    let mut app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::Close(Some(0)))),
    );
    assert_eq!(
        (app.browser().tab_count(), app.browser().path()),
        (1, two.as_path())
    );
    // The last tab: Ctrl+W closes the window (the browser's own test says it asks for
    // that, `window_keys` that the window goes); the tab stays until then.
    let task = app.handle(press(char_key("w"), Modifiers::CTRL));
    assert!(task.units() > 0, "the window is asked to close");
    assert_eq!(app.browser().tab_count(), 1);
}

#[test]
fn a_closed_tab_comes_back_where_it_was() {
    let (_lang, dir, (one, two)) = english_in(one_and_two);
    let three = dir.path().join("three");
    std::fs::create_dir(&three).expect("mkdir");
    let app = boot(&one);
    let open_behind = |app, folder: &PathBuf| {
        send(
            app,
            Message::Browser(browser::Message::Tab(TabMsg::OpenBehind(folder.clone()))),
        )
    };
    // Tabs: one, two, three; the middle one is shown and closed.
    let app = open_behind(app, &three);
    let app = open_behind(app, &two);
    assert_eq!(tab_folders(&app), [one.clone(), two.clone(), three.clone()]);
    let app = send(
        app,
        Message::Browser(browser::Message::Tab(TabMsg::Show(1))),
    );
    let app = send(app, press(char_key("w"), Modifiers::CTRL));
    assert_eq!(tab_folders(&app), [one.clone(), three.clone()]);

    let app = send(
        app,
        press(char_key("T"), Modifiers::CTRL | Modifiers::SHIFT),
    );
    assert_eq!(
        tab_folders(&app),
        [one, two.clone(), three],
        "back in the middle, not at the end"
    );
    assert_eq!(app.browser().path(), two.as_path(), "and shown");
}

#[test]
fn tabs_are_kept_in_the_settings_whatever_bytes_their_names_hold() {
    let (_lang, dir, (one, _)) = english_in(one_and_two);
    // A folder whose name is not UTF-8, and one with a space and a percent sign.
    let odd = dir.path().join(OsStr::from_bytes(b"caf\xe9 100%"));
    fs::create_dir(&odd).expect("mkdir");
    let app = boot(&one);
    let app = send(app, press(char_key("t"), Modifiers::CTRL));
    let app = send(app, to_pane(PaneMsg::Navigate(odd.clone())));
    let saved = app.settings().clone();
    assert_eq!(saved.shown_tab, 1);
    let text = toml::to_string_pretty(&saved).expect("encodes");
    let read = Settings::parse(&text).expect("parses");
    assert_eq!(
        read.tabs_to_restore(),
        Some(porpoise::settings::RestoredTabs {
            local: vec![vec![one.clone()], vec![odd]],
            shown: 1,
            servers: Vec::new(),
        })
    );
    let off = Settings {
        restore_tabs: false,
        ..read
    };
    assert_eq!(off.tabs_to_restore(), None);
}

#[test]
fn what_other_programs_ask_to_show_opens_in_tabs() {
    use porpoise::instance::{Show, ShowRequest};
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    let ask = |what| {
        Message::Show(ShowRequest {
            what,
            startup_id: String::new(),
        })
    };

    // Items of two folders: a tab each, the items selected, the last shown.
    let app = send(
        app,
        ask(Show::Items(vec![
            one.join("a.txt"),
            two.join("x.txt"),
            one.join("b.txt"),
        ])),
    );
    assert_eq!(app.browser().tab_count(), 3);
    assert_eq!(app.browser().path(), two);
    assert!(app.browser().pane().selection().is_selected(b"x.txt"));
    let app = send(
        app,
        press(named(Named::Tab), Modifiers::CTRL | Modifiers::SHIFT),
    );
    assert_eq!(app.browser().path(), one);
    let selected: Vec<&[u8]> = app.browser().pane().selection().names().collect();
    assert_eq!(selected.len(), 2);
    assert!(
        app.browser().pane().selection().is_selected(b"a.txt")
            && app.browser().pane().selection().is_selected(b"b.txt")
    );

    // Folders: one more tab, shown.
    let app = send(app, ask(Show::Folders(vec![two.clone()])));
    assert_eq!(
        (app.browser().tab_count(), app.browser().path()),
        (4, two.as_path())
    );

    // Properties: the item's folder, and the dialog over it for the item.
    let app = send(app, ask(Show::Properties(vec![one.join("sub")])));
    assert_eq!(app.browser().path(), one);
    let props = properties(&app).expect("the properties dialog");
    assert_eq!(props.paths, [one.join("sub")]);
}
