//! The project's own slow destinations for tests, served from inside the test process: a
//! throttled network share (`Share`, FUSE with writeback cache) and a slow USB stick
//! (`Stick`, ext4 on a loop device over a throttled FUSE file). Needs root and /dev/fuse;
//! check with [`available`]. Each is taken down when dropped, also when a test panics.
#![allow(dead_code)]

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

use std::path::Path;
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
