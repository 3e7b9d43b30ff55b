//! What a job reports: planned totals, coalesced progress, states, conflicts, failed
//! items and a final summary. Facts only; the window and the CLI word them.

use std::path::PathBuf;

use crate::error::IoError;

/// Where a job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobState {
    /// In its device's queue, waiting for the jobs before it (see [`JobEvent::Waiting`]).
    Waiting,
    Scanning,
    Copying,
    Deleting,
    WritingToDevice,
    /// Reading the copies back from the device to compare them with their sources.
    Verifying,
    RemovingSources,
    ChangingPermissions,
    Renaming,
    /// Writing an archive's entries.
    Extracting,
    /// Reading the sources into an archive.
    Compressing,
    Paused,
    Done,
    Failed,
    Cancelled,
}

impl JobState {
    /// The stable name used in JSON events.
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Waiting => "waiting",
            JobState::Scanning => "scanning",
            JobState::Copying => "copying",
            JobState::Deleting => "deleting",
            JobState::WritingToDevice => "writing_to_device",
            JobState::Verifying => "verifying",
            JobState::RemovingSources => "removing_sources",
            JobState::ChangingPermissions => "changing_permissions",
            JobState::Renaming => "renaming",
            JobState::Extracting => "extracting",
            JobState::Compressing => "compressing",
            JobState::Paused => "paused",
            JobState::Done => "done",
            JobState::Failed => "failed",
            JobState::Cancelled => "cancelled",
        }
    }

    pub fn is_final(self) -> bool {
        matches!(
            self,
            JobState::Done | JobState::Failed | JobState::Cancelled
        )
    }
}

/// The device a waiting job waits for, as its events name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingFor {
    /// Where the device's filesystem (the destination's) is mounted.
    pub mount_point: std::path::PathBuf,
    /// The mount point's last part (or its source for `/`).
    pub name: String,
}

/// Counters of a job at one moment. Files are everything that is not a folder (regular
/// files, symlinks, fifos, sockets, devices); folders are counted apart, so a folder of
/// 20 files is 20 files and 1 folder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    pub files_total: u64,
    pub folders_total: u64,
    pub bytes_total: u64,
    pub files_done: u64,
    pub folders_done: u64,
    pub bytes_done: u64,
    /// Bytes known to be on the destination device. Equal to `bytes_done` on local disks.
    pub bytes_on_device: u64,
    /// Bytes of the copies read back and compared so far (while verifying).
    pub bytes_verified: u64,
}

/// A name already exists where an item goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub source: PathBuf,
    pub target: PathBuf,
    pub source_is_dir: bool,
    /// What is there is a folder too: the choice is to merge into it, not to replace it.
    pub target_is_dir: bool,
    pub source_size: u64,
    pub source_mtime: i64,
    pub target_size: u64,
    pub target_mtime: i64,
}

/// What the job did in the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Files done (everything that is not a folder), as in [`Figures`].
    pub files_done: u64,
    /// Folders done: made by a copy, removed by a delete, moved, trashed or renamed whole.
    pub folders_done: u64,
    pub bytes_done: u64,
    pub skipped: u64,
    pub failed: u64,
    /// Items that did not arrive because the job stopped before them (each also sent as
    /// [`JobEvent::NotCopied`]).
    pub not_copied: u64,
    /// Files a verifying copy read back from the device and found equal to their sources.
    pub verified: u64,
    /// False when the destination would not take some extended attributes or ACLs (said
    /// once here, not per item).
    pub attributes_kept: bool,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            files_done: 0,
            folders_done: 0,
            bytes_done: 0,
            skipped: 0,
            failed: 0,
            not_copied: 0,
            verified: 0,
            attributes_kept: true,
        }
    }
}

#[derive(Debug, Clone)]
pub enum JobEvent {
    /// The totals so far (they grow while the sources are still being walked): files
    /// and folders apart, as in [`Figures`].
    Planned {
        files: u64,
        folders: u64,
        bytes: u64,
    },
    Progress(Figures),
    /// What the job works on now (a folder, or a large file); sent before the progress
    /// event it belongs to, only when it changed.
    Current(PathBuf),
    State(JobState),
    /// The job waits for its turn on this device; `place` 1 is next. Sent again when
    /// its place changes; the job's next state ends the wait.
    Waiting {
        device: WaitingFor,
        place: usize,
    },
    /// Waiting for an answer through [`super::Control::answer`].
    Conflict(Conflict),
    /// The archive is protected by a password (`wrong`: the one given did not open it):
    /// waiting for [`super::Control::answer_password`].
    Password {
        archive: PathBuf,
        wrong: bool,
    },
    /// Problems found before any byte moved (names the destination cannot hold, files
    /// too large for it, too little space, a read-only mount). When `can_proceed`, the job
    /// waits for [`super::Control::answer_preflight`]; otherwise it ends as failed.
    Preflight {
        problems: Vec<super::preflight::Problem>,
        can_proceed: bool,
    },
    /// An item was left out on purpose (a conflict answered "skip", a socket or device).
    ItemSkipped {
        path: PathBuf,
        why: SkipReason,
    },
    ItemFailed {
        path: PathBuf,
        error: IoError,
    },
    /// This item did not arrive: the job stopped before it (the destination is full),
    /// or what it depended on failed. Every such file is named once.
    NotCopied {
        path: PathBuf,
    },
    /// The job will not touch this item (copying a folder into itself, moving a file onto
    /// itself).
    Refused {
        path: PathBuf,
        why: super::Refusal,
    },
    /// A top-level source got its final place. `new`: nothing was at `target` before, so
    /// removing `target` undoes this item.
    Placed {
        source: PathBuf,
        target: PathBuf,
        new: bool,
    },
    /// The items a permissions change set, each with its mode before (what undo gives
    /// back); sent once, before `Finished`.
    ModesSet {
        before: super::modes::ModesBefore,
    },
    /// The last event of every job.
    Finished {
        state: JobState,
        summary: Summary,
    },
}

/// Why an item was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    Conflict,
    /// A kind of file the copy cannot make (sockets, fifos and device nodes are made
    /// anew; a device node where the process may not is an item failure, as with `cp -a`).
    SpecialFile,
    /// The destination cannot hold the name, and the answer was to leave such items out.
    NameNotAllowed,
    /// Larger than the destination can hold (FAT32's 4 GiB).
    TooLarge,
    /// A move left this source in place: it changed while its copy was being made.
    ChangedMeanwhile,
}

impl SkipReason {
    /// The stable name used in JSON events.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::Conflict => "conflict",
            SkipReason::SpecialFile => "special_file",
            SkipReason::NameNotAllowed => "name_not_allowed",
            SkipReason::TooLarge => "too_large",
            SkipReason::ChangedMeanwhile => "changed_meanwhile",
        }
    }
}
