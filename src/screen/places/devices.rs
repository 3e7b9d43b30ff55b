//! Devices in Places: whether Porpoise is still writing to one ("writing… 38 MB left"),
//! whether all it wrote there is on the device ("safe to remove"); unmounting through
//! UDisks2 off the UI thread, refused while Porpoise still writes to the device; mounting
//! a volume nobody mounted (an encrypted one through its passphrase dialog); following
//! the mount table and UDisks2's devices. Which mount a job writes to is matched against
//! the mount table Places holds, with no I/O.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Task;
use porpoise_engine::devices::udisks::{self, Refusal, UdisksError, Unmounted};
use porpoise_engine::mounts::MountTable;

use super::{Event, Places, label};
use crate::failures;
use crate::format;
use crate::i18n::fl;
use crate::places::PlaceKind;
use crate::request::JobKind;
use crate::screen::jobs::Jobs;
use crate::screen::status::Note;

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
    /// The mount table, read again after an unmount or a mount.
    Mounts(Arc<MountTable>),
}

impl Places {
    pub(super) fn on_device(
        &mut self,
        m: DeviceMsg,
        jobs: &Jobs,
    ) -> (Task<super::Message>, Option<Event>) {
        let wrap = |t: Task<DeviceMsg>| t.map(super::Message::Devices);
        match m {
            DeviceMsg::Eject(path) => {
                let (task, event) = self.eject(path, jobs);
                (wrap(task), Some(event))
            }
            DeviceMsg::Ejected(path, result) => {
                let (task, event) = self.ejected(&path, result);
                (wrap(task), Some(event))
            }
            DeviceMsg::Volumes(volumes) => {
                self.volumes = volumes;
                (Task::none(), None)
            }
            DeviceMsg::VolumesChanged => (wrap(list_volumes()), None),
            DeviceMsg::Mount(device) => self.mount(&device),
            DeviceMsg::Mounted { name, result } => {
                let (task, event) = mounted(name, result);
                (wrap(task), Some(event))
            }
            DeviceMsg::Mounts(table) => {
                self.update(super::Message::Mounts(table), jobs, iced::Point::ORIGIN)
            }
        }
    }

    /// The unmount button: refused while a job still writes there, else asked of UDisks2
    /// off the UI thread.
    fn eject(&mut self, mount_point: PathBuf, jobs: &Jobs) -> (Task<DeviceMsg>, Event) {
        let name = self.place_name(&mount_point);
        if self.writing_to(&mount_point, jobs).next().is_some() {
            let note = Note::failed(fl!("device-eject-still-writing", name = name));
            return (Task::none(), Event::Note(note));
        }
        let note = Note::said(fl!("device-ejecting", name = name));
        let task = crate::offload::work("the unmount thread", move || {
            let result = udisks::eject(&mount_point).map_err(Arc::new);
            DeviceMsg::Ejected(mount_point, result)
        });
        (task, Event::Note(note))
    }

    fn ejected(
        &mut self,
        mount_point: &Path,
        result: Result<(), Arc<UdisksError>>,
    ) -> (Task<DeviceMsg>, Event) {
        let name = self.place_name(mount_point);
        match result {
            // The place goes once the mount table is read again.
            Ok(()) => (
                read_mounts(),
                Event::Note(Note::said(fl!("device-ejected", name = name))),
            ),
            Err(e) => {
                tracing::warn!(
                    "unmounting {}: {}",
                    mount_point.display(),
                    porpoise_engine::error::chain(&*e)
                );
                (
                    Task::none(),
                    Event::Note(Note::failed(eject_failure(&name, &e))),
                )
            }
        }
    }

    /// A click on a filesystem nobody has mounted: mount it off the UI thread; a locked
    /// one asks for its passphrase first.
    fn mount(&mut self, device: &Path) -> (Task<super::Message>, Option<Event>) {
        let Some(volume) = self.volumes.iter().find(|v| v.device == device) else {
            return (Task::none(), None);
        };
        let name = volume_name(volume);
        if volume.locked {
            return (Task::none(), Some(Event::Unlock(volume.clone(), name)));
        }
        let note = Note::said(fl!("device-mounting", name = name.clone()));
        let volume = volume.clone();
        let task = crate::offload::work("a mounting worker", move || DeviceMsg::Mounted {
            name,
            result: udisks::Bus::System.mount(&volume).map_err(Arc::new),
        });
        (task.map(super::Message::Devices), Some(Event::Note(note)))
    }

    fn place_name(&self, mount_point: &Path) -> String {
        self.mounts
            .iter()
            .find(|p| p.path == mount_point)
            .map(label)
            .unwrap_or_else(|| mount_point.display().to_string())
    }
}

/// Mounted: the window goes there (and the mount table is read again); else why not.
pub fn mounted(
    name: String,
    result: Result<PathBuf, Arc<UdisksError>>,
) -> (Task<DeviceMsg>, Event) {
    match result {
        Ok(at) => (read_mounts(), Event::Open(at)),
        Err(e) => {
            tracing::warn!("mounting {name}: {}", porpoise_engine::error::chain(&*e));
            (
                Task::none(),
                Event::Note(Note::failed(failures::mount(&name, &e))),
            )
        }
    }
}

/// Read the mount table again, off the UI thread (after an unmount or a mount).
pub fn read_mounts() -> Task<DeviceMsg> {
    crate::offload::work("the mount table worker", porpoise_engine::mounts::current).then(|r| {
        match r {
            Ok(table) => Task::done(DeviceMsg::Mounts(table)),
            Err(e) => {
                tracing::warn!("{}", porpoise_engine::error::chain(&e));
                Task::none()
            }
        }
    })
}

/// Ask UDisks2 for the filesystems nobody has mounted (none when it cannot be asked).
pub fn list_volumes() -> Task<DeviceMsg> {
    crate::offload::work("a devices worker", || {
        DeviceMsg::Volumes(udisks::Bus::System.unmounted().unwrap_or_else(|e| {
            tracing::info!("no devices to mount: {}", porpoise_engine::error::chain(&e));
            Vec::new()
        }))
    })
}

/// Jobs that write into their destination folder.
pub fn writes_to_dest(kind: JobKind) -> bool {
    matches!(kind, JobKind::Copy | JobKind::Move | JobKind::Link)
}

/// Mount-table changes as they come (the engine's watcher thread does the reading).
pub fn mount_events() -> impl iced::futures::Stream<Item = Arc<MountTable>> {
    crate::stream::stream(porpoise_engine::mounts::watch())
}

/// UDisks2's devices coming and going; nothing without a system bus or UDisks2. The watch
/// runs on a thread of its own.
pub fn volume_events() -> impl iced::futures::Stream<Item = DeviceMsg> {
    let changes = crate::stream::stream(udisks::Bus::System.watch());
    iced::futures::StreamExt::map(changes, |()| DeviceMsg::VolumesChanged)
}

/// The name Places shows for a filesystem nobody has mounted: its label, else its size.
pub fn volume_name(v: &Unmounted) -> String {
    match v.label.trim() {
        "" => fl!("device-volume-unnamed", size = format::size(v.size)),
        label => label.to_owned(),
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
