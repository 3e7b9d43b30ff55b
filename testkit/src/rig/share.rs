//! `Share`: a slow network share — a throttled passthrough FUSE mount of a temporary
//! folder with the kernel's writeback cache on, so writes return before the data reaches
//! the "server" and the kernel flushes it later (on close, fsync or in the background).

use std::path::{Path, PathBuf};

use super::fusemount::FuseMount;

/// The source name mountinfo shows for a share (its type is `fuse`).
pub const SHARE_SOURCE: &str = "porpoise-rig";

pub struct Share {
    fuse: FuseMount,
    store: PathBuf,
    _dir: tempfile::TempDir,
}

impl Share {
    /// A share accepting `rate` bytes/s (0 = unlimited). Panics with the reason when it
    /// cannot be mounted (see [`super::available`]).
    pub fn new(rate: u64) -> Share {
        let (dir, [store, mnt]) = super::fresh_dir("share", ["store", "mnt"]);
        let fuse = FuseMount::mount(&store, &mnt, SHARE_SOURCE, rate, true)
            .unwrap_or_else(|e| panic!("rig: mounting the share on {}: {e}", mnt.display()));
        fuse.relax_dirty_limits();
        Share {
            fuse,
            store,
            _dir: dir,
        }
    }

    /// Where the share is mounted.
    pub fn path(&self) -> &Path {
        &self.fuse.mnt
    }

    /// The backing folder: what the "server" has stored (read it, don't write through it).
    pub fn store(&self) -> &Path {
        &self.store
    }

    /// Bytes the server's `write()` has really received so far.
    pub fn received(&self) -> u64 {
        self.fuse.throttle.received()
    }

    /// The live counter behind [`Share::received`], for a thread that watches it.
    pub fn received_counter(&self) -> std::sync::Arc<std::sync::atomic::AtomicU64> {
        self.fuse.throttle.received_counter()
    }

    /// Change the bandwidth from now on (bytes/s, 0 = unlimited).
    pub fn set_rate(&self, bytes_per_sec: u64) {
        self.fuse.throttle.set_rate(bytes_per_sec);
    }

    /// From now on every write and fsync reaching the server fails with EIO (or works
    /// again with `false`). Writes already waiting for bandwidth fail too.
    pub fn fail_writes(&self, fail: bool) {
        self.fuse.throttle.set_failing(fail);
    }

    /// The server stops answering (a hung NFS or sshfs server): every request waits until
    /// `false` is set again. Dropping the share ends the silence first.
    pub fn set_silent(&self, silent: bool) {
        self.fuse.throttle.set_silent(silent);
    }

    /// How many requests the silent server holds unanswered right now.
    pub fn held_requests(&self) -> u64 {
        self.fuse.throttle.held()
    }

    /// The server dies: the connection is cut and every access to the share fails with
    /// ENOTCONN (the mount stays until the share is dropped, as a dead sshfs stays).
    pub fn disconnect(&self) {
        self.fuse.disconnect();
    }

    /// The mount's device number (0:N).
    pub fn dev(&self) -> (u32, u32) {
        self.fuse.dev
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        // Unmount before the temp dir goes; FuseMount's own Drop would also do it.
        self.fuse.teardown();
    }
}
