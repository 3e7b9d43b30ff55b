//! What Ctrl+Z can take back: the last copy, move, trash, rename, new folder or change of
//! permissions, and what
//! Ctrl+Shift+Z (or Ctrl+Y) does again after that. The steps are recorded here;
//! [`perform`] takes one back on a worker thread, [`redo`] does one again.

pub mod perform;
pub mod redo;

use std::path::PathBuf;
use std::time::SystemTime;

use super::format::name_of;
use super::i18n::fl;

/// One thing done that undo can take back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoStep {
    /// Items a copy made where nothing was before (undo deletes them); `again` is the job
    /// that made them, which redo runs again.
    Copied {
        targets: Vec<PathBuf>,
        again: super::request::JobRequest,
    },
    /// Items moved from `.0` to `.1` (undo moves them back).
    Moved {
        pairs: Vec<(PathBuf, PathBuf)>,
    },
    /// Items moved to the trash at about `at`, `trash` being the home trash then (undo
    /// restores them).
    Trashed {
        originals: Vec<PathBuf>,
        at: SystemTime,
        trash: porpoise_engine::jobs::trash::HomeTrash,
    },
    Renamed {
        from: PathBuf,
        to: PathBuf,
    },
    /// A new folder (undo removes it while it is still empty).
    CreatedFolder(PathBuf),
    /// A new file, empty or a copy of `template` (undo removes it while it still has the
    /// size and modification time it was made with).
    CreatedFile {
        path: PathBuf,
        stamp: porpoise_engine::items::files::Stamp,
        template: Option<PathBuf>,
    },
    /// An item's permissions changed from `from` to `to` (undo sets `from` again).
    ModeChanged {
        path: PathBuf,
        from: u32,
        to: u32,
    },
    /// A permissions job changed these items from these modes (undo gives each its mode
    /// back); `again` is the job, which redo runs again.
    ModesChanged {
        before: porpoise_engine::jobs::modes::ModesBefore,
        again: super::request::JobRequest,
    },
    /// What an extraction made where nothing was before, finished at `at` (undo removes
    /// each while nothing in it changed since); `again` is the job, which redo runs again.
    Extracted {
        targets: Vec<PathBuf>,
        at: SystemTime,
        again: super::request::JobRequest,
    },
    /// Items of one folder a batch rename renamed, old name to new (undo renames them
    /// back in one job; redo renames them again).
    BatchRenamed {
        done: porpoise_engine::jobs::rename::RenameJob,
    },
}

impl UndoStep {
    /// How many items the step is about.
    pub fn count(&self) -> usize {
        match self {
            UndoStep::Copied { targets, .. } | UndoStep::Extracted { targets, .. } => targets.len(),
            UndoStep::Moved { pairs } => pairs.len(),
            UndoStep::Trashed { originals, .. } => originals.len(),
            UndoStep::ModesChanged { before, .. } => before.len(),
            UndoStep::BatchRenamed { done } => done.renames.len(),
            UndoStep::Renamed { .. }
            | UndoStep::CreatedFolder(_)
            | UndoStep::CreatedFile { .. }
            | UndoStep::ModeChanged { .. } => 1,
        }
    }

    /// What doing it again did, for the status bar ("Redone: the move of 3 items").
    pub fn redone_text(&self) -> String {
        let count = self.count();
        match self {
            UndoStep::Copied { .. } => fl!("redo-done-copy", count = count),
            UndoStep::Extracted { .. } => fl!("redo-done-extract", count = count),
            UndoStep::Moved { .. } => fl!("redo-done-move", count = count),
            UndoStep::Trashed { .. } => fl!("redo-done-trash", count = count),
            UndoStep::Renamed { to, .. } => fl!("redo-done-rename", name = name_of(to)),
            UndoStep::CreatedFolder(p) => fl!("redo-done-new-folder", name = name_of(p)),
            UndoStep::CreatedFile { path, .. } => fl!("redo-done-new-file", name = name_of(path)),
            UndoStep::ModeChanged { path, .. } => fl!("redo-done-mode", name = name_of(path)),
            UndoStep::ModesChanged { .. } => fl!("redo-done-modes", count = count),
            UndoStep::BatchRenamed { .. } => fl!("redo-done-batch-rename", count = count),
        }
    }

    /// What undoing it did, for the status bar ("Undone: copy of 3 items").
    pub fn undone_text(&self) -> String {
        let count = self.count();
        match self {
            UndoStep::Copied { .. } => fl!("undo-done-copy", count = count),
            UndoStep::Extracted { .. } => fl!("undo-done-extract", count = count),
            UndoStep::Moved { .. } => fl!("undo-done-move", count = count),
            UndoStep::Trashed { .. } => fl!("undo-done-trash", count = count),
            UndoStep::Renamed { to, .. } => fl!("undo-done-rename", name = name_of(to)),
            UndoStep::CreatedFolder(p) => fl!("undo-done-new-folder", name = name_of(p)),
            UndoStep::CreatedFile { path, .. } => fl!("undo-done-new-file", name = name_of(path)),
            UndoStep::ModeChanged { path, .. } => fl!("undo-done-mode", name = name_of(path)),
            UndoStep::ModesChanged { .. } => fl!("undo-done-modes", count = count),
            UndoStep::BatchRenamed { .. } => fl!("undo-done-batch-rename", count = count),
        }
    }
}

/// The steps that can still be undone, newest last, and the undone ones redo can do
/// again, the last undone last. Something new done forgets what could be redone.
#[derive(Debug, Default)]
pub struct UndoStack {
    done: Vec<UndoStep>,
    undone: Vec<UndoStep>,
}

/// Older steps are forgotten past this many.
const KEEP: usize = 50;

impl UndoStack {
    /// A step of something new the user did: what was undone can no longer be redone.
    pub fn push(&mut self, step: UndoStep) {
        if step.count() == 0 {
            return;
        }
        self.undone.clear();
        self.push_redone(step);
    }

    /// A step redo did again: it can be undone once more, and the older undone steps stay.
    pub fn push_redone(&mut self, step: UndoStep) {
        if self.done.len() == KEEP {
            self.done.remove(0);
        }
        self.done.push(step);
    }

    pub fn pop(&mut self) -> Option<UndoStep> {
        self.done.pop()
    }

    pub fn last(&self) -> Option<&UndoStep> {
        self.done.last()
    }

    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    /// Keep a step that was undone (redo can do it again); gives what the status bar says.
    pub fn undone(&mut self, step: UndoStep) -> String {
        let said = step.undone_text();
        self.undone.push(step);
        said
    }

    /// Keep a step that was done again (it can be undone once more); gives what the status
    /// bar says.
    pub fn redone(&mut self, step: UndoStep) -> String {
        let said = step.redone_text();
        self.push_redone(step);
        said
    }

    /// The last undone step, for redo.
    pub fn pop_undone(&mut self) -> Option<UndoStep> {
        self.undone.pop()
    }
}

/// Why an undo or a redo failed, in words; a path in a remote place by its address.
pub fn failure_text(e: &perform::UndoError, remote: &crate::servers::RemotePlaces) -> String {
    use perform::UndoError;
    match e {
        UndoError::NotInTrash(p) => fl!("undo-why-not-in-trash", name = name_of(p)),
        UndoError::Exists(p) => fl!("undo-why-exists", name = name_of(p)),
        UndoError::NotEmpty(p) => fl!("undo-why-not-empty", name = name_of(p)),
        UndoError::Changed(p) => fl!("undo-why-changed", name = name_of(p)),
        UndoError::Gone(p) => fl!("undo-why-gone", name = name_of(p)),
        UndoError::Incomplete { failed, .. } => {
            let count = *failed;
            fl!("undo-why-incomplete", count = count)
        }
        UndoError::Io(e) => crate::failures::io_in(e, remote),
    }
}

/// How taking a step back or doing it again went.
pub type Outcome = (UndoStep, Result<(), std::sync::Arc<perform::UndoError>>);

/// Take `step` back (blocking) and say how it went.
pub fn run(step: UndoStep) -> Outcome {
    let result = perform::perform(step.clone()).map_err(std::sync::Arc::new);
    (step, result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::servers::{RemotePlace, RemotePlaces};
    use porpoise_engine::error::{IoError, Op};
    use porpoise_engine::remote::Address;

    #[test]
    fn a_failure_in_a_remote_place_names_the_file_by_its_address() {
        crate::i18n::select(&["en"]);
        let root = std::path::PathBuf::from("/run/user/0/gvfs/smb-share:server=nas,share=photos");
        let remote = RemotePlaces::new(vec![RemotePlace {
            root: root.clone(),
            address: Address::parse(b"smb://nas/photos").expect("an address"),
        }]);
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let e = perform::UndoError::Io(IoError::new(Op::Rename, root.join("2026/a.jpg"), denied));
        let said = failure_text(&e, &remote);
        assert!(said.contains("smb://nas/photos/2026/a.jpg"), "{said}");
        assert!(!said.contains("/run/user"), "{said}");
    }
}
