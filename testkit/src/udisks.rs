//! UDisks2 as the tests run it for real: as root, a system bus (`dbus-daemon`),
//! `systemd-udevd` and `udisksd` started by hand (none run on a bare CI machine), each only
//! when not running already, and stopped by pid (with the files they leave) when dropped,
//! also when a test panics.

use std::collections::HashSet;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::{have, run, wait_for};

pub const UDISKSD: &str = "/usr/libexec/udisks2/udisksd";
const UDEVD: &[&str] = &[
    "/usr/lib/systemd/systemd-udevd",
    "/lib/systemd/systemd-udevd",
];
pub const BUS_SOCKET: &str = "/run/dbus/system_bus_socket";
const UDEV_RUN: &str = "/run/udev";
/// Longest wait for a daemon to come up or for UDisks2 to see a mount.
const PATIENCE: Duration = Duration::from_secs(90);

fn pids_named(comm: &str) -> HashSet<i32> {
    crate::procs::named(comm, None)
        .into_iter()
        .filter_map(|pid| i32::try_from(pid).ok())
        .collect()
}

/// Daemons the system bus starts on demand.
fn activated() -> HashSet<i32> {
    let mut all = pids_named("polkitd");
    all.extend(pids_named("udisksd"));
    all
}

/// Does UDisks2 own its name on the system bus?
pub fn udisks_on_bus() -> bool {
    let Ok(bus) = zbus::blocking::Connection::system() else {
        return false;
    };
    bus.call_method(
        Some("org.freedesktop.DBus"),
        "/org/freedesktop/DBus",
        Some("org.freedesktop.DBus"),
        "NameHasOwner",
        &("org.freedesktop.UDisks2",),
    )
    .and_then(|reply| reply.body().deserialize::<bool>())
    .unwrap_or(false)
}

pub fn bus_alive(socket: &Path) -> bool {
    UnixStream::connect(socket).is_ok()
}

/// Stop a child by pid (SIGTERM, then SIGKILL after a while) and reap it.
fn stop(name: &str, child: &mut Child) {
    let pid = rustix::process::Pid::from_child(child);
    let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!("{name} did not stop on SIGTERM; killing it");
    let _ = child.kill();
    let _ = child.wait();
}

/// The daemons this test started, stopped in reverse order when dropped.
#[derive(Default)]
pub struct Daemons {
    children: Vec<(&'static str, Child)>,
    /// polkitd and udisksd instances running before (any others the bus started on
    /// demand for us are stopped too).
    before: HashSet<i32>,
    /// Files to remove once the daemons are gone.
    leftovers: Vec<PathBuf>,
}

impl Daemons {
    pub fn spawn(&mut self, name: &'static str, cmd: &mut Command) {
        let child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {name}: {e}"));
        self.children.push((name, child));
    }

    /// The system bus, udevd (with the block devices announced) and udisksd, each only
    /// if it is not running already.
    pub fn system() -> Daemons {
        let mut d = Daemons::default();
        d.before = activated();
        if !bus_alive(Path::new(BUS_SOCKET)) {
            // A socket left by a dead bus would stop the new one.
            let _ = std::fs::remove_file(BUS_SOCKET);
            std::fs::create_dir_all("/run/dbus").expect("mkdir /run/dbus");
            d.leftovers.push(BUS_SOCKET.into());
            d.spawn(
                "dbus-daemon",
                Command::new("dbus-daemon").args(["--system", "--nofork", "--nopidfile"]),
            );
            wait_for("the system bus", PATIENCE, || {
                bus_alive(Path::new(BUS_SOCKET)).then_some(())
            });
        }
        if pids_named("systemd-udevd").is_empty() {
            if !Path::new(UDEV_RUN).exists() {
                d.leftovers.push(UDEV_RUN.into());
            }
            let udevd = UDEVD
                .iter()
                .find(|p| Path::new(p).exists())
                .expect("systemd-udevd is installed");
            d.spawn("systemd-udevd", &mut Command::new(udevd));
            wait_for("udevd's control socket", PATIENCE, || {
                Path::new("/run/udev/control").exists().then_some(())
            });
            run(Command::new("udevadm").args([
                "trigger",
                "--subsystem-match=block",
                "--action=add",
            ]));
            run(Command::new("udevadm").args(["settle", "--timeout=60"]));
        }
        if pids_named("udisksd").is_empty() {
            d.spawn("udisksd", &mut Command::new(UDISKSD));
            // Asking before it owns its name would make the bus start a second one.
            wait_for("udisksd on the bus", PATIENCE, || {
                udisks_on_bus().then_some(())
            });
        }
        d
    }
}

impl Drop for Daemons {
    fn drop(&mut self) {
        while let Some((name, mut child)) = self.children.pop() {
            stop(name, &mut child);
        }
        for pid in activated().difference(&self.before) {
            if let Some(pid) = rustix::process::Pid::from_raw(*pid) {
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
            }
        }
        for p in &self.leftovers {
            let _ = if p.is_dir() {
                std::fs::remove_dir_all(p)
            } else {
                std::fs::remove_file(p)
            };
        }
    }
}

/// What it takes to run UDisks2 here, or why not.
pub fn available() -> Result<(), String> {
    crate::mounts::LoopMount::can_ext4()?;
    if !Path::new(UDISKSD).exists() || !have("dbus-daemon") || !have("udevadm") {
        return Err(
            "udisksd, dbus-daemon or udevadm missing (apt-get install udisks2 udev dbus-daemon)"
                .into(),
        );
    }
    Ok(())
}
