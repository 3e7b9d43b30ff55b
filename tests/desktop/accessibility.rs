//! The desktop's accessibility for a test: a private session bus (the real
//! `dbus-daemon`), `at-spi-bus-launcher` on it with the accessibility bus and registry it
//! starts (`at-spi2-core`), switched on as a desktop does when a screen reader starts; and
//! a client reading the bus as Orca does (`atspi_client.py`, pyatspi).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use porpoise_testkit::session_bus::SessionBus;

use super::{PATIENCE, have, wait_for};

/// The Python that has pyatspi (Debian's `python3-pyatspi`).
const PYTHON: &str = "/usr/bin/python3";

/// The name the application has on the bus: its binary's.
const APP: &str = "porpoise-window";
const LAUNCHER: &str = "/usr/libexec/at-spi-bus-launcher";

/// The desktop's accessibility: the launcher with the bus and registry it starts, in a
/// process group of their own that ends with the test.
pub struct Accessibility {
    bus: SessionBus,
    display: String,
    launcher: Child,
    _dir: tempfile::TempDir,
}

impl Accessibility {
    /// Whether the tools are here; where not, what is missing.
    pub fn available() -> Result<(), String> {
        let python = Command::new(PYTHON)
            .args(["-c", "import pyatspi"])
            .status()
            .is_ok_and(|s| s.success());
        if !Path::new(LAUNCHER).exists() || !python || !have("dbus-daemon") || !have("gdbus") {
            return Err(
                "at-spi-bus-launcher, pyatspi, dbus-daemon and gdbus are needed \
                        (at-spi2-core python3-pyatspi dbus-daemon libglib2.0-bin)"
                    .into(),
            );
        }
        Ok(())
    }

    /// The session bus's address, for the window's `DBUS_SESSION_BUS_ADDRESS`.
    pub fn bus_address(&self) -> &str {
        &self.bus.address
    }

    /// A session bus with the accessibility bus on it, switched on.
    pub fn start(display: &str) -> Accessibility {
        let dir = tempfile::tempdir().expect("a temp folder");
        let bus = SessionBus::start(dir.path());
        let runtime = dir.path().join("runtime");
        std::fs::create_dir(&runtime).expect("a runtime folder");
        let launcher = Command::new(LAUNCHER)
            .arg("--launch-immediately")
            .env("DBUS_SESSION_BUS_ADDRESS", &bus.address)
            .env("DISPLAY", display)
            .env("XDG_RUNTIME_DIR", &runtime)
            // The switch lives in GSettings: in memory here, as no dconf runs.
            .env("GSETTINGS_BACKEND", "memory")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start at-spi-bus-launcher");
        let a11y = Accessibility {
            bus,
            display: display.to_owned(),
            launcher,
            _dir: dir,
        };
        // Switched on as a desktop does when a screen reader starts.
        wait_for("the accessibility bus switched on", PATIENCE, || {
            let set = a11y
                .gdbus()
                .args(["--method", "org.freedesktop.DBus.Properties.Set"])
                .args(["org.a11y.Status", "IsEnabled", "<true>"])
                .output()
                .ok()?;
            set.status.success().then_some(())
        });
        a11y
    }

    fn gdbus(&self) -> Command {
        let mut c = Command::new("gdbus");
        c.args(["call", "--address", &self.bus.address])
            .args(["--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus"])
            .stdin(Stdio::null());
        c
    }

    /// Run the client with `args`: its exit status and what it printed.
    pub fn client(&self, args: &[&str]) -> (i32, String) {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/desktop/atspi_client.py");
        let out = Command::new(PYTHON)
            .arg(script)
            .arg(APP)
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus.address)
            .env("DISPLAY", &self.display)
            .stdin(Stdio::null())
            .output()
            .expect("run the AT-SPI client");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.code().unwrap_or(-1), text)
    }

    /// The application's nodes as (role, name, states).
    pub fn tree(&self) -> Vec<(String, String, String)> {
        let (code, text) = self.client(&["tree"]);
        if code != 0 {
            return Vec::new();
        }
        text.lines()
            .filter_map(|l| {
                let mut f = l.split('\t').skip(1);
                Some((
                    f.next()?.into(),
                    f.next()?.into(),
                    f.next().unwrap_or("").into(),
                ))
            })
            .collect()
    }

    /// Wait until the tree holds a node of `role` named `name`; its states.
    pub fn wait_node(&self, role: &str, name: &str) -> String {
        wait_for(
            &format!("a {role} named {name:?} on the bus"),
            PATIENCE,
            || {
                self.tree()
                    .into_iter()
                    .find(|(r, n, _)| r == role && n == name)
                    .map(|(_, _, s)| s)
            },
        )
    }

    /// Wait until the focused node is the `role` named `name`.
    pub fn wait_focused(&self, role: &str, name: &str) {
        let want = format!("{role}\t{name}");
        wait_for(&format!("{want:?} focused"), PATIENCE, || {
            let (_, text) = self.client(&["focused"]);
            text.lines().any(|l| l == want).then_some(())
        });
    }

    /// The default action of the `role` named `name`.
    pub fn act(&self, role: &str, name: &str) {
        let (code, _) = self.client(&["do", role, name]);
        assert_eq!(code, 0, "no {role} named {name:?} to act on");
    }

    /// The values of every progress bar.
    pub fn progress(&self) -> Vec<f64> {
        let (_, text) = self.client(&["tree"]);
        let bars: Vec<String> = text
            .lines()
            .filter_map(|l| {
                let mut f = l.split('\t').skip(1);
                (f.next()? == "progress bar").then(|| f.next().map(str::to_owned))?
            })
            .collect();
        bars.iter()
            .filter_map(|name| {
                let (code, v) = self.client(&["value", "progress bar", name]);
                (code == 0).then(|| v.trim().parse().ok())?
            })
            .collect()
    }
}

impl Drop for Accessibility {
    fn drop(&mut self) {
        // The launcher, the accessibility bus and the registry: one process group.
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.launcher.id())])
            .status();
        let _ = self.launcher.wait();
    }
}
