//! The stack of tasks the walking threads share: folders to read, subfolders to open and
//! chunks of entries to look at; threads wait on it for work, and a reporting thread can
//! wait on it for the tree to be done.

use std::ffi::CString;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// One piece of work on a folder `D` (an open folder and what the walk keeps with it).
pub(crate) enum Task<D> {
    /// Read this open folder.
    Read(Arc<D>),
    /// Open the subfolder `name` of `parent` and read it.
    Open { parent: Arc<D>, name: CString },
    /// Look at these entries of `dir` (names ending in NUL, one after the other).
    Look { dir: Arc<D>, names: Vec<u8> },
}

/// What a thread does next.
pub(crate) enum Next<D> {
    Task(Task<D>),
    /// Nothing to do now; another thread may yet find some.
    Idle,
    /// The walk is over for this thread.
    Done,
}

/// When the threads end.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// As soon as nothing is left and no thread holds a task (one tree).
    Drained,
    /// Only once [`Stack::close`] is called (trees pushed one after the other).
    Closed,
}

struct Queue<D> {
    tasks: Vec<Task<D>>,
    /// Threads holding a task.
    busy: usize,
    waiting: usize,
    /// Every thread ends.
    done: bool,
}

/// The tasks of a walk and the threads' bookkeeping.
pub(crate) struct Stack<'a, D> {
    queue: Mutex<Queue<D>>,
    end: End,
    /// Threads wait here for a task.
    work: Condvar,
    /// A reporting thread waits here for the tree to be done.
    drained: Condvar,
    /// Threads waiting for a task, read without the lock to decide whether to share.
    idle: AtomicUsize,
    cancel: &'a AtomicBool,
}

impl<'a, D> Stack<'a, D> {
    pub(crate) fn new(end: End, cancel: &'a AtomicBool) -> Stack<'a, D> {
        Stack {
            queue: Mutex::new(Queue {
                tasks: Vec::new(),
                busy: 0,
                waiting: 0,
                done: false,
            }),
            end,
            work: Condvar::new(),
            drained: Condvar::new(),
            idle: AtomicUsize::new(0),
            cancel,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Queue<D>> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Stop the walk: tasks left are dropped, threads end once they let go of theirs.
    pub(crate) fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether a thread waits for work, so that it is worth handing some over.
    pub(crate) fn someone_idle(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }

    /// Put `tasks` on the stack (leaving the vector empty) and wake waiting threads.
    pub(crate) fn push(&self, tasks: &mut Vec<Task<D>>) {
        if tasks.is_empty() {
            return;
        }
        let mut q = self.lock();
        q.tasks.append(tasks);
        if q.waiting > 0 {
            self.work.notify_all();
        }
    }

    /// The next task, the one this thread was `holding` being done. Unless `wait`,
    /// [`Next::Idle`] comes back rather than waiting for a task.
    pub(crate) fn next(&self, holding: bool, wait: bool) -> Next<D> {
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
            if q.busy == 0 {
                self.drained.notify_all();
                if self.end == End::Drained {
                    q.done = true;
                }
            }
            if q.done {
                self.work.notify_all();
                return Next::Done;
            }
            if !wait {
                return Next::Idle;
            }
            q.waiting += 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
            q = self.work.wait(q).unwrap_or_else(|p| p.into_inner());
            q.waiting -= 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
        }
    }

    /// Wait until every task is done (true), or until `deadline` (false).
    pub(crate) fn wait_drained(&self, deadline: Instant) -> bool {
        let mut q = self.lock();
        loop {
            if q.tasks.is_empty() && q.busy == 0 {
                return true;
            }
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return false;
            };
            q = self
                .drained
                .wait_timeout(q, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// Let every thread end once nothing is left.
    pub(crate) fn close(&self) {
        self.lock().done = true;
        self.work.notify_all();
    }
}
