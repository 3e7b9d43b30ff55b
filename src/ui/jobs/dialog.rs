//! The questions the window asks over everything else: a name conflict, pre-flight
//! problems, or whether to delete for good. Several jobs may ask at once; they queue.

use std::collections::VecDeque;
use std::path::PathBuf;

use crate::jobs::events::Conflict;
use crate::jobs::preflight::Problem;

#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// A job waits for an answer to a conflict.
    Conflict {
        job: u64,
        conflict: Conflict,
        /// The "Apply to all" box.
        for_all: bool,
    },
    /// A job found problems before starting; with `can_proceed` it waits for a choice.
    Preflight {
        job: u64,
        problems: Vec<Problem>,
        can_proceed: bool,
    },
    /// Delete these for good? (Shift+Del)
    ConfirmDelete { paths: Vec<PathBuf> },
}

impl Dialog {
    /// The job this dialog is about, if any.
    pub fn job(&self) -> Option<u64> {
        match self {
            Dialog::Conflict { job, .. } | Dialog::Preflight { job, .. } => Some(*job),
            Dialog::ConfirmDelete { .. } => None,
        }
    }
}

/// The dialogs waiting to be shown; the first one is on screen.
#[derive(Debug, Default)]
pub struct Dialogs(VecDeque<Dialog>);

impl Dialogs {
    pub fn push(&mut self, d: Dialog) {
        self.0.push_back(d);
    }

    pub fn current(&self) -> Option<&Dialog> {
        self.0.front()
    }

    pub fn current_mut(&mut self) -> Option<&mut Dialog> {
        self.0.front_mut()
    }

    /// Close the shown dialog; the next one (if any) shows.
    pub fn pop(&mut self) -> Option<Dialog> {
        self.0.pop_front()
    }

    /// Forget the questions of a job (it was cancelled or ended). What only tells why a
    /// job cannot be done stays until closed.
    pub fn drop_job(&mut self, job: u64) {
        self.0.retain(|d| {
            d.job() != Some(job)
                || matches!(
                    d,
                    Dialog::Preflight {
                        can_proceed: false,
                        ..
                    }
                )
        });
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
