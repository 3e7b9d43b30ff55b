//! An archive opened as a read-only folder in the window: Enter on a zip lists its top,
//! a folder inside it is entered, the pane's path is the archive's path and the folder
//! inside it, Up leaves it again; a paste or a new folder inside it is refused with words
//! in the status bar and no job; a copy out of it extracts just the picked entries.
//! Run: `cargo test --test ui_archive`.

mod flows;

use std::path::Path;

use flows::*;
use iced::keyboard::Modifiers;
use porpoise::keys::{char_key, press};
use porpoise::request::JobKind;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise_testkit::archives::{self, Entry};

fn lay_out(dir: &Path) {
    archives::zip(
        &dir.join("photos.zip"),
        &[
            Entry::file("top.txt", "top"),
            Entry::file("2026/summer/beach.jpg", "b".repeat(3000)),
            Entry::file("2026/notes.txt", "notes"),
            Entry::file("../evil.txt", "out"),
        ],
    );
    std::fs::create_dir(dir.join("out")).expect("mkdir");
    std::fs::write(dir.join("plain.txt"), "plain").expect("write");
}

fn names(app: &Ui) -> Vec<String> {
    let mut v = app.browser().pane().shown_names();
    v.sort();
    v
}

#[test]
fn a_zip_opens_as_a_folder_that_cannot_be_changed() {
    let (_lang, dir, app) = english_booted(lay_out);
    let zip = dir.path().join("photos.zip");

    // Enter on the archive opens it as a folder.
    let app = send(app, to_pane(PaneMsg::Activate(b"photos.zip".to_vec())));
    assert_eq!(app.browser().pane().path(), zip);
    assert_eq!(names(&app), ["2026", "top.txt"]);
    assert!(shows(&app, "photos.zip"));

    // A folder inside it.
    let app = send(app, to_pane(PaneMsg::Activate(b"2026".to_vec())));
    assert_eq!(app.browser().pane().path(), zip.join("2026"));
    assert_eq!(names(&app), ["notes.txt", "summer"]);
    let app = send(app, to_pane(PaneMsg::Activate(b"summer".to_vec())));
    assert_eq!(names(&app), ["beach.jpg"]);
    let app = send(app, to_pane(PaneMsg::Up));
    assert_eq!(app.browser().pane().path(), zip.join("2026"));

    // Ctrl+V inside is refused before the clipboard is read: no job, words instead.
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert!(jobs.is_empty());
    let said = app.status().shown_error().unwrap_or_default().to_owned();
    assert!(said.contains("photos.zip is an archive"), "{said}");

    // A paste or drop that reaches the jobs anyway is refused there.
    let plain = dir.path().join("plain.txt");
    let (app, jobs) = feed(app, [job(JobKind::Copy, vec![plain], &zip.join("2026"))]);
    assert!(jobs.is_empty());
    let said = app
        .status()
        .message()
        .map(|(t, _)| t.to_owned())
        .unwrap_or_default();
    assert!(said.contains("cannot be changed"), "{said}");

    // A new folder inside is refused too.
    let (app, jobs) = feed(
        app,
        [press(char_key("N"), Modifiers::CTRL | Modifiers::SHIFT)],
    );
    assert!(jobs.is_empty());
    assert!(app.browser().pane().naming().is_none());

    // A copy out of it extracts just what was picked.
    let out = dir.path().join("out");
    let picked = vec![zip.join("2026/summer"), zip.join("2026/notes.txt")];
    let (mut app, jobs) = feed(app, [job(JobKind::Copy, picked, &out)]);
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].kind, JobKind::Extract);
    assert_eq!(jobs[0].sources, std::slice::from_ref(&zip));
    app.settle_until(|_| out.join("summer/beach.jpg").exists());
    let mut landed: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    landed.sort();
    assert_eq!(landed, ["notes.txt", "summer"]);
    assert_eq!(read(&out.join("notes.txt")), "notes");

    // Up twice leaves the archive.
    let app = send(app, to_pane(PaneMsg::Up));
    assert_eq!(app.browser().pane().path(), zip);
    let app = send(app, to_pane(PaneMsg::Up));
    assert_eq!(app.browser().pane().path(), dir.path());
    assert!(names(&app).contains(&"photos.zip".to_owned()));
}
