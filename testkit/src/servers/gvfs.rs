//! GVfs's daemons for a test: a private session bus, `gvfsd` on it (which starts
//! `gvfsd-fuse` and, on demand, the backends), with a runtime folder, home and caches in the
//! test's folder. The test's own GIO calls must run in a process with [`GvfsSession::env`].

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::session_bus::SessionBus;
use crate::{PATIENCE, wait_for};

use super::stop;

pub struct GvfsSession {
    /// `XDG_RUNTIME_DIR` of the session.
    pub runtime: PathBuf,
    /// GVfs's FUSE folder (`$XDG_RUNTIME_DIR/gvfs`).
    pub fuse_root: PathBuf,
    env: Vec<(&'static str, OsString)>,
    gvfsd: Child,
    /// Kept until the daemons are stopped.
    _bus: SessionBus,
}

impl GvfsSession {
    /// The bus and gvfsd, once gvfsd-fuse has mounted its folder. `path_first` goes in
    /// front of the daemons' `PATH` (programs the backends run).
    pub fn start(dir: &Path, path_first: &[&Path]) -> GvfsSession {
        let runtime = dir.join("runtime");
        let home = dir.join("home");
        for d in [&runtime, &home, &dir.join("bus")] {
            std::fs::create_dir_all(d).expect("session folders");
        }
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700))
            .expect("a private runtime folder");
        // Samba's client library (in GVfs's SMB backend) reads ~/.smb/smb.conf: its caches
        // go in the test's folder too.
        let samba = home.join("samba");
        std::fs::create_dir_all(home.join(".smb")).expect("~/.smb");
        std::fs::write(
            home.join(".smb/smb.conf"),
            format!(
                "[global]\ncache directory = {s}\nlock directory = {s}\nstate directory = {s}\nprivate dir = {s}\n",
                s = samba.display()
            ),
        )
        .expect("~/.smb/smb.conf");
        let bus = SessionBus::start(&dir.join("bus"));
        let mut path: Vec<PathBuf> = path_first.iter().map(|p| p.to_path_buf()).collect();
        path.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let env = session_env(&bus.address, &runtime, &home);
        let gvfsd = Command::new("/usr/libexec/gvfsd")
            .envs(env.clone())
            .env("PATH", std::env::join_paths(path).expect("a PATH"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gvfsd");
        let session = GvfsSession {
            fuse_root: runtime.join("gvfs"),
            runtime,
            env,
            gvfsd,
            _bus: bus,
        };
        wait_for("gvfsd-fuse's folder", PATIENCE, || {
            session.fuse_mounted().then_some(())
        });
        session
    }

    /// What a process needs to use this session's GVfs: its bus, runtime folder, and a
    /// home and caches in the test's folder.
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        self.env.clone()
    }

    /// The process number of `gvfsd`, whose children are GVfs's backends.
    pub fn daemon_pid(&self) -> u32 {
        self.gvfsd.id()
    }

    /// gvfsd-fuse's folder is mounted.
    pub fn fuse_mounted(&self) -> bool {
        let table = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
        let point = self.fuse_root.to_string_lossy().into_owned();
        table.lines().any(|l| {
            let mut f = l.split(' ');
            f.nth(4) == Some(point.as_str()) && l.contains(" - fuse.gvfsd-fuse ")
        })
    }
}

fn session_env(bus: &str, runtime: &Path, home: &Path) -> Vec<(&'static str, OsString)> {
    let home_sub = |sub: &str| home.join(sub).into_os_string();
    vec![
        ("DBUS_SESSION_BUS_ADDRESS", bus.into()),
        ("XDG_RUNTIME_DIR", runtime.as_os_str().to_owned()),
        ("HOME", home.as_os_str().to_owned()),
        ("XDG_DATA_HOME", home_sub("data")),
        ("XDG_CONFIG_HOME", home_sub("config")),
        ("XDG_CACHE_HOME", home_sub("cache")),
        // Volume monitors of other packages are not on this bus.
        ("GIO_USE_VOLUME_MONITOR", "unix".into()),
    ]
}

impl Drop for GvfsSession {
    fn drop(&mut self) {
        // The FUSE folder first (nothing may hang on it), then the daemons; the backends
        // end with the bus.
        if self.fuse_mounted() {
            let _ = rustix::mount::unmount(&self.fuse_root, rustix::mount::UnmountFlags::DETACH);
        }
        stop(&mut self.gvfsd);
    }
}
