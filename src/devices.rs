//! Removable devices and network shares as the window tells about them: whether Porpoise
//! is still writing to one ("writing… 38 MB left"), whether all it wrote there is on the
//! device ("safe to remove"), and the unmount button's messages and words. Pure: which
//! mount a job writes to is matched against the mount table the window already holds.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use porpoise_engine::devices::udisks::{Action, Refusal, UdisksError, Unmounted};

use super::format;
use super::i18n::fl;
use super::places::PlaceKind;

/// Messages of the devices in Places.
#[derive(Debug, Clone)]
pub enum DeviceMsg {
    /// The unmount button of the device mounted here.
    Eject(PathBuf),
    /// UDisks2 answered for the device mounted here.
    Ejected(PathBuf, Result<(), Arc<UdisksError>>),
    /// The filesystems UDisks2 knows that nobody has mounted.
    Volumes(Vec<Unmounted>),
    /// UDisks2 added or removed a device: ask again.
    VolumesChanged,
    /// A click on a filesystem nobody has mounted (its device node): mount it; on a locked
    /// encrypted volume: ask for its passphrase.
    Mount(PathBuf),
    /// UDisks2 answered: mounted there, or why not; `name` as Places showed it.
    Mounted {
        name: String,
        result: Result<PathBuf, Arc<UdisksError>>,
    },
}

/// The name Places shows for a filesystem nobody has mounted: its label, else its size.
pub fn volume_name(v: &Unmounted) -> String {
    match v.label.trim() {
        "" => fl!("device-volume-unnamed", size = format::size(v.size)),
        label => label.to_owned(),
    }
}

/// Why a mount did not happen, for the job panel's note.
pub fn mount_failure(name: &str, e: &UdisksError) -> String {
    match e {
        UdisksError::NotRunning(_) | UdisksError::NoDevice { .. } => fl!("device-mount-no-udisks"),
        UdisksError::Refused { why, message, .. } => {
            let message = message.clone();
            match why {
                Refusal::Busy => fl!("device-mount-busy", name = name, message = message),
                Refusal::NotAuthorized => {
                    fl!("device-mount-not-allowed", name = name, message = message)
                }
                Refusal::Other => fl!("device-mount-refused", name = name, message = message),
            }
        }
        UdisksError::Bus { source, .. } => fl!(
            "device-mount-refused",
            name = name,
            message = source.to_string()
        ),
    }
}

/// Why an encrypted volume was not unlocked (or, unlocked, not mounted), for its dialog.
pub fn unlock_failure(name: &str, e: &UdisksError) -> String {
    match e {
        UdisksError::Refused {
            action: Action::Unlock,
            why,
            message,
            ..
        } => match why {
            Refusal::NotAuthorized => fl!(
                "device-unlock-not-allowed",
                name = name,
                message = message.clone()
            ),
            Refusal::Busy | Refusal::Other => fl!(
                "device-unlock-refused",
                name = name,
                message = message.clone()
            ),
        },
        UdisksError::Bus {
            action: Action::Unlock,
            source,
            ..
        } => fl!(
            "device-unlock-refused",
            name = name,
            message = source.to_string()
        ),
        UdisksError::NotRunning(_) => fl!("device-unlock-no-udisks"),
        mounting => mount_failure(name, mounting),
    }
}

/// What a device's Places entry says under its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceStatus {
    /// Jobs are writing to it; this many bytes are not on the device yet.
    Writing { left: u64 },
    /// Porpoise wrote to it, and all of it is on the device.
    AllWritten,
    /// A job that wrote to it could not put everything on the device.
    NotAllWritten,
}

/// What the window remembers of each device it wrote to in this session.
#[derive(Debug, Default)]
pub struct DeviceMemory {
    /// Mount point -> did the last job that finished there put all its data on it?
    last_outcome: HashMap<PathBuf, bool>,
}

impl DeviceMemory {
    pub fn finished(&mut self, mount_point: PathBuf, all_written: bool) {
        self.last_outcome.insert(mount_point, all_written);
    }

    pub fn last_outcome(&self, mount_point: &Path) -> Option<bool> {
        self.last_outcome.get(mount_point).copied()
    }

    /// Forget devices that are no longer mounted (plugged in again, they start afresh).
    pub fn keep_only(&mut self, mounted: impl Fn(&Path) -> bool) {
        self.last_outcome.retain(|p, _| mounted(p));
    }
}

/// The status line of a device or share.
pub fn status_text(kind: PlaceKind, status: DeviceStatus) -> String {
    match status {
        DeviceStatus::Writing { left: 0 } => fl!("device-finishing"),
        DeviceStatus::Writing { left } => fl!("device-writing", left = format::size(left)),
        DeviceStatus::AllWritten if kind == PlaceKind::Network => fl!("device-all-on-share"),
        DeviceStatus::AllWritten => fl!("device-safe-to-remove"),
        DeviceStatus::NotAllWritten => fl!("device-not-all-written"),
    }
}

/// Why an unmount did not happen, for the status bar.
pub fn eject_failure(name: &str, e: &UdisksError) -> String {
    match e {
        UdisksError::NotRunning(_) => fl!("device-eject-no-udisks"),
        UdisksError::NoDevice { .. } => fl!("device-eject-unknown", name = name),
        UdisksError::Refused { why, message, .. } => match why {
            Refusal::Busy => fl!("device-eject-busy", name = name, message = message.clone()),
            Refusal::NotAuthorized => fl!(
                "device-eject-not-allowed",
                name = name,
                message = message.clone()
            ),
            Refusal::Other => fl!(
                "device-eject-refused",
                name = name,
                message = message.clone()
            ),
        },
        UdisksError::Bus { source, .. } => fl!(
            "device-eject-refused",
            name = name,
            message = source.to_string()
        ),
    }
}
