//! What the walking threads of a search share: the stack of folders (and chunks of files
//! to search) still to do, the channel results go out on, the problems met and the counts
//! for the summary.

use std::ffi::CString;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use crossbeam_channel::{SendTimeoutError, Sender};

use crate::error::{IoError, Op};

use super::{Found, SearchEvent, Summary};

/// An open folder of the tree being searched.
pub(super) struct Dir {
    pub(super) fd: OwnedFd,
    /// The starting path joined with the names down to here.
    pub(super) path: Arc<PathBuf>,
}

pub(super) enum Task {
    /// Read this open folder.
    Read(Arc<Dir>),
    /// Open the subfolder `name` of `parent` and read it.
    Open { parent: Arc<Dir>, name: CString },
    /// Search the content of these files of `dir` (names ending in NUL, one after the other).
    Look { dir: Arc<Dir>, names: Vec<u8> },
}

/// What a thread does next.
pub(super) enum Next {
    Task(Task),
    /// Nothing to do now; another thread may yet find some.
    Wait,
    Done,
}

#[derive(Default)]
struct Queue {
    tasks: Vec<Task>,
    /// Threads holding a task.
    busy: usize,
    waiting: usize,
    /// Nothing is left and no thread holds a task: every thread ends.
    done: bool,
}

/// How long a thread waits for room in the channel before it looks at the cancel flag again.
const SEND_PATIENCE: Duration = Duration::from_millis(20);

pub(super) struct Shared<'a> {
    queue: Mutex<Queue>,
    work: Condvar,
    /// Threads waiting for a task, read without the lock to decide whether to share.
    pub(super) idle: AtomicUsize,
    cancel: &'a AtomicBool,
    tx: &'a Sender<SearchEvent>,
    /// Bytes of a folder's path before the part relative to the starting folder.
    pub(super) rel_start: usize,
    keep_problems: usize,
    problems: Mutex<(u64, Vec<IoError>)>,
    found: AtomicU64,
    entries: AtomicU64,
    folders: AtomicU64,
}

impl<'a> Shared<'a> {
    pub(super) fn new(
        cancel: &'a AtomicBool,
        tx: &'a Sender<SearchEvent>,
        rel_start: usize,
        keep_problems: usize,
    ) -> Shared<'a> {
        Shared {
            queue: Mutex::new(Queue::default()),
            work: Condvar::new(),
            idle: AtomicUsize::new(0),
            cancel,
            tx,
            rel_start,
            keep_problems,
            problems: Mutex::new((0, Vec::new())),
            found: AtomicU64::new(0),
            entries: AtomicU64::new(0),
            folders: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    pub(super) fn push(&self, tasks: &mut Vec<Task>) {
        if tasks.is_empty() {
            return;
        }
        let mut q = self.lock();
        q.tasks.append(tasks);
        if q.waiting > 0 {
            self.work.notify_all();
        }
    }

    /// The next task, the one this thread was `holding` being done; `Done` when the
    /// search is over (all done, or cancelled and every thread let go of its task).
    /// Unless `wait`, `Wait` comes back rather than waiting for a task.
    pub(super) fn next_task(&self, holding: bool, wait: bool) -> Next {
        let mut q = self.lock();
        if holding {
            q.busy -= 1;
        }
        loop {
            if self.cancelled() {
                q.tasks.clear();
            }
            if let Some(t) = q.tasks.pop() {
                q.busy += 1;
                return Next::Task(t);
            }
            if q.busy == 0 || q.done {
                q.done = true;
                self.work.notify_all();
                return Next::Done;
            }
            if !wait {
                return Next::Wait;
            }
            q.waiting += 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
            q = self.work.wait(q).unwrap_or_else(|p| p.into_inner());
            q.waiting -= 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
        }
    }

    /// Send results to the consumer, waiting for room; nothing goes out once cancelled,
    /// and a consumer that is gone cancels the search.
    pub(super) fn send(&self, found: Vec<Found>) {
        let count: usize = found.iter().map(|f| f.entries.len()).sum();
        let mut ev = SearchEvent::Found(found);
        loop {
            if self.cancelled() {
                return;
            }
            match self.tx.send_timeout(ev, SEND_PATIENCE) {
                Ok(()) => {
                    self.found.fetch_add(count as u64, Ordering::Relaxed);
                    return;
                }
                Err(SendTimeoutError::Timeout(back)) => ev = back,
                Err(SendTimeoutError::Disconnected(_)) => {
                    self.cancel.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    }

    pub(super) fn problem(&self, op: Op, path: PathBuf, e: impl Into<std::io::Error>) {
        let mut g = self.problems.lock().unwrap_or_else(|p| p.into_inner());
        g.0 += 1;
        if g.1.len() < self.keep_problems {
            g.1.push(IoError::new(op, path, e));
        }
    }

    pub(super) fn counted(&self, entries: u64, folders: u64) {
        self.entries.fetch_add(entries, Ordering::Relaxed);
        self.folders.fetch_add(folders, Ordering::Relaxed);
    }

    /// The summary, once the threads have ended.
    pub(super) fn summary(&self) -> Summary {
        let mut g = self.problems.lock().unwrap_or_else(|p| p.into_inner());
        Summary {
            found: self.found.load(Ordering::Relaxed),
            entries: self.entries.load(Ordering::Relaxed),
            folders: self.folders.load(Ordering::Relaxed),
            problems: g.0,
            first_problems: std::mem::take(&mut g.1),
            cancelled: self.cancelled(),
        }
    }
}
