//! Running a job: its thread, the reporter beside it, and the context its work uses to
//! report failed and skipped items.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use crate::error::IoError;
use crate::events::{Events, Sender};

use super::control::{Control, Job};
use super::events::{JobEvent, JobState, SkipReason};
use super::fsops::OpError;
use super::progress::{Counters, PROGRESS_EVERY, Reporter, Tally};

/// What the work of a job reaches its surroundings through.
pub struct Ctx {
    pub tx: Sender<JobEvent>,
    pub control: Arc<Control>,
    pub counters: Counters,
    /// The state last announced, to go back to after a pause.
    current: Mutex<JobState>,
    /// The `Arc` this context lives in.
    me: Weak<Ctx>,
}

impl Ctx {
    /// This context as the job holds it, for work the job hands to another thread
    /// (`None` only once the job let go of it).
    pub(crate) fn owned(&self) -> Option<Arc<Ctx>> {
        self.me.upgrade()
    }

    pub fn state(&self, s: JobState) {
        *self.current.lock().unwrap_or_else(|p| p.into_inner()) = s;
        let _ = self.tx.send(JobEvent::State(s));
    }

    /// How the job ended: cancelled, failed when any item failed, else done.
    pub fn final_state(&self) -> JobState {
        if self.control.is_cancelled() {
            JobState::Cancelled
        } else if self.counters.summary().failed > 0 {
            JobState::Failed
        } else {
            JobState::Done
        }
    }

    fn current(&self) -> JobState {
        *self.current.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn failed(&self, path: PathBuf, (op, err): OpError) {
        self.failed_with(path.clone(), IoError::new(op, path, err));
    }

    /// The item `path` failed with `error` (which may name another path, such as the
    /// folder it was in).
    pub fn failed_with(&self, path: PathBuf, error: IoError) {
        Counters::add(&self.counters.failed, 1);
        tracing::debug!("{}", crate::error::chain(&error));
        let _ = self.tx.send(JobEvent::ItemFailed { path, error });
    }

    pub fn refused(&self, path: PathBuf, why: super::Refusal) {
        Counters::add(&self.counters.failed, 1);
        let _ = self.tx.send(JobEvent::Refused { path, why });
    }

    /// `path` did not arrive: the job stopped before it (a full destination) or what it
    /// depended on failed.
    pub fn not_copied(&self, path: PathBuf) {
        Counters::add(&self.counters.not_copied, 1);
        let _ = self.tx.send(JobEvent::NotCopied { path });
    }

    pub fn skipped(&self, path: PathBuf, why: SkipReason) {
        Counters::add(&self.counters.skipped, 1);
        let _ = self.tx.send(JobEvent::ItemSkipped { path, why });
    }

    /// Count `paths` as the job's items to do, each a file or a folder as it is now
    /// (a symlink is a file, never followed; a path that cannot be looked at counts as a
    /// file), and go through them in order with that kind, waiting while the job is
    /// paused before each; once it is cancelled no more come.
    pub fn items<'i>(&'i self, paths: &'i [PathBuf]) -> impl Iterator<Item = (&'i PathBuf, Tally)> {
        let tallies: Vec<Tally> = paths.iter().map(|p| tally_of(p)).collect();
        for &t in &tallies {
            self.counters.add_total(t, 1);
        }
        paths
            .iter()
            .zip(tallies)
            .take_while(|_| self.control.checkpoint())
    }
}

/// Whether `path` counts as a folder or a file (looked at without following a symlink).
fn tally_of(path: &std::path::Path) -> Tally {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Tally::Folder,
        _ => Tally::File,
    }
}

/// Start `work` on a job thread, with a reporter sending progress about ten times a
/// second. `work` returns the final state; `Finished` is always the last event.
pub fn spawn(
    name: &str,
    control: Arc<Control>,
    work: impl FnOnce(&Ctx) -> JobState + Send + 'static,
) -> Job {
    let (tx, events) = job_events(&control);
    let ctx = Arc::new_cyclic(|me| Ctx {
        tx,
        control: control.clone(),
        counters: Counters::default(),
        current: Mutex::new(JobState::Scanning),
        me: me.clone(),
    });
    crate::sys::raise_fd_limit();
    let spawned = std::thread::Builder::new()
        .name(format!("porpoise-{name}"))
        .spawn(move || run(&ctx, work));
    if let Err(e) = spawned {
        tracing::error!("cannot start a job thread: {e}");
    }
    Job { events, control }
}

/// The queue of a job's events; dropping its last handle cancels the job through
/// `control`.
pub(super) fn job_events(control: &Arc<Control>) -> (Sender<JobEvent>, Events<JobEvent>) {
    let (tx, events) = crate::listing::stream::handoff();
    let control = control.clone();
    (tx, events.on_cancel(move || control.cancel()))
}

fn run(ctx: &Arc<Ctx>, work: impl FnOnce(&Ctx) -> JobState) {
    let done = Arc::new(AtomicBool::new(false));
    let reporter = {
        let ctx = ctx.clone();
        let done = done.clone();
        std::thread::Builder::new()
            .name("porpoise-progress".into())
            .spawn(move || {
                let mut r = Reporter::default();
                let mut paused = false;
                while !done.load(Ordering::Relaxed) {
                    std::thread::park_timeout(PROGRESS_EVERY);
                    if !r.tick(&ctx.counters, &ctx.tx) {
                        return;
                    }
                    // Pauses are announced as a state, and so is the way back.
                    let now = ctx.control.is_paused();
                    if now != paused {
                        paused = now;
                        let s = if now { JobState::Paused } else { ctx.current() };
                        let _ = ctx.tx.send(JobEvent::State(s));
                    }
                }
            })
    };
    let mut state = work(ctx);
    if state == JobState::Done && ctx.control.is_cancelled() {
        state = JobState::Cancelled;
    }
    done.store(true, Ordering::Relaxed);
    if let Ok(r) = reporter {
        r.thread().unpark();
        let _ = r.join();
    }
    Reporter::default().flush(&ctx.counters, &ctx.tx);
    // The last words come even when the events were cancelled.
    ctx.tx.finish(JobEvent::State(state));
    ctx.tx.finish(JobEvent::Finished {
        state,
        summary: ctx.counters.summary(),
    });
}
