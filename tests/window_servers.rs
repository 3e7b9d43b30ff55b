//! Servers in the real window (tests/desktop: Xvfb, openbox, XTest input through xdotool,
//! screenshots read by tesseract) against real servers this test starts on loopback:
//! Samba's smbd (a guest share and one with a login) and GVfs's daemons on a private
//! session bus, which the window reaches as a desktop's programs do. Ctrl+L with an
//! address of a scheme nothing serves says so and goes nowhere; with the guest share's
//! address the window connects without a question, shows the share's files, names the
//! folder by its address in the title, lists the share in Places, and copies files to and
//! from it; the share's disconnect button in Places disconnects it. "Connect to Server…"
//! reaches the share with a login: a wrong password is said and asked again, the right
//! one opens it, and the server is kept among the recent ones in the settings. The window
//! lives and answers `_NET_WM_PING` after each step. Needs root, the servers' packages and
//! /dev/fuse (skips with a message, fails in CI).
//! Run: `cargo build && cargo test --test window_servers`.

mod desktop;

use std::fs;

use desktop::{Desktop, Home, Launch, PATIENCE, wait_exists, wait_file_text, wait_for};
use porpoise_testkit::servers::{self, GvfsSession, SMB_PASSWORD, SMB_USER, Samba};

/// Places is on the left: text drawn there, not in the view or the location bar.
fn in_places(x: i32, _y: i32) -> bool {
    x < 230
}

/// The servers and GVfs for one test, or `None` (skipped) where they cannot run.
fn rig() -> Option<(tempfile::TempDir, Samba, GvfsSession)> {
    if let Err(why) = servers::available() {
        porpoise_testkit::skip(&format!("servers in the window: {why}"));
        return None;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let samba = Samba::start(dir.path());
    let session = GvfsSession::start(dir.path(), &[]);
    Some((dir, samba, session))
}

/// The window at the home's working folder, on the GVfs session's bus.
fn launch<'d>(desk: &'d Desktop, home: &Home, session: &GvfsSession) -> desktop::Window<'d> {
    let mut launch = Launch::new(home.path()).arg(&home.work);
    for (key, value) in session.env() {
        if matches!(
            key,
            "DBUS_SESSION_BUS_ADDRESS" | "XDG_RUNTIME_DIR" | "GIO_USE_VOLUME_MONITOR"
        ) {
            launch = launch.env(key, value);
        }
    }
    let win = desk.launch(launch);
    win.wait_title("the work folder in the title", |t| t.ends_with("work"));
    win
}

/// The entries of GVfs's FUSE folder: one for each place it has mounted.
fn mounted_places(session: &GvfsSession) -> Vec<String> {
    fs::read_dir(&session.fuse_root)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_guest_share_opens_from_the_location_bar_and_works_as_a_folder() {
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    fs::write(samba.guest.join("on-the-share.txt"), b"from the server").expect("a file");
    let home = Home::with_files(&["local-note"]);
    let mut win = launch(&desk, &home, &session);
    win.wait_text("local-note");

    // A scheme nothing serves is said, and the window stays where it was.
    win.key("ctrl+l");
    win.type_text("gopher://old.example/menu");
    win.key("Return");
    win.wait_text("gopher");
    assert!(win.title().ends_with("work"), "the title: {}", win.title());
    win.key("Escape");
    win.alive();

    // The guest share: no question, its files, its address in the title, Places lists it.
    let uri = samba.uri("guest");
    win.key("ctrl+l");
    win.type_text(&uri);
    win.key("Return");
    win.save_shot("servers-guest-typed");
    win.wait_title("the share's address in the title", |t| t.contains(&uri));
    win.wait_text("on-the-share");
    win.wait_text_where("guest", in_places);
    win.save_shot("servers-guest-share");
    win.alive();
    assert_eq!(mounted_places(&session).len(), 1, "one place mounted");

    // A file of the share copied home, and a file of home copied onto the share.
    win.key("ctrl+a");
    win.key("ctrl+c");
    win.go_to(&home.work);
    win.key("ctrl+v");
    wait_exists(&home.work.join("on-the-share.txt"), true);
    wait_for("the copy's bytes", PATIENCE, || {
        (fs::read(home.work.join("on-the-share.txt")).ok()? == b"from the server").then_some(())
    });
    win.alive();
    // Home: the first row ("local-note.txt") alone is selected.
    win.key("Home");
    win.key("ctrl+c");
    win.key("alt+Left");
    win.wait_title("back on the share", |t| t.contains(&uri));
    win.key("ctrl+v");
    wait_for("local-note on the server", PATIENCE, || {
        (fs::read(samba.guest.join("local-note.txt")).ok()? == b"local-note").then_some(())
    });
    win.alive();

    // The disconnect button beside the share in Places.
    // Places is 210 pixels wide in a window 1024 wide; the button is at its right end.
    let (_, y) = win.wait_text_where("guest", in_places);
    win.click(189, y);
    wait_for("the share disconnected", PATIENCE, || {
        mounted_places(&session).is_empty().then_some(())
    });
    win.alive();
}

#[test]
fn connect_to_server_asks_for_a_login_and_says_a_wrong_one() {
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    fs::write(samba.secret.join("behind-a-login.txt"), b"secret").expect("a file");
    let home = Home::with_files(&["local-note"]);
    let mut win = launch(&desk, &home, &session);
    win.wait_text("local-note");

    // "Connect to Server…" in Places: the dialog with its field and the schemes.
    win.click_text("Connect");
    win.wait_text("Cancel");
    let uri = format!("smb://{SMB_USER}@localhost:{}/secret", samba.port);
    win.type_text(&uri);
    win.save_shot("servers-connect-typed");
    win.key("Return");

    // The server asks for a login (no guests on this share): a wrong password first.
    win.wait_text("Log in");
    win.save_shot("servers-login");
    win.type_text("not-the-password");
    win.key("Return");
    win.wait_text("refused");
    win.alive();

    // The right one opens the share.
    win.type_text(SMB_PASSWORD);
    win.key("Return");
    win.wait_title("the share's address in the title", |t| {
        t.contains(&format!("smb://{SMB_USER}@localhost:{}/secret", samba.port))
    });
    win.wait_text("behind-a-login");
    win.alive();

    // The server is kept among the recent ones.
    let server = format!("smb://{SMB_USER}@localhost:{}/", samba.port);
    wait_file_text(
        &home.settings_file(),
        "the server among the recent ones",
        |t| t.contains("recent_servers") && t.contains(&server),
    );
}
