//! The batch rename dialog driven headlessly on real files: F2 with several items selected
//! opens it on them in the shown order; rules typed into its fields preview every new
//! name, a name already taken is marked and keeps Rename disabled; Rename gives exactly the
//! previewed names (bytes that are not UTF-8 kept), one Ctrl+Z gives every old name back
//! and Ctrl+Y renames again. Rename in a selected item's menu opens it too; F2 on one item
//! still renames it in place.
//! Run: `cargo test --test ui_batch_rename`.

mod flows;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::actions::MenuItem;
use porpoise::dialog::batch_rename::{
    FIND_INPUT, Message as BatchMsg, NUMBERING_INPUT, REPLACE_INPUT,
};
use porpoise::keys::{char_key, named, press};
use porpoise::screen::browser;
use porpoise::{App, Message};

use flows::*;

fn names(dir: &Path) -> BTreeSet<Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().as_bytes().to_vec())
        .collect()
}

fn set(names: &[&[u8]]) -> BTreeSet<Vec<u8>> {
    names.iter().map(|n| n.to_vec()).collect()
}

fn ctrl_click(app: Ui, name: &[u8]) -> Ui {
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(name.to_vec())),
    );
    send(app, Message::Modifiers(Modifiers::empty()))
}

fn new_names(app: &App) -> Vec<Vec<u8>> {
    let v = batch_rename(app).expect("the dialog is open");
    let plan = v.plan.as_ref().expect("the rules are valid");
    plan.items
        .iter()
        .map(|p| p.new.as_bytes().to_vec())
        .collect()
}

#[test]
fn rules_preview_conflicts_rename_and_one_undo_gives_every_name_back() {
    let (_lang, dir) = english_folder();
    let odd: &[u8] = b"caf\xe9_3.jpg";
    for n in [&b"IMG_1.jpg"[..], b"IMG_2.jpg", odd, b"Holiday 02.jpg"] {
        std::fs::write(dir.path().join(OsStr::from_bytes(n)), n).expect("write");
    }
    let before = names(dir.path());
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"IMG_1.jpg".to_vec())),
    );
    let app = ctrl_click(app, b"IMG_2.jpg");
    let app = ctrl_click(app, odd);
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(
        batch_rename(&app).is_some(),
        "F2 with three selected opens it"
    );
    assert!(shows(&app, "Rename 3 items"));
    assert!(
        !batch_rename(&app).is_some_and(|v| v.ready()),
        "nothing changes yet"
    );

    // Numbering in the shown order (by name, case aside: "café" first); "Holiday 02.jpg"
    // is taken by a file not selected.
    let app = type_into(app, NUMBERING_INPUT, "Holiday ##");
    let v = batch_rename(&app).expect("open");
    let plan = v.plan.as_ref().expect("valid");
    let numbered: Vec<(&[u8], &[u8])> = plan
        .items
        .iter()
        .map(|p| (p.old.as_bytes(), p.new.as_bytes()))
        .collect();
    assert_eq!(
        numbered,
        [
            (odd, &b"Holiday 01.jpg"[..]),
            (b"IMG_1.jpg", b"Holiday 02.jpg"),
            (b"IMG_2.jpg", b"Holiday 03.jpg")
        ]
    );
    assert!(shows(&app, "this name is taken"));
    assert!(shows(&app, "1 name cannot be given"));
    assert!(!batch_rename(&app).is_some_and(|v| v.ready()));
    // Enter and the button do nothing while it stands.
    let app = send(app, press(named(Named::Enter), Modifiers::empty()));
    let app = send(app, to_dialog(BatchMsg::Rename));
    assert_eq!(names(dir.path()), before, "nothing renamed");

    // No numbering: find and replace, and text before; the odd bytes stay as they were.
    let app = send(app, to_dialog(BatchMsg::Numbering(String::new())));
    let app = type_into(app, FIND_INPUT, "_");
    let app = type_into(app, REPLACE_INPUT, " - ");
    let app = send(app, to_dialog(BatchMsg::Before("2026 ".into())));
    let expected: [&[u8]; 3] = [
        b"2026 caf\xe9 - 3.jpg",
        b"2026 IMG - 1.jpg",
        b"2026 IMG - 2.jpg",
    ];
    assert_eq!(new_names(&app), expected);
    assert!(
        shows(&app, "2026 IMG - 2.jpg"),
        "the preview draws the new names"
    );
    assert!(shows(&app, "3 names change"));
    assert!(batch_rename(&app).is_some_and(|v| v.ready()));

    // Rename: the dialog goes, the job gives exactly the previewed names.
    let app = click(app, "Rename");
    assert!(batch_rename(&app).is_none());
    let renamed = set(&[expected[0], expected[1], expected[2], b"Holiday 02.jpg"]);
    assert_eq!(names(dir.path()), renamed);
    let odd_now = dir.path().join(OsStr::from_bytes(expected[0]));
    assert_eq!(
        std::fs::read(&odd_now).expect("read"),
        odd,
        "its own contents"
    );

    // One Ctrl+Z: every old name back; Ctrl+Y: renamed again.
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert_eq!(names(dir.path()), before);
    assert!(
        app.status()
            .shown_note()
            .is_some_and(|n| n.text.contains("3 items their old names")),
        "{:?}",
        app.status().shown_note()
    );
    let app = send(app, press(char_key("y"), Modifiers::CTRL));
    assert_eq!(names(dir.path()), renamed);
    let _ = send(app, press(char_key("z"), Modifiers::CTRL));
    assert_eq!(names(dir.path()), before);
}

#[test]
fn escape_closes_and_one_item_is_renamed_in_place() {
    let (_lang, dir) = english_folder();
    for n in ["a.txt", "b.txt"] {
        std::fs::write(dir.path().join(n), n).expect("write");
    }
    let app = boot(dir.path());
    let app = send(app, press(char_key("a"), Modifiers::CTRL));
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(batch_rename(&app).is_some());
    let app = send(app, to_dialog(BatchMsg::Find("a".into())));
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(batch_rename(&app).is_none(), "Escape closes it");
    assert_eq!(names(dir.path()), set(&[b"a.txt", b"b.txt"]));
    // Rename in the menu of one of the selected items opens it too.
    let app = pick_in_menu(app, Some(b"a.txt"), MenuItem::Rename);
    assert_eq!(batch_rename(&app).map(|v| v.count()), Some(2));
    let app = send(app, to_dialog(BatchMsg::Close));
    let app = ctrl_click(app, b"a.txt");
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(batch_rename(&app).is_none(), "one item: the name entry");
    assert!(app.browser().pane().naming().is_some());
}
