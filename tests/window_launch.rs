//! What the desktop passes when it starts Porpoise (`Exec=porpoise %U`), in the real
//! window under Xvfb (tests/desktop): a `file://` URI with percent-escapes, several
//! arguments, a path to a file, a path that never existed; the window's `WM_CLASS`,
//! which docks match to the desktop file's `StartupWMClass`; and the launcher's startup ID,
//! which the window wears and answers with startup notification's `remove`; and the
//! smallest size the window keeps.
//! Run: `cargo build && cargo test --test window_launch` (skips without the tools, fails in CI).

mod desktop;

use std::fs;

use desktop::{Desktop, Home, Launch, PATIENCE, StartupWatch, wait_for};

/// The desktop file's `StartupWMClass`.
fn startup_wm_class() -> String {
    let desktop_file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/packaging/io.github.porpoise.Porpoise.desktop"
    );
    fs::read_to_string(desktop_file)
        .expect("the desktop file")
        .lines()
        .find_map(|l| l.strip_prefix("StartupWMClass=").map(str::to_owned))
        .expect("the desktop file names StartupWMClass")
}

#[test]
fn a_file_uri_opens_its_folder_and_the_class_matches_the_desktop_file() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("My Files");
    fs::write(home.work.join("inside-spaced.txt"), b"x").expect("write");
    let uri = format!("file://{}", home.work.to_string_lossy().replace(' ', "%20"));
    let mut win = desk.launch(Launch::new(home.path()).arg(&uri));
    win.wait_title("the URI's folder in the title", |t| {
        t == "Porpoise — My Files"
    });
    win.wait_text("inside-spaced.txt");
    let (instance, class) = win.wm_class();
    let wanted = startup_wm_class();
    assert!(
        instance == wanted || class == wanted,
        "WM_CLASS {instance:?}/{class:?} does not match StartupWMClass={wanted}"
    );
    assert_eq!(instance, "porpoise");
    win.alive();
}

#[test]
fn several_arguments_open_as_tabs_in_the_window() {
    let Some(desk) = Desktop::start() else { return };
    let home = tempfile::tempdir().expect("home");
    for name in ["first-folder", "second-folder", "third-folder"] {
        fs::create_dir(home.path().join(name)).expect("mkdir");
    }
    let third = format!("file://{}", home.path().join("third-folder").display());
    // The window binary itself takes them too, not only the command.
    let mut win = desk.launch(
        Launch::new(home.path())
            .window_binary()
            .arg(home.path().join("first-folder"))
            .arg(home.path().join("second-folder"))
            .arg(&third),
    );
    win.wait_title("the first argument shown", |t| t.ends_with("first-folder"));
    win.wait_text("second-folder");
    win.alive();
    win.key("ctrl+Tab");
    win.wait_title("the second tab next", |t| t.ends_with("second-folder"));
    win.key("ctrl+Tab");
    win.wait_title("then the third", |t| t.ends_with("third-folder"));
    win.key("ctrl+shift+Tab");
    win.wait_title("and back", |t| t.ends_with("second-folder"));
    win.alive();
}

#[test]
fn a_file_opens_its_folder_with_it_selected() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_empty("letters-folder");
    let wanted = home.work.join("wanted-letter.txt");
    fs::write(home.work.join("another-letter.txt"), b"a").expect("write");
    fs::write(&wanted, b"twelve bytes").expect("write");
    let mut win = desk.launch(Launch::new(home.path()).arg(&wanted));
    win.wait_title("the file's folder in the title", |t| {
        t.ends_with("letters-folder")
    });
    // The status bar tells the selection: one item of twelve bytes.
    win.wait_text("1 selected (12 bytes)");
    win.alive();
}

#[test]
fn a_path_that_never_existed_says_so() {
    let Some(desk) = Desktop::start() else { return };
    let home = tempfile::tempdir().expect("home");
    let mut win = desk.launch(Launch::new(home.path()).arg(home.path().join("never-was-here")));
    win.wait_text("does not exist");
    assert!(
        win.find_text("no longer").is_none(),
        "a path that never existed is not one that no longer exists"
    );
    win.alive();
}

#[test]
fn arguments_that_name_nothing_that_opens_are_refused_in_words() {
    // No display is needed: the window gives up before it opens one.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_porpoise-window"))
        .args(["gopher://server/home", "file://elsewhere/srv"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run porpoise-window");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot open gopher://server/home")
            && err.contains("no server of gopher:// addresses can be opened"),
        "{err}"
    );
    assert!(err.contains("cannot open file://elsewhere/srv"), "{err}");
    assert!(
        err.contains("none of the arguments is a local path, a file:// URI or a server's address"),
        "{err}"
    );
}

#[test]
fn the_window_answers_the_launch_that_started_it() {
    let Some(desk) = Desktop::start() else { return };
    let home = tempfile::tempdir().expect("home");
    let mut watch = StartupWatch::start(desk.display());
    let startup_id = format!(
        "launcher-{}_TIME{}",
        std::process::id(),
        watch.server_time()
    );
    let mut win = desk.launch(
        Launch::new(home.path())
            .arg(home.path())
            .env("DESKTOP_STARTUP_ID", &startup_id),
    );
    watch.wait_message(&format!("remove: ID=\"{startup_id}\""));
    assert_eq!(watch.startup_id_of(win.id()), startup_id);
    win.alive();
}

#[test]
fn the_window_keeps_a_size_its_toolbar_and_places_fit_in() {
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha"]);
    let mut win = desk.open_work(&home);
    win.wait_text("alpha");
    let before = win.geometry();
    // Asked for 260x200, the window manager keeps the window's smallest size.
    desk.xdotool(["windowsize", &win.id().to_string(), "260", "200"]);
    let (_, _, width, height) = wait_for("the window to take a new size", PATIENCE, || {
        let now = win.geometry();
        (now != before).then_some(now)
    });
    assert!(
        width >= 520 && height >= 360,
        "no smaller than 520x360: {width}x{height}"
    );
    win.wait_text("alpha");
    win.alive();
}
