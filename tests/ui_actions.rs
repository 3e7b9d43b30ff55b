//! The window's file actions on real temporary folders: drag and drop with the drop menu,
//! files dropped in from other applications, the context menu, new folder, rename in place
//! and the Trash view. The app's update runs, its tasks run with the real engine,
//! iced_test's Simulator renders the view and plays the mouse; job requests are read from
//! the job panel. The Trash test runs again in a child copy of this binary
//! with the trash in a temp folder. Runs headless: `env -u DISPLAY cargo test --test ui_actions`.

mod flows;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

use flows::*;
use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use iced::widget::Id;
use porpoise::Message;
use porpoise::actions::work::NAME_INPUT;
use porpoise::actions::{ActionMsg, DropTarget, NameKind};
use porpoise::keys::{char_key, named, press};
use porpoise::request::{JobKind, JobRequest};
use porpoise::screen::browser;
use porpoise::screen::browser::pane::PaneMsg;

#[test]
fn dragging_a_file_onto_a_folder_asks_and_copies() {
    let (_lang, dir, app) = english_booted(tree);

    // Press on a.txt and move: a drag with a ghost, "sub" lights up as the target.
    let start = center_of(&app, "a.txt");
    let target = center_of(&app, "sub");
    let (app, _) = play(app, start, vec![left(true)]);
    assert!(app.browser().pane().selection().is_selected(b"a.txt"));
    assert!(app.actions().drag.as_ref().is_some_and(|d| !d.active));
    let (app, _) = play(app, target, vec![moved(target)]);
    assert!(app.actions().drag.as_ref().is_some_and(|d| d.active));
    assert!(shows(&app, "1 item"), "the ghost names what is dragged");
    assert!(app.is_drop_hover(&DropTarget::Entry(b"sub".to_vec())));

    // Release over "sub": the drop menu.
    let (app, jobs) = play(app, target, vec![left(false)]);
    assert!(jobs.is_empty());
    assert!(app.actions().drag.is_none());
    for entry in ["Move here", "Copy here", "Link here", "Cancel"] {
        assert!(shows(&app, entry), "the drop menu offers {entry}");
    }
    let (app, jobs) = click_jobs(app, "Copy here");
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("a.txt")],
            dest: dir.path().join("sub"),
            modes: None,
            compress: None,
        }]
    );
    assert!(app.browser().pane().drop_menu().is_none());
    assert!(!shows(&app, "Copy here"));
    assert_eq!(
        fs::read(dir.path().join("sub/a.txt")).expect("the copy is there"),
        b"alpha"
    );
    assert!(dir.path().join("a.txt").exists());

    // Cancel closes the menu without a job; Escape cancels a drag.
    let (app, _) = drag(app, "b.txt", "sub", Modifiers::empty());
    let (app, jobs) = click_jobs(app, "Cancel");
    assert!(jobs.is_empty() && app.browser().pane().drop_menu().is_none());
    let start = center_of(&app, "b.txt");
    let (app, _) = play(app, start, vec![left(true)]);
    let away = iced::Point::new(start.x + 40.0, start.y + 40.0);
    let (app, _) = play(app, away, vec![moved(away)]);
    assert!(app.actions().drag.as_ref().is_some_and(|d| d.active));
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.actions().drag.is_none());
    assert!(!shows(&app, "1 item"));
}

#[test]
fn a_quick_click_leaves_no_drag_armed() {
    let (_lang, _dir, app) = english_booted(tree);
    // Press and release in one frame, as a quick click (or XTest) delivers them: the
    // view that would track the press is never built in between.
    let at = center_of(&app, "a.txt");
    let (app, _) = play(app, at, vec![left(true), left(false)]);
    assert!(app.browser().pane().selection().is_selected(b"a.txt"));
    assert!(
        app.actions().drag.is_none(),
        "the release ended the press: moving the pointer now drags nothing"
    );
}

#[test]
fn modifiers_at_the_drop_choose_directly() {
    let (_lang, dir, app) = english_booted(tree);
    let (mut app, jobs) = drag(app, "a.txt", "sub", Modifiers::SHIFT);
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].dest, dir.path().join("sub"));
    assert!(app.browser().pane().drop_menu().is_none());
    // The folder's watch tells the move; the rows move up under the pointer.
    app.settle_until(|app| {
        !app.browser()
            .pane()
            .shown_names()
            .contains(&"a.txt".to_owned())
    });
    let (app, jobs) = drag(app, "b.txt", "sub", Modifiers::CTRL);
    assert_eq!(jobs[0].kind, JobKind::Copy);
    assert_eq!(jobs[0].sources, [dir.path().join("b.txt")]);
    let (_, jobs) = drag(app, "b.txt", "sub", Modifiers::CTRL | Modifiers::SHIFT);
    assert_eq!(jobs[0].kind, JobKind::Link);
}

#[test]
fn a_selection_drags_together_and_never_onto_itself() {
    let (_lang, dir) = english_folder();
    tree(dir.path());
    fs::create_dir(dir.path().join("other")).expect("mkdir");
    let app = boot(dir.path());

    // A folder onto itself: nothing.
    let (app, jobs) = drag(app, "sub", "sub", Modifiers::SHIFT);
    assert!(jobs.is_empty());
    let (app, jobs) = drag(app, "sub", "sub", Modifiers::empty());
    assert!(jobs.is_empty() && app.browser().pane().drop_menu().is_none());
    // A file onto a file: nothing.
    let (app, jobs) = drag(app, "a.txt", "b.txt", Modifiers::SHIFT);
    assert!(jobs.is_empty() && app.browser().pane().drop_menu().is_none());

    // Select a.txt and sub, drag the selection (pressing on a.txt keeps both) onto "other".
    let app = select_all_of(app, &["a.txt", "sub"]);
    assert_eq!(app.browser().pane().selection().len(), 2);
    let (app, jobs) = drag(app, "a.txt", "other", Modifiers::SHIFT);
    assert_eq!(
        app.browser().pane().selection().len(),
        2,
        "the drag kept the selection"
    );
    assert_eq!(jobs.len(), 1);
    let mut sources = jobs[0].sources.clone();
    sources.sort();
    assert_eq!(sources, [dir.path().join("a.txt"), dir.path().join("sub")]);
    // The same selection onto "sub", one of its own: nothing.
    let (_, jobs) = drag(app, "a.txt", "sub", Modifiers::SHIFT);
    assert!(jobs.is_empty());
}

#[test]
fn files_dropped_from_other_apps_open_the_drop_menu() {
    let (_lang, dir) = english_folder();
    let elsewhere = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let dropped = [elsewhere.path().join("x"), elsewhere.path().join("y z")];
    for p in &dropped {
        fs::write(p, b"from elsewhere").expect("write");
    }
    let mut app = app;
    let mut last = iced::Task::none();
    for p in &dropped {
        last = app.handle(Message::Drag(ActionMsg::FileDropped(p.clone())));
    }
    // The drop settles (the last file's wait; the first's is over before it starts):
    // one menu for both files.
    let app = settle(app, last);
    let menu = app.browser().pane().drop_menu().expect("the drop menu");
    assert_eq!(menu.sources, dropped);
    assert_eq!(menu.dest, dir.path());
    let (_, jobs) = click_jobs(app, "Move here");
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].sources, dropped);
    assert!(dir.path().join("y z").is_file() && !dropped[1].exists());

    // Files dropped from the shown folder itself: nothing to ask.
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Drag(ActionMsg::FileDropped(dir.path().join("a.txt"))),
    );
    assert!(app.browser().pane().drop_menu().is_none());
}

#[test]
fn the_context_menu_opens_where_clicked_and_acts() {
    let (_lang, dir) = english_folder();
    let (_data, trash) = test_trash();
    tree(dir.path());
    let app = boot_with_trash(dir.path(), &trash);

    // On a file: its entries, no "Paste into folder".
    let at = center_of(&app, "a.txt");
    let app = right_click(app, at);
    let menu = app.browser().pane().menu().expect("a menu");
    assert_eq!(menu.at, at);
    assert!(app.browser().pane().selection().is_selected(b"a.txt"));
    for entry in ["Open", "Cut", "Copy", "Rename…", "Move to Trash", "Delete…"] {
        assert!(shows(&app, entry), "the menu offers {entry}");
    }
    assert!(!shows(&app, "Paste into folder"));
    // Escape closes it; so does a click elsewhere.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.browser().pane().menu().is_none());
    let app = right_click(app, at);
    let (app, _) = play(app, iced::Point::new(900.0, 650.0), vec![left(true)]);
    assert!(app.browser().pane().menu().is_none());

    // On a folder: "Paste into folder" too.
    let sub = center_of(&app, "sub");
    let app = right_click(app, sub);
    assert!(shows(&app, "Paste into folder"));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::CloseMenu)),
    );

    // "Rename…" turns the name into a text input.
    let app = right_click(app, at);
    let (app, _) = click_jobs(app, "Rename…");
    assert_eq!(
        app.browser().pane().naming().map(|n| n.kind.clone()),
        Some(NameKind::Rename(b"a.txt".to_vec()))
    );
    assert!(simulator(&app).find(Id::new(NAME_INPUT)).is_ok());

    // On the empty part of the view: Paste, New Folder, Show hidden files, Reload.
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameCancel)),
    );
    let app = right_click(app, iced::Point::new(600.0, 500.0));
    assert_eq!(
        app.browser().pane().menu().map(|m| m.target.clone()),
        Some(None)
    );
    for entry in ["Paste", "New Folder…", "Show hidden files", "Reload"] {
        assert!(shows(&app, entry), "the menu offers {entry}");
    }
    let (app, _) = click_jobs(app, "Show hidden files");
    assert!(app.settings().show_hidden);
    // "Delete…" asks first (the job panel's dialog); "Move to Trash" trashes for real.
    let b = center_of(&app, "b.txt");
    let app = right_click(app, b);
    let (app, _) = click_jobs(app, "Delete…");
    assert!(shows(&app, "This cannot be undone."));
    let (app, _) = click_jobs(app, "Cancel");
    assert!(dir.path().join("b.txt").exists());
    let app = right_click(app, b);
    let (_, jobs) = click_jobs(app, "Move to Trash");
    assert_eq!(jobs[0].kind, JobKind::Trash);
    assert_eq!(jobs[0].sources, [dir.path().join("b.txt")]);
    assert!(!dir.path().join("b.txt").exists());
    assert!(trash.files().join("b.txt").exists());
}

fn rename(app: Ui, name: &[u8], to: &str) -> Ui {
    let mut app = app;
    if !app.browser().pane().selection().is_selected(name)
        || app.browser().pane().selection().len() > 1
    {
        app = send(
            app,
            Message::Browser(browser::Message::Clicked(name.to_vec())),
        );
    }
    let app = send(
        app,
        Message::Drag(ActionMsg::Pointer(
            porpoise::widgets::pointer::PointerEvent::Released,
        )),
    );
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(
        app.browser().pane().naming().is_some(),
        "F2 opens the name entry"
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput(to.into()))),
    );
    send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    )
}

#[test]
fn f2_renames_in_place_including_non_utf8_names() {
    let (_lang, dir) = english_folder();
    tree(dir.path());
    let odd: &[u8] = b"caf\xe9 menu.txt";
    fs::write(dir.path().join(OsStr::from_bytes(odd)), b"odd").expect("write");
    let app = boot(dir.path());

    // The entry shows the name, the stem is what typing replaces.
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a.txt".to_vec())),
    );
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().naming().map(|n| n.text.as_str()),
        Some("a.txt")
    );
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.browser().pane().naming().is_none());

    let app = rename(app, b"a.txt", "renamed.txt");
    assert!(
        app.browser().pane().naming().is_none(),
        "{:?}",
        app.status().shown_error()
    );
    assert!(dir.path().join("renamed.txt").is_file());
    assert!(!dir.path().join("a.txt").exists());
    assert!(app.browser().pane().selection().is_selected(b"renamed.txt"));

    // A non-UTF-8 name left as the entry shows it (with a stand-in for the byte): Enter
    // changes nothing on disk.
    let shown = String::from_utf8_lossy(odd).into_owned();
    let app = rename(app, odd, &shown);
    assert!(
        app.browser().pane().naming().is_none(),
        "{:?}",
        app.status().shown_error()
    );
    assert!(
        dir.path().join(OsStr::from_bytes(odd)).exists(),
        "kept as it was"
    );
    assert!(!dir.path().join(&shown).exists(), "no stand-in written");

    // A non-UTF-8 name: the rename works on the original bytes.
    let app = rename(app, odd, "cafe menu.txt");
    assert!(
        app.browser().pane().naming().is_none(),
        "{:?}",
        app.status().shown_error()
    );
    assert_eq!(
        fs::read(dir.path().join("cafe menu.txt")).expect("renamed"),
        b"odd"
    );
    assert!(!dir.path().join(OsStr::from_bytes(odd)).exists());

    // Errors keep the entry open and say why.
    let app = send(app, to_pane(PaneMsg::Reload));
    let app = rename(app, b"b.txt", "renamed.txt");
    assert_eq!(
        app.status().shown_error(),
        Some("An item with this name already exists.")
    );
    assert!(app.browser().pane().naming().is_some());
    assert_eq!(
        fs::read(dir.path().join("renamed.txt")).expect("kept"),
        b"alpha"
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput("x/y".into()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(
        app.status().shown_error(),
        Some("A name cannot contain “/”.")
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput(" ".into()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(app.status().shown_error(), Some("A name cannot be empty."));
    assert!(dir.path().join("b.txt").exists());
}

#[test]
fn f10_creates_new_folder_then_a_numbered_one() {
    let (_lang, dir, app) = english_booted(tree);
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().naming().map(|n| n.text.as_str()),
        Some("New Folder")
    );
    assert!(shows(&app, "New folder:"));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert!(dir.path().join("New Folder").is_dir());
    assert!(app.browser().pane().naming().is_none());
    assert!(app.browser().pane().selection().is_selected(b"New Folder"));

    // The watcher shows the new folder in the window; here a reload does.
    let app = send(app, to_pane(PaneMsg::Reload));
    assert!(app.browser().pane().selection().is_selected(b"New Folder"));
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    assert_eq!(
        app.browser().pane().naming().map(|n| n.text.as_str()),
        Some("New Folder (1)")
    );
    let (app, _) = click_jobs(app, "Create");
    assert!(dir.path().join("New Folder (1)").is_dir());

    // A taken name and a bad one are refused, clearly.
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput("sub".into()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(
        app.status().shown_error(),
        Some("An item with this name already exists.")
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput("".into()))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert_eq!(app.status().shown_error(), Some("A name cannot be empty."));
    let (app, _) = click_jobs(app, "Cancel");
    assert!(app.browser().pane().naming().is_none());
}

#[test]
fn trash_view_lists_restores_and_empties() {
    let (_lang, dir) = english_folder();
    let (data, trash) = test_trash();
    let kept = dir.path().join("kept notes.txt");
    let gone = dir.path().join("gone.txt");
    fs::write(&kept, b"notes").expect("write");
    fs::write(&gone, b"gone").expect("write");
    for p in [&kept, &gone] {
        porpoise_testkit::run(
            Command::new(porpoise_testkit::porpoise_command())
                .arg("rm")
                .arg("--trash")
                .arg(p)
                .env("XDG_DATA_HOME", data.path()),
        );
    }
    assert!(!kept.exists() && !gone.exists());

    let app = boot_with_trash(dir.path(), &trash);
    let (app, _) = click_jobs(app, "Trash");
    assert!(app.browser().pane().trash_view().is_some());
    assert!(shows(&app, "kept notes.txt"));
    assert!(shows(&app, "gone.txt"));
    assert!(shows(&app, "Original location"));
    assert!(shows(&app, &dir.path().display().to_string()));

    // Restore the selected item: it is back, the view shows what is left.
    let (app, _) = click_jobs(app, "kept notes.txt");
    let (app, _) = click_jobs(app, "Restore");
    assert_eq!(fs::read(&kept).expect("restored"), b"notes");
    assert!(!shows(&app, "kept notes.txt"));
    assert!(shows(&app, "gone.txt"));

    // Restore never overwrites: trash it again, put a new file in its place.
    fs::write(&gone, b"new").expect("write");
    let (app, _) = click_jobs(app, "gone.txt");
    let (app, _) = click_jobs(app, "Restore");
    assert_eq!(fs::read(&gone).expect("kept"), b"new");
    assert!(
        app.status()
            .shown_error()
            .is_some_and(|e| e.starts_with("Could not restore"))
    );
    assert!(shows(&app, "gone.txt"));

    // Empty Trash asks first; Cancel keeps everything, Empty deletes for good.
    let (app, _) = click_jobs(app, "Empty Trash");
    assert!(shows(&app, "Empty the trash?"));
    let (app, _) = click_jobs(app, "Cancel");
    assert!(shows(&app, "gone.txt"));
    let (app, _) = click_jobs(app, "Empty Trash");
    let (app, _) = click_jobs(app, "Empty");
    assert!(shows(&app, "The trash is empty."));
    assert_eq!(fs::read(&gone).expect("untouched"), b"new");

    // Another place leaves the Trash view.
    let app = send(app, to_pane(PaneMsg::Navigate(dir.path().to_owned())));
    let app = send(app, to_pane(PaneMsg::Reload));
    assert!(app.browser().pane().trash_view().is_none());
    assert!(shows(&app, "kept notes.txt"));
}

#[test]
fn places_are_drop_targets_and_trash_takes_directly() {
    let _lang = language("en");
    let (_data, trash) = test_trash();
    let home_folder = tempfile::tempdir().expect("home");
    let home = home_folder.path().to_owned();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let user = porpoise::places::UserHome {
        folder: home.clone(),
        trash: trash.clone(),
        apps: Default::default(),
    };
    let app = boot_as(dir.path(), porpoise::Settings::default(), user);

    // Onto Home with Ctrl: a copy into the home folder.
    let (app, jobs) = drag(app, "a.txt", "Home", Modifiers::CTRL);
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("a.txt")],
            dest: home.clone(),
            modes: None,
            compress: None,
        }]
    );
    assert_eq!(fs::read(home.join("a.txt")).expect("copied home"), b"alpha");
    // Onto Trash: a trash job, no menu.
    let (app, jobs) = drag(app, "b.txt", "Trash", Modifiers::empty());
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Trash);
    assert_eq!(jobs[0].sources, [dir.path().join("b.txt")]);
    assert!(app.browser().pane().drop_menu().is_none());
    assert!(!dir.path().join("b.txt").exists());
    assert!(trash.files().join("b.txt").exists());
}

#[test]
fn the_icons_view_drags_and_renames_too() {
    let (_lang, dir, app) = english_booted(tree);
    let app = send(
        app,
        Message::Browser(browser::Message::SetView(
            porpoise::settings::ViewMode::Icons,
        )),
    );
    let (app, jobs) = drag(app, "a.txt", "sub", Modifiers::SHIFT);
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].dest, dir.path().join("sub"));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"b.txt".to_vec())),
    );
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(simulator(&app).find(Id::new(NAME_INPUT)).is_ok());
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameInput(
            "c.txt".into(),
        ))),
    );
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert!(dir.path().join("c.txt").is_file());
    assert!(app.browser().pane().naming().is_none());
}

#[test]
fn ctrl_z_takes_back_a_rename_and_a_new_folder() {
    let (_lang, dir, app) = english_booted(tree);
    let app = rename(app, b"a.txt", "alpha.txt");
    assert!(dir.path().join("alpha.txt").is_file());
    let app = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(dir.path().join("a.txt").is_file());
    assert!(!dir.path().join("alpha.txt").exists());

    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    let app = send(
        app,
        Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
    );
    assert!(dir.path().join("New Folder").is_dir());
    let _ = send(app, press(char_key("z"), Modifiers::CTRL));
    assert!(!dir.path().join("New Folder").exists());
}

/// Set in the child that runs the permission test: the folder it may not change.
const LOCKED_VAR: &str = "PORPOISE_TEST_LOCKED";

#[test]
fn a_folder_without_write_permission_says_so() {
    use std::os::unix::fs::PermissionsExt;
    const NAME: &str = "a_folder_without_write_permission_says_so";
    if let Some(locked) = std::env::var_os(LOCKED_VAR) {
        let _lang = language("en");
        let locked = std::path::PathBuf::from(locked);
        let app = boot(&locked);
        let app = send(app, press(named(Named::F10), Modifiers::empty()));
        let app = send(
            app,
            Message::Browser(browser::Message::Action(ActionMsg::NameSubmit)),
        );
        assert_eq!(
            app.status().shown_error(),
            Some("You don't have permission to change this folder.")
        );
        let app = send(
            app,
            Message::Browser(browser::Message::Action(ActionMsg::NameCancel)),
        );
        let app = rename(app, b"kept.txt", "other.txt");
        assert_eq!(
            app.status().shown_error(),
            Some("You don't have permission to change this folder.")
        );
        assert!(locked.join("kept.txt").exists());
        return;
    }
    let (dir, locked) = locked_folder("kept.txt", 0o555);
    again_as_nobody(dir.path(), NAME, LOCKED_VAR, &locked);
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
fn scrolling_during_a_drag_moves_the_drop_highlight_with_the_pointer() {
    let (_lang, dir) = english_folder();
    for i in 0..120 {
        fs::create_dir(dir.path().join(format!("d{i:03}"))).expect("mkdir");
    }
    let app = boot(dir.path());
    let start = center_of(&app, "d000");
    let over = center_of(&app, "d005");
    let (app, _) = play(app, start, vec![left(true)]);
    let (app, _) = play(app, over, vec![moved(over)]);
    let d005 = DropTarget::Entry(b"d005".to_vec());
    assert!(app.is_drop_hover(&d005));

    // The wheel scrolls the list under the still pointer, which then moves a little.
    let wheel = iced::Event::Mouse(iced::mouse::Event::WheelScrolled {
        delta: iced::mouse::ScrollDelta::Lines { x: 0.0, y: -3.0 },
    });
    let nudged = iced::Point::new(over.x + 1.0, over.y);
    let messages = mouse(&app, over, vec![wheel, moved(nudged)]);
    let scrolled: Vec<Message> = messages
        .iter()
        .filter(|m| {
            matches!(
                m,
                Message::Browser(browser::Message::Pane(PaneMsg::Scrolled(_)))
            )
        })
        .cloned()
        .collect();
    assert!(!scrolled.is_empty(), "the list scrolled");
    let (app, _) = feed(app, scrolled);
    assert!(
        !app.is_drop_hover(&d005),
        "no highlight is left on the entry the pointer no longer is over"
    );
    let (app, _) = feed(
        app,
        messages.into_iter().filter(|m| {
            !matches!(
                m,
                Message::Browser(browser::Message::Pane(PaneMsg::Scrolled(_)))
            )
        }),
    );
    let Some(DropTarget::Entry(now)) = app.actions().hover.clone() else {
        panic!("the entry under the pointer is highlighted");
    };
    assert!(
        now.as_slice() > b"d005".as_slice(),
        "a later entry: {now:?}"
    );
    assert!(app.is_drop_hover(&DropTarget::Entry(now)));
}
