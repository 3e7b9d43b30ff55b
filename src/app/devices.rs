//! Devices in Places: which place a job writes to (by the mount table the window already
//! holds, no I/O), their "writing… / safe to remove" status, unmounting through UDisks2
//! off the UI thread, refused while Porpoise still writes to the device; mounting a
//! volume nobody mounted (an encrypted one through its passphrase dialog).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::App;
use crate::devices::{self, DeviceMsg, DeviceStatus};
use crate::effects::Effect;
use crate::i18n::fl;
use crate::places::{Place, PlaceKind};
use crate::request::JobKind;
use crate::screen::jobs::entry::JobEntry;
use crate::screen::status::Note;
use crate::widgets::places::label;
use porpoise_engine::devices::udisks::UdisksError;
use porpoise_engine::jobs::JobState;

impl App {
    pub(super) fn on_device_message(&mut self, m: DeviceMsg) -> Vec<Effect> {
        match m {
            DeviceMsg::Eject(path) => self.eject(path),
            DeviceMsg::Ejected(path, result) => self.ejected(&path, result),
            DeviceMsg::Volumes(volumes) => {
                self.volumes = volumes;
                Vec::new()
            }
            DeviceMsg::VolumesChanged => vec![Effect::ListVolumes],
            DeviceMsg::Mount(device) => self.mount_volume(&device),
            DeviceMsg::Mounted { name, result } => self.mounted(name, result),
        }
    }

    /// The Places entry of the mount `path` is on: the mount by longest mount-point
    /// prefix in the known table, if it is a place.
    pub fn place_of(&self, path: &Path) -> Option<&Place> {
        let mount = self.mounts.as_ref()?.containing(path)?;
        self.mount_places
            .iter()
            .find(|p| p.path == mount.mount_point)
    }

    /// Is `path` on a removable device (as far as the known mount table tells)?
    pub fn on_removable(&self, path: &Path) -> bool {
        self.place_of(path)
            .is_some_and(|p| p.kind == PlaceKind::Removable)
    }

    /// The running jobs that write into the place mounted at `mount_point`.
    fn jobs_writing_to<'a>(
        &'a self,
        mount_point: &'a Path,
    ) -> impl Iterator<Item = &'a JobEntry> + 'a {
        self.jobs.entries.iter().filter(move |e| {
            !e.is_finished()
                && writes_to_dest(e.request.kind)
                && self
                    .place_of(&e.request.dest)
                    .is_some_and(|p| p.path == mount_point)
        })
    }

    /// What a device or share's entry says under its name, if anything.
    pub fn device_status(&self, place: &Place) -> Option<DeviceStatus> {
        if !matches!(place.kind, PlaceKind::Removable | PlaceKind::Network) {
            return None;
        }
        let mut running = false;
        let mut left = 0u64;
        for e in self.jobs_writing_to(&place.path) {
            running = true;
            let f = &e.figures;
            left = left.saturating_add(f.bytes_total.saturating_sub(f.bytes_on_device));
        }
        if running {
            return Some(DeviceStatus::Writing { left });
        }
        self.devices.last_outcome(&place.path).map(|ok| match ok {
            true => DeviceStatus::AllWritten,
            false => DeviceStatus::NotAllWritten,
        })
    }

    /// A job ended: remember for its device whether all it wrote reached it.
    pub(super) fn device_job_finished(&mut self, id: u64) {
        let Some(e) = self.jobs.get(id) else {
            return;
        };
        if !writes_to_dest(e.request.kind) {
            return;
        }
        let all_written = e.state != JobState::Failed && !e.write_failed;
        if let Some(p) = self.place_of(&e.request.dest)
            && matches!(p.kind, PlaceKind::Removable | PlaceKind::Network)
        {
            let mount_point = p.path.clone();
            self.devices.finished(mount_point, all_written);
        }
    }

    /// The unmount button: refused while a job still writes there, else asked of UDisks2
    /// off the UI thread.
    fn eject(&mut self, mount_point: PathBuf) -> Vec<Effect> {
        let name = self.place_name(&mount_point);
        if self.jobs_writing_to(&mount_point).next().is_some() {
            self.status
                .note(Note::failed(fl!("device-eject-still-writing", name = name)));
            return Vec::new();
        }
        self.status
            .note(Note::said(fl!("device-ejecting", name = name)));
        vec![Effect::Eject(mount_point)]
    }

    fn ejected(&mut self, mount_point: &Path, result: Result<(), Arc<UdisksError>>) -> Vec<Effect> {
        let name = self.place_name(mount_point);
        match result {
            Ok(()) => {
                self.status
                    .note(Note::said(fl!("device-ejected", name = name)));
                // The place goes once the mount table is read again.
                vec![Effect::ReadMounts]
            }
            Err(e) => {
                tracing::warn!(
                    "unmounting {}: {}",
                    mount_point.display(),
                    porpoise_engine::error::chain(&*e)
                );
                self.status
                    .note(Note::failed(devices::eject_failure(&name, &e)));
                Vec::new()
            }
        }
    }

    /// The filesystems nobody has mounted, as Places lists them.
    pub fn volumes(&self) -> &[porpoise_engine::devices::udisks::Unmounted] {
        &self.volumes
    }

    /// A click on a filesystem nobody has mounted: mount it off the UI thread.
    fn mount_volume(&mut self, device: &Path) -> Vec<Effect> {
        let Some(volume) = self.volumes.iter().find(|v| v.device == device) else {
            return Vec::new();
        };
        let name = devices::volume_name(volume);
        if volume.locked {
            let volume = volume.clone();
            return self.open_unlock(volume, name);
        }
        self.status
            .note(Note::said(fl!("device-mounting", name = name)));
        vec![Effect::MountVolume(volume.clone())]
    }

    /// Mounted: the window goes there (and reads the mount table); else why not.
    pub(super) fn mounted(
        &mut self,
        name: String,
        result: Result<PathBuf, Arc<UdisksError>>,
    ) -> Vec<Effect> {
        match result {
            Ok(at) => {
                self.status.clear();
                let mut effects = vec![Effect::ReadMounts];
                effects.extend(self.pane_message(crate::pane::PaneMsg::Navigate(at)));
                effects
            }
            Err(e) => {
                tracing::warn!("mounting {name}: {}", porpoise_engine::error::chain(&*e));
                self.status
                    .note(Note::failed(devices::mount_failure(&name, &e)));
                Vec::new()
            }
        }
    }

    fn place_name(&self, mount_point: &Path) -> String {
        self.mount_places
            .iter()
            .find(|p| p.path == mount_point)
            .map(label)
            .unwrap_or_else(|| mount_point.display().to_string())
    }
}

/// Jobs that write into their destination folder.
fn writes_to_dest(kind: JobKind) -> bool {
    matches!(kind, JobKind::Copy | JobKind::Move | JobKind::Link)
}
