//! Which device a job writes to, for its place in a queue: the whole disk under the
//! destination (two partitions of one stick are one device), a network share by its
//! mount source; memory filesystems are no device and never wait.

use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::devices::Sysfs;
use crate::mounts::{self, MountClass};

/// What identifies one device among the queues.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeviceKey {
    /// A block device's whole disk, by its sysfs folder.
    Disk(PathBuf),
    /// A network share or FUSE filesystem, by its mount source (`nas:/share`).
    Share(OsString),
}

/// A device jobs write to: its key and what to call it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    pub key: DeviceKey,
    /// Where the destination's filesystem is mounted.
    pub mount_point: PathBuf,
    /// The mount point's last part (or the mount source for `/`), as Places shows a mount
    /// it knows no label of.
    pub name: String,
}

/// The device `dest` is on; `None` for memory filesystems (tmpfs and other filesystems
/// without a block device that are not network shares) and folders that cannot be
/// looked at (the job itself then says why).
pub fn of_destination(dest: &Path) -> Option<Device> {
    let mount = mounts::mount_of(dest)?;
    let key = if mount.class == MountClass::Network {
        DeviceKey::Share(mount.source.clone())
    } else if mount.major != 0 {
        let disk = Sysfs::default()
            .whole_disk(mount.major, mount.minor)
            .unwrap_or_else(|| PathBuf::from(format!("{}:{}", mount.major, mount.minor)));
        DeviceKey::Disk(disk)
    } else {
        return None;
    };
    let name = match mount.mount_point.file_name() {
        Some(n) => n.to_string_lossy().into_owned(),
        None => mounts::source_display(&mount).into_owned(),
    };
    Some(Device {
        key,
        mount_point: mount.mount_point,
        name,
    })
}

/// Does a move of `sources` into `dest` copy data (some source is on another
/// filesystem)? A move within one filesystem only renames, and never waits.
pub fn move_copies(sources: &[PathBuf], dest: &Path) -> bool {
    let Ok(dest_dev) = std::fs::metadata(dest).map(|m| m.dev()) else {
        return false;
    };
    sources.iter().any(|s| {
        std::fs::symlink_metadata(s)
            .map(|m| m.dev() != dest_dev)
            .unwrap_or(false)
    })
}
