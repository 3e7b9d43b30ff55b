//! The filesystems UDisks2 knows that nobody has mounted (a stick just plugged in, a
//! second partition) and the locked encrypted volumes, read off its object tree.

use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;

use zbus::zvariant::{OwnedObjectPath, OwnedValue};

use super::objects::{Managed, mount_points};

const BLOCK: &str = "org.freedesktop.UDisks2.Block";
const ENCRYPTED: &str = "org.freedesktop.UDisks2.Encrypted";

/// A filesystem to mount, or an encrypted volume to unlock first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmounted {
    /// Its block device's object on the bus.
    pub object: String,
    /// The device node (`/dev/sdb1`).
    pub device: PathBuf,
    /// Its label, empty when it has none.
    pub label: String,
    /// Its size in bytes.
    pub size: u64,
    /// The filesystem (`ext4`, `vfat`), or `crypto_LUKS`.
    pub fs_type: String,
    /// An encrypted volume that is locked: a passphrase unlocks it.
    pub locked: bool,
}

/// Every unmounted filesystem and locked encrypted volume of `all` that a person would
/// mount: not those UDisks2 is told to ignore, not swap or partition tables, not the
/// volumes that are unlocked already (their unlocked device is listed instead).
pub(super) fn unmounted(all: &Managed) -> Vec<Unmounted> {
    let mut out: Vec<Unmounted> = all
        .iter()
        .filter_map(|(object, ifaces)| {
            let block = ifaces.get(BLOCK)?;
            let text = |name: &str| {
                block
                    .get(name)
                    .and_then(|v| String::try_from(v.try_clone().ok()?).ok())
                    .unwrap_or_default()
            };
            let flag = |name: &str| {
                block
                    .get(name)
                    .and_then(|v| bool::try_from(v).ok())
                    .unwrap_or(false)
            };
            if flag("HintIgnore") {
                return None;
            }
            let locked = match text("IdUsage").as_str() {
                "filesystem" => {
                    let fs = ifaces.get(super::FILESYSTEM)?;
                    let mounted = fs
                        .get("MountPoints")
                        .is_some_and(|v| !mount_points(v).is_empty());
                    if mounted {
                        return None;
                    }
                    false
                }
                "crypto" => {
                    let enc = ifaces.get(ENCRYPTED)?;
                    let cleartext = enc
                        .get("CleartextDevice")
                        .and_then(|v| OwnedObjectPath::try_from(v.try_clone().ok()?).ok());
                    if cleartext.is_some_and(|p| p.as_str() != "/") {
                        return None;
                    }
                    true
                }
                _ => return None,
            };
            Some(Unmounted {
                object: object.as_str().to_owned(),
                device: device_path(block.get("PreferredDevice").or(block.get("Device"))),
                label: text("IdLabel"),
                size: block
                    .get("Size")
                    .and_then(|v| u64::try_from(v).ok())
                    .unwrap_or(0),
                fs_type: text("IdType"),
                locked,
            })
        })
        .collect();
    out.sort_by(|a, b| a.device.cmp(&b.device));
    out
}

/// A device node as UDisks2 gives it (`ay`, NUL-terminated).
fn device_path(v: Option<&OwnedValue>) -> PathBuf {
    let mut bytes = v
        .and_then(|v| Vec::<u8>::try_from(v.try_clone().ok()?).ok())
        .unwrap_or_default();
    while bytes.last() == Some(&0) {
        bytes.pop();
    }
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}
