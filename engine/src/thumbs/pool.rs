//! The pool: a queue of requests, most important first (equal ones in the order they
//! came; a request already queued only raises its priority), and worker threads that
//! take them one at a time. Cancelling drops what has not started and kills the external
//! thumbnailer of what has; a cancelled request sends no event. Events go out through a
//! bounded channel (each carries pixels); a full one holds the workers back. Dropping the
//! [`Thumbnailer`] stops the workers and kills their thumbnailers at once, without
//! waiting for a decode under way to end.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::make::{self, Context};
use super::run::Cancel;
use super::{Request, SkipReason, ThumbCache, ThumbEvent, ThumbOutcome, ThumbSize, Thumbnailers};
use crate::events::{self, Events, Sender};
use crate::mime::MimeDb;

/// Events that may wait for the receiver before the workers hold back.
const CHANNEL: usize = 32;

/// How a [`Thumbnailer`] is set up.
pub struct Setup {
    cache: ThumbCache,
    db: Arc<MimeDb>,
    thumbnailers: Thumbnailers,
    threads: usize,
    timeout: Duration,
    max_image_bytes: u64,
    max_alloc: u64,
}

impl Setup {
    /// Two worker threads, a 30 s timeout for external thumbnailers, images up to 100 MB
    /// decoded in-process with at most 512 MiB allocated each.
    pub fn new(cache: ThumbCache, db: Arc<MimeDb>, thumbnailers: Thumbnailers) -> Setup {
        Setup {
            cache,
            db,
            thumbnailers,
            threads: 2,
            timeout: Duration::from_secs(30),
            max_image_bytes: 100_000_000,
            max_alloc: 512 << 20,
        }
    }

    /// Worker threads (at least one).
    pub fn threads(mut self, n: usize) -> Setup {
        self.threads = n.max(1);
        self
    }

    /// How long an external thumbnailer may run before it is killed (and the file marked).
    pub fn timeout(mut self, timeout: Duration) -> Setup {
        self.timeout = timeout;
        self
    }

    /// Files larger than this are not decoded in-process ([`super::SkipReason::TooBig`]).
    pub fn max_image_bytes(mut self, bytes: u64) -> Setup {
        self.max_image_bytes = bytes;
        self
    }

    /// The most one in-process decode may allocate; a larger image fails and is marked.
    pub fn max_decode_memory(mut self, bytes: u64) -> Setup {
        self.max_alloc = bytes;
        self
    }
}

/// The thumbnail pool. Requests go in through [`Thumbnailer::request`]; outcomes come out
/// of the events [`Thumbnailer::start`] returned (dropping them stops the workers).
pub struct Thumbnailer {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    ctx: Context,
}

#[derive(Default)]
struct State {
    queue: Vec<Queued>,
    next_seq: u64,
    running: Vec<Running>,
    stopped: bool,
}

struct Queued {
    request: Request,
    seq: u64,
}

struct Running {
    path: PathBuf,
    size: ThumbSize,
    cancel: Arc<Cancel>,
}

impl Thumbnailer {
    /// Start the workers; the events bring one outcome per request that was not
    /// cancelled.
    pub fn start(setup: Setup) -> (Thumbnailer, Events<ThumbEvent>) {
        let db = setup.db.clone();
        let ctx = Context {
            thumbnailers: setup.thumbnailers.canonical(|m| db.unalias(m)),
            cache: setup.cache,
            db: setup.db,
            timeout: setup.timeout,
            max_image_bytes: setup.max_image_bytes,
            max_alloc: setup.max_alloc,
        };
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            ctx,
        });
        let (tx, events) = events::channel(CHANNEL);
        for i in 0..setup.threads {
            let shared = shared.clone();
            let tx = tx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("porpoise-thumbs-{i}"))
                .spawn(move || work(&shared, &tx));
            if let Err(e) = spawned {
                tracing::warn!("cannot start a thumbnail worker: {e}");
            }
        }
        (Thumbnailer { shared }, events)
    }

    /// Ask for a thumbnail. The same path and size already waiting only takes the higher
    /// priority (and the permission for slow mounts); one already being made is left to
    /// finish.
    pub fn request(&self, request: Request) {
        let mut state = self.shared.lock();
        if state
            .running
            .iter()
            .any(|r| r.path == request.path && r.size == request.size && !r.cancel.is_cancelled())
        {
            return;
        }
        if let Some(q) = state
            .queue
            .iter_mut()
            .find(|q| q.request.path == request.path && q.request.size == request.size)
        {
            q.request.priority = q.request.priority.max(request.priority);
            q.request.on_slow_mounts |= request.on_slow_mounts;
            return;
        }
        let seq = state.next_seq;
        state.next_seq += 1;
        state.queue.push(Queued { request, seq });
        drop(state);
        self.shared.wake.notify_one();
    }

    /// Forget every request for `path` (all sizes): those waiting are dropped, an
    /// external thumbnailer working on one is killed. None of them sends an event.
    pub fn cancel(&self, path: &Path) {
        let mut state = self.shared.lock();
        state.queue.retain(|q| q.request.path != path);
        for r in state.running.iter().filter(|r| r.path == path) {
            r.cancel.cancel();
        }
    }

    /// Forget every request.
    pub fn cancel_all(&self) {
        let mut state = self.shared.lock();
        state.queue.clear();
        for r in &state.running {
            r.cancel.cancel();
        }
    }

    /// A thumbnail can be made of files of type `mime`: an in-process decoder or an
    /// external thumbnailer takes it.
    /// Make (or take from the cache) a thumbnail on the calling thread, past the queue:
    /// a preview's large picture of a document or video. Blocks for as long as the
    /// external thumbnailer runs (at most the timeout).
    pub fn make_now(&self, request: &Request) -> ThumbOutcome {
        let cancel = Cancel::default();
        make::make(
            &self.shared.ctx,
            &request.path,
            request.size,
            request.on_slow_mounts,
            &cancel,
        )
        // Only a cancel ends without an outcome, and nothing cancels this one.
        .unwrap_or(ThumbOutcome::Skipped(SkipReason::Gone))
    }

    pub fn can_make(&self, mime: &str) -> bool {
        self.shared.ctx.can_make(mime)
    }

    /// Requests waiting and being worked on.
    pub fn pending(&self) -> usize {
        let state = self.shared.lock();
        state.queue.len() + state.running.len()
    }
}

impl Drop for Thumbnailer {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.stopped = true;
        state.queue.clear();
        for r in &state.running {
            r.cancel.cancel();
        }
        drop(state);
        self.shared.wake.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The most important request (the earliest of equals), marked running; `None` once
    /// the pool is stopped.
    fn next(&self) -> Option<(Request, Arc<Cancel>)> {
        let mut state = self.lock();
        loop {
            if state.stopped {
                return None;
            }
            let best = state
                .queue
                .iter()
                .enumerate()
                .max_by_key(|(_, q)| (q.request.priority, std::cmp::Reverse(q.seq)))
                .map(|(i, _)| i);
            if let Some(i) = best {
                let request = state.queue.swap_remove(i).request;
                let cancel = Arc::new(Cancel::default());
                state.running.push(Running {
                    path: request.path.clone(),
                    size: request.size,
                    cancel: cancel.clone(),
                });
                return Some((request, cancel));
            }
            state = self.wake.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }

    fn done(&self, cancel: &Arc<Cancel>) {
        self.lock()
            .running
            .retain(|r| !Arc::ptr_eq(&r.cancel, cancel));
    }

    fn stopped(&self) -> bool {
        self.lock().stopped
    }
}

/// A worker: requests one after the other until the pool stops or nobody listens.
fn work(shared: &Shared, tx: &Sender<ThumbEvent>) {
    while let Some((request, cancel)) = shared.next() {
        let outcome = make::make(
            &shared.ctx,
            &request.path,
            request.size,
            request.on_slow_mounts,
            &cancel,
        );
        shared.done(&cancel);
        let Some(outcome) = outcome.filter(|_| !cancel.is_cancelled()) else {
            continue;
        };
        let event = ThumbEvent {
            path: request.path,
            size: request.size,
            outcome,
        };
        // A full channel holds this worker back, until the pool stops.
        if !tx.send_while(event, || !shared.stopped()) {
            return;
        }
    }
}
