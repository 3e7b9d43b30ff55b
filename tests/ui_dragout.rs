//! The window's side of dragging files out to other applications, on a real temporary
//! folder: once a press on a file becomes a drag (past the threshold, not before), the
//! dragged paths are handed to the XDND source, once; Escape cancels it there too; and a
//! drop another application refused is told in the status bar, in English and German.
//! The app's update runs, iced_test's Simulator renders the view and plays the mouse
//! (the XDND source itself, and Escape there, are tested with real windows in
//! `window_dragout`).
//! Runs headless: `env -u DISPLAY cargo test --test ui_dragout`.

mod flows;

use flows::*;
use iced::Point;
use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::Message;
use porpoise::drag_out::{DragOutMsg, Outcome};
use porpoise::keys::{named, press};

/// Send `messages` one by one (what the window hands the XDND source needs a window:
/// `window_dragout` runs it with real ones).
fn send_all(mut app: Ui, messages: Vec<Message>) -> Ui {
    for m in messages {
        app = send(app, m);
    }
    app
}

/// The files the window's drag offers to other applications, once it is a drag (past
/// the threshold); `None` before.
fn offered(app: &Ui) -> Option<Vec<std::path::PathBuf>> {
    let drag = app.actions().drag.as_ref().filter(|d| d.active)?;
    let mut paths = drag.sources.clone();
    paths.sort();
    Some(paths)
}

#[test]
fn a_drag_is_handed_to_other_applications_once_it_starts() {
    let (_lang, dir, app) = english_booted(tree);
    let start = center_of(&app, "a.txt");
    let (app, _) = play(app, start, vec![left(true)]);

    // A small move is no drag yet: nothing is handed over.
    let near = Point::new(start.x + 2.0, start.y);
    let messages = mouse(&app, near, vec![moved(near)]);
    let app = send_all(app, messages);
    assert_eq!(offered(&app), None);

    // Past the threshold it is a drag: its file is offered.
    let far = Point::new(start.x + 40.0, start.y + 200.0);
    let messages = mouse(&app, far, vec![moved(far)]);
    let app = send_all(app, messages);
    assert_eq!(offered(&app), Some(vec![dir.path().join("a.txt")]));
    let further = Point::new(far.x + 30.0, far.y + 30.0);
    let messages = mouse(&app, further, vec![moved(further)]);
    let app = send_all(app, messages);
    assert_eq!(offered(&app), Some(vec![dir.path().join("a.txt")]));

    // Escape cancels the drag, here and there.
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(app.actions().drag.is_none());

    // A drag of the selection hands over all of it: a.txt and b.txt selected, a press
    // on b.txt keeps both.
    let app = select_all_of(app, &["a.txt", "b.txt"]);
    assert_eq!(app.browser().pane().selection().len(), 2);
    let b = center_of(&app, "b.txt");
    let (app, _) = play(app, b, vec![left(true)]);
    let away = Point::new(b.x + 50.0, b.y + 250.0);
    let messages = mouse(&app, away, vec![moved(away)]);
    let app = send_all(app, messages);
    assert_eq!(
        offered(&app),
        Some(vec![dir.path().join("a.txt"), dir.path().join("b.txt")])
    );
}

#[test]
fn a_refused_drop_is_told_in_the_status_bar() {
    for (lang, words) in [
        ("en", "The application there did not take the files"),
        ("de", "Die Anwendung dort hat die Dateien nicht angenommen"),
    ] {
        let _lang = language(lang);
        let dir = tempfile::tempdir().expect("tempdir");
        tree(dir.path());
        let app = boot(dir.path());
        let app = send(
            app,
            Message::DragOut(DragOutMsg::Ended(Outcome::NotDropped)),
        );
        assert!(!shows(&app, words), "a drag dropped nowhere says nothing");
        let app = send(app, Message::DragOut(DragOutMsg::Ended(Outcome::Refused)));
        assert!(shows(&app, words), "{lang}: the refusal is told");
    }
}
