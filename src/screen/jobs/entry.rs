//! One job of the panel: what was asked, where it stands (state, figures, time left), the
//! items that failed, and what it placed where (for undo).

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use porpoise_engine::error::Op;
use porpoise_engine::jobs::events::{Figures, SkipReason};
use porpoise_engine::jobs::queue::WaitingFor;
use porpoise_engine::jobs::{JobEvent, JobState, Refusal, Summary};

use super::follow::JobRun;
use crate::eta::Eta;
use crate::i18n::fl;
use crate::request::JobRequest;
use crate::servers::RemotePlaces;

/// An item the job could not do, and why: a line that names the item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub path: PathBuf,
    pub error: String,
}

/// Where a top-level source ended up; `new`: nothing was there before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub source: PathBuf,
    pub target: PathBuf,
    pub new: bool,
}

#[derive(Debug)]
pub struct JobEntry {
    pub id: u64,
    pub request: JobRequest,
    /// The destination folder's name as the row says it (a remote place's root by its
    /// share and server).
    pub dest_name: String,
    /// Its engine work and controls.
    pub run: std::sync::Arc<JobRun>,
    pub state: JobState,
    pub figures: Figures,
    /// What the job works on now (a folder or a large file).
    pub current: Option<PathBuf>,
    pub failures: Vec<Failure>,
    /// Writing or flushing to the destination failed for some item: not all of the job's
    /// data is on the device.
    pub write_failed: bool,
    pub placed: Vec<Placement>,
    /// The items a permissions job changed, with their modes before (for undo).
    pub modes_before: Option<porpoise_engine::jobs::modes::ModesBefore>,
    /// The summary once the job finished.
    pub summary: Option<Summary>,
    /// The failed items are listed under the row.
    pub show_failures: bool,
    /// When the job started, on the wall clock (trash items carry deletion times).
    pub started_at: SystemTime,
    /// Redo started it: its undo step keeps what else could be redone.
    pub redo: bool,
    /// While it waits for its device: which, and its place in the device's line.
    pub waiting: Option<(WaitingFor, usize)>,
    /// When it finished, for its row to leave by itself a while later.
    pub finished_at: Option<Instant>,
    /// Dismissed while the pointer was over the panel: its row keeps its room, empty,
    /// until the pointer leaves (nothing moves under the pointer).
    pub gone: bool,
    started: Instant,
    eta: Eta,
    time_left: Option<Duration>,
}

impl JobEntry {
    /// The row of the job `run` that `request` asked for; `dest_name`: its destination
    /// folder's name as the row says it.
    pub fn new(request: JobRequest, run: std::sync::Arc<JobRun>, dest_name: String) -> JobEntry {
        JobEntry {
            id: run.id,
            request,
            dest_name,
            redo: false,
            waiting: None,
            finished_at: None,
            gone: false,
            run,
            state: JobState::Scanning,
            figures: Figures::default(),
            current: None,
            failures: Vec::new(),
            write_failed: false,
            placed: Vec::new(),
            modes_before: None,
            summary: None,
            show_failures: false,
            started_at: SystemTime::now(),
            started: Instant::now(),
            eta: Eta::default(),
            time_left: None,
        }
    }

    pub fn is_finished(&self) -> bool {
        self.summary.is_some()
    }

    /// A finished job with nothing to read (no item failed) leaves the panel by itself;
    /// a failed one stays until dismissed.
    pub fn leaves_by_itself(&self) -> bool {
        self.is_finished() && self.failures.is_empty() && self.state != JobState::Failed
    }

    /// What the finished job took away from where it was: a trash's or delete's sources
    /// with no failure at or under them, a move's moved sources; nothing until it is done
    /// (a cancelled one may have left them where they were).
    pub fn removed_sources(&self) -> Vec<PathBuf> {
        use crate::request::JobKind;
        if !self.is_finished() || self.state != JobState::Done {
            return Vec::new();
        }
        match self.request.kind {
            JobKind::Trash | JobKind::Delete => self
                .request
                .sources
                .iter()
                .filter(|s| !self.failures.iter().any(|f| f.path.starts_with(s)))
                .cloned()
                .collect(),
            JobKind::Move => self.placed.iter().map(|p| p.source.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// Its controls: pause, resume, cancel, answers.
    pub fn control(&self) -> &std::sync::Arc<porpoise_engine::jobs::Control> {
        &self.run.control
    }

    /// Paused by the person (known at once, before the job reports it).
    pub fn is_paused(&self) -> bool {
        !self.is_finished() && (self.state == JobState::Paused || self.run.control.is_paused())
    }

    /// Bytes per second, once known.
    pub fn speed(&self) -> Option<f64> {
        self.eta.speed()
    }

    /// What the bar and the time left follow, as (bytes, items) done and in all: bytes on
    /// the device, and files and folders together (a job of empty folders moves too);
    /// while verifying, the bytes read back of those copied.
    pub fn measured(&self) -> ((u64, u64), (u64, u64)) {
        let f = &self.figures;
        if self.state == JobState::Verifying {
            ((f.bytes_verified, 0), (f.bytes_done, 0))
        } else {
            (
                (f.bytes_on_device, f.files_done + f.folders_done),
                (f.bytes_total, f.files_total + f.folders_total),
            )
        }
    }

    /// How far along the bar is, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        let ((bytes, items), (bytes_total, items_total)) = self.measured();
        if bytes_total > 0 {
            bytes as f32 / bytes_total as f32
        } else if items_total > 0 {
            items as f32 / items_total as f32
        } else {
            0.0
        }
    }

    pub fn time_left(&self) -> Option<Duration> {
        self.time_left
            .filter(|_| !self.is_paused() && !self.is_waiting())
    }

    /// Waiting for its turn on its device.
    pub fn is_waiting(&self) -> bool {
        !self.is_finished() && self.waiting.is_some()
    }

    /// Take in one event of the job (questions are the caller's: see `Jobs::on_event`);
    /// a failed item in one of the `remote` places is written by its address.
    pub fn apply(&mut self, event: JobEvent, remote: &RemotePlaces) {
        let now = self.started.elapsed();
        match event {
            JobEvent::Planned {
                files,
                folders,
                bytes,
            } => {
                self.figures.files_total = files;
                self.figures.folders_total = folders;
                self.figures.bytes_total = bytes;
            }
            JobEvent::Progress(f) => {
                self.figures = f;
                let (done, total) = self.measured();
                self.eta.sample(now, done.0, done.1);
                self.time_left = self.eta.remaining(now, done, total);
            }
            JobEvent::Current(path) => self.current = Some(path),
            JobEvent::Waiting { device, place } => {
                self.waiting = Some((device, place));
                self.state = JobState::Waiting;
            }
            JobEvent::State(s) => {
                if self.state == JobState::Waiting && s != JobState::Waiting {
                    // Its turn: the time spent waiting is no part of its speed.
                    self.waiting = None;
                    self.started = Instant::now();
                    self.eta = Eta::default();
                    self.time_left = None;
                }
                if s == JobState::Verifying && self.state != JobState::Verifying {
                    // Reading back goes at its own speed: a new estimate for it.
                    self.eta = Eta::default();
                    self.time_left = None;
                }
                self.eta.set_paused(now, s == JobState::Paused);
                self.state = s;
            }
            JobEvent::ItemFailed { path, error } => {
                self.write_failed |= matches!(error.op, Op::Write | Op::Flush);
                self.failures.push(Failure {
                    error: crate::failures::io_in(&error, remote),
                    path,
                });
            }
            JobEvent::Refused { path, why } => self.failures.push(Failure {
                error: format!(
                    "{}: {}",
                    remote.text_of(&path),
                    match why {
                        Refusal::IntoItself => fl!("job-refused-into-itself"),
                        Refusal::OntoItself => fl!("job-refused-onto-itself"),
                    }
                ),
                path,
            }),
            JobEvent::Placed {
                source,
                target,
                new,
            } => self.placed.push(Placement {
                source,
                target,
                new,
            }),
            JobEvent::ModesSet { before } => self.modes_before = Some(before),
            JobEvent::Finished { state, summary } => {
                self.finished_at = Some(Instant::now());
                self.waiting = None;
                self.state = state;
                self.summary = Some(summary);
                self.time_left = None;
                self.current = None;
            }
            JobEvent::ItemSkipped { path, why } => {
                // Skips the person chose (a conflict answered "skip") need no line.
                let why = match why {
                    SkipReason::Conflict => return,
                    SkipReason::SpecialFile => fl!("job-skipped-special"),
                    SkipReason::NameNotAllowed => fl!("job-skipped-name"),
                    SkipReason::TooLarge => fl!("job-skipped-too-large"),
                    SkipReason::ChangedMeanwhile => fl!("job-skipped-changed"),
                };
                self.failures.push(Failure {
                    error: format!("{}: {why}", remote.text_of(&path)),
                    path,
                });
            }
            JobEvent::NotCopied { path } => self.failures.push(Failure {
                error: format!("{}: {}", remote.text_of(&path), fl!("job-not-copied")),
                path,
            }),
            JobEvent::Conflict(_) | JobEvent::Preflight { .. } | JobEvent::Password { .. } => {}
        }
    }
}
