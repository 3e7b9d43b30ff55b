//! "Open With" in the real window (tests/desktop: Xvfb, openbox, XTest input through
//! xdotool, screenshots read by tesseract), on a private desktop: desktop entries in the
//! window's `XDG_DATA_HOME/applications` whose `Exec` is a script that records its
//! arguments, a `mimeapps.list` the test writes, the system's MIME database and no other
//! application (`XDG_DATA_DIRS` and `XDG_CONFIG_DIRS` point at the test's own folders).
//! Enter opens a file with the default the list names; right-click → Open With (on the
//! pointer coming onto it) → the second application opens it with that one; two
//! selected files reach one run of a `%F` application together; Other Application… →
//! typing part of a name → "Always use" → Enter opens with it and writes the default the
//! real `xdg-mime query default` then reports; Enter on a file no application opens
//! shows the chooser. The window lives and answers `_NET_WM_PING` after each.
//! Run: `cargo build && cargo test --test window_openwith` (skips without the tools, fails
//! in CI).

mod desktop;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use desktop::{Desktop, Home, Launch, PATIENCE, Shot, Window, wait_for};
use porpoise_testkit::recorders::{self, MIME_DB, Recorders};

/// A private desktop in `home`: where the window finds applications and types, and
/// where the applications record what they were given.
struct Apps<'h> {
    home: &'h Home,
}

impl<'h> Apps<'h> {
    /// Inkwell (`%F`, the default for text by `mimeapps.list`), Bramble (`%f`, also for
    /// text, listed before Inkwell otherwise) and Zephyr (a type of its own: only the
    /// chooser offers it).
    fn install(home: &'h Home) -> Apps<'h> {
        let apps = Apps { home };
        for dir in [
            ".config",
            ".local/share/applications",
            "etc",
            "bin",
            "records",
        ] {
            fs::create_dir_all(apps.path(dir)).expect("mkdir");
        }
        recorders::link_system_types(home.path());
        apps.app("Inkwell", "text/plain;", "%F");
        apps.app("Bramble", "text/plain;", "%f");
        apps.app("Zephyr", "application/x-zephyr;", "%F");
        fs::write(
            apps.path(".config/mimeapps.list"),
            "[Default Applications]\ntext/plain=inkwell.desktop;\n",
        )
        .expect("write mimeapps.list");
        apps
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.home.path().join(rel)
    }

    /// The application `name` (ID: the name in lowercase) for `mimes`, whose script
    /// records its arguments (NUL-separated) in `records/<id>.<pid>`.
    fn app(&self, name: &str, mimes: &str, codes: &str) {
        self.recorders()
            .app(&name.to_lowercase(), name, mimes, codes, "");
    }

    /// The recording applications' folders in this home.
    fn recorders(&self) -> Recorders {
        Recorders {
            bin: self.path("bin"),
            applications: self.path(".local/share/applications"),
            records: self.path("records"),
        }
    }

    /// The window on the work folder, in this desktop.
    fn window<'d>(&self, desk: &'d Desktop) -> Window<'d> {
        let win = desk.launch(
            Launch::new(self.home.path())
                .arg(&self.home.work)
                .env("XDG_DATA_DIRS", self.path("sys"))
                .env("XDG_CONFIG_DIRS", self.path("etc"))
                .env("XDG_CURRENT_DESKTOP", ""),
        );
        win.wait_title("the folder in the title", |t| t.ends_with("work"));
        win
    }

    /// A program run in this desktop's environment alone.
    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("HOME", self.home.path())
            .env("XDG_CONFIG_HOME", self.path(".config"))
            .env("XDG_CONFIG_DIRS", self.path("etc"))
            .env("XDG_DATA_HOME", self.path(".local/share"))
            .env("XDG_DATA_DIRS", self.path("sys"))
            .env_remove("XDG_CURRENT_DESKTOP");
        c
    }

    /// Wait until `app` has run `count` times; each run's arguments, sorted.
    fn runs(&self, app: &str, count: usize) -> Vec<Vec<OsString>> {
        let mut runs = self.recorders().runs(app, count);
        for args in &mut runs {
            args.sort();
        }
        runs.sort();
        runs
    }
}

/// Whether the tools beyond the harness's are here (xdg-utils, the MIME database).
fn ready() -> bool {
    let missing = if !Path::new(MIME_DB).join("subclasses").is_file() {
        Some("the shared-mime-info database (shared-mime-info)")
    } else if !porpoise_testkit::have("xdg-mime") {
        Some("xdg-mime (xdg-utils)")
    } else {
        None
    };
    match missing {
        Some(what) => {
            porpoise_testkit::skip(&format!("{what} is needed"));
            false
        }
        None => true,
    }
}

fn os(p: PathBuf) -> OsString {
    p.into_os_string()
}

/// Wait until the chooser is shown: its title read off the dialog's column alone (its
/// width at the window's centre), so the selected row it covers, whose highlight runs on
/// beside it, is no part of what is read.
fn wait_chooser(win: &Window) {
    wait_for("the chooser's title", PATIENCE, || {
        let shot = win.shot();
        let (left, right) = (shot.width / 2 - 240, shot.width / 2 + 240);
        let mut rgb = Vec::with_capacity((right - left) * shot.height * 3);
        for y in 0..shot.height {
            let row = (y * shot.width + left) * 3;
            rgb.extend_from_slice(&shot.rgb[row..row + (right - left) * 3]);
        }
        let column = Shot {
            width: right - left,
            height: shot.height,
            rgb,
        };
        column.find_text("Choose an Application")
    });
}

#[test]
fn enter_open_with_and_several_files_reach_their_applications() {
    if !ready() {
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha-report", "bravo-summary"]);
    let apps = Apps::install(&home);
    let alpha = home.work.join("alpha-report.txt");
    let bravo = home.work.join("bravo-summary.txt");
    let mut win = apps.window(&desk);

    // 1. Enter: the default mimeapps.list names (Inkwell), not the first listed.
    win.click_text("alpha-report");
    win.wait_text("1 selected");
    win.key("Return");
    assert_eq!(apps.runs("inkwell", 1), [vec![os(alpha.clone())]]);
    win.alive();

    // 2. Right-click → Open With (its submenu opens as the pointer comes onto it) →
    // the second application.
    let (x, y) = win.wait_text("alpha-report");
    win.right_click(x, y);
    let (ox, oy) = win.wait_text("Open With");
    win.point(ox, oy);
    win.wait_text("Inkwell");
    let (_, other_y) = win.wait_text("Other Application");
    let (bx, by) = win.wait_text("Bramble");
    let (_, iy) = win.wait_text("Inkwell");
    assert!(
        iy < by && by < other_y,
        "the default first, then Bramble, then Other Application…: {iy}, {by}, {other_y}"
    );
    win.save_shot("openwith-submenu");
    win.click(bx, by);
    assert_eq!(apps.runs("bramble", 1), [vec![os(alpha.clone())]]);
    win.wait_gone("Other Application");
    win.alive();

    // 5. Both files selected, Enter: one run of Inkwell (%F) gets both.
    win.key("ctrl+a");
    win.wait_text("2 selected");
    win.key("Return");
    assert_eq!(
        apps.runs("inkwell", 2),
        [vec![os(alpha.clone())], vec![os(alpha), os(bravo)]]
    );
    win.alive();
}

#[test]
fn the_chooser_makes_a_default_and_comes_for_a_file_without_one() {
    if !ready() {
        return;
    }
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["alpha-report"]);
    fs::write(
        home.work.join("mystery-data"),
        [0u8, 159, 146, 150, 7, 1, 2, 3],
    )
    .expect("write");
    let apps = Apps::install(&home);
    let alpha = home.work.join("alpha-report.txt");
    let query = || {
        porpoise_testkit::run(
            apps.command("xdg-mime")
                .args(["query", "default", "text/plain"]),
        )
        .trim()
        .to_owned()
    };
    assert_eq!(
        query(),
        "inkwell.desktop",
        "xdg-mime reads the test's desktop"
    );
    let mut win = apps.window(&desk);

    // 3. Other Application… → "zeph" → Always use → Enter.
    let (x, y) = win.wait_text("alpha-report");
    win.right_click(x, y);
    win.click_text("Open With");
    win.click_text("Other Application");
    wait_chooser(&win);
    win.wait_text("Zephyr");
    win.alive();
    win.type_text("zeph");
    win.wait_gone("Inkwell");
    win.wait_text("Zephyr");
    win.click_text("Always use for this file type");
    win.key("Return");
    assert_eq!(apps.runs("zephyr", 1), [vec![os(alpha)]]);
    win.wait_gone("Always use for this file type");
    wait_for("xdg-mime to name Zephyr the default", PATIENCE, || {
        (query() == "zephyr.desktop").then_some(())
    });
    win.alive();

    // 4. Enter on data no application opens: the chooser, naming the file.
    win.click_text("mystery-data");
    win.key("Return");
    wait_chooser(&win);
    win.save_shot("openwith-chooser");
    win.alive();
    win.key("Escape");
    win.wait_gone("Always use for this file type");
    win.alive();
}
