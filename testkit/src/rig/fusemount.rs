//! One throttled passthrough FUSE mount served by threads of this process: mounting it
//! and taking it down without ever leaving a mount behind.

use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fuser::{BackgroundSession, Config, MountOption, SessionACL};

use super::passfs::PassFs;
use super::throttle::Throttle;
use super::watchdog::Watchdog;

/// Threads serving requests: a slow write must not hold up lookups and stats.
const SERVER_THREADS: usize = 4;

/// How long teardown waits for each step before it takes a harder one.
const PATIENCE: Duration = Duration::from_secs(10);

/// How long a lazily unmounted share may go on serving files still open before its
/// connection is cut.
const LINGER: Duration = Duration::from_secs(1);

pub struct FuseMount {
    pub mnt: PathBuf,
    pub throttle: Arc<Throttle>,
    /// The mount's device number (0:N); N also names its connection in fusectl.
    pub dev: (u32, u32),
    /// The session: its server thread, and fuser's own unmount-on-drop as a last resort.
    session: Option<BackgroundSession>,
    watchdog: Option<Watchdog>,
}

impl FuseMount {
    /// Mount a passthrough of `store` on `mnt` (both existing folders), shown with
    /// source `name` and type `fuse`, writes paced at `rate` bytes/s (0 = unlimited).
    pub fn mount(
        store: &Path,
        mnt: &Path,
        name: &str,
        rate: u64,
        writeback: bool,
    ) -> io::Result<FuseMount> {
        let throttle = Throttle::new(rate);
        let fs = PassFs::new(store, throttle.clone(), writeback)?;
        let mut config = Config::default();
        config.mount_options = vec![
            MountOption::FSName(name.to_owned()),
            MountOption::DefaultPermissions,
            MountOption::RW,
        ];
        config.acl = SessionACL::All;
        config.n_threads = Some(SERVER_THREADS);
        let session = fuser::spawn_mount(fs, mnt, &config)?;
        let mut m = FuseMount {
            mnt: mnt.to_path_buf(),
            throttle,
            dev: (0, 0),
            session: Some(session),
            watchdog: None,
        };
        // On error, m's Drop takes the mount down again.
        let md = std::fs::metadata(mnt)?;
        m.dev = (rustix::fs::major(md.dev()), rustix::fs::minor(md.dev()));
        mount_fusectl();
        m.watchdog = Some(Watchdog::start(m.dev.1));
        Ok(m)
    }

    /// Let dirty data pile up in the page cache as on NFS/SMB: FUSE mounts default to
    /// `strict_limit` and 1 % of the dirty limit, which throttles writers early.
    pub fn relax_dirty_limits(&self) {
        let bdi = format!("/sys/class/bdi/{}:{}", self.dev.0, self.dev.1);
        let _ = std::fs::write(format!("{bdi}/strict_limit"), "0");
        let _ = std::fs::write(format!("{bdi}/max_ratio"), "100");
    }

    /// Cut the connection as if the server had died: every access then fails with
    /// ENOTCONN until the mount is taken down.
    pub fn disconnect(&self) {
        abort_connection(self.dev.1);
    }

    fn server_done(&self) -> bool {
        self.session.as_ref().is_none_or(|s| s.guard.is_finished())
    }

    fn wait_server(&self, patience: Duration) -> bool {
        let until = Instant::now() + patience;
        while !self.server_done() {
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    /// Unmount (lazily if busy), end the connection if it lingers, join the server.
    /// Never panics; safe to call twice.
    pub fn teardown(&mut self) {
        if self.session.is_none() {
            return;
        }
        // Whatever is still dirty may go out at full speed now, and held requests answered.
        self.throttle.set_rate(0);
        self.throttle.set_silent(false);
        let mut patience = PATIENCE;
        if is_mounted(&self.mnt) && !unmount(&self.mnt) {
            // Busy (a file is still open): detach it now, and soon cut the connection.
            lazy_unmount(&self.mnt);
            patience = LINGER;
        }
        if !self.wait_server(patience) {
            // Still referenced (e.g. by a loop device): cut the connection.
            abort_connection(self.dev.1);
            if !self.wait_server(PATIENCE) {
                eprintln!(
                    "rig: the FUSE server for {} did not stop; leaving its thread",
                    self.mnt.display()
                );
                // Dropping the session detaches its thread.
                self.session = None;
                return;
            }
        }
        if let Some(mut w) = self.watchdog.take() {
            w.stop();
        }
        if let Some(s) = self.session.take() {
            // Unmounted already: fuser finds its connection gone and only joins.
            let BackgroundSession { guard, .. } = s;
            let _ = guard.join();
        }
    }
}

impl Drop for FuseMount {
    fn drop(&mut self) {
        self.teardown();
    }
}

/// Is something mounted exactly at `mnt`?
pub fn is_mounted(mnt: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string("/proc/self/mountinfo") else {
        return false;
    };
    let want = escape(mnt);
    text.lines()
        .any(|l| l.split(' ').nth(4).is_some_and(|p| p == want))
}

/// A path as mountinfo writes it (space, tab, newline, backslash as octal).
fn escape(p: &Path) -> String {
    let mut s = String::new();
    for c in p.to_string_lossy().chars() {
        match c {
            ' ' | '\t' | '\n' | '\\' => s.push_str(&format!("\\{:03o}", c as u32)),
            c => s.push(c),
        }
    }
    s
}

/// A plain unmount; true when nothing is mounted there afterwards. Syscalls only: a
/// spawned `umount` would first flush every dirty close-on-exec FUSE file of this process.
pub fn unmount(mnt: &Path) -> bool {
    let _ = rustix::mount::unmount(mnt, rustix::mount::UnmountFlags::empty());
    !is_mounted(mnt)
}

/// Detach the mount from the tree now; the kernel finishes when it is no longer used.
pub fn lazy_unmount(mnt: &Path) {
    let _ = rustix::mount::unmount(mnt, rustix::mount::UnmountFlags::DETACH);
}

const FUSECTL: &str = "/sys/fs/fuse/connections";

/// Mount fusectl where systemd would, if nobody did: it is how connections are aborted.
fn mount_fusectl() {
    if !is_mounted(Path::new(FUSECTL)) {
        let _ = rustix::mount::mount(
            "fusectl",
            FUSECTL,
            "fusectl",
            rustix::mount::MountFlags::empty(),
            None,
        );
    }
}

/// Abort FUSE connection `n` through fusectl: every pending and future request fails,
/// and the server's threads see the device close.
pub fn abort_connection(n: u32) {
    mount_fusectl();
    let _ = std::fs::write(format!("{FUSECTL}/{n}/abort"), "1");
}
