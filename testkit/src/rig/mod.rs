//! The project's own slow destinations for tests, served from inside the test process: a
//! throttled network share (`Share`, FUSE with writeback cache) and a slow USB stick
//! (`Stick`, ext4 on a loop device over a throttled FUSE file). Needs root and /dev/fuse;
//! check with [`available`]. Each is taken down when dropped, also when a test panics.
//!
//! ```ignore
//! mod rig;
//! mod support;
//!
//! #[test]
//! fn copy_to_a_slow_share() {
//!     if let Err(why) = rig::available() {
//!         return support::skip(&why);
//!     }
//!     let share = rig::Share::new(5_000_000); // 5 MB/s, writeback cache on
//!     // ... copy into share.path(), watch share.received(), share.fail_writes(true) ...
//!     let stick = rig::Stick::new(rig::StickOptions::default()); // 4 MB/s, removable
//!     // ... copy into stick.path(); stick.received(); stick.unplug() ...
//! }
//! ```
//!
//! Things to know when testing with it:
//! - On the share, `close()` and `fsync()` wait for the data to reach the server; `syncfs()`
//!   does not (kernel 6.18 does not wait for FUSE writeback there), as on real FUSE shares.
//! - Spawning a process while a file on the share is open with dirty pages stalls until
//!   they are flushed (close-on-exec runs FUSE flush), as on NFS or sshfs.
//! - `devices::is_removable` caches per device number for the life of the process, and
//!   loop devices are reused: in one test binary, a stick with and one without the fake
//!   removable flag may get the same `loopN` one after the other and see a stale answer.
//! - If the test process dies with a rig up, a watchdog process cuts its FUSE connections
//!   (so the process cannot hang in its own exit) and the next rig built removes the dead
//!   mounts, loop device and temp dir.
#![allow(dead_code)]

mod attrs;
mod fusemount;
mod nodes;
mod passfs;
mod share;
mod stick;
mod sweep;
mod throttle;
mod watchdog;

// Not every test file uses every item.
#[allow(unused_imports)]
pub use share::{SHARE_SOURCE, Share};
#[allow(unused_imports)]
pub use stick::{STICK_BACKING_SOURCE, Stick, StickOptions};

use std::path::{Path, PathBuf};
use std::process::Command;

/// Can this machine host the rig? Err says what is missing.
pub fn available() -> Result<(), String> {
    if !rustix::process::geteuid().is_root() {
        return Err("the rig needs root".into());
    }
    if !Path::new("/dev/fuse").exists() {
        return Err("no /dev/fuse".into());
    }
    for (tool, package) in [
        ("losetup", "util-linux"),
        ("mkfs.ext4", "e2fsprogs"),
        ("mount", "mount"),
        ("umount", "mount"),
    ] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            return Err(format!("{tool} missing (apt-get install {package})"));
        }
    }
    Ok(())
}

/// After sweeping away dead rigs, a new temp folder `porpoise-<what>.` holding new empty folders `names`.
fn fresh_dir<const N: usize>(what: &str, names: [&str; N]) -> (tempfile::TempDir, [PathBuf; N]) {
    sweep::dead_rigs();
    let dir = tempfile::Builder::new()
        .prefix(&format!("porpoise-{what}."))
        .tempdir()
        .unwrap_or_else(|e| panic!("rig: temp dir for a {what}: {e:?}"));
    let paths = names.map(|n| dir.path().join(n));
    for d in &paths {
        std::fs::create_dir(d).unwrap_or_else(|e| panic!("rig: {what} folders: {e:?}"));
    }
    (dir, paths)
}
