//! Real file servers for the tests of remote places, on loopback only and with every file
//! under the test's folder: Samba's `smbd` ([`Samba`]: a guest share and a share with a
//! login), OpenSSH's `sshd` for SFTP ([`Sshd`]: a key login), and GVfs's daemons on a
//! private session bus ([`GvfsSession`]), which mount them as the desktop does; and
//! NFS-Ganesha ([`Nfs`]) where it is installed.

mod gvfs;
mod nfs;
mod samba;
mod sshd;

pub use gvfs::GvfsSession;
pub use nfs::Nfs;
pub use samba::{SMB_PASSWORD, SMB_USER, Samba};
pub use sshd::{SFTP_PASSWORD, SFTP_USER, Sshd};

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::Path;
use std::process::Child;
use std::time::Duration;

use crate::{PATIENCE, wait_for};

/// The programs the servers need, or why they cannot run here.
pub fn available() -> Result<(), String> {
    crate::root()?;
    for program in [
        "/usr/sbin/smbd",
        "/usr/bin/smbpasswd",
        "/usr/sbin/sshd",
        "/usr/bin/ssh",
        "/usr/bin/ssh-keygen",
        "/usr/bin/unshare",
        "/usr/libexec/gvfsd",
        "/usr/libexec/gvfsd-fuse",
        "/usr/libexec/gvfsd-smb",
        "/usr/libexec/gvfsd-sftp",
        "/dev/fuse",
    ] {
        if !Path::new(program).exists() {
            return Err(format!(
                "{program} is missing (packages samba, openssh-server, openssh-client, util-linux, gvfs-daemons, gvfs-fuse, gvfs-backends; and FUSE)"
            ));
        }
    }
    if !crate::have("dbus-daemon") {
        return Err("dbus-daemon is missing (package dbus-daemon)".into());
    }
    Ok(())
}

/// A TCP port on 127.0.0.1 that nothing listens on, from `first` up.
pub fn free_port(first: u16) -> u16 {
    (first..first.saturating_add(200))
        .find(|&p| TcpListener::bind((Ipv4Addr::LOCALHOST, p)).is_ok())
        .unwrap_or_else(|| panic!("no free port from {first}"))
}

/// Wait until something takes connections on 127.0.0.1:`port`.
fn wait_listening(what: &str, port: u16) {
    wait_for(what, PATIENCE, || {
        TcpStream::connect_timeout(&(Ipv4Addr::LOCALHOST, port).into(), Duration::from_secs(1)).ok()
    });
}

/// Ask `child` to stop (SIGTERM, so it stops its own children), wait a while, then kill it.
fn stop(child: &mut Child) {
    if let Ok(pid) = i32::try_from(child.id())
        && let Some(pid) = rustix::process::Pid::from_raw(pid)
    {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    }
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::park_timeout(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Send `signal` to the process group `group` (a server and the processes it started for
/// each connection): `SIGSTOP` makes a server that stops answering, `SIGCONT` brings it back.
pub fn signal_group(group: u32, signal: rustix::process::Signal) {
    if let Some(group) = i32::try_from(group)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(group, signal);
    }
}
