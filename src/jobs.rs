//! The window's file jobs as state: the panel's rows, the questions of jobs waiting to be
//! shown, the undo steps jobs leave, and the line the status bar shows about them. Pure;
//! the engine runs each job the window follows (see [`follow`]).

pub mod entry;
pub mod follow;
pub mod words;

use std::collections::VecDeque;
use std::sync::Arc;

use porpoise_engine::jobs::{JobEvent, JobState};

use super::dialog::question::Ask;
use super::undo::perform::UndoError;
use super::undo::{UndoStack, UndoStep};
use entry::JobEntry;

/// What happens to jobs, their dialogs and undo.
#[derive(Debug, Clone)]
pub enum JobMsg {
    /// An event of the job with this id.
    Event(u64, JobEvent),
    Pause(u64),
    Resume(u64),
    Cancel(u64),
    /// A job waiting for its device: start it now, beside the one writing there.
    StartNow(u64),
    /// A job waiting for its device: one place up (towards the front) or down its line.
    MoveUp(u64),
    MoveDown(u64),
    /// Remove a finished job's row.
    Dismiss(u64),
    /// Show or hide a finished job's failed items.
    ToggleFailures(u64),
    /// Ctrl+Z.
    Undo,
    /// An undo step ran (the step), or failed.
    Undone(UndoStep, Result<(), Arc<UndoError>>),
    /// Ctrl+Shift+Z or Ctrl+Y.
    Redo,
    /// An undone step was done again (the step), or not.
    Redone(UndoStep, Result<(), Arc<UndoError>>),
}

/// All jobs of the window.
#[derive(Debug, Default)]
pub struct Jobs {
    pub entries: Vec<JobEntry>,
    /// Questions of jobs waiting to be shown (one is shown at a time, as the window's
    /// dialog).
    pub questions: VecDeque<Ask>,
    pub undo: UndoStack,
    next_id: u64,
}

impl Jobs {
    /// A new job id.
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn get(&self, id: u64) -> Option<&JobEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    pub fn get_mut(&mut self, id: u64) -> Option<&mut JobEntry> {
        self.entries.iter_mut().find(|e| e.id == id)
    }

    /// Remove a finished job's row.
    pub fn dismiss(&mut self, id: u64) {
        self.entries.retain(|e| e.id != id || !e.is_finished());
    }

    /// The jobs not finished, whose events the window follows.
    pub fn running(&self) -> impl Iterator<Item = &std::sync::Arc<follow::JobRun>> {
        self.entries
            .iter()
            .filter(|e| !e.is_finished())
            .map(|e| &e.run)
    }

    /// Every job is finished, or waits on the person (`asking`: the jobs a question
    /// waits on; or it is paused, and not resumed since), or waits for its turn behind
    /// another job that is not finished.
    pub fn at_rest(&self, asking: &[u64]) -> bool {
        let unfinished = self.entries.iter().filter(|e| !e.is_finished()).count();
        self.entries.iter().filter(|e| !e.is_finished()).all(|e| {
            (e.state == JobState::Paused && e.control().is_paused())
                || asking.contains(&e.id)
                || (e.is_waiting() && unfinished > 1)
        })
    }
}
