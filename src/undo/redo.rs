//! Doing an undone step again. A copy, link or trash runs its job again (as a job of the
//! panel, with progress and conflicts); a move and a rename are taken back as the undo of
//! their opposite; a new folder is made again. Blocking parts run off the UI thread.

use std::path::PathBuf;

use crate::request::{JobKind, JobRequest};
use porpoise_engine::error::Reason;
use porpoise_engine::items;

use super::UndoStep;
use super::perform::{self, UndoError};

/// How a step is done again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Again {
    /// Run this job again; its end records the step anew.
    Job(JobRequest),
    /// Do it here, off the UI thread ([`perform_again`]).
    Directly(UndoStep),
}

/// How `step`, just undone, is done again.
pub fn again(step: UndoStep) -> Again {
    match step {
        UndoStep::Copied { again, .. }
        | UndoStep::Extracted { again, .. }
        | UndoStep::ModesChanged { again, .. } => Again::Job(again),
        UndoStep::Trashed { originals, .. } => Again::Job(JobRequest {
            kind: JobKind::Trash,
            sources: originals,
            dest: PathBuf::new(),
            modes: None,
            compress: None,
        }),
        step @ (UndoStep::Moved { .. }
        | UndoStep::Renamed { .. }
        | UndoStep::BatchRenamed { .. }
        | UndoStep::CreatedFolder(_)
        | UndoStep::CreatedFile { .. }
        | UndoStep::ModeChanged { .. }) => Again::Directly(step),
    }
}

/// Do `step` (a move, rename or new folder) again. Blocks; call it off the UI thread.
pub fn perform_again(step: &UndoStep) -> Result<(), UndoError> {
    match step {
        UndoStep::Moved { pairs } => perform::perform(UndoStep::Moved {
            pairs: pairs.iter().map(|(a, b)| (b.clone(), a.clone())).collect(),
        }),
        UndoStep::Renamed { from, to } => perform::perform(UndoStep::Renamed {
            from: to.clone(),
            to: from.clone(),
        }),
        UndoStep::CreatedFolder(path) => {
            let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
                return Err(UndoError::Gone(path.clone()));
            };
            match items::create_folder(parent, name) {
                Ok(_) => Ok(()),
                Err(e) if e.reason() == Reason::Exists => Err(UndoError::Exists(path.clone())),
                Err(e) => Err(e.into()),
            }
        }
        UndoStep::CreatedFile {
            path,
            stamp,
            template,
        } => {
            let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
                return Err(UndoError::Gone(path.clone()));
            };
            match items::files::create_file(parent, name, template.as_deref()) {
                // Made again as it was: the same time, so undo can take it back again.
                Ok(_) => Ok(items::files::set_mtime(path, *stamp)?),
                Err(e) if e.reason() == Reason::Exists => Err(UndoError::Exists(path.clone())),
                Err(e) => Err(e.into()),
            }
        }
        UndoStep::ModeChanged { path, to, .. } => perform::set_mode(path, *to),
        UndoStep::BatchRenamed { done } => perform::perform(UndoStep::BatchRenamed {
            done: done.reversed(),
        }),
        UndoStep::Copied { .. }
        | UndoStep::Extracted { .. }
        | UndoStep::Trashed { .. }
        | UndoStep::ModesChanged { .. } => Ok(()),
    }
}

/// Do `step` again (blocking) and say how it went.
pub fn run(step: UndoStep) -> super::Outcome {
    let result = perform_again(&step).map_err(std::sync::Arc::new);
    (step, result)
}
