//! Servers in the real window (tests/desktop: Xvfb, openbox, XTest input through xdotool,
//! screenshots read by tesseract) against real servers this test starts on loopback:
//! Samba's smbd (a guest share and one with a login), OpenSSH's sshd (a login by
//! password) and GVfs's daemons on a private session bus, which the window reaches as a
//! desktop's programs do.
//! - Ctrl+L with an address of a scheme nothing serves says so and goes nowhere; with the
//!   guest share's address the window connects without a question, shows the share's
//!   files, names the folder by its address in the title, lists the share in Places,
//!   copies files to and from it, shows a folder's name with a space as it reads (and
//!   copies its location as a URI; its properties say the share keeps no permissions),
//!   and takes a file of the share dragged in by its address
//!   from another application (a GTK 3 window); the share's disconnect button in Places
//!   disconnects it.
//! - "Connect to Server…" reaches the share with a login: a wrong password is said and
//!   asked again, the right one opens it, and the server is kept among the recent ones in
//!   the settings.
//! - An SFTP server's unknown host key is asked about, then the password; its file opens
//!   (Enter) in the default application, which reads the server's bytes.
//! - Del on a share's file asks to delete it for good, naming the share as keeping no
//!   trash: Escape keeps the file, Enter deletes it, and nothing is made on the share for
//!   a trash.
//! - A share whose server stops answering (smbd stopped with SIGSTOP) says so in the view
//!   of a folder opened meanwhile (naming it by its address), home opens without waiting,
//!   and the folder lists once the server goes on.
//!
//! The window lives and answers `_NET_WM_PING` after each step. Needs root, the servers'
//! packages and /dev/fuse (skips with a message, fails in CI).
//! Run: `cargo build && cargo test --test window_servers`.

mod desktop;

use std::ffi::OsStr;
use std::fs;

use desktop::{
    Desktop, GtkSource, GtkTarget, Home, Launch, PATIENCE, wait_clipboard_text, wait_exists,
    wait_file_text, wait_for,
};
use porpoise_testkit::recorders::{self, Recorders};
use porpoise_testkit::servers::{
    self, GvfsSession, SFTP_PASSWORD, SFTP_USER, SMB_PASSWORD, SMB_USER, Samba, Sshd, signal_group,
};
use rustix::process::Signal;

/// Ctrl+L, `text` typed into the location bar, Enter.
fn type_location(win: &desktop::Window, text: &str) {
    win.key("ctrl+l");
    win.type_text(text);
    win.key("Return");
}

/// Places is on the left: text drawn there, not in the view or the location bar.
fn in_places(x: i32, _y: i32) -> bool {
    x < 230
}

/// A folder for the servers of one test, or `None` (skipped) where they cannot run.
fn servers_folder() -> Option<tempfile::TempDir> {
    if let Err(why) = servers::available() {
        porpoise_testkit::skip(&format!("servers in the window: {why}"));
        return None;
    }
    Some(tempfile::tempdir().expect("tempdir"))
}

/// Samba and GVfs for one test, or `None` (skipped) where they cannot run.
fn rig() -> Option<(tempfile::TempDir, Samba, GvfsSession)> {
    let dir = servers_folder()?;
    let samba = Samba::start(dir.path());
    let session = GvfsSession::start(dir.path(), &[]);
    Some((dir, samba, session))
}

/// The window at the home's working folder, on the GVfs session's bus.
fn launch<'d>(desk: &'d Desktop, home: &Home, session: &GvfsSession) -> desktop::Window<'d> {
    launch_with(desk, session, Launch::new(home.path()).arg(&home.work))
}

/// The window `launch` opens (at a folder named "work"), on the GVfs session's bus.
fn launch_with<'d>(
    desk: &'d Desktop,
    session: &GvfsSession,
    launch: Launch,
) -> desktop::Window<'d> {
    let win = desk.launch(on_bus(session, launch));
    win.wait_title("the work folder in the title", |t| t.ends_with("work"));
    win
}

/// `launch` on the GVfs session's bus.
fn on_bus(session: &GvfsSession, mut launch: Launch) -> Launch {
    for (key, value) in session.env() {
        if matches!(
            key,
            "DBUS_SESSION_BUS_ADDRESS" | "XDG_RUNTIME_DIR" | "GIO_USE_VOLUME_MONITOR"
        ) {
            launch = launch.env(key, value);
        }
    }
    launch
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
    if !GtkTarget::available() {
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    fs::write(samba.guest.join("on-the-share.txt"), b"from the server").expect("a file");
    // Big enough to be read from the server in parts at once.
    let video: Vec<u8> = (0..40u32 << 20).map(|i| (i % 251) as u8).collect();
    fs::write(samba.guest.join("video.bin"), &video).expect("a big file");
    let home = Home::with_files(&["local-note"]);
    let mut win = launch(&desk, &home, &session);
    win.wait_text("local-note");

    // A scheme nothing serves is said, and the window stays where it was.
    type_location(&win, "gopher://old.example/menu");
    win.wait_text("gopher");
    assert!(win.title().ends_with("work"), "the title: {}", win.title());
    win.key("Escape");
    win.alive();

    // The guest share: no question, its files, its address in the title, Places lists it.
    let uri = samba.uri("guest");
    type_location(&win, &uri);
    win.save_shot("servers-guest-typed");
    win.wait_title("the share's address in the title", |t| t.contains(&uri));
    win.wait_text("on-the-share");
    win.wait_text_where("guest", in_places);
    win.save_shot("servers-guest-share");
    win.alive();
    assert_eq!(mounted_places(&session).len(), 1, "one place mounted");

    // The share's files copied home, and a file of home copied onto the share.
    win.key("ctrl+a");
    win.key("ctrl+c");
    win.go_to(&home.work);
    win.key("ctrl+v");
    wait_exists(&home.work.join("on-the-share.txt"), true);
    wait_for("the copy's bytes", PATIENCE, || {
        (fs::read(home.work.join("on-the-share.txt")).ok()? == b"from the server").then_some(())
    });
    wait_for("the big file's bytes", PATIENCE, || {
        (fs::read(home.work.join("video.bin")).ok()? == video).then_some(())
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

    // A folder whose name has a space, typed as it reads: the title shows it as it
    // reads too, and Ctrl+Alt+C copies its address as a URI for other programs.
    fs::create_dir(samba.guest.join("Summer 2026")).expect("a folder");
    type_location(&win, &format!("{uri}/Summer 2026"));
    let shown = format!("{uri}/Summer 2026");
    win.wait_title("the folder's name as it reads", |t| t.contains(&shown));
    win.save_shot("servers-folder-with-a-space");
    win.key("Escape");
    win.key("ctrl+alt+c");
    let copied = format!("{uri}/Summer%202026");
    wait_clipboard_text(desk.display(), "the folder's URI on the clipboard", |t| {
        t == copied
    });
    // Its properties: the share keeps no permissions, which the dialog says, and its
    // filesystem is the kind of server, not GVfs's FUSE filesystem.
    win.key("alt+Return");
    win.wait_words("the dialog saying no permissions are kept", |words| {
        let said = |text: &str| words.iter().any(|w| w.text == text);
        said("Octal") && said("keep") && said("changed") && said("Samba")
    });
    assert!(
        win.find_text("fuse.gvfsd-fuse").is_none(),
        "GVfs's FUSE filesystem named"
    );
    win.key("Escape");
    win.wait_gone("Octal");
    win.alive();

    // A file of the share dragged in from another application by its address (as file
    // managers on GVfs offer it): the window's drop menu copies it here.
    fs::write(samba.guest.join("dropped-photo.txt"), b"a photo").expect("a file");
    win.go_to(&home.work);
    win.wait_text("local-note");
    let offered = format!("{uri}/dropped-photo.txt");
    let record = home.path().join("source.txt");
    let source = GtkSource::start(&desk, "Drag Source", &record, &[OsStr::new(&offered)]);
    // Side by side: the window on the left, the other application on the right.
    desk.place(win.id(), (0, 0), (1000, 700));
    desk.place(source.id, (1030, 450), (240, 200));
    win.settle();
    let (wx, wy, _, _) = win.geometry();
    let (sx, sy, sw, sh) = desk.geometry_of(source.id);
    win.drag(
        (sx + sw as i32 / 2 - wx, sy + sh as i32 / 2 - wy),
        (450, 300),
        30,
    );
    source.wait_line("the drag to end", "end");
    win.click_text("Copy here");
    wait_for("the share's file dropped here", PATIENCE, || {
        (fs::read(home.work.join("dropped-photo.txt")).ok()? == b"a photo").then_some(())
    });
    win.alive();
    drop(source);

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

/// Sends SIGCONT to smbd's group when dropped, so a failed check never leaves the
/// server stopped.
struct GoOn(u32);

impl Drop for GoOn {
    fn drop(&mut self) {
        signal_group(self.0, Signal::CONT);
    }
}

#[test]
fn a_server_that_stops_answering_says_so_and_lists_when_it_goes_on() {
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    let albums = samba.guest.join("albums");
    fs::create_dir(&albums).expect("a folder on the share");
    fs::write(albums.join("summer-holiday.txt"), b"photos").expect("a file");
    let home = Home::with_files(&["local-note"]);
    let mut win = launch(&desk, &home, &session);
    let uri = samba.uri("guest");
    type_location(&win, &uri);
    win.wait_title("the share's address in the title", |t| t.contains(&uri));
    win.wait_text("albums");

    // The server stops answering: a folder opened now says so, the window goes on.
    signal_group(samba.pid(), Signal::STOP);
    let go_on = GoOn(samba.pid());
    type_location(&win, &format!("{uri}/albums"));
    win.wait_title("the folder's address in the title", |t| {
        t.ends_with("albums")
    });
    win.wait_text("answer");
    // The notice names the folder by its address, as the title does, never by its path
    // in GVfs's FUSE folder.
    win.wait_words("the notice naming the folder by its address", |words| {
        let Some(answer) = words.iter().find(|w| w.text.contains("answer")) else {
            return false;
        };
        let line: String = words
            .iter()
            .filter(|w| w.line == answer.line)
            .map(|w| w.text.as_str())
            .collect();
        let fuse_path = words
            .iter()
            .any(|w| w.text.contains("gvfs") || w.text.contains("share="));
        line.contains("smb:") && line.contains("albums") && !fuse_path
    });
    win.save_shot("servers-stopped");
    win.alive();
    // Home meanwhile does not wait on the server.
    win.go_to(&home.work);
    win.wait_text("local-note");
    win.alive();
    win.key("alt+Left");
    win.wait_title("the folder's address in the title", |t| {
        t.ends_with("albums")
    });
    win.wait_text("answer");

    // The server goes on: the folder lists (by itself, or when Retry is pressed).
    drop(go_on);
    if let Some((x, y)) = win.find_text("Retry") {
        win.click(x, y);
    }
    win.wait_text("summer");
    win.alive();
}

#[test]
fn an_sftp_server_asks_about_its_key_and_a_password_and_its_file_opens() {
    let Some(desk) = Desktop::start() else { return };
    let Some(dir) = servers_folder() else { return };
    let sshd = Sshd::start_with_password(dir.path());
    let session = GvfsSession::start(dir.path(), &[&sshd.bin]);
    let folder = dir.path().join("letters");
    fs::create_dir(&folder).expect("the server's folder");
    fs::write(folder.join("sealed-letter.txt"), b"over ssh").expect("a file");

    // A private desktop whose application for text records what it was given.
    let home = Home::with_files(&["local-note"]);
    for d in [
        ".config",
        ".local/share/applications",
        "etc",
        "bin",
        "records",
    ] {
        fs::create_dir_all(home.path().join(d)).expect("mkdir");
    }
    recorders::link_system_types(home.path());
    let apps = Recorders {
        bin: home.path().join("bin"),
        applications: home.path().join(".local/share/applications"),
        records: home.path().join("records"),
    };
    apps.app("inkwell", "Inkwell", "text/plain;", "%f", "");
    fs::write(
        home.path().join(".config/mimeapps.list"),
        "[Default Applications]\ntext/plain=inkwell.desktop;\n",
    )
    .expect("mimeapps.list");
    let launch = Launch::new(home.path())
        .arg(&home.work)
        .env("XDG_DATA_DIRS", home.path().join("sys"))
        .env("XDG_CONFIG_DIRS", home.path().join("etc"))
        .env("XDG_CURRENT_DESKTOP", "");
    let mut win = launch_with(&desk, &session, launch);
    win.wait_text("local-note");

    // The server's key is new: asked about first (nothing is picked for the person).
    let uri = format!(
        "sftp://{SFTP_USER}@127.0.0.1:{}{}",
        sshd.port,
        folder.display()
    );
    type_location(&win, &uri);
    win.wait_text("identity");
    win.save_shot("servers-sftp-host-key");
    win.alive();
    win.click_text("Anyway");

    // Then the password.
    win.wait_text("Log in");
    win.type_text(SFTP_PASSWORD);
    win.key("Return");
    win.wait_title("the folder's address in the title", |t| t.contains(&uri));
    win.wait_text("sealed-letter");
    win.save_shot("servers-sftp-folder");
    win.alive();

    // Enter opens the file in the default application, which reads the server's bytes.
    win.key("Home");
    win.key("Return");
    let runs = apps.runs("inkwell", 1);
    let given = runs[0].first().expect("a file given to the application");
    assert_eq!(
        fs::read(given).expect("the application reads the file"),
        b"over ssh",
        "{given:?}"
    );
    win.alive();
}

#[test]
fn tabs_on_a_share_come_back_connected_after_a_restart() {
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    fs::write(samba.guest.join("on-the-share.txt"), b"from the server").expect("a file");
    let albums = samba.guest.join("albums");
    fs::create_dir(&albums).expect("a folder on the share");
    fs::write(albums.join("summer-holiday.txt"), b"photos").expect("a file");
    let home = Home::with_files(&["local-note"]);
    let win = launch(&desk, &home, &session);

    // Two tabs on the share: its top, and a folder in it (shown last).
    let uri = samba.uri("guest");
    win.key("ctrl+t");
    type_location(&win, &uri);
    win.wait_title("the share's address in the title", |t| t.contains(&uri));
    win.wait_text("albums");
    win.key("ctrl+t");
    type_location(&win, &format!("{uri}/albums"));
    win.wait_text("summer");
    wait_file_text(&home.settings_file(), "the tabs kept by address", |t| {
        t.contains(&format!("{uri}/albums"))
    });
    win.closes_with("ctrl+q");

    // GVfs forgets the share (as after logging in again): its folder is gone.
    let mut unmount = std::process::Command::new("gio");
    unmount.args(["mount", "-u", &uri]).envs(session.env());
    porpoise_testkit::run(&mut unmount);
    wait_for("the share unmounted", PATIENCE, || {
        mounted_places(&session).is_empty().then_some(())
    });

    // Opened again without arguments: the tabs come back, the share's connected again,
    // the folder shown last shown again.
    let mut win = desk.launch(on_bus(&session, Launch::new(home.path())));
    win.wait_title("the share's folder in the title", |t| {
        t.contains(&format!("{uri}/albums"))
    });
    win.wait_text("summer");
    win.alive();
    win.key("ctrl+Page_Up");
    win.wait_title("the share's top in the next tab", |t| t.ends_with(&uri));
    win.wait_text("on-the-share");
    win.key("ctrl+Page_Up");
    win.wait_title("the work folder in the first tab", |t| t.ends_with("work"));
    win.alive();
}

#[test]
fn del_on_a_share_asks_to_delete_for_good_as_the_share_keeps_no_trash() {
    let Some(desk) = Desktop::start() else { return };
    let Some((_dir, samba, session)) = rig() else {
        return;
    };
    fs::write(samba.guest.join("alpha-report.txt"), b"first").expect("a file");
    fs::write(samba.guest.join("bravo-notes.txt"), b"second").expect("a file");
    fs::write(samba.guest.join("charlie-draft.txt"), b"third").expect("a file");
    let home = Home::with_files(&["local-note"]);
    let mut win = launch(&desk, &home, &session);
    win.wait_text("local-note");
    let uri = samba.uri("guest");
    type_location(&win, &uri);
    win.wait_text("alpha-report");

    // Del on the first file: the share keeps no trash, so the window asks, and Escape
    // keeps the file.
    win.key("Home");
    win.key("Delete");
    win.wait_text("keeps no trash");
    win.save_shot("servers-no-trash");
    win.key("Escape");
    win.wait_gone("keeps no trash");
    assert!(
        samba.guest.join("alpha-report.txt").exists(),
        "Escape deleted it"
    );

    // Asked again, Enter deletes it for good; the other file stays, and nothing was
    // made on the share for a trash.
    win.key("Delete");
    win.wait_text("keeps no trash");
    win.key("Return");
    wait_exists(&samba.guest.join("alpha-report.txt"), false);
    win.wait_gone("alpha-report");
    let mut left: Vec<String> = fs::read_dir(&samba.guest)
        .expect("the share's folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["bravo-notes.txt", "charlie-draft.txt"],
        "what the share holds"
    );
    win.alive();

    // The other file's menu offers "Delete…" and no "Move to Trash" (the one "Trash"
    // drawn is Places' own); it asks, as anywhere, and deletes for good.
    let (x, y) = win.wait_text("bravo-notes");
    win.right_click(x, y);
    win.wait_text("Rename");
    win.wait_words("the menu without the trash", |words| {
        words.iter().any(|w| w.text.starts_with("Delete"))
            && !words
                .iter()
                .any(|w| w.text.contains("Trash") && !in_places(w.x, w.y))
    });
    win.click_text("Delete");
    win.wait_text("for good");
    win.key("Return");
    wait_exists(&samba.guest.join("bravo-notes.txt"), false);
    win.alive();

    // Del on a search result asks the same; "no" keeps the file and its row, "yes"
    // deletes it and the row goes.
    let charlie = samba.guest.join("charlie-draft.txt");
    win.key("ctrl+f");
    win.wait_text("Location");
    win.type_text("charl");
    win.wait_text("1 found");
    let row = win.wait_text("charlie-draft");
    win.click(row.0, row.1);
    win.key("Delete");
    win.wait_text("keeps no trash");
    win.key("Escape");
    win.wait_gone("keeps no trash");
    assert!(charlie.exists(), "Escape deleted the search result");
    win.wait_text("charlie-draft");
    win.wait_text("1 found");
    win.save_shot("servers-search-kept");
    win.click(row.0, row.1);
    win.key("Delete");
    win.wait_text("keeps no trash");
    win.key("Return");
    wait_exists(&charlie, false);
    win.wait_gone("charlie-draft");
    win.alive();
}
