//! The Wayland test desktop: a headless sway (wlroots' headless backend, drawing with
//! pixman, no input devices) run as the unprivileged user with a runtime folder of its
//! own, the window started in it as a Wayland client, input through `wtype` (a virtual
//! keyboard) and sway's seat commands (the pointer), screenshots through `grim` and the
//! window's title and app id from sway's window tree (`swaymsg -t get_tree`).
//!
//! ```ignore
//! mod desktop;
//! let Some(sway) = desktop::wayland::Sway::start() else { return }; // skipped where tools lack
//! let win = sway.open_work(&home);
//! win.key("ctrl+l");
//! win.alive(); // lives and redraws at a key within the limit
//! ```

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};

use serde_json::Value;

use super::{Home, Launch, PATIENCE, Reaper, wait_for};

pub use super::wayland_window::WlWindow;

/// What the Wayland desktop needs on the machine (`.ci/run` installs them).
const TOOLS: [(&str, &str); 6] = [
    ("sway", "sway"),
    ("swaymsg", "sway"),
    ("wtype", "wtype"),
    ("grim", "grim"),
    ("wl-paste", "wl-clipboard"),
    ("tesseract", "tesseract-ocr"),
];

/// The output sway's headless backend makes.
pub const OUTPUT: &str = "HEADLESS-1";

/// What sway reads at start: one output of 1280x800, no borders or bar (the window fills
/// the output), no Xwayland (the window must come as a Wayland client), and the pointer
/// hidden once it rests (sway draws it into the screenshots, over the words tesseract
/// reads).
const CONFIG: &str = "output HEADLESS-1 resolution 1280x800 position 0 0
default_border none
default_floating_border none
xwayland disable
focus_follows_mouse no
seat seat0 hide_cursor 300
";

/// One compositor at a time in a test binary: two would share the 2 cores.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A running headless sway, stopped when dropped.
pub struct Sway {
    /// The runtime folder (`XDG_RUNTIME_DIR`): the sockets and the config are in it.
    runtime: tempfile::TempDir,
    socket: String,
    ipc: PathBuf,
    log: PathBuf,
    _sway: Reaper,
    _turn: MutexGuard<'static, ()>,
}

impl Sway {
    /// Start sway and wait until it answers on its socket; `None` (with a message) where
    /// a tool is missing, a failure in CI.
    pub fn start() -> Option<Sway> {
        if !super::tools_installed(&TOOLS) {
            return None;
        }
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let runtime = tempfile::Builder::new()
            .prefix("porpoise-sway-")
            .tempdir()
            .expect("a runtime folder");
        let config = runtime.path().join("sway.config");
        std::fs::write(&config, CONFIG).expect("write sway's config");
        // sway refuses to run as root: it and its clients run as the unprivileged user,
        // who owns the runtime folder (mode 0700, as a session's is).
        porpoise_testkit::nobody::give(runtime.path());
        let log = runtime.path().join("sway.log");
        let out = std::fs::File::create(&log).expect("sway's log");
        let err = out.try_clone().expect("sway's log");
        let child = porpoise_testkit::nobody::as_nobody("sway")
            .args(["--config"])
            .arg(&config)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", runtime.path())
            .env("XDG_RUNTIME_DIR", runtime.path())
            .env("WLR_BACKENDS", "headless")
            .env("WLR_RENDERER", "pixman")
            .env("WLR_LIBINPUT_NO_DEVICES", "1")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start sway");
        let child = Reaper(child);
        let dir = runtime.path().to_owned();
        let (socket, ipc) = wait_for("sway's sockets", PATIENCE, || sockets(&dir));
        let sway = Sway {
            runtime,
            socket,
            ipc,
            log,
            _sway: child,
            _turn: turn,
        };
        wait_for("sway to answer", PATIENCE, || {
            sway.try_msg(&["-t", "get_outputs"]).ok()
        });
        super::wayland_pointer::plug_in(&sway.runtime().join(&sway.socket));
        Some(sway)
    }

    /// The runtime folder its clients are given (`XDG_RUNTIME_DIR`).
    pub fn runtime(&self) -> &Path {
        self.runtime.path()
    }

    /// The Wayland socket's name in the runtime folder (`WAYLAND_DISPLAY`).
    pub fn socket(&self) -> &str {
        &self.socket
    }

    /// A command for a Wayland client tool (`wtype`, `grim`, `wl-paste`) on this desktop.
    pub fn client(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env_remove("DISPLAY")
            .env("XDG_RUNTIME_DIR", self.runtime())
            .env("WAYLAND_DISPLAY", &self.socket);
        c
    }

    /// Run `program` with `args` as a client; its output, a failure if it fails.
    pub fn run(&self, program: &str, args: &[&str]) -> Vec<u8> {
        let out = self
            .client(program)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("run {program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?}: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    /// `swaymsg` with `args`: its output, or what went wrong.
    pub fn try_msg(&self, args: &[&str]) -> Result<String, String> {
        let out = Command::new("swaymsg")
            .arg("--socket")
            .arg(&self.ipc)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    /// `swaymsg` with a command; a failure if sway refuses it.
    pub fn msg(&self, command: &str) {
        if let Err(why) = self.try_msg(&[command]) {
            panic!("swaymsg {command:?}: {why}");
        }
    }

    /// The window node of process `pid` in sway's tree, once there is one.
    pub fn node_of_pid(&self, pid: u32) -> Option<Value> {
        let tree: Value = serde_json::from_str(&self.try_msg(&["-t", "get_tree"]).ok()?).ok()?;
        find_node(&tree, &|n| n["pid"].as_u64() == Some(u64::from(pid))).cloned()
    }

    /// Start the window as `launch` says and wait until it has drawn its first frame.
    pub fn launch(&self, launch: Launch) -> WlWindow<'_> {
        let (child, log) = launch.spawn_wayland(self.runtime(), &self.socket);
        WlWindow::adopt(self, Reaper(child), log)
    }

    /// The window on `home`'s working folder, once its title names it.
    pub fn open_work(&self, home: &Home) -> WlWindow<'_> {
        let win = self.launch(Launch::new(home.path()).arg(&home.work));
        let name = home.work.file_name().expect("a named folder");
        let name = name.to_string_lossy();
        win.wait_title("the folder in the title", |t| t.ends_with(&*name));
        win
    }

    /// What sway printed so far (for failure messages).
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// The Wayland socket (`wayland-N`) and sway's IPC socket in `dir`, once both exist.
fn sockets(dir: &Path) -> Option<(String, PathBuf)> {
    let names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let socket = names
        .iter()
        .find(|n| n.starts_with("wayland-") && !n.ends_with(".lock"))?;
    let ipc = names
        .iter()
        .find(|n| n.starts_with("sway-ipc.") && n.ends_with(".sock"))?;
    Some((socket.clone(), dir.join(ipc)))
}

/// The first node of `tree` (depth first, floating ones too) that `pred` takes.
fn find_node<'t>(tree: &'t Value, pred: &dyn Fn(&Value) -> bool) -> Option<&'t Value> {
    if pred(tree) {
        return Some(tree);
    }
    ["nodes", "floating_nodes"]
        .iter()
        .filter_map(|k| tree[*k].as_array())
        .flatten()
        .find_map(|n| find_node(n, pred))
}
