//! The window's file jobs: starting them from a [`JobRequest`], taking in their events,
//! steering them from the panel and the dialogs, the delete keys, and undo.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use super::App;
use crate::dialog::question::{Ask, target_folder};
use crate::effects::Effect;
use crate::format;
use crate::i18n::fl;
use crate::jobs::entry::{JobEntry, Placement};
use crate::jobs::follow::JobRun;
use crate::jobs::{JobMsg, Jobs};
use crate::request::{JobKind, JobRequest};
use crate::screen::status::Note;
use crate::undo::{self, UndoStep};
use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::jobs::{JobEvent, JobSpec, JobState};

impl App {
    /// Start the job a paste, drop, key or menu asked for.
    pub(super) fn start_job(&mut self, request: JobRequest) -> Vec<Effect> {
        let spec = request.spec(&self.trash, self.settings.verify_copies);
        self.start_job_with(request, spec)
    }

    /// Start the job `request` shows in the panel, as `spec` says (a batch rename's
    /// names are in its spec alone).
    pub(super) fn start_job_with(&mut self, request: JobRequest, spec: JobSpec) -> Vec<Effect> {
        tracing::info!(?request, "job requested");
        if request.sources.is_empty() {
            return Vec::new();
        }
        self.queue.set_enabled(self.settings.queue_per_device);
        let run = JobRun {
            id: self.jobs.next_id(),
            kind: request.kind,
            spec,
            control: porpoise_engine::jobs::Control::new(),
            queue: self.queue.clone(),
        };
        // The window's subscription for the job starts it.
        self.jobs
            .entries
            .push(JobEntry::new(request, std::sync::Arc::new(run)));
        Vec::new()
    }

    /// Record a step Ctrl+Z can take back (rename and new folder record theirs here too).
    pub fn push_undo(&mut self, step: UndoStep) {
        self.jobs.undo.push(step);
    }

    /// The window's jobs, dialogs and undo steps.
    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    pub(super) fn on_job_message(&mut self, msg: JobMsg) -> Vec<Effect> {
        match msg {
            JobMsg::Event(id, event) => self.on_job_event(id, event),
            JobMsg::Pause(id) => {
                if let Some(e) = self.jobs.get(id) {
                    e.control().pause();
                }
                Vec::new()
            }
            JobMsg::Resume(id) => self.steer(id, |c| c.resume()),
            JobMsg::Cancel(id) => {
                self.forget_questions(id);
                self.steer(id, |c| c.cancel())
            }
            JobMsg::StartNow(id) => {
                let queue = self.queue.clone();
                let mut started = false;
                let effects = self.steer(id, |c| started = queue.start_now(c));
                if let Some(e) = self.jobs.get_mut(id).filter(|_| started) {
                    // Its turn came: the row stops saying it waits at once.
                    e.waiting = None;
                }
                effects
            }
            JobMsg::MoveUp(id) => {
                let queue = self.queue.clone();
                self.steer(id, |c| {
                    queue.move_up(c);
                })
            }
            JobMsg::MoveDown(id) => {
                let queue = self.queue.clone();
                self.steer(id, |c| {
                    queue.move_down(c);
                })
            }
            JobMsg::Dismiss(id) => {
                self.jobs.dismiss(id);
                Vec::new()
            }
            JobMsg::ToggleFailures(id) => {
                if let Some(e) = self.jobs.get_mut(id) {
                    e.show_failures = !e.show_failures;
                }
                Vec::new()
            }
            JobMsg::Undo => self.undo(),
            JobMsg::Undone(step, result) => {
                let note = match result {
                    Ok(()) => Note::said(self.jobs.undo.undone(step)),
                    Err(e) => Note::failed(fl!("undo-failed", why = undo::failure_text(&e))),
                };
                self.status.note(note);
                Vec::new()
            }
            JobMsg::Redo => self.redo(),
            JobMsg::Redone(step, result) => {
                let note = match result {
                    Ok(()) => Note::said(self.jobs.undo.redone(step)),
                    Err(e) => Note::failed(fl!("redo-failed", why = undo::failure_text(&e))),
                };
                self.status.note(note);
                Vec::new()
            }
        }
    }

    /// Do something to the control of a job not finished.
    pub(super) fn steer(
        &mut self,
        id: u64,
        f: impl FnOnce(&std::sync::Arc<porpoise_engine::jobs::Control>),
    ) -> Vec<Effect> {
        if let Some(e) = self.jobs.get(id).filter(|e| !e.is_finished()) {
            f(e.control());
        }
        Vec::new()
    }

    fn on_job_event(&mut self, id: u64, event: JobEvent) -> Vec<Effect> {
        let Some(entry) = self.jobs.get_mut(id) else {
            return Vec::new();
        };
        match event {
            JobEvent::Conflict(conflict) => {
                let folder = format::name_of(&target_folder(&entry.request, &conflict));
                self.jobs.questions.push_back(Ask::Conflict {
                    job: id,
                    conflict,
                    folder,
                    for_all: false,
                });
            }
            JobEvent::Preflight {
                problems,
                can_proceed,
            } => self.jobs.questions.push_back(Ask::Preflight {
                job: id,
                problems,
                can_proceed,
            }),
            JobEvent::Finished { .. } => {
                entry.apply(event);
                self.forget_questions(id);
                self.device_job_finished(id);
                let redo = self.jobs.get(id).is_some_and(|e| e.redo);
                match self.jobs.get(id).and_then(|e| undo_step(e, &self.trash)) {
                    Some(step) if redo => self.jobs.undo.push_redone(step),
                    Some(step) => self.jobs.undo.push(step),
                    None => {}
                }
            }
            event => entry.apply(event),
        }
        Vec::new()
    }

    /// The selected items as paths in the shown folder.
    pub(super) fn selected_paths(&self) -> Vec<PathBuf> {
        let dir = self.pane.lister.path();
        let mut paths: Vec<PathBuf> = self
            .pane
            .selection
            .names()
            .map(|n| dir.join(OsStr::from_bytes(n)))
            .collect();
        paths.sort();
        paths
    }

    /// Del: the selection goes to the trash.
    pub(super) fn trash_selection(&mut self) -> Vec<Effect> {
        let sources = self.selected_paths();
        self.start_job(JobRequest {
            kind: JobKind::Trash,
            sources,
            dest: PathBuf::new(),
            modes: None,
        })
    }

    /// Ctrl+Z: take the last step back, off the UI thread.
    fn undo(&mut self) -> Vec<Effect> {
        match self.jobs.undo.pop() {
            Some(step) => vec![Effect::Undo(step)],
            None => {
                self.status.note(Note::said(fl!("undo-nothing")));
                Vec::new()
            }
        }
    }

    /// Ctrl+Shift+Z or Ctrl+Y: do the last undone step again.
    fn redo(&mut self) -> Vec<Effect> {
        let Some(step) = self.jobs.undo.pop_undone() else {
            self.status.note(Note::said(fl!("redo-nothing")));
            return Vec::new();
        };
        match undo::redo::again(step) {
            undo::redo::Again::Job(request) => {
                let before = self.jobs.entries.len();
                let effects = self.start_job(request);
                if let Some(entry) = self.jobs.entries.get_mut(before) {
                    entry.redo = true;
                }
                effects
            }
            undo::redo::Again::Directly(step) => vec![Effect::Redo(step)],
        }
    }
}

/// What undo can take back of a finished job.
fn undo_step(e: &JobEntry, trash: &HomeTrash) -> Option<UndoStep> {
    let new = || e.placed.iter().filter(|p| p.new);
    let step = match e.request.kind {
        // Undoing a link removes the links (a delete never follows them).
        JobKind::Copy | JobKind::Link => UndoStep::Copied {
            targets: new().map(|p| p.target.clone()).collect(),
            again: e.request.clone(),
        },
        JobKind::Move => UndoStep::Moved {
            pairs: new()
                .map(|p: &Placement| (p.source.clone(), p.target.clone()))
                .collect(),
        },
        JobKind::Trash => UndoStep::Trashed {
            originals: e
                .request
                .sources
                .iter()
                .filter(|s| !e.failures.iter().any(|f| f.path == **s))
                .cloned()
                .collect(),
            at: e.started_at,
            trash: trash.clone(),
        },
        JobKind::Permissions => UndoStep::ModesChanged {
            before: e.modes_before.clone()?,
            again: e.request.clone(),
        },
        JobKind::Rename => UndoStep::BatchRenamed {
            done: crate::undo::batch::renamed(&e.request.dest, &e.placed),
        },
        JobKind::Delete => return None,
    };
    // A cancelled trash may have left items where they were; only done ones count.
    if e.request.kind == JobKind::Trash && e.state == JobState::Cancelled {
        return None;
    }
    (step.count() > 0).then_some(step)
}
