//! An archive opened as a read-only folder in the window: Enter on a zip lists its top,
//! a folder inside it is entered, the pane's path is the archive's path and the folder
//! inside it, Up leaves it again; a paste or a new folder inside it is refused with words
//! in the status bar and no job; a copy out of it extracts just the picked entries.
//! Compress… with a password typed into its field (shown for zip and 7z only) makes a zip
//! and a 7z that open with that password alone (read by the engine, and by 7-Zip where
//! installed).
//! Run: `cargo test --test ui_archive`.

mod flows;

use std::path::Path;

use flows::*;
use iced::keyboard::Modifiers;
use porpoise::actions::MenuItem;
use porpoise::dialog::compress::{Message as CompressMsg, PASSWORD_INPUT};
use porpoise::keys::{char_key, press};
use porpoise::request::JobKind;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise_engine::archive::compress::OutFormat;
use porpoise_testkit::archives::{self, Entry, read_locked, seven_zip};

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

/// Whether the Compress… dialog shows its password field.
fn password_field_shown(app: &Ui) -> bool {
    simulator(app)
        .find(iced::widget::Id::new(PASSWORD_INPUT))
        .is_ok()
}

#[test]
fn compress_with_a_password_makes_archives_that_need_it() {
    let (_lang, dir) = english_folder();
    std::fs::write(dir.path().join("notes.txt"), "private words").expect("write");
    let mut app = boot(dir.path());
    for (format, name) in [
        (OutFormat::Zip, "notes.txt.zip"),
        (OutFormat::SevenZ, "notes.txt.7z"),
    ] {
        // The file's menu: Compress…, zip to start.
        app = pick_in_menu(app, Some(b"notes.txt"), MenuItem::Compress);
        assert!(compress(&app).is_some(), "the dialog is open");
        assert!(password_field_shown(&app), "zip takes a password");
        // A tar.gz cannot hold one: no field.
        app = send(app, to_dialog(CompressMsg::Format(OutFormat::TarGz)));
        assert!(!password_field_shown(&app), "tar.gz takes none");
        app = send(app, to_dialog(CompressMsg::Format(format)));
        assert!(password_field_shown(&app), "{format:?} takes a password");

        // Typed as a person would, then Create.
        app = type_into(app, PASSWORD_INPUT, "correct horse");
        let (next, jobs) = feed(app, [to_dialog(CompressMsg::Create)]);
        app = next;
        assert!(compress(&app).is_none(), "the dialog closed");
        assert_eq!(jobs.len(), 1);
        assert_eq!(jobs[0].kind, JobKind::Compress);
        let options = jobs[0].compress.as_ref().expect("compress options");
        assert_eq!(options.format, format);
        assert_eq!(options.password.as_deref(), Some("correct horse"));

        // The archive made opens with that password only.
        let archive = dir.path().join(name);
        app.settle_until(|_| archive.exists());
        let found = read_locked(&archive, "correct horse", "wrong horse");
        assert_eq!(found[b"notes.txt".as_slice()].data, b"private words");
        if let Some(tool) = seven_zip() {
            let test = |password: &str| {
                std::process::Command::new(tool)
                    .args(["t", "-bd", "-bso0", "-bse0"])
                    .arg(format!("-p{password}"))
                    .arg(&archive)
                    .status()
                    .is_ok_and(|s| s.success())
            };
            assert!(
                test("correct horse"),
                "7-Zip opens {name} with the password"
            );
            assert!(!test("wrong horse"), "7-Zip refuses a wrong password");
        }
    }
}
