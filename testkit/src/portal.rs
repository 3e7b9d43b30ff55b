//! The real XDG desktop portal as GNOME runs it, on a private session bus: `dbus-daemon`,
//! `dconf-service` (GSettings' store), `xdg-desktop-portal-gtk` (which serves
//! `org.freedesktop.appearance` from `org.gnome.desktop.interface color-scheme`; a GTK
//! program, so it needs an X display) and `xdg-desktop-portal`, each started by hand and
//! stopped by pid when dropped. `gsettings set` changes what the portal tells.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::session_bus::SessionBus;
use crate::{Reaper, have, wait_for};

const DCONF: &str = "/usr/libexec/dconf-service";
const PORTAL: &str = "/usr/libexec/xdg-desktop-portal";
const PORTAL_GTK: &str = "/usr/libexec/xdg-desktop-portal-gtk";
/// Longest wait for a daemon to take its name.
const PATIENCE: Duration = Duration::from_secs(60);

/// Why the portal cannot run here, if it cannot (a missing program or package).
pub fn missing() -> Option<String> {
    let tools = ["dbus-daemon", "gsettings", "gdbus"];
    if let Some(t) = tools.iter().find(|t| !have(t)) {
        return Some(format!(
            "{t} is needed (dbus-daemon libglib2.0-bin gsettings-desktop-schemas)"
        ));
    }
    [DCONF, PORTAL, PORTAL_GTK]
        .iter()
        .find(|p| !Path::new(p).exists())
        .map(|p| format!("{p} is needed (xdg-desktop-portal xdg-desktop-portal-gtk dconf-service)"))
}

/// A running portal and its bus; everything stops when dropped (the daemons first).
pub struct DesktopPortal {
    /// The private session bus's address.
    pub address: String,
    dir: tempfile::TempDir,
    display: String,
    daemons: Vec<Reaper>,
    /// Dropped after the daemons on it.
    _bus: SessionBus,
}

impl DesktopPortal {
    /// Start the bus and the daemons, the GTK one on X `display`; the GNOME colour scheme
    /// starts at its default ("default": no preference).
    pub fn start(display: &str) -> DesktopPortal {
        let dir = tempfile::tempdir().expect("a temp folder");
        let run = dir.path().join("run");
        std::fs::create_dir_all(&run).expect("mkdir run");
        std::fs::set_permissions(&run, std::os::unix::fs::PermissionsExt::from_mode(0o700))
            .expect("chmod run");
        let bus = SessionBus::start(dir.path());
        let mut portal = DesktopPortal {
            address: bus.address.clone(),
            dir,
            display: display.to_owned(),
            daemons: Vec::new(),
            _bus: bus,
        };
        portal.spawn(&mut Command::new(DCONF));
        portal.wait_name("ca.desrt.dconf");
        portal.spawn(&mut Command::new(PORTAL_GTK));
        portal.wait_name("org.freedesktop.impl.portal.desktop.gtk");
        portal.spawn(&mut Command::new(PORTAL));
        portal.wait_name("org.freedesktop.portal.Desktop");
        portal
    }

    /// The environment the daemons and `gsettings` run in: a home of their own.
    fn env(&self, cmd: &mut Command) {
        let home = self.home();
        cmd.env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_RUNTIME_DIR", self.dir.path().join("run"))
            .env("XDG_CURRENT_DESKTOP", "GNOME")
            .env("DISPLAY", &self.display)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address)
            .env("GSETTINGS_BACKEND", "dconf")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null());
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn spawn(&mut self, cmd: &mut Command) {
        self.env(cmd);
        let child = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {cmd:?}: {e}"));
        self.daemons.push(Reaper(child));
    }

    /// Wait until `name` has an owner on the bus.
    fn wait_name(&self, name: &str) {
        wait_for(name, PATIENCE, || {
            let mut c = Command::new("gdbus");
            self.env(&mut c);
            let out = c
                .args(["call", "--session", "--dest", "org.freedesktop.DBus"])
                .args(["--object-path", "/org/freedesktop/DBus"])
                .args(["--method", "org.freedesktop.DBus.NameHasOwner", name])
                .output()
                .ok()?;
            String::from_utf8_lossy(&out.stdout)
                .contains("true")
                .then_some(())
        });
    }

    /// `gsettings set org.gnome.desktop.interface color-scheme SCHEME` ("prefer-dark",
    /// "prefer-light", "default"), as GNOME's Settings does.
    pub fn set_color_scheme(&self, scheme: &str) {
        let mut c = Command::new("gsettings");
        self.env(&mut c);
        let out = c
            .args(["set", "org.gnome.desktop.interface", "color-scheme", scheme])
            .output()
            .expect("run gsettings");
        crate::succeeded(&out, "gsettings set");
    }
}

impl Drop for DesktopPortal {
    fn drop(&mut self) {
        // The daemons before the bus they are on.
        while let Some(d) = self.daemons.pop() {
            drop(d);
        }
    }
}

/// A bare X server (Xvfb) for the portal's GTK daemon, on a display number of its own
/// (from 400 up: the window tests' harness takes those below); stopped when dropped.
pub struct Xvfb {
    pub display: String,
    _server: Reaper,
}

impl Xvfb {
    /// `None` when Xvfb is not installed.
    pub fn start() -> Option<Xvfb> {
        if !have("Xvfb") {
            return None;
        }
        let free = |n: &u32| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        };
        let number = (400..600).find(free)?;
        let server = Command::new("Xvfb")
            .args([&format!(":{number}"), "-screen", "0", "640x480x24"])
            .args(["-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let socket = format!("/tmp/.X11-unix/X{number}");
        wait_for("the X server", PATIENCE, || {
            std::os::unix::net::UnixStream::connect(&socket).ok()
        });
        Some(Xvfb {
            display: format!(":{number}"),
            _server: Reaper(server),
        })
    }
}
