//! A private D-Bus session bus for a test: the real `dbus-daemon` on a socket in a folder
//! of the test's, any name ownable on it; stopped when dropped.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{PATIENCE, Reaper, wait_for};

pub struct SessionBus {
    /// Its address, for `DBUS_SESSION_BUS_ADDRESS`.
    pub address: String,
    pub socket: PathBuf,
    _daemon: Reaper,
}

impl SessionBus {
    /// A bus listening on `dir/bus` (its configuration beside it), once it takes
    /// connections.
    pub fn start(dir: &Path) -> SessionBus {
        let socket = dir.join("bus");
        let config = dir.join("session.conf");
        std::fs::write(
            &config,
            format!(
                "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN\" \
                 \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n\
                 <busconfig><type>session</type><listen>unix:path={}</listen>\
                 <auth>EXTERNAL</auth><policy context=\"default\">\
                 <allow send_destination=\"*\" eavesdrop=\"true\"/><allow eavesdrop=\"true\"/>\
                 <allow own=\"*\"/></policy></busconfig>\n",
                socket.display()
            ),
        )
        .expect("write the bus config");
        let daemon = Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--nopidfile"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("start dbus-daemon");
        let bus = SessionBus {
            address: format!("unix:path={}", socket.display()),
            socket,
            _daemon: Reaper(daemon),
        };
        wait_for("the private session bus", PATIENCE, || {
            crate::udisks::bus_alive(&bus.socket).then_some(())
        });
        bus
    }
}
