//! The properties dialog driven headlessly on real files: Alt+Enter shows the selected
//! file's facts as the disk has them, a permission checkbox and the octal field follow
//! each other and Apply sets the mode on disk, Escape closes, Ctrl+Z sets it back; the folder's menu shows the
//! folder's properties with its contents counted (as `du -sx` counts them, the folder
//! itself not among them); several
//! selected items show their count and what they take together; a folder's change goes
//! to everything inside it as a job that one undo step takes back.
//! Run: `cargo test --test ui_properties`.

mod flows;

use std::os::unix::fs::PermissionsExt;

use iced::keyboard::Modifiers;
use iced::keyboard::key::Named;
use porpoise::Message;
use porpoise::actions::MenuItem;
use porpoise::dialog::properties::Message as PropsMsg;
use porpoise::keys::{named, press};
use porpoise::screen::browser;

use flows::*;

fn mode_on_disk(path: &std::path::Path) -> u32 {
    std::fs::metadata(path).expect("stat").permissions().mode() & 0o7777
}

fn alt_enter(app: Ui) -> Ui {
    send(app, press(named(Named::Enter), Modifiers::ALT))
}

#[test]
fn the_selected_files_facts_and_its_permissions() {
    let (_lang, dir) = english_folder();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, b"twelve bytes").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    std::fs::write(dir.path().join("other.txt"), b"abc").expect("write");
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"notes.txt".to_vec())),
    );
    let app = alt_enter(app);
    let v = properties(&app).expect("the dialog is open");
    let p = v.single().expect("one item, read");
    assert_eq!((p.size, p.mode), (12, 0o640));
    assert_eq!(v.octal, "640");
    assert!(shows(&app, "Properties of notes.txt"));
    assert!(shows(&app, "Plain text document"), "its type");

    // Others may read: the checkbox, then Apply.
    let app = send(app, to_dialog(PropsMsg::Bit(0o004, true)));
    assert_eq!(properties(&app).map(|v| v.octal.as_str()), Some("644"));
    assert_eq!(mode_on_disk(&file), 0o640, "nothing changes before Apply");
    let app = send(app, to_dialog(PropsMsg::Apply));
    assert_eq!(mode_on_disk(&file), 0o644);
    assert_eq!(
        properties(&app).and_then(|v| v.single()).map(|p| p.mode),
        Some(0o644),
        "read again after the change"
    );
    // The octal field, then Enter.
    let app = send(app, to_dialog(PropsMsg::Octal("600".into())));
    let app = send(app, press(named(Named::Enter), Modifiers::empty()));
    assert_eq!(mode_on_disk(&file), 0o600);
    let app = send(app, press(named(Named::Escape), Modifiers::empty()));
    assert!(properties(&app).is_none(), "Escape closes it");
    // Each change is a step Ctrl+Z takes back, and Ctrl+Y does again.
    let app = send(app, press(porpoise::keys::char_key("z"), Modifiers::CTRL));
    assert_eq!(mode_on_disk(&file), 0o644);
    let app = send(app, press(porpoise::keys::char_key("z"), Modifiers::CTRL));
    assert_eq!(mode_on_disk(&file), 0o640);
    let app = send(app, press(porpoise::keys::char_key("y"), Modifiers::CTRL));
    assert_eq!(mode_on_disk(&file), 0o644);

    // The folder's menu: the folder's properties.
    let app = pick_in_menu(app, None, MenuItem::Properties);
    let p = properties(&app)
        .and_then(|v| v.single())
        .expect("the folder");
    assert_eq!(p.path, dir.path());
    // Its contents counted as `du -sx` counts them.
    let usage = properties(&app)
        .and_then(|v| v.usage.clone())
        .expect("counted");
    assert!(usage.finished);
    assert_eq!((usage.total.files, usage.total.folders), (2, 1));
    let du = porpoise_testkit::run(std::process::Command::new("du").arg("-sxb").arg(dir.path()));
    let du: u64 = du
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("du's bytes");
    assert_eq!(usage.total.apparent_bytes, du, "as du -sxb counts");
    // The folder's contents leave the folder itself out.
    assert!(shows(&app, "2 files"));
    assert!(!shows(&app, "1 folder"));
    let app = send(app, to_dialog(PropsMsg::Close));

    // Two selected files: their count and total size. (A click on other.txt: a second
    // click on notes.txt this soon would be a double-click, which opens it.)
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"other.txt".to_vec())),
    );
    let app = send(app, press(porpoise::keys::char_key("a"), Modifiers::CTRL));
    let app = alt_enter(app);
    assert_eq!(
        properties(&app)
            .and_then(|v| v.items.as_ref())
            .map(Vec::len),
        Some(2)
    );
    assert!(shows(&app, "Properties of 2 items"));
    let usage = properties(&app)
        .and_then(|v| v.usage.clone())
        .expect("counted");
    assert_eq!(usage.total.apparent_bytes, 15, "12 + 3 bytes");
    assert!(shows(&app, "2 files"));
    assert!(!shows(&app, "0 folders"));
}

#[test]
fn a_folders_change_reaches_everything_inside_as_a_job_that_undo_takes_back() {
    let (_lang, dir) = english_folder();
    let shared = dir.path().join("shared");
    std::fs::create_dir_all(shared.join("sub")).expect("mkdir");
    std::fs::write(shared.join("notes.txt"), b"notes").expect("write");
    std::fs::write(dir.path().join("plain.txt"), b"plain").expect("write");
    std::fs::write(shared.join("sub/run.sh"), b"#!/bin/sh\n").expect("write");
    for (p, m) in [
        ("notes.txt", 0o600),
        ("sub/run.sh", 0o700),
        ("sub", 0o700),
        ("", 0o700),
    ] {
        let p = shared.join(p);
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(m)).expect("chmod");
    }
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"shared".to_vec())),
    );
    let app = alt_enter(app);
    assert!(
        shows(&app, "Apply to everything inside"),
        "a folder offers it"
    );
    // Group and others may read and enter: 755, for everything inside too.
    let app = send(app, to_dialog(PropsMsg::Octal("755".into())));
    let app = send(app, to_dialog(PropsMsg::Recursive(true)));
    let app = send(app, to_dialog(PropsMsg::Apply));
    assert!(properties(&app).is_none(), "the job goes on in the panel");
    let modes = || ["", "sub", "notes.txt", "sub/run.sh"].map(|p| mode_on_disk(&shared.join(p)));
    assert_eq!(modes(), [0o755, 0o755, 0o644, 0o755], "a document got no x");
    assert!(shows(
        &app,
        "Changed the permissions of 2 files and 2 folders"
    ));

    // One step takes all of it back, and redo does it again.
    let app = send(app, press(porpoise::keys::char_key("z"), Modifiers::CTRL));
    assert_eq!(modes(), [0o700, 0o700, 0o600, 0o700]);
    assert!(shows(&app, "Set the permissions of 4 items back"));
    let app = send(app, press(porpoise::keys::char_key("y"), Modifiers::CTRL));
    assert_eq!(modes(), [0o755, 0o755, 0o644, 0o755]);

    // A file has no such box.
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"plain.txt".to_vec())),
    );
    let app = alt_enter(app);
    assert!(shows(&app, "Properties of plain.txt"));
    assert!(!shows(&app, "Apply to everything inside"));
}
