//! The questions the window asks over everything else: a name conflict, pre-flight
//! problems, or whether to delete for good. Several jobs may ask at once; they queue.

use std::collections::VecDeque;
use std::path::PathBuf;

use porpoise_engine::jobs::conflict::Choice;
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::preflight::{PreflightChoice, Problem};

use super::JobMsg;

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
    /// The dialog's buttons in the order they are shown (and Tab goes), and which of them
    /// is highlighted when it opens (what Enter does).
    pub fn answers(&self) -> (Vec<JobMsg>, usize) {
        match self {
            Dialog::Conflict { .. } => (
                vec![
                    JobMsg::Answer(Choice::Overwrite),
                    JobMsg::Answer(Choice::OverwriteIfOlder),
                    JobMsg::Answer(Choice::Skip),
                    JobMsg::Answer(Choice::Rename),
                    JobMsg::Answer(Choice::Cancel),
                ],
                3,
            ),
            Dialog::Preflight {
                can_proceed: true, ..
            } => (
                vec![
                    JobMsg::Preflight(PreflightChoice::ReplaceCharacters),
                    JobMsg::Preflight(PreflightChoice::SkipThem),
                    JobMsg::Preflight(PreflightChoice::Cancel),
                ],
                0,
            ),
            Dialog::Preflight { .. } => (vec![JobMsg::CloseDialog], 0),
            // Shift+Del asked for it: Delete is the default, as in Dolphin.
            Dialog::ConfirmDelete { .. } => (vec![JobMsg::CloseDialog, JobMsg::ConfirmDelete], 1),
        }
    }

    /// The job this dialog is about, if any.
    pub fn job(&self) -> Option<u64> {
        match self {
            Dialog::Conflict { job, .. } | Dialog::Preflight { job, .. } => Some(*job),
            Dialog::ConfirmDelete { .. } => None,
        }
    }
}

/// The dialogs waiting to be shown; the first one is on screen, with one of its buttons
/// highlighted (Tab moves it, Enter presses it).
#[derive(Debug, Default)]
pub struct Dialogs(VecDeque<Dialog>, Option<usize>);

impl Dialogs {
    pub fn push(&mut self, d: Dialog) {
        self.0.push_back(d);
    }

    /// The highlighted button of the shown dialog (its position in [`Dialog::answers`]).
    pub fn focused(&self) -> Option<usize> {
        let (answers, default) = self.current()?.answers();
        Some(
            self.1
                .unwrap_or(default)
                .min(answers.len().saturating_sub(1)),
        )
    }

    /// Move the highlight by `step` buttons, round the end.
    pub fn move_focus(&mut self, step: isize) {
        let Some(at) = self.focused() else {
            return;
        };
        let n = self.current().map_or(1, |d| d.answers().0.len()) as isize;
        self.1 = Some((at as isize + step).rem_euclid(n.max(1)) as usize);
    }

    /// What the highlighted button does.
    pub fn focused_answer(&self) -> Option<JobMsg> {
        let at = self.focused()?;
        self.current()?.answers().0.into_iter().nth(at)
    }

    pub fn current(&self) -> Option<&Dialog> {
        self.0.front()
    }

    /// A question of job `job` waits for its answer (shown, or next in line); a job told
    /// only why it cannot go on ends by itself.
    pub fn asks(&self, job: u64) -> bool {
        self.0.iter().any(|d| {
            d.job() == Some(job)
                && !matches!(
                    d,
                    Dialog::Preflight {
                        can_proceed: false,
                        ..
                    }
                )
        })
    }

    pub fn current_mut(&mut self) -> Option<&mut Dialog> {
        self.0.front_mut()
    }

    /// Close the shown dialog; the next one (if any) shows, with its default highlighted.
    pub fn pop(&mut self) -> Option<Dialog> {
        self.1 = None;
        self.0.pop_front()
    }

    /// Forget the questions of a job (it was cancelled or ended). What only tells why a
    /// job cannot be done stays until closed.
    pub fn drop_job(&mut self, job: u64) {
        let shown = self.0.front().cloned();
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
        if self.0.front() != shown.as_ref() {
            self.1 = None;
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
