//! A queue per device: jobs that write data to the same physical device run one after
//! the other (two copies to one stick are slower together, and both would show false
//! times), jobs to different devices at once. A job whose device is busy reports
//! [`JobEvent::Waiting`] with the device until its turn; "start now" lets it run at
//! once, and a waiting job can move up or down its device's line. A job that ends in
//! any way hands the device to the next. Copies, extractions and compressions queue, and
//! moves that copy across filesystems; links, renames, deletes, trash and permissions only touch metadata and
//! start at once.

mod device;
mod line;

pub use device::{Device, DeviceKey, move_copies, of_destination};
pub use line::Turn;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crate::events::Sender;

use super::control::{Control, Job};
pub use super::events::WaitingFor;
use super::events::{JobEvent, JobState, Summary};
use super::{JobKind, JobSpec};
use line::Lines;

/// How often a waiting job looks again without being woken (to see a cancel).
const LOOK_AGAIN: Duration = Duration::from_millis(100);

#[derive(Debug)]
struct Shared {
    lines: Mutex<Lines>,
    changed: Condvar,
}

/// The queues of all devices; cheap to clone (clones share the queues). Jobs started
/// through it wait their turn; jobs started with [`super::start`] never wait.
#[derive(Debug, Clone)]
pub struct Queue {
    shared: Arc<Shared>,
}

impl Default for Queue {
    fn default() -> Self {
        Queue::new(true)
    }
}

impl Queue {
    /// Queues that make jobs wait when `enabled`, else only keep count of them.
    pub fn new(enabled: bool) -> Queue {
        Queue {
            shared: Arc::new(Shared {
                lines: Mutex::new(Lines::new(enabled)),
                changed: Condvar::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Lines> {
        self.shared.lines.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Turn waiting on or off; off, every waiting job starts at once.
    pub fn set_enabled(&self, on: bool) {
        self.lock().enabled = on;
        self.shared.changed.notify_all();
    }

    pub fn is_enabled(&self) -> bool {
        self.lock().enabled
    }

    /// "Start now": the waiting job steered through `control` runs at once, beside
    /// the one writing to its device. False when it is waiting nowhere.
    pub fn start_now(&self, control: &Arc<Control>) -> bool {
        let done = self.lock().force(control);
        self.shared.changed.notify_all();
        done
    }

    /// Move the waiting job steered through `control` one place towards the front of
    /// its device's line. False when it is first or not waiting.
    pub fn move_up(&self, control: &Arc<Control>) -> bool {
        let done = self.lock().shift(control, true);
        self.shared.changed.notify_all();
        done
    }

    /// Move the waiting job steered through `control` one place towards the back.
    pub fn move_down(&self, control: &Arc<Control>) -> bool {
        let done = self.lock().shift(control, false);
        self.shared.changed.notify_all();
        done
    }

    /// Start a job of `kind` on `spec`, steered through `control`: at once when it
    /// writes no data, its device is free or queues are off, else when its turn comes.
    /// Its events come from the returned [`Job`] as from [`super::start_with`], with
    /// `Waiting` (and `State(Waiting)`) first when it waits.
    pub fn start(&self, kind: JobKind, spec: JobSpec, control: Arc<Control>) -> Job {
        let (tx, events) = super::runner::job_events(&control);
        let queue = self.clone();
        let steer = control.clone();
        let id = self.lock().reserve();
        let spawned = std::thread::Builder::new()
            .name("porpoise-queued".into())
            .spawn(move || queue.run(id, kind, spec, steer, &tx));
        if let Err(e) = spawned {
            tracing::error!("cannot start a queued job's thread: {e}");
            self.lock().settle(id);
            self.shared.changed.notify_all();
        }
        Job { events, control }
    }

    /// The queued job's thread: find the device, wait for the turn, run the job and
    /// pass its events on, then hand the device over.
    fn run(
        &self,
        id: u64,
        kind: JobKind,
        spec: JobSpec,
        control: Arc<Control>,
        tx: &Sender<JobEvent>,
    ) {
        let writes_data = match kind {
            JobKind::Copy | JobKind::Extract | JobKind::Compress => true,
            JobKind::Move => move_copies(&spec.sources, &spec.dest),
            _ => false,
        };
        let device = if writes_data {
            of_destination(written_into(kind, &spec.dest))
        } else {
            None
        };
        let Some(device) = device else {
            self.lock().settle(id);
            self.shared.changed.notify_all();
            forward(super::start_with(kind, spec, control), tx);
            return;
        };
        let go = {
            let mut lines = self.lock();
            while lines.earlier_pending(id) {
                lines = self
                    .shared
                    .changed
                    .wait_timeout(lines, LOOK_AGAIN)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
            lines.join(&device.key, id, control.clone())
        };
        self.shared.changed.notify_all();
        let waiting = Waiting {
            queue: self,
            device: &device,
            id,
            spec: &spec,
            control: &control,
            tx,
        };
        if go || waiting.wait_turn() {
            forward(super::start_with(kind, spec, control), tx);
        } else {
            tx.finish(JobEvent::State(JobState::Cancelled));
            tx.finish(JobEvent::Finished {
                state: JobState::Cancelled,
                summary: Summary::default(),
            });
        }
        self.lock().leave(&device.key, id);
        self.shared.changed.notify_all();
    }
}

/// A job waiting in its device's line, and where its events go.
struct Waiting<'a> {
    queue: &'a Queue,
    device: &'a Device,
    id: u64,
    spec: &'a JobSpec,
    control: &'a Arc<Control>,
    tx: &'a Sender<JobEvent>,
}

impl Waiting<'_> {
    /// Wait in the line until the job's turn (true) or its cancel (false), reporting
    /// its place whenever it changes, and, once, what it will write.
    fn wait_turn(&self) -> bool {
        let waiting_for = WaitingFor {
            mount_point: self.device.mount_point.clone(),
            name: self.device.name.clone(),
        };
        let mut told = None;
        let mut planned = false;
        loop {
            let mut lines = self.queue.lock();
            let turn = if self.control.is_cancelled() {
                Turn::Gone
            } else {
                lines.turn(&self.device.key, self.id)
            };
            match turn {
                Turn::Go => {
                    drop(lines);
                    self.queue.shared.changed.notify_all();
                    return true;
                }
                Turn::Gone => return false,
                Turn::Wait(place) if told != Some(place) => {
                    drop(lines);
                    let first = told.is_none();
                    told = Some(place);
                    let _ = self.tx.send(JobEvent::Waiting {
                        device: waiting_for.clone(),
                        place,
                    });
                    if first {
                        let _ = self.tx.send(JobEvent::State(JobState::Waiting));
                    }
                }
                Turn::Wait(_) if !planned => {
                    drop(lines);
                    planned = true;
                    self.plan();
                }
                Turn::Wait(_) => {
                    let _ = self
                        .queue
                        .shared
                        .changed
                        .wait_timeout(lines, LOOK_AGAIN)
                        .unwrap_or_else(|p| p.into_inner());
                }
            }
        }
    }

    /// Count what a waiting job will write and report it as `Planned`, so its device's
    /// total to write is known before it starts; stops early when its turn comes.
    fn plan(&self) {
        let stop = AtomicBool::new(false);
        let opts = crate::usage::UsageOptions {
            threads: 1,
            ..Default::default()
        };
        let usage = crate::usage::count_blocking(&self.spec.sources, &opts, &stop, &mut |_| {
            let waits = self
                .queue
                .lock()
                .lines
                .get(&self.device.key)
                .is_some_and(|l| l.waiting.iter().any(|t| t.id == self.id && !t.forced));
            if !waits || self.control.is_cancelled() || !self.queue.is_enabled() {
                stop.store(true, Ordering::Relaxed);
            }
        });
        if !usage.cancelled {
            // Counted as the copy counts: the folders copied are the sources' folders
            // themselves and all inside them.
            let _ = self.tx.send(JobEvent::Planned {
                files: usage.total.files,
                folders: usage.total.folders,
                bytes: usage.total.apparent_bytes,
            });
        }
    }
}

/// The folder a job of `kind` writes into: `dest` itself, or for a compression (whose
/// `dest` is the archive to make) the folder the archive goes in.
fn written_into(kind: JobKind, dest: &std::path::Path) -> &std::path::Path {
    match (kind, dest.parent()) {
        (JobKind::Compress, Some(p)) if !p.as_os_str().is_empty() => p,
        (JobKind::Compress, _) => std::path::Path::new("."),
        _ => dest,
    }
}

/// Pass a started job's events on until it ends; when nobody listens any more (which
/// cancelled it), still wait for its end (the device is its until then).
fn forward(job: Job, tx: &Sender<JobEvent>) {
    let mut listening = true;
    while let Some(ev) = job.events.next() {
        let last = matches!(ev, JobEvent::Finished { .. });
        let ending = last || matches!(ev, JobEvent::State(s) if s.is_final());
        if listening {
            listening = if ending { tx.finish(ev) } else { tx.send(ev) };
        }
        if last {
            return;
        }
    }
}
