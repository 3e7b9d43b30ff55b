//! Taking an undo step back, on a worker thread: deleting the copies, moving items back,
//! restoring them from the trash, renaming back, removing a still-empty folder or a
//! still-unchanged new file, setting
//! permissions back (a folder's contents' through a job).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use porpoise_engine::error::{IoError, Reason};
use porpoise_engine::jobs::modes::ModeJob;
use porpoise_engine::jobs::{self, ConflictPolicy, Job, JobEvent, JobKind, JobSpec, JobState};

use super::UndoStep;

/// Why a step could not be taken back (completely).
#[derive(Debug, thiserror::Error)]
pub enum UndoError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("{path}: not in the trash any more", path = .0.display())]
    NotInTrash(PathBuf),
    #[error("{path}: something else has that name now", path = .0.display())]
    Exists(PathBuf),
    #[error("{path}: the folder is not empty any more", path = .0.display())]
    NotEmpty(PathBuf),
    #[error("{path}: it is gone", path = .0.display())]
    Gone(PathBuf),
    #[error("{path}: the file was changed since it was made", path = .0.display())]
    Changed(PathBuf),
    /// A job that undid part of the step left `failed` items as they were.
    #[error("{failed} items could not be taken back")]
    Incomplete {
        failed: u64,
        #[source]
        first: Option<IoError>,
    },
}

/// Trash deletion times have whole seconds; allow for rounding and a slow start.
const TRASH_SLACK: i64 = 2;

/// Take `step` back. Blocks until done; call it off the UI thread.
pub fn perform(step: UndoStep) -> Result<(), UndoError> {
    match step {
        UndoStep::Copied { targets, .. } => {
            run_job(jobs::start(JobKind::Delete, JobSpec::of(targets)))
        }
        UndoStep::Extracted { targets, at, .. } => {
            // Nothing is removed when anything in what was extracted changed since.
            for target in &targets {
                if let Some(changed) =
                    porpoise_engine::archive::unchanged::first_changed(target, at)?
                {
                    return Err(UndoError::Changed(changed));
                }
            }
            run_job(jobs::start(JobKind::Delete, JobSpec::of(targets)))
        }
        UndoStep::Moved { pairs } => move_back(pairs),
        UndoStep::Trashed {
            originals,
            at,
            trash,
        } => {
            let since = at
                .duration_since(UNIX_EPOCH)
                .unwrap_or(Duration::ZERO)
                .as_secs() as i64
                - TRASH_SLACK;
            let (items, missing) = jobs::trash::find_trashed(&trash, &originals, since)?;
            if let Some(first) = missing.into_iter().next() {
                return Err(UndoError::NotInTrash(first));
            }
            if let Some(taken) = originals
                .iter()
                .find(|p| porpoise_engine::items::is_taken(p))
            {
                return Err(UndoError::Exists(taken.clone()));
            }
            jobs::trash::restore(items)?;
            Ok(())
        }
        UndoStep::Renamed { from, to } => rename_back(&to, &from),
        UndoStep::CreatedFolder(path) => match porpoise_engine::items::remove_empty_folder(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.reason() == Reason::NotEmpty => Err(UndoError::NotEmpty(path)),
            Err(e) if e.reason() == Reason::NotFound => Err(UndoError::Gone(path)),
            Err(e) => Err(e.into()),
        },
        UndoStep::CreatedFile { path, stamp, .. } => {
            use porpoise_engine::items::files::{RemoveNewError, remove_if_unchanged};
            match remove_if_unchanged(&path, stamp) {
                Ok(()) => Ok(()),
                Err(RemoveNewError::Changed(p)) => Err(UndoError::Changed(p)),
                Err(RemoveNewError::Io(e)) if e.reason() == Reason::NotFound => {
                    Err(UndoError::Gone(path))
                }
                Err(RemoveNewError::Io(e)) => Err(e.into()),
            }
        }
        UndoStep::ModeChanged { path, from, .. } => set_mode(&path, from),
        UndoStep::ModesChanged { before, .. } => run_job(jobs::start(
            JobKind::Permissions,
            JobSpec::permissions(Vec::new(), ModeJob::Restore(before)),
        )),
        // Every item back to its old name in one job (a swap through a temporary name).
        UndoStep::BatchRenamed { done } => run_job(jobs::start(
            JobKind::Rename,
            JobSpec::rename(done.reversed()),
        )),
    }
}

/// Set `path`'s permissions to `mode`.
pub fn set_mode(path: &Path, mode: u32) -> Result<(), UndoError> {
    match porpoise_engine::props::set_mode(path, mode) {
        Ok(()) => Ok(()),
        Err(e) if e.reason() == Reason::NotFound => Err(UndoError::Gone(path.to_owned())),
        Err(e) => Err(e.into()),
    }
}

/// Move items back to where they came from: one move job per original folder for items
/// that kept their name, a rename for the ones that got a new name on the way.
fn move_back(pairs: Vec<(PathBuf, PathBuf)>) -> Result<(), UndoError> {
    let mut by_folder: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for (from, to) in pairs {
        if from.symlink_metadata().is_ok() {
            return Err(UndoError::Exists(from));
        }
        if to.symlink_metadata().is_err() {
            return Err(UndoError::Gone(to));
        }
        match (from.parent(), from.file_name() == to.file_name()) {
            (Some(parent), true) => by_folder.entry(parent.to_owned()).or_default().push(to),
            _ => rename_back(&to, &from)?,
        }
    }
    for (folder, items) in by_folder {
        // Never over anything: a name taken meanwhile fails that item.
        let spec = JobSpec {
            on_conflict: ConflictPolicy::Fail,
            ..JobSpec::new(items, folder)
        };
        run_job(jobs::start(JobKind::Move, spec))?;
    }
    Ok(())
}

/// Rename `now` back to `before`, never over an existing item.
fn rename_back(now: &Path, before: &Path) -> Result<(), UndoError> {
    match porpoise_engine::items::rename_back(now, before) {
        Ok(()) => Ok(()),
        Err(e) if e.reason() == Reason::Exists => Err(UndoError::Exists(before.to_owned())),
        Err(e) if e.reason() == Reason::NotFound && now.symlink_metadata().is_err() => {
            Err(UndoError::Gone(now.to_owned()))
        }
        Err(e) => Err(e.into()),
    }
}

/// Wait for a job's end; any failed item makes the undo incomplete.
fn run_job(job: Job) -> Result<(), UndoError> {
    let mut first = None;
    while let Some(event) = job.events.next() {
        match event {
            JobEvent::ItemFailed { error, .. } => {
                first.get_or_insert(error);
            }
            JobEvent::Finished { state, summary } => {
                return if state == JobState::Done {
                    Ok(())
                } else {
                    Err(UndoError::Incomplete {
                        failed: summary.failed.max(1),
                        first,
                    })
                };
            }
            _ => {}
        }
    }
    Err(UndoError::Incomplete { failed: 1, first })
}
