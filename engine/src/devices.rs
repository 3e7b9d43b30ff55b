//! Removable-device detection through sysfs, cached per device number; unmounting and
//! ejecting through UDisks2 ([`udisks`]).

pub mod udisks;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

/// Where sysfs lives; tests point this at fixture trees.
#[derive(Debug, Clone)]
pub struct Sysfs {
    root: PathBuf,
}

impl Default for Sysfs {
    fn default() -> Self {
        Sysfs {
            root: PathBuf::from("/sys"),
        }
    }
}

impl Sysfs {
    pub fn at(root: impl Into<PathBuf>) -> Sysfs {
        Sysfs { root: root.into() }
    }

    /// Is the block device `major:minor` on removable media (a USB stick, an SD card,
    /// a disk behind a removable port), following dm-crypt/LVM down to the disks beneath?
    pub fn is_removable(&self, major: u32, minor: u32) -> bool {
        let link = self.root.join(format!("dev/block/{major}:{minor}"));
        match std::fs::canonicalize(&link) {
            Ok(dev) => self.device_is_removable(&dev, 0),
            Err(_) => false,
        }
    }

    /// The whole disk the block device `major:minor` is on (a partition's parent), as its
    /// sysfs folder; `None` when sysfs does not know the device.
    pub fn whole_disk(&self, major: u32, minor: u32) -> Option<PathBuf> {
        let link = self.root.join(format!("dev/block/{major}:{minor}"));
        let dev = std::fs::canonicalize(&link).ok()?;
        if dev.join("partition").exists() {
            dev.parent().map(Path::to_path_buf)
        } else {
            Some(dev)
        }
    }

    fn device_is_removable(&self, dev: &Path, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        // A partition's flags live on its disk, the parent folder.
        let disk = if dev.join("partition").exists() {
            dev.parent().unwrap_or(dev)
        } else {
            dev
        };
        // Mapped devices (dm-crypt, LVM) and md: removable when a disk beneath is.
        if let Ok(slaves) = std::fs::read_dir(disk.join("slaves")) {
            let mut any = false;
            let mut all = true;
            for s in slaves.flatten() {
                any = true;
                let under = std::fs::canonicalize(s.path()).unwrap_or_else(|_| s.path());
                all &= self.device_is_removable(&under, depth + 1);
            }
            if any {
                return all;
            }
        }
        if read_trimmed(&disk.join("removable")).as_deref() == Some("1") {
            return true;
        }
        let name = disk.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("mmcblk")
            && matches!(
                read_trimmed(&disk.join("device/type")).as_deref(),
                Some("SD") | Some("MMC")
            )
        {
            return true;
        }
        // A USB port or PCIe slot on the way up that says it is removable.
        let stop = self.root.join("devices");
        let mut cur = disk.parent();
        while let Some(p) = cur {
            if p == stop || !p.starts_with(&stop) {
                break;
            }
            if read_trimmed(&p.join("removable")).as_deref() == Some("removable") {
                return true;
            }
            cur = p.parent();
        }
        false
    }
}

fn read_trimmed(p: &Path) -> Option<String> {
    std::fs::read_to_string(p).ok().map(|s| s.trim().to_owned())
}

static CACHE: LazyLock<Mutex<HashMap<(u32, u32), bool>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// [`Sysfs::is_removable`] on the real sysfs, asked once per device.
pub fn is_removable(major: u32, minor: u32) -> bool {
    if let Ok(cache) = CACHE.lock()
        && let Some(&r) = cache.get(&(major, minor))
    {
        return r;
    }
    let r = Sysfs::default().is_removable(major, minor);
    if let Ok(mut cache) = CACHE.lock() {
        cache.insert((major, minor), r);
    }
    r
}
