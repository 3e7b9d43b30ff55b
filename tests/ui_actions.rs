//! The window's file actions on real temporary folders: drag and drop with the drop menu,
//! the context menu, new folder, rename in place, the Trash view and the clipboard. The
//! app's pure `handle` runs, its effects run with the real engine, iced_test's Simulator
//! renders the view and plays the mouse. Job requests are read from the effects the app
//! returns. Tests that need their own environment (a trash in a temp folder, an X display
//! or none) run again in a child copy of this binary with that environment.
//! Runs headless: `env -u DISPLAY cargo test --test ui_actions`.

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use iced::mouse;
use iced::widget::Id;
use iced_test::Simulator;
use porpoise::ui::actions::effect::NAME_INPUT;
use porpoise::ui::actions::{ActionEffect, ActionMsg, DropTarget, NameKind};
use porpoise::ui::keys::{char_key, named, press};
use porpoise::ui::request::{JobKind, JobRequest};
use porpoise::ui::{App, Effect, Message, Settings};

/// Longest a listing, a child test or an outside tool may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Tests share the process-wide language: hold this while one runs.
static LANGUAGE: Mutex<()> = Mutex::new(());

fn language() -> MutexGuard<'static, ()> {
    let guard = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    porpoise::ui::i18n::select(&["en"]);
    guard
}

/// Run effects with the real engine until nothing is left, failing after `TIMEOUT`.
fn settle(app: App, effects: Vec<Effect>) -> App {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut app = app;
        app.settle(effects);
        let _ = tx.send(app);
    });
    rx.recv_timeout(TIMEOUT)
        .expect("the effects finished within the timeout")
}

fn boot(path: &Path) -> App {
    let (app, effects) = App::boot(path.to_owned(), Settings::default(), None);
    settle(app, effects)
}

/// The job requests among `effects` (the app asks for jobs with `Message::StartJob`).
fn jobs_in(effects: &[Effect]) -> Vec<JobRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Action(ActionEffect::Send(m)) => match &**m {
                Message::StartJob(r) => Some(r.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Handle messages and everything they set off (as `App::settle` does, failing after
/// `TIMEOUT`); also return the job requests made on the way.
fn feed(app: App, messages: impl IntoIterator<Item = Message>) -> (App, Vec<JobRequest>) {
    let messages: Vec<Message> = messages.into_iter().collect();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut app = app;
        let mut jobs = Vec::new();
        for m in messages {
            let mut queue: std::collections::VecDeque<Effect> = app.handle(m).into();
            while let Some(effect) = queue.pop_front() {
                jobs.extend(jobs_in(std::slice::from_ref(&effect)));
                for m in effect.run_blocking() {
                    queue.extend(app.handle(m));
                }
            }
        }
        let _ = tx.send((app, jobs));
    });
    rx.recv_timeout(TIMEOUT)
        .expect("the effects finished within the timeout")
}

fn send(app: App, m: Message) -> App {
    feed(app, [m]).0
}

fn simulator(app: &App) -> Simulator<'_, Message> {
    Simulator::with_size(iced::Settings::default(), (1024.0, 700.0), app.view())
}

fn shows(app: &App, text: &str) -> bool {
    simulator(app).find(text).is_ok()
}

/// The centre of the widget showing `text`.
fn center_of(app: &App, text: &str) -> iced::Point {
    let target = simulator(app).find(text).expect("the text is shown");
    target
        .visible_bounds()
        .expect("the text is visible")
        .center()
}

/// Play raw mouse events with the pointer at `at`; the messages they produce.
fn mouse(app: &App, at: iced::Point, events: Vec<iced::Event>) -> Vec<Message> {
    let mut ui = simulator(app);
    ui.point_at(at);
    let _ = ui.simulate(events);
    ui.into_messages().collect()
}

/// [`mouse`], then feed what it produced to the app.
fn play(app: App, at: iced::Point, events: Vec<iced::Event>) -> (App, Vec<JobRequest>) {
    let messages = mouse(&app, at, events);
    feed(app, messages)
}

fn left(pressed: bool) -> iced::Event {
    iced::Event::Mouse(if pressed {
        mouse::Event::ButtonPressed(mouse::Button::Left)
    } else {
        mouse::Event::ButtonReleased(mouse::Button::Left)
    })
}

fn moved(to: iced::Point) -> iced::Event {
    iced::Event::Mouse(mouse::Event::CursorMoved { position: to })
}

/// Press on `from`, move in two steps to `to`, release there (each step renders anew).
fn drag(app: App, from: &str, to: &str, modifiers: Modifiers) -> (App, Vec<JobRequest>) {
    let start = center_of(&app, from);
    let end = center_of(&app, to);
    let (app, _) = feed(app, [Message::Modifiers(Modifiers::empty())]);
    let (app, _) = play(app, start, vec![left(true)]);
    let halfway = iced::Point::new(start.x + 20.0, (start.y + end.y) / 2.0);
    let (app, _) = play(app, halfway, vec![moved(halfway)]);
    let (app, _) = play(app, end, vec![moved(end)]);
    let (app, _) = feed(app, [Message::Modifiers(modifiers)]);
    let (app, jobs) = play(app, end, vec![left(false)]);
    let (app, _) = feed(app, [Message::Modifiers(Modifiers::empty())]);
    (app, jobs)
}

fn click(app: App, text: &str) -> (App, Vec<JobRequest>) {
    let messages: Vec<Message> = {
        let mut ui = simulator(&app);
        ui.click(text).expect("the target is on screen");
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "clicking {text:?} produced a message");
    feed(app, messages)
}

fn right_click(app: App, at: iced::Point) -> App {
    let right = iced::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Right));
    play(app, at, vec![right]).0
}

fn tree(dir: &Path) {
    fs::write(dir.join("a.txt"), b"alpha").expect("write a.txt");
    fs::write(dir.join("b.txt"), b"bravo").expect("write b.txt");
    fs::create_dir(dir.join("sub")).expect("mkdir sub");
}

#[test]
fn dragging_a_file_onto_a_folder_asks_and_copies() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());

    // Press on a.txt and move: a drag with a ghost, "sub" lights up as the target.
    let start = center_of(&app, "a.txt");
    let target = center_of(&app, "sub");
    let (app, _) = play(app, start, vec![left(true)]);
    assert!(app.selection().is_selected(b"a.txt"));
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
    let (app, jobs) = click(app, "Copy here");
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("a.txt")],
            dest: dir.path().join("sub"),
        }]
    );
    assert!(app.actions().drop_menu.is_none());
    assert!(!shows(&app, "Copy here"));

    // Cancel closes the menu without a job; Escape cancels a drag.
    let (app, _) = drag(app, "b.txt", "sub", Modifiers::empty());
    let (app, jobs) = click(app, "Cancel");
    assert!(jobs.is_empty() && app.actions().drop_menu.is_none());
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
fn modifiers_at_the_drop_choose_directly() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let (app, jobs) = drag(app, "a.txt", "sub", Modifiers::SHIFT);
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].dest, dir.path().join("sub"));
    assert!(app.actions().drop_menu.is_none());
    let (app, jobs) = drag(app, "b.txt", "sub", Modifiers::CTRL);
    assert_eq!(jobs[0].kind, JobKind::Copy);
    assert_eq!(jobs[0].sources, [dir.path().join("b.txt")]);
    let (_, jobs) = drag(app, "b.txt", "sub", Modifiers::CTRL | Modifiers::SHIFT);
    assert_eq!(jobs[0].kind, JobKind::Link);
}

#[test]
fn a_selection_drags_together_and_never_onto_itself() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    fs::create_dir(dir.path().join("other")).expect("mkdir");
    let app = boot(dir.path());

    // A folder onto itself: nothing.
    let (app, jobs) = drag(app, "sub", "sub", Modifiers::SHIFT);
    assert!(jobs.is_empty());
    let (app, jobs) = drag(app, "sub", "sub", Modifiers::empty());
    assert!(jobs.is_empty() && app.actions().drop_menu.is_none());
    // A file onto a file: nothing.
    let (app, jobs) = drag(app, "a.txt", "b.txt", Modifiers::SHIFT);
    assert!(jobs.is_empty() && app.actions().drop_menu.is_none());

    // Select a.txt and sub, drag the selection (pressing on a.txt keeps both) onto "other".
    let app = send(app, Message::Clicked(b"a.txt".to_vec()));
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(app, Message::Clicked(b"sub".to_vec()));
    let app = send(app, Message::Modifiers(Modifiers::empty()));
    assert_eq!(app.selection().len(), 2);
    let (app, jobs) = drag(app, "a.txt", "other", Modifiers::SHIFT);
    assert_eq!(app.selection().len(), 2, "the drag kept the selection");
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
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    let elsewhere = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let dropped = [elsewhere.path().join("x"), elsewhere.path().join("y z")];
    let mut app = app;
    let mut last = Vec::new();
    for p in &dropped {
        last = app.handle(Message::Action(ActionMsg::FileDropped(p.clone())));
    }
    // The drop settles (the delay is not waited for here): one menu for both files.
    let app = settle(app, last);
    let menu = app.actions().drop_menu.as_ref().expect("the drop menu");
    assert_eq!(menu.sources, dropped);
    assert_eq!(menu.dest, dir.path());
    let (_, jobs) = click(app, "Move here");
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].sources, dropped);

    // Files dropped from the shown folder itself: nothing to ask.
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Action(ActionMsg::FileDropped(dir.path().join("a.txt"))),
    );
    assert!(app.actions().drop_menu.is_none());
}

#[test]
fn the_context_menu_opens_where_clicked_and_acts() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());

    // On a file: its entries, no "Paste into folder".
    let at = center_of(&app, "a.txt");
    let app = right_click(app, at);
    let menu = app.actions().menu.as_ref().expect("a menu");
    assert_eq!(menu.at, at);
    assert!(app.selection().is_selected(b"a.txt"));
    for entry in ["Open", "Cut", "Copy", "Rename…", "Move to Trash", "Delete…"] {
        assert!(shows(&app, entry), "the menu offers {entry}");
    }
    assert!(!shows(&app, "Paste into folder"));
    // Escape closes it; so does a click elsewhere.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.actions().menu.is_none());
    let app = right_click(app, at);
    let (app, _) = play(app, iced::Point::new(900.0, 650.0), vec![left(true)]);
    assert!(app.actions().menu.is_none());

    // "Move to Trash" asks for a trash job of the selection; "Delete…" asks to delete.
    let app = right_click(app, at);
    let (app, jobs) = click(app, "Move to Trash");
    assert_eq!(jobs[0].kind, JobKind::Trash);
    assert_eq!(jobs[0].sources, [dir.path().join("a.txt")]);
    let app = right_click(app, at);
    let delete = {
        let mut ui = simulator(&app);
        ui.click("Delete…").expect("shown");
        ui.into_messages().collect::<Vec<_>>()
    };
    let mut app = app;
    let mut asked = false;
    for m in delete {
        let effects = app.handle(m);
        asked |= effects.iter().any(|e| {
            matches!(e, Effect::Action(ActionEffect::Send(m)) if matches!(**m, Message::AskDelete))
        });
        app = settle(app, effects);
    }
    assert!(asked, "Delete… asks with Message::AskDelete");

    // On a folder: "Paste into folder" too.
    let sub = center_of(&app, "sub");
    let app = right_click(app, sub);
    assert!(shows(&app, "Paste into folder"));
    let app = send(app, Message::Action(ActionMsg::CloseMenu));

    // "Rename…" turns the name into a text input.
    let app = right_click(app, at);
    let (app, _) = click(app, "Rename…");
    assert_eq!(
        app.actions().naming.as_ref().map(|n| n.kind.clone()),
        Some(NameKind::Rename(b"a.txt".to_vec()))
    );
    assert!(simulator(&app).find(Id::new(NAME_INPUT)).is_ok());

    // On the empty part of the view: Paste, New Folder, Show hidden files, Reload.
    let app = send(app, Message::Action(ActionMsg::NameCancel));
    let app = right_click(app, iced::Point::new(600.0, 500.0));
    assert_eq!(
        app.actions().menu.as_ref().map(|m| m.target.clone()),
        Some(None)
    );
    for entry in ["Paste", "New Folder…", "Show hidden files", "Reload"] {
        assert!(shows(&app, entry), "the menu offers {entry}");
    }
    let (app, _) = click(app, "Show hidden files");
    assert!(app.settings().show_hidden);
}

fn rename(app: App, name: &[u8], to: &str) -> App {
    let mut app = app;
    if !app.selection().is_selected(name) || app.selection().len() > 1 {
        app = send(app, Message::Clicked(name.to_vec()));
    }
    let app = send(
        app,
        Message::Action(ActionMsg::Pointer(
            porpoise::ui::widgets::pointer::PointerEvent::Released,
        )),
    );
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(app.actions().naming.is_some(), "F2 opens the name entry");
    let app = send(app, Message::Action(ActionMsg::NameInput(to.into())));
    send(app, Message::Action(ActionMsg::NameSubmit))
}

#[test]
fn f2_renames_in_place_including_non_utf8_names() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let odd: &[u8] = b"caf\xe9 menu.txt";
    fs::write(dir.path().join(OsStr::from_bytes(odd)), b"odd").expect("write");
    let app = boot(dir.path());

    // The entry shows the name, the stem is what typing replaces.
    let app = send(app, Message::Clicked(b"a.txt".to_vec()));
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert_eq!(
        app.actions().naming.as_ref().map(|n| n.text.as_str()),
        Some("a.txt")
    );
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.actions().naming.is_none());

    let app = rename(app, b"a.txt", "renamed.txt");
    assert!(app.actions().naming.is_none(), "{:?}", app.status_error());
    assert!(dir.path().join("renamed.txt").is_file());
    assert!(!dir.path().join("a.txt").exists());
    assert!(app.selection().is_selected(b"renamed.txt"));

    // A non-UTF-8 name: the rename works on the original bytes.
    let app = rename(app, odd, "cafe menu.txt");
    assert!(app.actions().naming.is_none(), "{:?}", app.status_error());
    assert_eq!(
        fs::read(dir.path().join("cafe menu.txt")).expect("renamed"),
        b"odd"
    );
    assert!(!dir.path().join(OsStr::from_bytes(odd)).exists());

    // Errors keep the entry open and say why.
    let app = send(app, Message::Reload);
    let app = rename(app, b"b.txt", "renamed.txt");
    assert_eq!(
        app.status_error(),
        Some("An item with this name already exists.")
    );
    assert!(app.actions().naming.is_some());
    assert_eq!(
        fs::read(dir.path().join("renamed.txt")).expect("kept"),
        b"alpha"
    );
    let app = send(app, Message::Action(ActionMsg::NameInput("x/y".into())));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert_eq!(app.status_error(), Some("A name cannot contain “/”."));
    let app = send(app, Message::Action(ActionMsg::NameInput(" ".into())));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert_eq!(app.status_error(), Some("A name cannot be empty."));
    assert!(dir.path().join("b.txt").exists());
}

#[test]
fn f10_creates_new_folder_then_a_numbered_one() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    assert_eq!(
        app.actions().naming.as_ref().map(|n| n.text.as_str()),
        Some("New Folder")
    );
    assert!(shows(&app, "New folder:"));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert!(dir.path().join("New Folder").is_dir());
    assert!(app.actions().naming.is_none());
    assert!(app.selection().is_selected(b"New Folder"));

    // The watcher shows the new folder in the window; here a reload does.
    let app = send(app, Message::Reload);
    assert!(app.selection().is_selected(b"New Folder"));
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    assert_eq!(
        app.actions().naming.as_ref().map(|n| n.text.as_str()),
        Some("New Folder (1)")
    );
    let (app, _) = click(app, "Create");
    assert!(dir.path().join("New Folder (1)").is_dir());

    // A taken name and a bad one are refused, clearly.
    let app = send(app, press(named(Named::F10), Modifiers::empty()));
    let app = send(app, Message::Action(ActionMsg::NameInput("sub".into())));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert_eq!(
        app.status_error(),
        Some("An item with this name already exists.")
    );
    let app = send(app, Message::Action(ActionMsg::NameInput("".into())));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert_eq!(app.status_error(), Some("A name cannot be empty."));
    let (app, _) = click(app, "Cancel");
    assert!(app.actions().naming.is_none());
}

/// Set in the child copies of this binary: which test they run the inside of.
const CHILD_VAR: &str = "PORPOISE_TEST_CHILD";

/// Run `test` again in a child copy of this binary with `env` (`None` removes a variable);
/// fail if it fails.
fn in_child(test: &str, env: &[(&str, Option<&OsStr>)]) {
    let mut cmd = Command::new(std::env::current_exe().expect("test binary"));
    cmd.args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD_VAR, test);
    for (k, v) in env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    let out = cmd.output().expect("run the child test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn is_child(test: &str) -> bool {
    std::env::var(CHILD_VAR).is_ok_and(|v| v == test)
}

#[test]
fn trash_view_lists_restores_and_empties() {
    const NAME: &str = "trash_view_lists_restores_and_empties";
    if !is_child(NAME) {
        let data = tempfile::tempdir().expect("data home");
        in_child(NAME, &[("XDG_DATA_HOME", Some(data.path().as_os_str()))]);
        return;
    }
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    let kept = dir.path().join("kept notes.txt");
    let gone = dir.path().join("gone.txt");
    fs::write(&kept, b"notes").expect("write");
    fs::write(&gone, b"gone").expect("write");
    for p in [&kept, &gone] {
        let out = Command::new(env!("CARGO_BIN_EXE_porpoise"))
            .arg("rm")
            .arg("--trash")
            .arg(p)
            .output()
            .expect("run porpoise rm --trash");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!kept.exists() && !gone.exists());

    let app = boot(dir.path());
    let (app, _) = click(app, "Trash");
    assert!(app.actions().trash.is_some());
    assert!(shows(&app, "kept notes.txt"));
    assert!(shows(&app, "gone.txt"));
    assert!(shows(&app, "Original location"));
    assert!(shows(&app, &dir.path().display().to_string()));

    // Restore the selected item: it is back, the view shows what is left.
    let (app, _) = click(app, "kept notes.txt");
    let (app, _) = click(app, "Restore");
    assert_eq!(fs::read(&kept).expect("restored"), b"notes");
    assert!(!shows(&app, "kept notes.txt"));
    assert!(shows(&app, "gone.txt"));

    // Restore never overwrites: trash it again, put a new file in its place.
    fs::write(&gone, b"new").expect("write");
    let (app, _) = click(app, "gone.txt");
    let (app, _) = click(app, "Restore");
    assert_eq!(fs::read(&gone).expect("kept"), b"new");
    assert!(
        app.status_error()
            .is_some_and(|e| e.starts_with("Could not restore"))
    );
    assert!(shows(&app, "gone.txt"));

    // Empty Trash asks first; Cancel keeps everything, Empty deletes for good.
    let (app, _) = click(app, "Empty Trash");
    assert!(shows(&app, "Empty the trash?"));
    let (app, _) = click(app, "Cancel");
    assert!(shows(&app, "gone.txt"));
    let (app, _) = click(app, "Empty Trash");
    let (app, _) = click(app, "Empty");
    assert!(shows(&app, "The trash is empty."));
    assert_eq!(fs::read(&gone).expect("untouched"), b"new");

    // Another place leaves the Trash view.
    let app = send(app, Message::Navigate(dir.path().to_owned()));
    let app = send(app, Message::Reload);
    assert!(app.actions().trash.is_none());
    assert!(shows(&app, "kept notes.txt"));
}

#[test]
fn without_a_display_the_clipboard_says_so() {
    const NAME: &str = "without_a_display_the_clipboard_says_so";
    if !is_child(NAME) {
        in_child(NAME, &[("DISPLAY", None), ("WAYLAND_DISPLAY", None)]);
        return;
    }
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let app = send(app, Message::Clicked(b"a.txt".to_vec()));
    let app = send(app, press(char_key("c"), Modifiers::CTRL));
    assert_eq!(
        app.status_error(),
        Some("The clipboard could not be used: no clipboard is available (no X display)")
    );
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert!(jobs.is_empty());
    assert!(
        app.status_error()
            .is_some_and(|e| e.starts_with("Nothing to paste"))
    );
}

/// Kills a child process when dropped.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(start.elapsed() < TIMEOUT, "gave up waiting for {what}");
        std::thread::park_timeout(Duration::from_millis(50));
    }
}

/// What `xclip` reads from the clipboard as `target`.
fn xclip_out(target: &str) -> Vec<u8> {
    let out = Command::new("xclip")
        .args(["-selection", "clipboard", "-o", "-t", target])
        .output()
        .expect("run xclip");
    assert!(out.status.success(), "xclip -o -t {target} failed");
    out.stdout
}

#[test]
fn x11_clipboard_round_trip_with_xclip() {
    const NAME: &str = "x11_clipboard_round_trip_with_xclip";
    if !is_child(NAME) {
        if let Some(missing) = ["Xvfb", "xclip"].into_iter().find(|t| !have(t)) {
            assert!(
                std::env::var_os("CI").is_none(),
                "{missing} is missing; CI must install it (.ci/run)"
            );
            eprintln!("skipped: {missing} is not installed (apt-get install xvfb xclip)");
            return;
        }
        let n = (120..400)
            .find(|n| {
                !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                    && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
            })
            .expect("a free X display number");
        let display = format!(":{n}");
        let _xvfb = Reaper(
            Command::new("Xvfb")
                .args([&display, "-screen", "0", "640x480x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb"),
        );
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        wait_for("the X server", || socket.exists().then_some(()));
        in_child(
            NAME,
            &[
                ("DISPLAY", Some(OsStr::new(&display))),
                ("WAYLAND_DISPLAY", None),
            ],
        );
        return;
    }
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    let odd: &[u8] = b"caf\xe9";
    fs::write(dir.path().join("a b.txt"), b"x").expect("write");
    fs::write(dir.path().join(OsStr::from_bytes(odd)), b"y").expect("write");
    fs::create_dir(dir.path().join("dest")).expect("mkdir");
    let base = porpoise::ui::clipboard::file_uri(dir.path());

    // Porpoise copies: other programs see GNOME's list, the URI list and text.
    let app = boot(dir.path());
    let app = send(app, Message::Clicked(b"a b.txt".to_vec()));
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(app, Message::Clicked(odd.to_vec()));
    let app = send(app, Message::Modifiers(Modifiers::empty()));
    let app = send(app, press(char_key("c"), Modifiers::CTRL));
    assert_eq!(app.status_error(), None);
    let targets = String::from_utf8(xclip_out("TARGETS")).expect("names");
    for t in [
        "x-special/gnome-copied-files",
        "text/uri-list",
        "UTF8_STRING",
    ] {
        assert!(targets.contains(t), "{t} is offered: {targets}");
    }
    let gnome = String::from_utf8(xclip_out("x-special/gnome-copied-files")).expect("ascii");
    assert_eq!(gnome, format!("copy\n{base}/a%20b.txt\n{base}/caf%E9"),);
    let uris = String::from_utf8(xclip_out("text/uri-list")).expect("ascii");
    assert_eq!(uris, format!("{base}/a%20b.txt\r\n{base}/caf%E9\r\n"));

    // Cut marks the list for GNOME and KDE.
    let app = send(app, press(char_key("x"), Modifiers::CTRL));
    let gnome = String::from_utf8(xclip_out("x-special/gnome-copied-files")).expect("ascii");
    assert!(gnome.starts_with("cut\n"), "{gnome}");
    assert_eq!(xclip_out("application/x-kde-cutselection"), b"1");

    // Pasting Porpoise's own cut list moves, and empties the clipboard.
    let dest = dir.path().join("dest");
    let app = send(app, Message::Navigate(dest.clone()));
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert_eq!(app.status_error(), None);
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Move,
            sources: vec![
                dir.path().join("a b.txt"),
                dir.path().join(OsStr::from_bytes(odd))
            ],
            dest: dest.clone(),
        }]
    );
    let emptied = Command::new("xclip")
        .args(["-selection", "clipboard", "-o", "-t", "TARGETS"])
        .output()
        .expect("run xclip");
    let targets = String::from_utf8_lossy(&emptied.stdout);
    assert!(!targets.contains("text/uri-list"), "emptied: {targets}");

    // Another program's list (xclip serves it) pastes as a copy.
    let mut xclip = Command::new("xclip")
        .args(["-selection", "clipboard", "-i", "-t", "text/uri-list"])
        .stdin(Stdio::piped())
        // The forked xclip lives on; it must not hold this test's output open.
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start xclip -i");
    {
        use std::io::Write;
        let mut stdin = xclip.stdin.take().expect("stdin");
        write!(stdin, "{base}/a%20b.txt\r\n").expect("write to xclip");
    }
    // xclip forks to serve the selection; its first process ends once it owns it.
    xclip.wait().expect("xclip started");
    wait_for("xclip to own the clipboard", || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o", "-t", "TARGETS"])
            .output()
            .ok()?;
        String::from_utf8_lossy(&out.stdout)
            .contains("text/uri-list")
            .then_some(())
    });
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert_eq!(app.status_error(), None);
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("a b.txt")],
            dest,
        }]
    );
}

#[test]
fn places_are_drop_targets_and_trash_takes_directly() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let home = porpoise::ui::places::home_dir();

    // Onto Home with Ctrl: a copy into the home folder.
    let (app, jobs) = drag(app, "a.txt", "Home", Modifiers::CTRL);
    assert_eq!(
        jobs,
        [JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("a.txt")],
            dest: home,
        }]
    );
    // Onto Trash: a trash job, no menu.
    let (app, jobs) = drag(app, "b.txt", "Trash", Modifiers::empty());
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Trash);
    assert_eq!(jobs[0].sources, [dir.path().join("b.txt")]);
    assert!(app.actions().drop_menu.is_none());
}

#[test]
fn the_icons_view_drags_and_renames_too() {
    let _lang = language();
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let app = boot(dir.path());
    let app = send(
        app,
        Message::SetView(porpoise::ui::settings::ViewMode::Icons),
    );
    let (app, jobs) = drag(app, "a.txt", "sub", Modifiers::SHIFT);
    assert_eq!(jobs[0].kind, JobKind::Move);
    assert_eq!(jobs[0].dest, dir.path().join("sub"));
    let app = send(app, Message::Clicked(b"b.txt".to_vec()));
    let app = send(app, press(named(Named::F2), Modifiers::empty()));
    assert!(simulator(&app).find(Id::new(NAME_INPUT)).is_ok());
    let app = send(app, Message::Action(ActionMsg::NameInput("c.txt".into())));
    let app = send(app, Message::Action(ActionMsg::NameSubmit));
    assert!(dir.path().join("c.txt").is_file());
    assert!(app.actions().naming.is_none());
}
