//! Devices through the UDisks2 service on the system bus (zbus, blocking: call it off the
//! UI thread): the filesystems nobody has mounted (and the locked encrypted volumes),
//! mounting them (unlocking an encrypted one first), and unmounting and ejecting a mounted
//! one, found by its filesystem's `MountPoints`, never guessed.

mod objects;
mod unlock;
mod unmounted;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use zbus::blocking::Connection;
use zbus::zvariant::Value;

use crate::events::{self, Events};

pub use objects::{Device, Drive};
pub use unmounted::Unmounted;

const SERVICE: &str = "org.freedesktop.UDisks2";
const ROOT: &str = "/org/freedesktop/UDisks2";
const FILESYSTEM: &str = "org.freedesktop.UDisks2.Filesystem";
const DRIVE: &str = "org.freedesktop.UDisks2.Drive";

/// What was asked of UDisks2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Reading its list of devices.
    List,
    Unmount,
    Eject,
    PowerOff,
    Mount,
    /// Opening an encrypted volume with a passphrase.
    Unlock,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::List => "list the devices for",
            Action::Unmount => "unmount",
            Action::Eject => "eject",
            Action::PowerOff => "power off",
            Action::Mount => "mount",
            Action::Unlock => "unlock",
        }
    }
}

/// Why the service said no, as far as its error name tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Files on the device are open (`…Error.DeviceBusy`).
    Busy,
    /// The caller may not do this (`…Error.NotAuthorized*`).
    NotAuthorized,
    Other,
}

impl Refusal {
    fn from_name(name: &str) -> Refusal {
        match name.strip_prefix("org.freedesktop.UDisks2.Error.") {
            Some("DeviceBusy") => Refusal::Busy,
            Some(n) if n.starts_with("NotAuthorized") => Refusal::NotAuthorized,
            _ => Refusal::Other,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum UdisksError {
    /// No system bus, or no UDisks2 on it.
    #[error("the UDisks2 service is not running")]
    NotRunning(#[source] Box<zbus::Error>),
    /// UDisks2 knows no filesystem mounted there.
    #[error("UDisks2 knows no device mounted at {}", path.display())]
    NoDevice { path: PathBuf },
    /// The service answered with an error; `message` is its own words (the source says
    /// them too, with the error's name).
    #[error("UDisks2 refused to {} {}", action.as_str(), path.display())]
    Refused {
        action: Action,
        path: PathBuf,
        why: Refusal,
        message: String,
        #[source]
        source: Box<zbus::Error>,
    },
    /// Talking to the service failed.
    #[error("D-Bus failure asking UDisks2 to {} {}", action.as_str(), path.display())]
    Bus {
        action: Action,
        path: PathBuf,
        #[source]
        source: Box<zbus::Error>,
    },
}

/// Changes that may wait for the consumer of [`Bus::watch`].
const WATCH_DEPTH: usize = 16;

/// Which bus UDisks2 is asked on: the system's, or another at an address (a test's own).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Bus {
    #[default]
    System,
    /// A D-Bus address such as `unix:path=/run/test/bus`.
    At(String),
}

impl Bus {
    fn connect(&self) -> Result<Connection, UdisksError> {
        let connected = match self {
            Bus::System => Connection::system(),
            Bus::At(address) => zbus::blocking::connection::Builder::address(address.as_str())
                .and_then(|b| b.build()),
        };
        connected.map_err(|e| UdisksError::NotRunning(Box::new(e)))
    }

    /// Unmount the filesystem mounted at `mount_point`.
    pub fn unmount(&self, mount_point: &Path) -> Result<(), UdisksError> {
        let bus = self.connect()?;
        let device = find(&bus, mount_point)?;
        unmount_filesystem(&bus, &device, mount_point)
    }

    /// Unmount the filesystem at `mount_point`, then eject and power off its drive where
    /// the drive can (a loop device has no drive: unmounting is all).
    pub fn eject(&self, mount_point: &Path) -> Result<(), UdisksError> {
        let bus = self.connect()?;
        let device = find(&bus, mount_point)?;
        unmount_filesystem(&bus, &device, mount_point)?;
        let Some(drive) = &device.drive else {
            return Ok(());
        };
        if drive.ejectable {
            call(
                &bus,
                &drive.path,
                DRIVE,
                "Eject",
                Action::Eject,
                mount_point,
            )?;
        }
        if drive.can_power_off {
            call(
                &bus,
                &drive.path,
                DRIVE,
                "PowerOff",
                Action::PowerOff,
                mount_point,
            )?;
        }
        Ok(())
    }

    /// The filesystems nobody has mounted and the locked encrypted volumes.
    pub fn unmounted(&self) -> Result<Vec<Unmounted>, UdisksError> {
        let all = managed(&self.connect()?, Path::new("/"))?;
        Ok(unmounted::unmounted(&all))
    }

    /// Mount `volume` where UDisks2 mounts filesystems (`/media/USER/LABEL`); where.
    pub fn mount(&self, volume: &Unmounted) -> Result<PathBuf, UdisksError> {
        mount_object(&self.connect()?, &volume.object, &volume.device)
    }

    /// Unlock the encrypted `volume` with `passphrase`, then mount what it holds; where.
    /// A wrong passphrase is a refusal in UDisks2's own words.
    pub fn unlock(&self, volume: &Unmounted, passphrase: &str) -> Result<PathBuf, UdisksError> {
        unlock::unlock_and_mount(&self.connect()?, volume, passphrase)
    }

    /// One `()` each time UDisks2 adds or removes a device or a filesystem (a stick
    /// plugged in or pulled), until the events are dropped (seen at the next signal) or
    /// the bus goes. Runs on a thread of its own; without a bus or UDisks2 the events
    /// end at once (and the log says why).
    pub fn watch(&self) -> Events<()> {
        let (tx, events) = events::channel(WATCH_DEPTH);
        let bus = self.clone();
        let spawned = std::thread::Builder::new()
            .name("porpoise-udisks".into())
            .spawn(move || {
                if let Err(e) = bus.follow(|| tx.send(())) {
                    tracing::info!("not watching devices: {}", crate::error::chain(&e));
                }
            });
        if let Err(e) = spawned {
            tracing::warn!("cannot watch devices: {e}");
        }
        events
    }

    /// Call `changed` on each of UDisks2's signals that a device or filesystem came or
    /// went, until it returns false or the bus goes. Blocks.
    fn follow(&self, mut changed: impl FnMut() -> bool) -> Result<(), UdisksError> {
        let bus = self.connect()?;
        let about = Path::new("/");
        let rule = zbus::MatchRule::builder()
            .msg_type(zbus::message::Type::Signal)
            .sender(SERVICE)
            .and_then(|r| r.interface("org.freedesktop.DBus.ObjectManager"))
            .map_err(|e| classify(e, Action::List, about))?
            .build();
        let signals = zbus::blocking::MessageIterator::for_match_rule(rule, &bus, None)
            .map_err(|e| classify(e, Action::List, about))?;
        for signal in signals {
            if signal.is_err() || !changed() {
                break;
            }
        }
        Ok(())
    }

    /// The device UDisks2 has mounted at `mount_point` (it learns of new mounts a moment
    /// after the kernel made them).
    pub fn device_of(&self, mount_point: &Path) -> Result<Device, UdisksError> {
        find(&self.connect()?, mount_point)
    }
}

/// [`Bus::unmount`] on the system bus.
pub fn unmount(mount_point: &Path) -> Result<(), UdisksError> {
    Bus::System.unmount(mount_point)
}

/// [`Bus::eject`] on the system bus.
pub fn eject(mount_point: &Path) -> Result<(), UdisksError> {
    Bus::System.eject(mount_point)
}

fn unmount_filesystem(
    bus: &Connection,
    device: &Device,
    mount_point: &Path,
) -> Result<(), UdisksError> {
    call(
        bus,
        &device.filesystem,
        FILESYSTEM,
        "Unmount",
        Action::Unmount,
        mount_point,
    )
}

fn find(bus: &Connection, mount_point: &Path) -> Result<Device, UdisksError> {
    let all = managed(bus, mount_point)?;
    objects::mounted_at(&all, mount_point).ok_or_else(|| UdisksError::NoDevice {
        path: mount_point.to_owned(),
    })
}

/// UDisks2's whole object tree; `about` names what it was read for in an error.
fn managed(bus: &Connection, about: &Path) -> Result<objects::Managed, UdisksError> {
    let reply = bus
        .call_method(
            Some(SERVICE),
            ROOT,
            Some("org.freedesktop.DBus.ObjectManager"),
            "GetManagedObjects",
            &(),
        )
        .map_err(|e| classify(e, Action::List, about))?;
    reply
        .body()
        .deserialize()
        .map_err(|e| classify(e, Action::List, about))
}

/// Mount the filesystem of the block device `object` (of `device`, for errors).
fn mount_object(bus: &Connection, object: &str, device: &Path) -> Result<PathBuf, UdisksError> {
    let options: HashMap<&str, Value<'_>> = HashMap::new();
    let reply = bus
        .call_method(
            Some(SERVICE),
            object,
            Some(FILESYSTEM),
            "Mount",
            &(options,),
        )
        .map_err(|e| classify(e, Action::Mount, device))?;
    let at: String = reply
        .body()
        .deserialize()
        .map_err(|e| classify(e, Action::Mount, device))?;
    Ok(PathBuf::from(at))
}

fn call(
    bus: &Connection,
    object: &str,
    interface: &str,
    method: &str,
    action: Action,
    mount_point: &Path,
) -> Result<(), UdisksError> {
    let options: HashMap<&str, Value<'_>> = HashMap::new();
    bus.call_method(Some(SERVICE), object, Some(interface), method, &(options,))
        .map(drop)
        .map_err(|e| classify(e, action, mount_point))
}

/// Sort a zbus error into the service missing, a refusal, or a bus failure.
fn classify(e: zbus::Error, action: Action, path: &Path) -> UdisksError {
    let (name, message) = match &e {
        zbus::Error::MethodError(name, detail, _) => {
            (name.as_str().to_owned(), detail.clone().unwrap_or_default())
        }
        zbus::Error::FDO(f) => {
            use zbus::DBusError;
            (
                f.name().as_str().to_owned(),
                f.description().unwrap_or_default().to_owned(),
            )
        }
        zbus::Error::InputOutput(_) | zbus::Error::Address(_) | zbus::Error::Handshake(_) => {
            return UdisksError::NotRunning(Box::new(e));
        }
        _ => {
            return UdisksError::Bus {
                action,
                path: path.to_owned(),
                source: Box::new(e),
            };
        }
    };
    const MISSING: &[&str] = &[
        "org.freedesktop.DBus.Error.ServiceUnknown",
        "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.Spawn.ChildExited",
        "org.freedesktop.DBus.Error.Spawn.ExecFailed",
        "org.freedesktop.DBus.Error.Spawn.ServiceNotFound",
    ];
    if MISSING.contains(&name.as_str()) {
        return UdisksError::NotRunning(Box::new(e));
    }
    if !name.starts_with("org.freedesktop.UDisks2.") {
        return UdisksError::Bus {
            action,
            path: path.to_owned(),
            source: Box::new(e),
        };
    }
    UdisksError::Refused {
        action,
        path: path.to_owned(),
        why: Refusal::from_name(&name),
        message,
        source: Box::new(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_told_apart_by_name() {
        assert_eq!(
            Refusal::from_name("org.freedesktop.UDisks2.Error.DeviceBusy"),
            Refusal::Busy
        );
        assert_eq!(
            Refusal::from_name("org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain"),
            Refusal::NotAuthorized
        );
        assert_eq!(
            Refusal::from_name("org.freedesktop.UDisks2.Error.Failed"),
            Refusal::Other
        );
    }
}
