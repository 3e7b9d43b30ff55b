//! One window per session and `org.freedesktop.FileManager1`, on a private session bus
//! (the real `dbus-daemon`) and the real window (tests/desktop: Xvfb, openbox, screenshots
//! read by tesseract): the window owns the names; `gdbus call … ShowItems` opens the
//! item's folder with the item selected; a second `porpoise PATH` hands the path to the
//! window (a new tab) and ends at once; `porpoise --new-window PATH` opens a window of
//! its own; a start with a launcher's startup ID, handed over while another window is in
//! front, brings the window to the front, puts the ID on it and tells the launcher the
//! launch is done. The window lives and answers `_NET_WM_PING` after each.
//! Run: `cargo build && cargo test --test window_bus` (skips without the tools, fails in
//! CI).

mod desktop;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use desktop::{Desktop, Home, Launch, PATIENCE, StartupWatch, wait_for};
use porpoise_testkit::session_bus::SessionBus;

const INSTANCE: &str = "io.github.porpoise.Porpoise";
const FILE_MANAGER: &str = "org.freedesktop.FileManager1";

/// A private session bus, ended with the test.
struct Bus(SessionBus);

impl Bus {
    fn start(dir: &Path) -> Bus {
        Bus(SessionBus::start(dir))
    }

    fn gdbus(&self, args: &[&str]) -> Command {
        let mut c = Command::new("gdbus");
        c.args(args)
            .arg("--address")
            .arg(&self.0.address)
            .stdin(Stdio::null());
        c
    }

    /// Whether `name` has an owner on the bus.
    fn owned(&self, name: &str) -> bool {
        let out = self
            .gdbus(&["call", "--dest", "org.freedesktop.DBus"])
            .args(["--object-path", "/org/freedesktop/DBus"])
            .args(["--method", "org.freedesktop.DBus.NameHasOwner", name])
            .output()
            .expect("gdbus");
        String::from_utf8_lossy(&out.stdout).contains("true")
    }

    /// Call a FileManager1 method with these files.
    fn file_manager(&self, method: &str, files: &[&Path]) {
        let uris: Vec<String> = files
            .iter()
            .map(|f| format!("'{}'", porpoise_engine::uri::file_uri(f)))
            .collect();
        porpoise_testkit::run(
            self.gdbus(&["call", "--dest", FILE_MANAGER])
                .args(["--object-path", "/org/freedesktop/FileManager1"])
                .arg("--method")
                .arg(format!("{FILE_MANAGER}.{method}"))
                .arg(format!("[{}]", uris.join(", ")))
                .arg("test-startup-id"),
        );
    }
}

/// Start Porpoise as `launch` says (on the bus) while a window owns the names: it hands
/// its folder over and ends at once, successfully (`what` names the start in a failure).
fn hands_over(desk: &Desktop, launch: Launch, what: &str) {
    let (mut start, log) = launch.spawn(desk.display());
    let status = wait_for(&format!("{what} to end"), PATIENCE, || {
        start.try_wait().ok().flatten()
    });
    assert!(
        status.success(),
        "{what}: {status}\n{}",
        fs::read_to_string(&log).unwrap_or_default()
    );
}

fn folder_with(parent: &Path, name: &str, files: &[&str]) -> PathBuf {
    let folder = parent.join(name);
    fs::create_dir_all(&folder).expect("mkdir");
    for f in files {
        fs::write(folder.join(f), f).expect("write");
    }
    folder
}

#[test]
fn the_session_has_one_window_that_shows_what_it_is_asked() {
    if !desktop::have("dbus-daemon") || !desktop::have("gdbus") {
        porpoise_testkit::skip("dbus-daemon and gdbus are needed (dbus-daemon libglib2.0-bin)");
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    let bus_dir = tempfile::tempdir().expect("a temp folder");
    let bus = Bus::start(bus_dir.path());
    let on_bus = |launch: Launch| launch.env("DBUS_SESSION_BUS_ADDRESS", &bus.0.address);
    let mut win = desk.launch(on_bus(Launch::new(home.path()).arg(&home.work)));
    win.wait_title("the folder in the title", |t| t.ends_with("work"));
    wait_for("the window to own its names", PATIENCE, || {
        (bus.owned(INSTANCE) && bus.owned(FILE_MANAGER)).then_some(())
    });
    win.alive();

    // 1. ShowItems: the item's folder opens in a tab with the item selected.
    let reports = folder_with(home.path(), "reports", &["quarterly.txt", "yearly.txt"]);
    bus.file_manager("ShowItems", &[&reports.join("yearly.txt")]);
    win.wait_title("the item's folder in the title", |t| t.ends_with("reports"));
    win.wait_text("1 selected");
    win.wait_text("quarterly");
    win.alive();

    // 2. A second start hands its folder over (a new tab) and ends at once.
    let archive = folder_with(home.path(), "archive", &["old.txt"]);
    hands_over(
        &desk,
        on_bus(Launch::new(home.path()).arg(&archive)),
        "the second start",
    );
    win.wait_title("the handed folder in the title", |t| t.ends_with("archive"));
    win.wait_text("old");
    win.alive();

    // 3. --new-window: a window of its own, the first one unchanged.
    let spare = folder_with(home.path(), "spare", &["extra.txt"]);
    let mut other = desk.launch(on_bus(
        Launch::new(home.path()).arg("--new-window").arg(&spare),
    ));
    other.wait_title("the new window's folder", |t| t.ends_with("spare"));
    other.alive();
    assert!(win.title().ends_with("archive"), "{}", win.title());
    win.alive();

    // 4. A launcher's start handed over while the other window is in front: the window
    //    comes to the front for it, wears its startup ID and says the launch is done.
    let mut watch = StartupWatch::start(desk.display());
    other.activate();
    wait_for("the other window in front", PATIENCE, || {
        (watch.active_window() == Some(other.id())).then_some(())
    });
    let startup_id = format!(
        "porpoise-test-{}_TIME{}",
        std::process::id(),
        watch.server_time()
    );
    let later = folder_with(home.path(), "later", &["soon.txt"]);
    hands_over(
        &desk,
        on_bus(
            Launch::new(home.path())
                .arg(&later)
                .env("DESKTOP_STARTUP_ID", &startup_id),
        ),
        "the third start",
    );
    win.wait_title("the launched folder in the title", |t| t.ends_with("later"));
    wait_for("the window in front", PATIENCE, || {
        (watch.active_window() == Some(win.id())).then_some(())
    });
    assert_eq!(watch.startup_id_of(win.id()), startup_id);
    watch.wait_message(&format!("remove: ID=\"{startup_id}\""));
    win.alive();
}
