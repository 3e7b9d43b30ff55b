//! The clipboard from the window: without a display it says so; under Xvfb other programs
//! (`xclip`) read the files Porpoise copied or cut in every format (a search result
//! too), and Porpoise pastes what they put there. Each test runs again in a child copy of this binary with its own display.
//! Run: `cargo test --test ui_clipboard` (skips without Xvfb and xclip, fails in CI).

mod flows;

mod desktop;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use flows::*;
use iced::keyboard::Modifiers;
use porpoise::Message;
use porpoise::keys::{char_key, press};
use porpoise::request::{JobKind, JobRequest};
use porpoise::screen::browser;
use porpoise::screen::browser::pane::PaneMsg;
use porpoise::screen::browser::search::SearchMsg;

/// Ctrl+V: without an error, it asks for one job, `kind` of `sources` into `dest`.
fn paste_asks_for(app: Ui, kind: JobKind, sources: Vec<PathBuf>, dest: &Path) -> Ui {
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert_eq!(app.status().shown_error(), None);
    assert_eq!(
        jobs,
        [JobRequest {
            kind,
            sources,
            dest: dest.to_owned(),
            modes: None,
            compress: None,
        }]
    );
    app
}

#[test]
fn without_a_display_the_clipboard_says_so() {
    const NAME: &str = "without_a_display_the_clipboard_says_so";
    if !is_child(NAME) {
        in_child(NAME, &[("DISPLAY", None), ("WAYLAND_DISPLAY", None)]);
        return;
    }
    let (_lang, _dir, app) = english_booted(tree);
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a.txt".to_vec())),
    );
    let app = send(app, press(char_key("c"), Modifiers::CTRL));
    assert_eq!(
        app.status().shown_error(),
        Some("The clipboard could not be used: no clipboard is available")
    );
    let (app, jobs) = feed(app, [press(char_key("v"), Modifiers::CTRL)]);
    assert!(jobs.is_empty());
    assert!(
        app.status()
            .shown_error()
            .is_some_and(|e| e.starts_with("Nothing to paste"))
    );
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
        if let Some(missing) = ["Xvfb", "xclip"].into_iter().find(|t| !desktop::have(t)) {
            assert!(
                std::env::var_os("CI").is_none(),
                "{missing} is missing; CI must install it (.ci/run)"
            );
            eprintln!("skipped: {missing} is not installed (apt-get install xvfb xclip)");
            return;
        }
        let xvfb = desktop::Xserver::start(desktop::free_display(), "640x480x24");
        let display = xvfb.display();
        in_child(
            NAME,
            &[
                ("DISPLAY", Some(OsStr::new(&display))),
                ("WAYLAND_DISPLAY", None),
            ],
        );
        return;
    }
    let (_lang, dir) = english_folder();
    let odd: &[u8] = b"caf\xe9";
    fs::write(dir.path().join("a b.txt"), b"x").expect("write");
    fs::write(dir.path().join(OsStr::from_bytes(odd)), b"y").expect("write");
    fs::create_dir(dir.path().join("dest")).expect("mkdir");
    let base = porpoise_engine::uri::file_uri(dir.path());

    // Porpoise copies: other programs see GNOME's list, the URI list and text.
    let app = boot(dir.path());
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(b"a b.txt".to_vec())),
    );
    let app = send(app, Message::Modifiers(Modifiers::CTRL));
    let app = send(
        app,
        Message::Browser(browser::Message::Clicked(odd.to_vec())),
    );
    let app = send(app, Message::Modifiers(Modifiers::empty()));
    let app = send(app, press(char_key("c"), Modifiers::CTRL));
    assert_eq!(app.status().shown_error(), None);
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
    let app = send(app, to_pane(PaneMsg::Navigate(dest.clone())));
    let app = paste_asks_for(
        app,
        JobKind::Move,
        vec![
            dir.path().join("a b.txt"),
            dir.path().join(OsStr::from_bytes(odd)),
        ],
        &dest,
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
    porpoise_testkit::wait_for("xclip to own the clipboard", TIMEOUT, || {
        let out = Command::new("xclip")
            .args(["-selection", "clipboard", "-o", "-t", "TARGETS"])
            .output()
            .ok()?;
        String::from_utf8_lossy(&out.stdout)
            .contains("text/uri-list")
            .then_some(())
    });
    let app = paste_asks_for(app, JobKind::Copy, vec![dir.path().join("a b.txt")], &dest);

    // Ctrl+C on a search result puts that file on the clipboard (the search starts at
    // `dest`, where the cut file went).
    let app = send(app, press(char_key("f"), Modifiers::CTRL));
    let app = send(app, to_search(SearchMsg::Name("a b".into())));
    let app = send(app, press(char_key("c"), Modifiers::CTRL));
    assert_eq!(app.status().shown_error(), None);
    let uris = String::from_utf8(xclip_out("text/uri-list")).expect("ascii");
    assert_eq!(uris, format!("{base}/dest/a%20b.txt\r\n"));
}
