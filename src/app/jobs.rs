//! The job panel in the app: starting the jobs the window's parts ask for, handing the
//! panel its messages, and what it tells: a note for the status bar, a job that ended
//! (its questions go, its device knows whether all of it arrived, what it pasted into the
//! shown folder is selected).

use super::App;
use crate::message::Message;
use crate::request::{JobKind, JobRequest};
use crate::screen::jobs::{self, Jobs};
use crate::undo::UndoStep;
use iced::Task;
use porpoise_engine::jobs::JobSpec;

impl App {
    /// Start the job a paste, drop, key or menu asked for.
    pub(super) fn start_job(&mut self, request: JobRequest) -> Task<Message> {
        self.start_job_as(request, None)
    }

    /// Start the job `request` shows in the panel, as `spec` says (a batch rename's
    /// names are in its spec alone).
    pub(super) fn start_job_with(&mut self, request: JobRequest, spec: JobSpec) -> Task<Message> {
        self.start_job_as(request, Some(spec))
    }

    fn start_job_as(&mut self, mut request: JobRequest, spec: Option<JobSpec>) -> Task<Message> {
        // A remote place keeps no trash: what would go there is asked about instead, to be
        // deleted for good (as Nautilus asks), never a job that can only fail.
        let no_trash = match request.kind {
            JobKind::Trash => self
                .browser
                .remote()
                .take_without_trash(&mut request.sources),
            _ => None,
        };
        if !request.sources.is_empty() {
            let cx = jobs::Context::new(&self.home.trash, &self.settings, self.browser.remote());
            self.jobs.start(request, spec, &cx);
            if let Some(why) = self.jobs.take_refusal() {
                self.status.note(crate::screen::status::Note::failed(why));
            }
        }
        match no_trash {
            Some((paths, place)) => self.ask_delete_as(paths, Some(place)),
            None => Task::none(),
        }
    }

    /// Record a step Ctrl+Z can take back (rename and new folder record theirs here too).
    pub fn push_undo(&mut self, step: UndoStep) {
        self.jobs.push_undo(step);
    }

    /// The window's jobs, their questions and undo steps.
    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    pub(super) fn on_job_message(&mut self, m: jobs::Message) -> Task<Message> {
        let cx = jobs::Context::new(&self.home.trash, &self.settings, self.browser.remote());
        let (task, event) = self.jobs.update(m, &cx);
        let task = task.map(Message::Jobs);
        match event {
            Some(jobs::Event::Note(note)) => self.status.note(note),
            Some(jobs::Event::Keyboard) => {
                return crate::tasks::batch([task, self.keyboard_to(crate::focus::Part::Jobs)]);
            }
            Some(jobs::Event::Ended(id)) => {
                self.remember_finished(id);
                self.forget_questions(id);
                self.device_job_finished(id);
                self.select_placed(id);
                self.forget_found(id);
            }
            None => {}
        }
        task
    }

    /// A job finished: the status bar's history keeps what it was and what it did.
    fn remember_finished(&mut self, id: u64) {
        let Some(e) = self.jobs.get(id).filter(|e| e.is_finished()) else {
            return;
        };
        self.status.remember(crate::screen::status::Finished {
            what: jobs::words::title(e),
            outcome: jobs::words::summary(e),
            at: crate::format::clock_now(),
            failed: !e.leaves_by_itself(),
        });
    }

    /// A paste or drop into the shown folder finished: what it placed there is the
    /// selection (as Dolphin and Nautilus select pasted files).
    fn select_placed(&mut self, id: u64) {
        use std::os::unix::ffi::OsStrExt;
        let Some(entry) = self.jobs.get(id).filter(|e| e.is_finished()) else {
            return;
        };
        let pasted = matches!(
            entry.request.kind,
            JobKind::Copy | JobKind::Move | JobKind::Link
        );
        if !pasted || self.browser.pane().path() != entry.request.dest {
            return;
        }
        let names: Vec<Vec<u8>> = entry
            .placed
            .iter()
            .filter_map(|p| p.target.file_name())
            .map(|n| n.as_bytes().to_vec())
            .collect();
        if names.is_empty() {
            return;
        }
        let pane = self.browser.pane_mut();
        pane.selection_mut().clear();
        for name in &names {
            pane.select(name);
        }
    }

    /// What a finished job deleted, put in the trash or moved away leaves the search
    /// results.
    fn forget_found(&mut self, id: u64) {
        if let Some(entry) = self.jobs.get(id) {
            let gone = entry.removed_sources();
            self.browser.forget_found(&gone);
        }
    }

    /// The job panel, or nothing while there are no jobs.
    pub fn jobs_view(&self) -> Option<iced::Element<'_, Message>> {
        let ring = self.focus_ring() == Some(crate::focus::Part::Jobs);
        let place = |at: &std::path::Path| self.places.device_name(at);
        let height = self.settings.window_height;
        Some(self.jobs.view(ring, &place, height)?.map(Message::Jobs))
    }
}
