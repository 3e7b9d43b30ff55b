//! The job panel: the window's file jobs (each started from a [`JobRequest`] and followed
//! by a subscription of the window while it runs, see [`follow`]), steered from the
//! panel's rows; the questions of jobs waiting to be shown; and undo, whose steps the
//! jobs and the other changes leave (Ctrl+Z, Ctrl+Shift+Z).

mod accessible;
pub mod entry;
pub mod follow;
mod view;
pub mod words;

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use iced::{Subscription, Task};
use porpoise_engine::jobs::rename::RenameJob;
use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::jobs::{Control, JobEvent, JobSpec, JobState, Queue};

use crate::dialog::question::{Ask, target_folder};
use crate::format;
use crate::i18n::fl;
use crate::request::{JobKind, JobRequest};
use crate::screen::status::Note;
use crate::servers::RemotePlaces;
use crate::undo::perform::UndoError;
use crate::undo::{self, UndoStack, UndoStep};
use entry::{JobEntry, Placement};
use follow::JobRun;

pub use view::button_id;

/// What happens to jobs and undo.
#[derive(Debug, Clone)]
pub enum Message {
    /// Start the job a part of the window asks for.
    Start(JobRequest),
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
    /// Remove every finished job's row.
    ClearFinished,
    /// The pointer came over the panel (`true`) or left it.
    Hovered(bool),
    /// A second went by: finished rows that were shown long enough leave.
    Tick,
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
    /// A screen reader asked for the keyboard on the panel.
    Keyboard,
}

/// What the panel tells the window.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Something to say in the status bar (what undo did, or why not).
    Note(Note),
    /// The job ended (or was cancelled): its questions go; the devices it wrote to
    /// know whether all of it arrived.
    Ended(u64),
    /// The keyboard comes to the panel (a screen reader asked for it).
    Keyboard,
}

/// What jobs read of the window: where trashed items go, whether copies are read back,
/// whether jobs to one device wait for each other.
pub struct Context<'a> {
    pub trash: &'a HomeTrash,
    pub verify_copies: bool,
    pub queue_per_device: bool,
    /// The remote places: a path in one is written as its address.
    pub remote: &'a RemotePlaces,
}

impl<'a> Context<'a> {
    /// What jobs read: the home trash, the job settings and the remote places.
    pub fn new(
        trash: &'a HomeTrash,
        settings: &crate::settings::Settings,
        remote: &'a RemotePlaces,
    ) -> Context<'a> {
        Context {
            trash,
            verify_copies: settings.verify_copies,
            queue_per_device: settings.queue_per_device,
            remote,
        }
    }
}

/// All jobs of the window.
#[derive(Debug, Default)]
pub struct Jobs {
    pub entries: Vec<JobEntry>,
    /// Questions of jobs waiting to be shown (one is shown at a time, as the window's
    /// dialog).
    pub questions: VecDeque<Ask>,
    pub undo: UndoStack,
    /// The engine's queue per device the copies and moves wait in.
    queue: Queue,
    next_id: u64,
    /// The pointer is over the panel: no row leaves, so nothing moves under it.
    hovered: bool,
    /// Why the last job asked for was refused (it would change an archive), for the
    /// status bar.
    refused: Option<String>,
}

/// How long a finished job's row stays before it leaves by itself.
pub const FINISHED_STAYS: Duration = Duration::from_secs(5);

impl Jobs {
    /// Why the last job asked for was refused, once.
    pub fn take_refusal(&mut self) -> Option<String> {
        self.refused.take()
    }

    /// Start the job `request` asks for (as `spec` says, else as its own spec), a row of
    /// the panel; the window's subscription for it runs it. Whether it started (a
    /// request without sources does not).
    pub fn start(&mut self, request: JobRequest, spec: Option<JobSpec>, cx: &Context) -> bool {
        tracing::info!(?request, "job requested");
        if request.sources.is_empty() {
            return false;
        }
        let (request, pick) = match crate::archived::job_of(request) {
            Ok(job) => job,
            Err(why) => {
                tracing::info!("refused: {why}");
                self.refused = Some(why);
                return false;
            }
        };
        let mut spec = spec.unwrap_or_else(|| follow::spec(&request, cx.trash, cx.verify_copies));
        if pick.is_some() {
            spec.pick = pick;
        }
        self.queue.set_enabled(cx.queue_per_device);
        let run = JobRun {
            id: self.next_id(),
            kind: request.kind,
            spec,
            control: Control::new(),
            queue: self.queue.clone(),
        };
        let dest_name = cx.remote.folder_name(&request.dest);
        self.entries
            .push(JobEntry::new(request, Arc::new(run), dest_name));
        true
    }

    /// Jobs to one device wait for each other, or not (the setting).
    pub fn queue_per_device(&self, on: bool) {
        self.queue.set_enabled(on);
    }

    /// Record a step Ctrl+Z can take back (rename and new folder record theirs here too).
    pub fn push_undo(&mut self, step: UndoStep) {
        self.undo.push(step);
    }

    pub fn update(&mut self, m: Message, cx: &Context) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Start(request) => {
                self.start(request, None, cx);
                self.take_refusal()
                    .map(|why| Event::Note(Note::failed(why)))
            }
            Message::Event(id, event) => return (Task::none(), self.on_event(id, event, cx)),
            Message::Pause(id) => {
                if let Some(e) = self.get(id) {
                    e.control().pause();
                }
                None
            }
            Message::Resume(id) => {
                self.steer(id, |c| c.resume());
                None
            }
            Message::Cancel(id) => {
                self.steer(id, |c| c.cancel());
                Some(Event::Ended(id))
            }
            Message::StartNow(id) => {
                let queue = self.queue.clone();
                let mut started = false;
                self.steer(id, |c| started = queue.start_now(c));
                if let Some(e) = self.get_mut(id).filter(|_| started) {
                    // Its turn came: the row stops saying it waits at once.
                    e.waiting = None;
                }
                None
            }
            Message::MoveUp(id) => {
                let queue = self.queue.clone();
                self.steer(id, |c| {
                    queue.move_up(c);
                });
                None
            }
            Message::MoveDown(id) => {
                let queue = self.queue.clone();
                self.steer(id, |c| {
                    queue.move_down(c);
                });
                None
            }
            Message::Dismiss(id) => {
                self.dismiss(id);
                None
            }
            Message::Keyboard => Some(Event::Keyboard),
            Message::ClearFinished => {
                let finished: Vec<u64> = self
                    .entries
                    .iter()
                    .filter(|e| e.is_finished())
                    .map(|e| e.id)
                    .collect();
                for id in finished {
                    self.dismiss(id);
                }
                None
            }
            Message::Hovered(over) => {
                self.hovered = over;
                if !over {
                    self.entries.retain(|e| !e.gone);
                    self.leave(Instant::now());
                }
                None
            }
            Message::Tick => {
                self.leave(Instant::now());
                None
            }
            Message::ToggleFailures(id) => {
                if let Some(e) = self.get_mut(id) {
                    e.show_failures = !e.show_failures;
                }
                None
            }
            Message::Undo => return self.take_back(),
            Message::Undone(step, result) => Some(Event::Note(match result {
                Ok(()) => Note::said(self.undo.undone(step)),
                Err(e) => Note::failed(fl!("undo-failed", why = undo::failure_text(&e, cx.remote))),
            })),
            Message::Redo => return self.do_again(cx),
            Message::Redone(step, result) => Some(Event::Note(match result {
                Ok(()) => Note::said(self.undo.redone(step)),
                Err(e) => Note::failed(fl!("redo-failed", why = undo::failure_text(&e, cx.remote))),
            })),
        };
        (Task::none(), event)
    }

    /// Do something to the control of a job not finished.
    pub fn steer(&self, id: u64, f: impl FnOnce(&Arc<Control>)) {
        if let Some(e) = self.get(id).filter(|e| !e.is_finished()) {
            f(e.control());
        }
    }

    fn on_event(&mut self, id: u64, event: JobEvent, cx: &Context) -> Option<Event> {
        let entry = self.get_mut(id)?;
        match event {
            JobEvent::Conflict(conflict) => {
                let folder = cx
                    .remote
                    .folder_name(&target_folder(&entry.request, &conflict));
                let new_name = format::name_of(&conflict.target);
                self.questions.push_back(Ask::Conflict {
                    job: id,
                    conflict,
                    folder,
                    for_all: false,
                    new_name,
                });
            }
            JobEvent::Password { archive, wrong } => self.questions.push_back(Ask::Password {
                job: Some(id),
                archive,
                wrong,
                typed: Default::default(),
            }),
            JobEvent::Preflight {
                problems,
                can_proceed,
            } => self.questions.push_back(Ask::Preflight {
                job: id,
                problems,
                can_proceed,
            }),
            JobEvent::Finished { .. } => {
                entry.apply(event, cx.remote);
                let redo = entry.redo;
                match undo_step(entry, cx.trash) {
                    Some(step) if redo => self.undo.push_redone(step),
                    Some(step) => self.undo.push(step),
                    None => {}
                }
                return Some(Event::Ended(id));
            }
            event => entry.apply(event, cx.remote),
        }
        None
    }

    /// Ctrl+Z: take the last step back, off the UI thread.
    fn take_back(&mut self) -> (Task<Message>, Option<Event>) {
        match self.undo.pop() {
            Some(step) => {
                let task = crate::offload::work("the undo thread", move || {
                    let (step, result) = undo::run(step);
                    Message::Undone(step, result)
                });
                (task, None)
            }
            None => (
                Task::none(),
                Some(Event::Note(Note::said(fl!("undo-nothing")))),
            ),
        }
    }

    /// Ctrl+Shift+Z or Ctrl+Y: do the last undone step again (a job of the panel, or
    /// directly off the UI thread).
    fn do_again(&mut self, cx: &Context) -> (Task<Message>, Option<Event>) {
        let Some(step) = self.undo.pop_undone() else {
            return (
                Task::none(),
                Some(Event::Note(Note::said(fl!("redo-nothing")))),
            );
        };
        match undo::redo::again(step) {
            undo::redo::Again::Job(request) => {
                if self.start(request, None, cx)
                    && let Some(entry) = self.entries.last_mut()
                {
                    entry.redo = true;
                }
                (Task::none(), None)
            }
            undo::redo::Again::Directly(step) => {
                let task = crate::offload::work("the redo thread", move || {
                    let (step, result) = undo::redo::run(step);
                    Message::Redone(step, result)
                });
                (task, None)
            }
        }
    }

    /// The running jobs, each followed until it ends.
    pub fn subscription(&self) -> Subscription<Message> {
        let clock = match self.has_leaving() {
            true => iced::time::every(Duration::from_secs(1)).map(|_| Message::Tick),
            false => Subscription::none(),
        };
        Subscription::batch(self.running().map(follow::subscription).chain([clock]))
    }

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

    /// Remove a finished job's row; while the pointer is over the panel the row only
    /// empties, keeping its room until the pointer leaves.
    pub fn dismiss(&mut self, id: u64) {
        if self.hovered {
            if let Some(e) = self.get_mut(id).filter(|e| e.is_finished()) {
                e.gone = true;
            }
            return;
        }
        self.entries.retain(|e| e.id != id || !e.is_finished());
    }

    /// The rows of jobs that finished well at least [`FINISHED_STAYS`] before `now`
    /// leave, unless the pointer is over the panel.
    fn leave(&mut self, now: Instant) {
        if self.hovered {
            return;
        }
        self.entries.retain(|e| {
            let due = e
                .finished_at
                .is_some_and(|at| now.saturating_duration_since(at) >= FINISHED_STAYS);
            !(e.leaves_by_itself() && due)
        });
    }

    /// Some finished row will leave by itself: the panel needs its clock.
    fn has_leaving(&self) -> bool {
        self.entries.iter().any(|e| e.leaves_by_itself() && !e.gone)
    }

    /// The jobs not finished, whose events the window follows.
    pub fn running(&self) -> impl Iterator<Item = &Arc<JobRun>> {
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

/// What undo can take back of a finished job.
fn undo_step(e: &JobEntry, trash: &HomeTrash) -> Option<UndoStep> {
    let new = || e.placed.iter().filter(|p| p.new);
    let step = match e.request.kind {
        // Undoing a link removes the links (a delete never follows them).
        JobKind::Extract => UndoStep::Extracted {
            targets: new().map(|p| p.target.clone()).collect(),
            at: std::time::SystemTime::now(),
            again: extracted_again(e),
        },
        // Undoing a compression removes the archive it made.
        JobKind::Copy | JobKind::Link | JobKind::Compress => UndoStep::Copied {
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
            done: renames_done(&e.request.dest, &e.placed),
        },
        JobKind::Delete => return None,
    };
    // A cancelled trash may have left items where they were; only done ones count.
    if e.request.kind == JobKind::Trash && e.state == JobState::Cancelled {
        return None;
    }
    (step.count() > 0).then_some(step)
}

/// What redo asks for to extract again: the same archives, or for entries picked out of
/// one (a copy out of it), the copy of those entries, which becomes that extraction again.
fn extracted_again(e: &JobEntry) -> JobRequest {
    match (&e.run.spec.pick, e.request.sources.as_slice()) {
        (Some(pick), [archive]) => JobRequest {
            kind: JobKind::Copy,
            sources: pick.iter().map(|inner| archive.join(inner)).collect(),
            dest: e.request.dest.clone(),
            modes: None,
            compress: None,
        },
        _ => e.request.clone(),
    }
}

/// The renames a rename job in `dir` did, from the items it placed (each under its new
/// name): what undo takes back in one rename job and redo does again in another.
fn renames_done(dir: &std::path::Path, placed: &[Placement]) -> RenameJob {
    let renames: Vec<(std::ffi::OsString, std::ffi::OsString)> = placed
        .iter()
        .filter_map(|p| {
            Some((
                p.source.file_name()?.to_owned(),
                p.target.file_name()?.to_owned(),
            ))
        })
        .collect();
    RenameJob {
        dir: dir.to_owned(),
        renames: renames.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::servers::RemotePlace;
    use porpoise_engine::error::{IoError, Op};
    use porpoise_engine::remote::Address;

    /// A job into a remote place's root is titled by the place's name, and a file of it
    /// that fails is named by its address, never by its path in GVfs's FUSE folder.
    #[test]
    fn a_job_on_a_remote_place_names_it_by_its_address() {
        crate::i18n::select(&["en"]);
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("gvfs/smb-share:server=nas,share=photos");
        let remote = RemotePlaces::new(vec![RemotePlace {
            root: root.clone(),
            address: Address::parse(b"smb://nas/photos").expect("an address"),
        }]);
        let trash = HomeTrash::at(dir.path().join("Trash"));
        let cx = Context::new(&trash, &crate::settings::Settings::default(), &remote);
        let mut jobs = Jobs::default();
        let request = JobRequest {
            kind: JobKind::Copy,
            sources: vec![dir.path().join("summer.jpg")],
            dest: root.clone(),
            modes: None,
            compress: None,
        };
        assert!(jobs.start(request, None, &cx));
        let id = jobs.entries[0].id;
        assert_eq!(
            words::title(&jobs.entries[0]),
            "Copying “summer.jpg” to photos on nas"
        );

        let failed = root.join("2026/summer.jpg");
        let error = IoError::new(Op::Write, &failed, std::io::Error::from_raw_os_error(28));
        jobs.on_event(
            id,
            JobEvent::ItemFailed {
                path: failed,
                error,
            },
            &cx,
        );
        let line = &jobs.entries[0].failures[0].error;
        assert!(
            line.contains("“smb://nas/photos/2026/summer.jpg”"),
            "{line}"
        );
        assert!(!line.contains("gvfs"), "{line}");

        // A file of that name is there already: the question names the folder as the
        // title does.
        let conflict = porpoise_engine::jobs::events::Conflict {
            source: dir.path().join("summer.jpg"),
            target: root.join("summer.jpg"),
            source_is_dir: false,
            target_is_dir: false,
            source_size: 1,
            source_mtime: 0,
            target_size: 2,
            target_mtime: 0,
        };
        jobs.on_event(id, JobEvent::Conflict(conflict), &cx);
        match jobs.questions.front() {
            Some(Ask::Conflict { folder, .. }) => assert_eq!(folder, "photos on nas"),
            other => panic!("a conflict question, not {other:?}"),
        }
    }
}
