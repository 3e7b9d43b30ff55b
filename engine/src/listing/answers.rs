//! At most one listing thread waits on a network mount that does not answer. A listing
//! of a folder on a hung share blocks its thread in the kernel until the server answers,
//! which may be never; a window that visits the share again and again must not leave a
//! thread behind at each visit. So a new listing of a network mount starts at once only
//! while no other listing thread of that mount has waited longer than [`ANSWER_WAIT`] for
//! an answer; otherwise it is held, and started as soon as that thread gets its answer
//! (or never, when whoever asked for it has gone by then).
//!
//! The mount is found in the mount table by the path's text: no server is asked before
//! the thread that may wait on it exists.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::events::Cancel;

/// How long a listing thread may wait for its mount before new listings of the mount are
/// held back.
pub const ANSWER_WAIT: Duration = Duration::from_millis(300);

/// A listing to start: its thread's work, and whether whoever asked for it has gone.
struct Held {
    gone: Cancel,
    work: Box<dyn FnOnce(Waiting) + Send>,
}

/// The listing threads of one network mount and the listings held back for it.
#[derive(Default)]
struct Mount {
    threads: Vec<Arc<Clock>>,
    held: Vec<Held>,
}

/// When a thread started waiting for its mount (milliseconds since [`EPOCH`]; 0: it is
/// not waiting).
#[derive(Default)]
struct Clock {
    waiting_since: AtomicU64,
}

static EPOCH: LazyLock<Instant> = LazyLock::new(Instant::now);
static MOUNTS: LazyLock<Mutex<HashMap<PathBuf, Mount>>> = LazyLock::new(Default::default);

fn now_ms() -> u64 {
    // Never 0, which means "not waiting".
    EPOCH.elapsed().as_millis() as u64 + 1
}

fn mounts() -> MutexGuard<'static, HashMap<PathBuf, Mount>> {
    MOUNTS.lock().unwrap_or_else(|p| p.into_inner())
}

/// A listing thread's part in its mount's bookkeeping: it tells when it waits for the
/// mount and when it got an answer; dropped, it leaves (and starts what was held).
pub struct Waiting {
    mount: Option<PathBuf>,
    clock: Arc<Clock>,
}

impl Waiting {
    /// The thread is about to ask its mount something.
    pub fn asking(&self) {
        self.clock.waiting_since.store(now_ms(), Ordering::Relaxed);
    }

    /// The mount answered, and the thread goes on asking: listings held back for the
    /// mount start.
    pub fn answered(&self) {
        self.asking();
        self.start_held();
    }

    /// The thread asks the mount nothing for now (it watches): listings held back start.
    pub fn resting(&self) {
        self.clock.waiting_since.store(0, Ordering::Relaxed);
        self.start_held();
    }

    fn start_held(&self) {
        if let Some(mount) = &self.mount {
            start_held(mount);
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let Some(mount) = &self.mount else {
            return;
        };
        if let Some(m) = mounts().get_mut(mount) {
            m.threads.retain(|c| !Arc::ptr_eq(c, &self.clock));
        }
        start_held(mount);
    }
}

/// Run `work` on a listing thread, now or (on a network mount, `mount`, whose
/// listing thread waits for an answer) once that thread got it; `gone`: whoever asked
/// no longer wants it. `mount` is `None` for mounts that always answer.
pub fn start(mount: Option<PathBuf>, gone: Cancel, work: impl FnOnce(Waiting) + Send + 'static) {
    let held = Held {
        gone,
        work: Box::new(work),
    };
    let Some(key) = mount else {
        spawn(None, held);
        return;
    };
    let mut all = mounts();
    let m = all.entry(key.clone()).or_default();
    if is_waiting_long(m) {
        tracing::info!(mount = %key.display(), "the mount does not answer; the listing waits");
        m.held.push(held);
        return;
    }
    drop(all);
    spawn(Some(key), held);
}

fn is_waiting_long(m: &Mount) -> bool {
    let now = now_ms();
    let limit = ANSWER_WAIT.as_millis() as u64;
    m.threads.iter().any(|c| {
        let since = c.waiting_since.load(Ordering::Relaxed);
        since != 0 && now.saturating_sub(since) > limit
    })
}

/// Start the listings held for `mount` whose askers are still there.
fn start_held(mount: &PathBuf) {
    let held = match mounts().get_mut(mount) {
        Some(m) if !m.held.is_empty() => std::mem::take(&mut m.held),
        _ => return,
    };
    for h in held.into_iter().filter(|h| !h.gone.is_cancelled()) {
        spawn(Some(mount.clone()), h);
    }
}

fn spawn(mount: Option<PathBuf>, held: Held) {
    let clock = Arc::new(Clock::default());
    if let Some(key) = &mount {
        mounts()
            .entry(key.clone())
            .or_default()
            .threads
            .push(clock.clone());
    }
    let waiting = Waiting { mount, clock };
    // Waiting from the start: the thread's first act is to open the folder.
    waiting.asking();
    let work = held.work;
    let spawned = std::thread::Builder::new()
        .name("porpoise-list".into())
        .spawn(move || work(waiting));
    if let Err(e) = spawned {
        tracing::error!("cannot start a listing thread: {e}");
    }
}
