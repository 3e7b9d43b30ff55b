//! How the window is started: the real `porpoise` command (or `porpoise-window` itself)
//! with the arguments a desktop would pass, inside a home folder of its own, optionally as
//! an unprivileged user whose writes cannot leave that home.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// What the shell does before it becomes the unprivileged window, in a mount namespace
/// of its own: the places outside its home that anybody may write to (/tmp, /var/tmp,
/// /dev/shm, /run/lock) become read-only, and its home (which may lie below one of them)
/// is bound writable on top. Its arguments: `mount`, `setpriv`, the home, then the
/// program and its arguments (the tools by full path: the window may be given a `PATH`
/// that finds nothing).
const CONTAIN: &str = r#"mount=$1 setpriv=$2 home=$3; shift 3
for d in /tmp /var/tmp /dev/shm /run/lock; do
  [ -d "$d" ] || continue
  "$mount" --bind "$d" "$d" && "$mount" -o remount,bind,ro "$d" || exit 1
done
"$mount" --bind "$home" "$home" && "$mount" -o remount,bind,rw "$home" || exit 1
exec "$setpriv" --reuid 65534 --regid 65534 --clear-groups -- "$@""#;

/// The full path of `name` on the test's own `PATH` (it must be installed).
fn tool(name: &str) -> PathBuf {
    porpoise_testkit::which(name).unwrap_or_else(|| panic!("{name} is not installed"))
}

pub struct Launch {
    home: PathBuf,
    args: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    window_binary: bool,
    unprivileged: bool,
    /// A Wayland session instead of X: its runtime folder and socket name.
    wayland: Option<(PathBuf, String)>,
}

impl Launch {
    /// The window with `home` as its home folder (settings, trash and data under it).
    pub fn new(home: &Path) -> Launch {
        Launch {
            home: home.to_owned(),
            args: Vec::new(),
            env: Vec::new(),
            window_binary: false,
            unprivileged: false,
            wayland: None,
        }
    }

    /// One more argument, as a desktop's `Exec=porpoise %U` passes it.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Launch {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Launch {
        self.env
            .push((key.as_ref().to_owned(), value.as_ref().to_owned()));
        self
    }

    /// Start `porpoise-window` itself instead of the `porpoise` command.
    pub fn window_binary(mut self) -> Launch {
        self.window_binary = true;
        self
    }

    /// Run as user 65534 with /tmp, /var/tmp, /dev/shm and /run/lock read-only: whatever
    /// the window is made to do, it can write nowhere but its home (needs root).
    pub fn unprivileged(mut self) -> Launch {
        self.unprivileged = true;
        self
    }

    /// Start it as a client of the Wayland compositor whose socket `socket` lies in
    /// `runtime`, with no X display; as user 65534 when the test runs as root (a
    /// compositor's clients run as the compositor's user), without
    /// [`Launch::unprivileged`]'s read-only mounts (the window reaches the compositor's
    /// socket and the test's shares as they are).
    pub fn spawn_wayland(mut self, runtime: &Path, socket: &str) -> (Child, PathBuf) {
        self.wayland = Some((runtime.to_owned(), socket.to_owned()));
        self.spawn("")
    }

    pub fn binary(&self) -> PathBuf {
        let window = PathBuf::from(env!("CARGO_BIN_EXE_porpoise-window"));
        if self.window_binary {
            return window;
        }
        porpoise_testkit::porpoise_command()
    }

    /// Start it on `display`; the process (the same pid as the window's, as the command
    /// becomes the window) and the file its output goes to.
    pub fn spawn(self, display: &str) -> (Child, PathBuf) {
        let log = tempfile::Builder::new()
            .prefix("porpoise-window-")
            .suffix(".log")
            .tempfile_in(env!("CARGO_TARGET_TMPDIR"))
            .expect("a log file")
            .into_temp_path()
            .keep()
            .expect("keep the log file");
        let out = std::fs::File::create(&log).expect("open the log");
        let err = out.try_clone().expect("open the log");
        let binary = self.binary();
        let root = rustix::process::geteuid().is_root();
        let mut cmd = if self.wayland.is_some() && root {
            porpoise_testkit::nobody::give(&self.home);
            let mut c = Command::new(tool("setpriv"));
            c.args([
                "--reuid",
                "65534",
                "--regid",
                "65534",
                "--clear-groups",
                "--",
            ])
            .arg(&binary);
            c
        } else if self.unprivileged {
            let st = Command::new("chown")
                .args(["-R", "65534:65534"])
                .arg(&self.home)
                .status()
                .expect("chown the home");
            assert!(st.success(), "chown the home");
            let mut c = Command::new(tool("unshare"));
            c.args(["--mount", "--propagation", "private", "--"])
                .arg(tool("sh"))
                .arg("-c")
                .arg(CONTAIN)
                .arg("sh")
                .arg(tool("mount"))
                .arg(tool("setpriv"))
                .arg(&self.home)
                .arg(&binary);
            c
        } else {
            Command::new(&binary)
        };
        match &self.wayland {
            None => cmd
                .env("DISPLAY", display)
                .env_remove("WAYLAND_DISPLAY")
                .env_remove("XDG_RUNTIME_DIR"),
            Some((runtime, socket)) => cmd
                .env_remove("DISPLAY")
                .env("WAYLAND_DISPLAY", socket)
                .env("XDG_RUNTIME_DIR", runtime),
        };
        cmd.args(&self.args)
            // No session bus unless a test gives one: windows of tests running at the
            // same time must not hand their paths to each other.
            .env_remove("DBUS_SESSION_BUS_ADDRESS")
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env("XDG_CACHE_HOME", self.home.join(".cache"))
            .env("RUST_BACKTRACE", "1")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        let child = cmd.spawn().expect("start porpoise");
        (child, log)
    }
}
