//! Unmounting through the real UDisks2 service: as root, a system bus (`dbus-daemon`),
//! `systemd-udevd` and `udisksd` are started by hand (none run on a bare CI machine), a
//! small ext4 is loop-mounted, and the engine's `devices::udisks::unmount` unmounts it.
//! Also: with no system bus, and with a bus that has no UDisks2 on it, the error is the
//! clear "not running" one. Every daemon this test started is stopped by pid, and the
//! files they leave are removed, also when the test panics. Skips with a message when not
//! root or when udisksd is not installed (fails instead in CI):
//! `cargo test --test udisks` (apt-get install udisks2 udev dbus-daemon).

use porpoise_testkit as kit;

use std::collections::HashSet;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use porpoise_engine::devices::udisks::{self, Bus, UdisksError};
use porpoise_testkit::LoopMount;

const UDISKSD: &str = "/usr/libexec/udisks2/udisksd";
const UDEVD: &[&str] = &[
    "/usr/lib/systemd/systemd-udevd",
    "/lib/systemd/systemd-udevd",
];
const BUS_SOCKET: &str = "/run/dbus/system_bus_socket";
const UDEV_RUN: &str = "/run/udev";
/// Longest wait for a daemon to come up or for UDisks2 to see a mount.
const PATIENCE: Duration = Duration::from_secs(90);

fn pids_named(comm: &str) -> HashSet<i32> {
    let mut out = HashSet::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in dir.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        if std::fs::read_to_string(e.path().join("comm")).is_ok_and(|c| c.trim() == comm) {
            out.insert(pid);
        }
    }
    out
}

/// Daemons the system bus starts on demand.
fn activated() -> HashSet<i32> {
    let mut all = pids_named("polkitd");
    all.extend(pids_named("udisksd"));
    all
}

/// Does UDisks2 own its name on the system bus?
fn udisks_on_bus() -> bool {
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

fn bus_alive(socket: &Path) -> bool {
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
struct Daemons {
    children: Vec<(&'static str, Child)>,
    /// polkitd and udisksd instances running before (any others the bus started on
    /// demand for us are stopped too).
    before: HashSet<i32>,
    /// Files to remove once the daemons are gone.
    leftovers: Vec<PathBuf>,
}

impl Daemons {
    fn spawn(&mut self, name: &'static str, cmd: &mut Command) {
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
    fn system() -> Daemons {
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
            kit::wait_for("the system bus", PATIENCE, || {
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
            kit::wait_for("udevd's control socket", PATIENCE, || {
                Path::new("/run/udev/control").exists().then_some(())
            });
            kit::run(Command::new("udevadm").args([
                "trigger",
                "--subsystem-match=block",
                "--action=add",
            ]));
            kit::run(Command::new("udevadm").args(["settle", "--timeout=60"]));
        }
        if pids_named("udisksd").is_empty() {
            d.spawn("udisksd", &mut Command::new(UDISKSD));
            // Asking before it owns its name would make the bus start a second one.
            kit::wait_for("udisksd on the bus", PATIENCE, || {
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

/// A bus of our own at a private address (the stock session configuration: UDisks2 is
/// no service it could start on demand).
fn empty_bus(dir: &Path) -> (Daemons, String) {
    let socket = dir.join("bus");
    let address = format!("unix:path={}", socket.display());
    let mut d = Daemons::default();
    d.spawn(
        "dbus-daemon (empty)",
        Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--nopidfile"])
            .arg(format!("--address={address}")),
    );
    kit::wait_for("the empty bus", PATIENCE, || {
        bus_alive(&socket).then_some(())
    });
    (d, address)
}

fn assert_not_running(r: Result<(), UdisksError>) {
    match r {
        Err(e @ UdisksError::NotRunning(_)) => {
            assert_eq!(e.to_string(), "the UDisks2 service is not running");
        }
        other => panic!("expected 'not running', got {other:?}"),
    }
}

#[test]
fn udisks_unmounts_a_loop_mounted_ext4_and_says_when_it_is_not_running() {
    if let Err(why) = LoopMount::can_ext4() {
        return kit::skip(&why);
    }
    if !Path::new(UDISKSD).exists() || !kit::have("dbus-daemon") || !kit::have("udevadm") {
        return kit::skip(
            "udisksd, dbus-daemon or udevadm missing (apt-get install udisks2 udev dbus-daemon)",
        );
    }
    let disk = LoopMount::ext4(32 << 20);
    assert!(kit::mounts::is_mounted(&disk.mnt));

    // No system bus at all.
    let nowhere = tempfile::tempdir().expect("tempdir");
    let address = format!("unix:path={}", nowhere.path().join("none").display());
    assert_not_running(Bus::At(address.clone()).unmount(&disk.mnt));
    // A bus with no UDisks2 on it.
    {
        let (_bus, address) = empty_bus(nowhere.path());
        assert_not_running(Bus::At(address.clone()).unmount(&disk.mnt));
        assert_not_running(Bus::At(address.clone()).eject(&disk.mnt));
    }
    assert!(kit::mounts::is_mounted(&disk.mnt), "nothing was unmounted");

    // The real service.
    let _daemons = Daemons::system();
    let device = kit::wait_for(
        "UDisks2 to list the loop mount",
        PATIENCE,
        || match Bus::System.device_of(&disk.mnt) {
            Ok(d) => Some(d),
            Err(UdisksError::NoDevice { .. } | UdisksError::NotRunning(_)) => None,
            Err(e) => panic!("asking UDisks2: {e}"),
        },
    );
    assert!(
        device
            .filesystem
            .starts_with("/org/freedesktop/UDisks2/block_devices/loop")
    );
    assert_eq!(device.drive, None, "a loop device has no drive");
    // A path that is no mount point is not guessed at.
    let elsewhere = disk.mnt.join("lost+found");
    assert!(matches!(
        udisks::unmount(&elsewhere),
        Err(UdisksError::NoDevice { .. })
    ));
    assert!(kit::mounts::is_mounted(&disk.mnt));

    udisks::unmount(&disk.mnt).unwrap_or_else(|e| panic!("unmount: {e}"));
    kit::wait_for("the mount to go", PATIENCE, || {
        (!kit::mounts::is_mounted(&disk.mnt)).then_some(())
    });
}
