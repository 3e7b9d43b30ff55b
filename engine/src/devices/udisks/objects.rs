//! UDisks2's object tree (`GetManagedObjects`) read for one question: which block device
//! has its filesystem mounted at a path, and what can its drive do.

use std::collections::HashMap;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use zbus::zvariant::{OwnedObjectPath, OwnedValue};

/// Object path -> interface -> property -> value.
pub(super) type Managed = HashMap<OwnedObjectPath, HashMap<String, HashMap<String, OwnedValue>>>;

/// A mounted filesystem as UDisks2 knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    /// The block device's object (it carries the Filesystem interface).
    pub filesystem: String,
    /// The drive under it; `None` for loop devices and the like.
    pub drive: Option<Drive>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drive {
    pub path: String,
    pub ejectable: bool,
    pub can_power_off: bool,
}

/// The block device whose filesystem lists `mount_point` in `MountPoints`.
pub(super) fn mounted_at(all: &Managed, mount_point: &Path) -> Option<Device> {
    let want = mount_point.as_os_str().as_bytes();
    let (object, ifaces) = all.iter().find(|(_, ifaces)| {
        ifaces
            .get(super::FILESYSTEM)
            .and_then(|fs| fs.get("MountPoints"))
            .is_some_and(|v| mount_points(v).iter().any(|m| m == want))
    })?;
    let drive = ifaces
        .get("org.freedesktop.UDisks2.Block")
        .and_then(|b| b.get("Drive"))
        .and_then(|v| OwnedObjectPath::try_from(v.try_clone().ok()?).ok())
        .filter(|p| p.as_str() != "/")
        .map(|p| {
            let props = all.get(&p).and_then(|i| i.get(super::DRIVE));
            let flag = |name: &str| {
                props
                    .and_then(|d| d.get(name))
                    .and_then(|v| bool::try_from(v).ok())
                    .unwrap_or(false)
            };
            Drive {
                ejectable: flag("Ejectable"),
                can_power_off: flag("CanPowerOff"),
                path: p.as_str().to_owned(),
            }
        });
    Some(Device {
        filesystem: object.as_str().to_owned(),
        drive,
    })
}

/// `aay` with each path NUL-terminated, as bytes without the NUL.
pub(super) fn mount_points(v: &OwnedValue) -> Vec<Vec<u8>> {
    let Ok(v) = v.try_clone() else {
        return Vec::new();
    };
    let Ok(list) = Vec::<Vec<u8>>::try_from(v) else {
        return Vec::new();
    };
    list.into_iter()
        .map(|mut p| {
            while p.last() == Some(&0) {
                p.pop();
            }
            p
        })
        .collect()
}
