//! Split view driven headlessly on real temporary folders: F3 opens a second pane at the
//! same folder; the other pane's messages give it the keyboard (scrolling it does not);
//! F5 and F6 copy and move the selection into the other pane's folder for real; Tab goes
//! round both panes; a pane closes and the other stays; a folder one pane leaves while
//! the other shows it is not counted in the cache of unused folders.
//! Run: `cargo test --test ui_split`.

mod flows;

use std::path::{Path, PathBuf};

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::keys::{char_key, named, press};
use porpoise::request::JobKind;
use porpoise::screen::browser;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::viewport::Viewport;
use porpoise::{App, Message};

use flows::*;

/// The shown panes' folders, left to right.
fn folders(app: &App) -> Vec<PathBuf> {
    app.browser()
        .shown_panes()
        .iter()
        .map(|p| p.path().to_owned())
        .collect()
}

/// Split view with `one` on the left (with the keyboard) and `two` on the right.
fn split(one: &Path, two: &Path) -> Ui {
    let app = boot(one);
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    assert_eq!(folders(&app), [one, one]);
    assert_eq!(
        app.browser().beside().map(|p| p.lister().len()),
        Some(3),
        "listed too"
    );
    // Its breadcrumb leads it elsewhere, and it takes the keyboard.
    let app = send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(browser::Message::Pane(
            PaneMsg::Navigate(two.to_owned()),
        )))),
    );
    assert_eq!(folders(&app), [one, two]);
    assert_eq!(app.browser().path(), two);
    send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(
            browser::Message::Clicked(b"a.txt".to_vec()),
        ))),
    )
}

#[test]
fn the_other_pane_takes_the_keyboard_when_used_but_not_when_scrolled() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = split(&one, &two);
    assert_eq!(
        app.browser().path(),
        one,
        "the click gave the left pane the keyboard"
    );
    assert!(app.title().ends_with("one"));
    assert!(app.browser().pane().selection().is_selected(b"a.txt"));
    let scrolled = Viewport {
        offset_y: 40.0,
        width: 300.0,
        height: 200.0,
    };
    let app = send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(browser::Message::Pane(
            PaneMsg::Scrolled(scrolled),
        )))),
    );
    assert_eq!(
        app.browser().path(),
        one,
        "scrolling the other pane leaves the keyboard"
    );
    assert_eq!(
        app.browser().beside().map(|p| p.viewport().offset_y),
        Some(40.0)
    );
    // Both location bars are drawn: each names its folder.
    assert!(shows(&app, "one") && shows(&app, "two"));

    // Tab from the left pane's view goes to the right pane's, and on round.
    let app = send(app, press(named(Named::Tab), Modifiers::empty()));
    assert_eq!(app.browser().path(), two);
    let app = send(app, press(named(Named::Tab), Modifiers::SHIFT));
    assert_eq!(app.browser().path(), one);
}

#[test]
fn f5_copies_and_f6_moves_the_selection_into_the_other_panes_folder() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = split(&one, &two);
    let (app, jobs) = feed(app, [press(named(Named::F5), Modifiers::empty())]);
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Copy);
    assert_eq!(jobs[0].dest, two);
    assert!(two.join("a.txt").exists() && one.join("a.txt").exists());
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"b.txt".to_vec())),
    );
    let (app, jobs) = feed(app, [press(named(Named::F6), Modifiers::empty())]);
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert!(two.join("b.txt").exists() && !one.join("b.txt").exists());
    // Undo puts the move back, as after any move.
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(one.join("b.txt").exists() && !two.join("b.txt").exists());
    drop(app);

    // With one pane F5 reloads and F6 does nothing.
    let app = boot(&one);
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a.txt".to_vec())),
    );
    let (_, jobs) = feed(
        app,
        [
            press(named(Named::F5), Modifiers::empty()),
            press(named(Named::F6), Modifiers::empty()),
        ],
    );
    assert!(jobs.is_empty(), "{jobs:?}");
}

#[test]
fn closing_a_pane_keeps_the_other_and_a_folder_both_show_is_not_cached() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    // The left pane goes into "sub" while the right one still shows `one`: `one` is in
    // use, so the cache of unused folders does not hold it.
    let app = send(app, to_pane(PaneMsg::Activate(b"sub".to_vec())));
    assert_eq!(folders(&app), [one.join("sub"), one.clone()]);
    assert!(!app.browser().is_cached(&one));
    // The right pane leaves `one` too: now nobody shows it, and it waits in the cache.
    let app = send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(browser::Message::Pane(
            PaneMsg::Navigate(two.clone()),
        )))),
    );
    assert!(app.browser().is_cached(&one));

    // The left pane's close button: the right one stays, with the keyboard.
    let app = send(
        app,
        Message::Browser(browser::Message::ClosePane { left: true }),
    );
    assert_eq!(folders(&app), [two.as_path()]);
    assert_eq!(app.browser().path(), two);
    // F3 twice: split and back, the pane with the keyboard staying.
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    assert_eq!(folders(&app), [two.as_path()]);

    // A split tab behind names both its folders in the tab bar.
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    let app = send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(browser::Message::Pane(
            PaneMsg::Navigate(one.clone()),
        )))),
    );
    let app = send(app, press(char_key("t"), Modifiers::CTRL));
    assert!(shows(&app, "two | one"), "the split tab's label");
}

#[test]
fn the_same_folder_in_two_panes_is_read_once_and_held_once() {
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let mut app = boot(&one);
    // F3 at `one`: the new pane lists nothing itself, it shares the first one's listing.
    let task = app.handle(press(named(Named::F3), Modifiers::empty()));
    let beside = app.browser().beside().expect("two panes");
    assert_eq!(
        (beside.generation(), beside.listing().ended),
        (app.browser().pane().generation(), true),
        "no second read of the folder: the first pane's listing is the new one's"
    );
    let app = settle(app, task);
    let beside = app.browser().beside().expect("two panes");
    assert!(
        beside.lister().shares_with(app.browser().pane().lister()),
        "the entries are held once"
    );
    assert_eq!(beside.generation(), app.browser().pane().generation());
    assert_eq!(beside.lister().len(), 3);

    // Each keeps its own filter and selection.
    let app = send(app, press(char_key("i"), Modifiers::CTRL));
    let app = send(app, to_pane(PaneMsg::FilterInput("a.".into())));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a.txt".to_vec())),
    );
    assert_eq!(app.browser().pane().shown_names(), ["a.txt"]);
    let beside = app.browser().beside().expect("two panes");
    assert_eq!(beside.lister().len(), 3, "the other pane is not filtered");
    assert!(beside.selection().is_empty());
    assert!(beside.lister().shares_with(app.browser().pane().lister()));

    // Each keeps its own sort too, and they still hold the entries once: the column
    // header sorts the pane it is in.
    let app = send(app, to_pane(PaneMsg::FilterInput(String::new())));
    let app = send(
        app,
        to_pane(PaneMsg::SortBy(porpoise_engine::listing::SortKey::Name)),
    );
    assert_eq!(
        app.browser().pane().shown_names(),
        ["sub", "b.txt", "a.txt"]
    );
    let beside = app.browser().beside().expect("two panes");
    let names = |l: &porpoise_engine::listing::Lister| -> Vec<Vec<u8>> {
        l.iter().map(|(_, n)| n.to_vec()).collect()
    };
    assert_eq!(
        names(beside.lister()),
        [b"sub".to_vec(), b"a.txt".to_vec(), b"b.txt".to_vec()]
    );
    assert!(beside.lister().shares_with(app.browser().pane().lister()));

    // The pane that read the folder goes elsewhere: the other still follows its listing.
    let app = send(app, to_pane(PaneMsg::Navigate(two.clone())));
    let beside = app.browser().beside().expect("two panes");
    assert_eq!(beside.path(), one);
    assert_eq!(beside.lister().len(), 3);
    assert!(
        !app.browser().is_cached(&one),
        "still shown, so not among the unused"
    );
}

/// A pane is in the middle of one thing at a time: a menu ends a typed location, the
/// rename it starts ends the menu, and what a pane was doing ends when the keyboard leaves it (the other
/// pane, another tab).
#[test]
fn a_pane_is_in_the_middle_of_one_thing_at_a_time() {
    use porpoise::actions::{ActionMsg, MenuItem, NameKind};
    use porpoise::screen::browser::pane::Mode;
    let (_lang, _dir, (one, two)) = english_in(one_and_two);
    let app = boot(&one);
    let app = send(app, press(char_key("l"), Modifiers::CTRL));
    assert!(
        app.browser().pane().location().is_some(),
        "Ctrl+L types a location"
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::ContextMenu(Some(
            b"a.txt".to_vec(),
        )))),
    );
    assert!(
        app.browser().pane().menu().is_some(),
        "the entry's menu opens"
    );
    assert_eq!(
        app.browser().pane().location(),
        None,
        "and the typed location ends"
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::MenuPick(
            MenuItem::Rename,
        ))),
    );
    assert_eq!(
        app.browser().pane().naming().map(|n| n.kind.clone()),
        Some(NameKind::Rename(b"a.txt".to_vec())),
        "Rename renames the entry the menu was on"
    );
    assert!(
        app.browser().pane().menu().is_none(),
        "the menu went when the rename began"
    );

    // Split view: the left pane opens a menu; a click in the right pane ends it there.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().mode(),
        &Mode::Browsing,
        "Escape ends the rename"
    );
    let app = send(app, press(named(Named::F3), Modifiers::empty()));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::ContextMenu(None))),
    );
    assert!(app.browser().pane().menu().is_some());
    let app = send(
        app,
        Message::Browser(browser::Message::Beside(Box::new(browser::Message::Pane(
            PaneMsg::Navigate(two.clone()),
        )))),
    );
    assert_eq!(app.browser().path(), two, "the right pane has the keyboard");
    assert!(app.browser().pane().menu().is_none());
    assert_eq!(
        app.browser().beside().map(|p| p.mode().clone()),
        Some(Mode::Browsing),
        "the left pane's menu ended when the keyboard left it"
    );

    // Another tab: the pane going behind stops typing its location.
    let app = send(app, press(char_key("l"), Modifiers::CTRL));
    let app = send(app, press(char_key("t"), Modifiers::CTRL));
    let app = send(app, press(named(Named::Tab), Modifiers::CTRL));
    assert_eq!(app.browser().path(), two, "back on the first tab");
    assert_eq!(
        app.browser().pane().location(),
        None,
        "its typed location ended as it went behind"
    );
}
