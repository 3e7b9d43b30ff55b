//! What Ctrl+Z can take back: the last copy, move, trash, rename or new folder. The steps
//! are recorded here; [`perform`] takes one back on a worker thread.

pub mod perform;

use std::path::PathBuf;
use std::time::SystemTime;

use super::i18n::fl;

/// One thing done that undo can take back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoStep {
    /// Items a copy made where nothing was before (undo deletes them).
    Copied {
        targets: Vec<PathBuf>,
    },
    /// Items moved from `.0` to `.1` (undo moves them back).
    Moved {
        pairs: Vec<(PathBuf, PathBuf)>,
    },
    /// Items moved to the trash at about `at` (undo restores them).
    Trashed {
        originals: Vec<PathBuf>,
        at: SystemTime,
    },
    Renamed {
        from: PathBuf,
        to: PathBuf,
    },
    /// A new folder (undo removes it while it is still empty).
    CreatedFolder(PathBuf),
}

impl UndoStep {
    /// How many items the step is about.
    pub fn count(&self) -> usize {
        match self {
            UndoStep::Copied { targets } => targets.len(),
            UndoStep::Moved { pairs } => pairs.len(),
            UndoStep::Trashed { originals, .. } => originals.len(),
            UndoStep::Renamed { .. } | UndoStep::CreatedFolder(_) => 1,
        }
    }

    /// What undoing it did, for the status bar ("Undone: copy of 3 items").
    pub fn undone_text(&self) -> String {
        let count = self.count();
        match self {
            UndoStep::Copied { .. } => fl!("undo-done-copy", count = count),
            UndoStep::Moved { .. } => fl!("undo-done-move", count = count),
            UndoStep::Trashed { .. } => fl!("undo-done-trash", count = count),
            UndoStep::Renamed { to, .. } => fl!("undo-done-rename", name = name(to)),
            UndoStep::CreatedFolder(p) => fl!("undo-done-new-folder", name = name(p)),
        }
    }
}

/// The last component of a path, lossily, for messages.
pub fn name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

/// The steps that can still be undone, newest last.
#[derive(Debug, Default)]
pub struct UndoStack(Vec<UndoStep>);

/// Older steps are forgotten past this many.
const KEEP: usize = 50;

impl UndoStack {
    pub fn push(&mut self, step: UndoStep) {
        if step.count() == 0 {
            return;
        }
        if self.0.len() == KEEP {
            self.0.remove(0);
        }
        self.0.push(step);
    }

    pub fn pop(&mut self) -> Option<UndoStep> {
        self.0.pop()
    }

    pub fn last(&self) -> Option<&UndoStep> {
        self.0.last()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Why an undo failed, in words for the status bar.
pub fn failure_text(e: &perform::UndoError) -> String {
    use perform::UndoError;
    let why = match e {
        UndoError::NotInTrash(p) => fl!("undo-why-not-in-trash", name = name(p)),
        UndoError::Exists(p) => fl!("undo-why-exists", name = name(p)),
        UndoError::NotEmpty(p) => fl!("undo-why-not-empty", name = name(p)),
        UndoError::Gone(p) => fl!("undo-why-gone", name = name(p)),
        UndoError::Incomplete { failed, .. } => {
            let count = *failed;
            fl!("undo-why-incomplete", count = count)
        }
        UndoError::Io(e) => crate::error::chain(e),
    };
    fl!("undo-failed", why = why)
}

/// Take `step` back (blocking) and say how it went, as the message the window gets.
pub fn run(step: UndoStep) -> super::message::Message {
    let text = step.undone_text();
    let result = perform::perform(step).map_err(std::sync::Arc::new);
    super::message::Message::Jobs(super::jobs::JobMsg::Undone(text, result))
}
