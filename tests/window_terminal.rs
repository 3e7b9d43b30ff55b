//! "Open Terminal Here" in the real window (tests/desktop: Xvfb, openbox, XTest input
//! through xdotool, screenshots read by tesseract), with the real `xterm` as the
//! desktop's terminal (`$TERMINAL`): F4 opens one in the shown folder, and a folder's
//! context menu one in that folder. The terminals are found by their program and their
//! working folder in `/proc`; the window lives and answers `_NET_WM_PING` after each.
//! Run: `cargo build && cargo test --test window_terminal` (skips without the tools,
//! fails in CI).

mod desktop;

use std::fs;
use std::path::{Path, PathBuf};

use desktop::{Desktop, Home, Launch, PATIENCE, wait_for};

/// The terminals this test started: killed when it ends, however it ends.
struct Terminals {
    program: PathBuf,
    started: Vec<u32>,
}

impl Terminals {
    /// Wait until a process of the terminal's program runs in `folder`; its pid.
    fn wait_in(&mut self, folder: &Path) -> u32 {
        let program = self.program.clone();
        let pid = wait_for(
            &format!("{} running in {}", program.display(), folder.display()),
            PATIENCE,
            || running_in(&program, folder),
        );
        self.started.push(pid);
        pid
    }
}

impl Drop for Terminals {
    fn drop(&mut self) {
        for pid in &self.started {
            let _ = std::process::Command::new("kill")
                .arg(pid.to_string())
                .status();
        }
    }
}

/// A process running `program` whose working folder is `folder`.
fn running_in(program: &Path, folder: &Path) -> Option<u32> {
    fs::read_dir("/proc")
        .ok()?
        .filter_map(Result::ok)
        .find_map(|e| {
            let pid: u32 = e.file_name().to_str()?.parse().ok()?;
            let exe = fs::read_link(e.path().join("exe")).ok()?;
            let cwd = fs::read_link(e.path().join("cwd")).ok()?;
            (exe == program && cwd == folder).then_some(pid)
        })
}

#[test]
fn f4_and_the_folder_menu_open_the_terminal_there() {
    let Some(xterm) = porpoise_testkit::which("xterm") else {
        porpoise_testkit::skip("xterm is needed");
        return;
    };
    let Some(desk) = Desktop::start() else { return };
    let home = Home::with_files(&["notes"]);
    let projects = home.work.join("projects");
    fs::create_dir(&projects).expect("mkdir");
    let mut terminals = Terminals {
        program: fs::canonicalize(&xterm).expect("the terminal's program"),
        started: Vec::new(),
    };
    let mut win = desk.launch(
        Launch::new(home.path())
            .arg(&home.work)
            .env("TERMINAL", "xterm"),
    );
    win.wait_title("the folder in the title", |t| t.ends_with("work"));
    win.wait_text("notes");
    assert_eq!(running_in(&terminals.program, &home.work), None);

    // 1. F4: a terminal in the shown folder.
    win.key("F4");
    terminals.wait_in(&home.work);
    win.alive();

    // 2. A folder's menu: "Open Terminal Here" opens one in that folder.
    win.activate();
    let (x, y) = win.wait_text("projects");
    win.right_click(x, y);
    win.click_text("Terminal");
    terminals.wait_in(&projects);
    win.alive();
    win.save_shot("terminal-after");
}
