//! Samba's `smbd` as root on loopback, in the foreground, its configuration, state, locks,
//! logs, password database and shares in the test's folder: a share anyone may open as a
//! guest and one only [`SMB_USER`] may open.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{free_port, signal_group, stop, wait_listening};

/// The login of the share `secret`. Samba maps it to the system's `daemon` account (a
/// Samba user is a system user), whose password lives only in the test's database.
pub const SMB_USER: &str = "alice";
pub const SMB_PASSWORD: &str = "sekrit";
/// The system account [`SMB_USER`] stands for.
const UNIX_USER: &str = "daemon";

pub struct Samba {
    pub port: u16,
    /// The folder of the share `guest`.
    pub guest: PathBuf,
    /// The folder of the share `secret`.
    pub secret: PathBuf,
    smbd: Child,
}

impl Samba {
    /// smbd serving `guest` and `secret` from folders in `dir`, once it takes connections.
    pub fn start(dir: &Path) -> Samba {
        let dir = dir.join("samba");
        for sub in [
            "state", "cache", "private", "lock", "pid", "run", "log", "guest", "secret",
        ] {
            std::fs::create_dir_all(dir.join(sub)).expect("samba folders");
        }
        let port = free_port(4450);
        let d = dir.display();
        let config = dir.join("smb.conf");
        std::fs::write(dir.join("users.map"), format!("{UNIX_USER} = {SMB_USER}\n"))
            .expect("user map");
        std::fs::write(
            &config,
            format!(
                "[global]\n\
                 smb ports = {port}\n\
                 interfaces = lo\n\
                 bind interfaces only = yes\n\
                 server role = standalone server\n\
                 server min protocol = SMB2\n\
                 state directory = {d}/state\n\
                 cache directory = {d}/cache\n\
                 private dir = {d}/private\n\
                 lock directory = {d}/lock\n\
                 pid directory = {d}/pid\n\
                 ncalrpc dir = {d}/run\n\
                 binddns dir = {d}/state\n\
                 log file = {d}/log/smbd.log\n\
                 passdb backend = tdbsam:{d}/private/passdb.tdb\n\
                 username map = {d}/users.map\n\
                 usershare max shares = 0\n\
                 map to guest = Bad User\n\
                 guest account = nobody\n\
                 load printers = no\n\
                 printing = bsd\n\
                 printcap name = /dev/null\n\
                 disable spoolss = yes\n\
                 [guest]\n\
                 path = {d}/guest\n\
                 guest ok = yes\n\
                 read only = no\n\
                 force user = root\n\
                 [secret]\n\
                 path = {d}/secret\n\
                 valid users = {UNIX_USER}\n\
                 read only = no\n\
                 force user = root\n"
            ),
        )
        .expect("smb.conf");
        let mut add = Command::new("/usr/bin/smbpasswd")
            .args(["-c"])
            .arg(&config)
            .args(["-a", "-s", UNIX_USER])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start smbpasswd");
        if let Some(mut stdin) = add.stdin.take() {
            use std::io::Write;
            write!(stdin, "{SMB_PASSWORD}\n{SMB_PASSWORD}\n").expect("give smbpasswd the password");
        }
        assert!(
            add.wait().is_ok_and(|s| s.success()),
            "smbpasswd added the user"
        );
        // A process group of its own: smbd stopping signals its whole group.
        let smbd = Command::new("/usr/sbin/smbd")
            .process_group(0)
            .args(["--foreground", "--no-process-group", "-s"])
            .arg(&config)
            .arg(format!("--log-basename={d}/log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start smbd");
        let samba = Samba {
            port,
            guest: dir.join("guest"),
            secret: dir.join("secret"),
            smbd,
        };
        wait_listening("smbd", port);
        samba
    }

    /// The address of the share `share`, as GVfs takes it.
    pub fn uri(&self, share: &str) -> String {
        format!("smb://localhost:{}/{share}", self.port)
    }
}

impl Samba {
    /// smbd's process id, which is also its process group's (see [`signal_group`]).
    pub fn pid(&self) -> u32 {
        self.smbd.id()
    }
}

impl Drop for Samba {
    fn drop(&mut self) {
        signal_group(self.pid(), rustix::process::Signal::CONT);
        stop(&mut self.smbd);
    }
}
