//! File jobs: copy, move, link, trash, delete, extract and compress, each run on worker threads and reported
//! as one typed stream of events, controlled through a handle (pause, resume, cancel,
//! answer a conflict). [`start`] starts a job of any kind.

mod chmod;
pub mod compress;
pub mod conflict;
pub mod control;
pub mod copy;
mod copying;
mod data_sink;
pub mod delete;
mod download;
pub mod events;
pub mod extract;
mod fit;
mod flusher;
pub mod fsops;
pub mod link;
pub mod modes;
pub mod moves;
mod parts;
pub mod preflight;
pub mod problems;
pub mod progress;
pub mod queue;
pub mod rename;
mod resolve;
mod runner;
mod sink;
mod sparse;
pub mod trash;
mod upload;
pub mod writeback;
mod xattrs;

pub use conflict::{Answer, ConflictPolicy, free_name, unused_name};
pub use control::{Control, Job};
pub use events::{JobEvent, JobState, Summary};
pub use queue::Queue;

use std::path::PathBuf;
use std::sync::Arc;

/// What a job does with its sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// Copy into the destination; a source already there is duplicated beside itself
    /// ("name (copy)").
    Copy,
    Move,
    /// Symbolic links to the sources, made in the destination (conflicts keep both).
    Link,
    /// Move to the trash (the freedesktop trash of each source's filesystem).
    Trash,
    /// Delete for good.
    Delete,
    /// Change permissions ([`JobSpec::modes`] says how).
    Permissions,
    /// Rename items in one folder ([`JobSpec::renames`] says how).
    Rename,
    /// Extract the sources (archives) into the destination, each into its own folder.
    Extract,
    /// Put the sources into a new archive, the destination ([`JobSpec::compress`] says
    /// how).
    Compress,
}

/// Start a job of `kind` on `spec`, on worker threads; its events come from the returned
/// [`Job`], which steers it.
pub fn start(kind: JobKind, spec: JobSpec) -> Job {
    start_with(kind, spec, Control::new())
}

/// [`start`], steered through `control`, which the caller may hold before the job starts
/// (to pause or cancel it before its first event).
pub fn start_with(kind: JobKind, spec: JobSpec, control: Arc<Control>) -> Job {
    match kind {
        JobKind::Copy => copying::copy_with(spec, control),
        JobKind::Move => moves::move_with(spec, control),
        JobKind::Link => link::link_with(spec, control),
        JobKind::Trash => trash::trash_with(spec.sources, spec.home_trash, control),
        JobKind::Delete => delete::delete_with(spec.sources, control),
        JobKind::Permissions => chmod::modes_with(spec.sources, spec.modes, control),
        JobKind::Rename => rename::rename_with(spec.renames, control),
        JobKind::Extract => extract::extract_with(spec, control),
        JobKind::Compress => compress::compress_with(spec, control),
    }
}

/// What to do, to which sources, where.
#[derive(Debug, Clone)]
pub struct JobSpec {
    pub sources: Vec<PathBuf>,
    /// The folder the sources go into (copy, move, extract), or the archive a compression
    /// makes; unused for delete.
    pub dest: PathBuf,
    pub on_conflict: ConflictPolicy,
    /// What to do about problems the pre-flight check finds; `None` asks through a
    /// `Preflight` event and waits.
    pub on_problem: Option<preflight::PreflightChoice>,
    /// The destination's rules when they are known better than its filesystem type says
    /// (a folder that will be synced to Windows); `None` takes them from the mount.
    pub rules: Option<preflight::FsRules>,
    /// Whether copies are put on the device window by window (removable and network
    /// destinations by default).
    pub writeback: writeback::WritebackMode,
    /// The home trash a trash job puts items on its filesystem into; a trash job without
    /// one fails every item. Unused by the other kinds.
    pub home_trash: Option<trash::HomeTrash>,
    /// After the copies are on the device, read each back from the device and compare it
    /// with its source (a mismatch is that item's failure; a move keeps its source).
    pub verify: bool,
    /// What a permissions job changes; one without it changes nothing. Unused by the
    /// other kinds.
    pub modes: Option<modes::ModeJob>,
    /// What a rename job renames; one without it renames nothing. Unused by the other
    /// kinds.
    pub renames: Option<rename::RenameJob>,
    /// The password of the archives an extraction opens (asked for when missing or
    /// wrong). Unused by the other kinds.
    pub password: Option<String>,
    /// The entries an extraction takes out of its archives (paths inside them; a folder
    /// takes everything below it), each landing in the destination under its own name,
    /// not in a folder for the archive; `None`: every entry. Unused by the other kinds.
    pub pick: Option<Vec<PathBuf>>,
    /// How a compression makes its archive (at `dest`); one without it fails. Unused by
    /// the other kinds.
    pub compress: Option<crate::archive::compress::CompressOptions>,
}

impl JobSpec {
    /// `paths` to trash or delete (which have no destination).
    pub fn of(paths: Vec<PathBuf>) -> JobSpec {
        JobSpec::new(paths, PathBuf::new())
    }

    /// Sources into `dest`; conflicts fail, pre-flight problems are asked about.
    pub fn new(sources: Vec<PathBuf>, dest: impl Into<PathBuf>) -> JobSpec {
        JobSpec {
            sources,
            dest: dest.into(),
            on_conflict: ConflictPolicy::Fail,
            on_problem: None,
            rules: None,
            writeback: writeback::WritebackMode::Auto,
            home_trash: None,
            verify: false,
            modes: None,
            renames: None,
            password: None,
            pick: None,
            compress: None,
        }
    }

    /// `paths` whose permissions `job` changes.
    pub fn permissions(paths: Vec<PathBuf>, job: modes::ModeJob) -> JobSpec {
        JobSpec {
            modes: Some(job),
            ..JobSpec::of(paths)
        }
    }

    /// The renames of `job` (its folder's items, old name to new).
    pub fn rename(job: rename::RenameJob) -> JobSpec {
        JobSpec {
            sources: job
                .renames
                .iter()
                .map(|(old, _)| job.dir.join(old))
                .collect(),
            renames: Some(job),
            ..JobSpec::of(Vec::new())
        }
    }

    /// `sources` to put into a new archive at `out`, made as `options` say.
    pub fn compress(
        sources: Vec<PathBuf>,
        out: PathBuf,
        options: crate::archive::compress::CompressOptions,
    ) -> JobSpec {
        JobSpec {
            compress: Some(options),
            ..JobSpec::new(sources, out)
        }
    }

    /// `paths` to move to the trash, `home` being the home trash.
    pub fn to_trash(paths: Vec<PathBuf>, home: trash::HomeTrash) -> JobSpec {
        JobSpec {
            home_trash: Some(home),
            ..JobSpec::of(paths)
        }
    }
}

/// Why a job would not touch an item at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A folder cannot go into itself or one of its subfolders.
    IntoItself,
    /// A file cannot be moved onto itself, nor copied over another name of itself (a hard
    /// link). A copy into the file's own folder is not refused: it makes a duplicate.
    OntoItself,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::IntoItself => "into_itself",
            Refusal::OntoItself => "onto_itself",
        }
    }
}

/// How many threads copy or delete at once.
pub fn workers() -> usize {
    crate::threads::per_core(2, 4)
}
