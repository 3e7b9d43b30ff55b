//! What the threads of a count share: the stack of folders (and chunks of entries)
//! still to look at, the counts of the tree being walked, the problems met, and the
//! (device, inode) pairs seen.

use std::ffi::CString;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use crate::error::{IoError, Op};
use crate::sys::Statx;

use super::seen::Seen;
use super::{Totals, Usage};

/// An open folder of the tree being counted.
pub(super) struct Dir {
    pub(super) fd: OwnedFd,
    /// Where it is, for problems.
    pub(super) path: PathBuf,
    /// The starting path's device: entries on another are not counted.
    pub(super) dev: u64,
}

pub(super) enum Task {
    /// Read this open folder.
    Read(Arc<Dir>),
    /// Open the subfolder `name` of `parent` (already counted) and read it.
    Open { parent: Arc<Dir>, name: CString },
    /// Look at these entries of `dir` (names ending in NUL, one after the other).
    Look { dir: Arc<Dir>, names: Vec<u8> },
}

#[derive(Default)]
struct Queue {
    tasks: Vec<Task>,
    /// Threads holding a task.
    busy: usize,
    waiting: usize,
    /// Every path is counted: the threads end.
    closed: bool,
}

/// What the walking threads and the reporting one share.
pub(super) struct Shared<'a> {
    queue: Mutex<Queue>,
    /// Threads wait here for a task.
    work: Condvar,
    /// The reporting thread waits here for a tree to be done.
    drained: Condvar,
    /// Threads waiting for a task, read without the lock to decide whether to share.
    pub(super) idle: AtomicUsize,
    /// The tree being counted, so far.
    pub(super) counts: Counts,
    pub(super) seen: Seen,
    pub(super) problems: Problems,
    cancel: &'a AtomicBool,
}

impl<'a> Shared<'a> {
    pub(super) fn new(cancel: &'a AtomicBool, keep_problems: usize) -> Shared<'a> {
        Shared {
            queue: Mutex::new(Queue::default()),
            work: Condvar::new(),
            drained: Condvar::new(),
            idle: AtomicUsize::new(0),
            counts: Counts::default(),
            seen: Seen::default(),
            problems: Problems {
                keep: keep_problems,
                inner: Mutex::new((0, Vec::new())),
            },
            cancel,
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

    /// The next task, the one this thread was `holding` being done; `None` when closed.
    /// `until_drained`: return `None` rather than wait when there is nothing to do.
    pub(super) fn next_task(&self, holding: bool, until_drained: bool) -> Option<Task> {
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
                return Some(t);
            }
            if q.busy == 0 {
                self.drained.notify_all();
            }
            if q.closed || until_drained {
                return None;
            }
            q.waiting += 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
            q = self.work.wait(q).unwrap_or_else(|p| p.into_inner());
            q.waiting -= 1;
            self.idle.store(q.waiting, Ordering::Relaxed);
        }
    }

    /// Wait until every task is done (true), or until `deadline` (false).
    pub(super) fn wait_drained(&self, deadline: Instant) -> bool {
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

    pub(super) fn close(&self) {
        self.lock().closed = true;
        self.work.notify_all();
    }

    pub(super) fn problem(&self, op: Op, path: PathBuf, e: impl Into<std::io::Error>) {
        self.problems.add(IoError::new(op, path, e));
    }
}

/// The counts of the tree being counted, added to by every thread.
#[derive(Default)]
pub(super) struct Counts {
    files: AtomicU64,
    folders: AtomicU64,
    bytes_on_disk: AtomicU64,
    apparent_bytes: AtomicU64,
}

impl Counts {
    pub(super) fn add(&self, t: &Totals) {
        self.files.fetch_add(t.files, Ordering::Relaxed);
        self.folders.fetch_add(t.folders, Ordering::Relaxed);
        self.bytes_on_disk
            .fetch_add(t.bytes_on_disk, Ordering::Relaxed);
        self.apparent_bytes
            .fetch_add(t.apparent_bytes, Ordering::Relaxed);
    }

    /// Each figure only grows until [`Counts::take`], so snapshots never go down.
    pub(super) fn load(&self) -> Totals {
        Totals {
            files: self.files.load(Ordering::Relaxed),
            folders: self.folders.load(Ordering::Relaxed),
            bytes_on_disk: self.bytes_on_disk.load(Ordering::Relaxed),
            apparent_bytes: self.apparent_bytes.load(Ordering::Relaxed),
        }
    }

    pub(super) fn take(&self) -> Totals {
        Totals {
            files: self.files.swap(0, Ordering::Relaxed),
            folders: self.folders.swap(0, Ordering::Relaxed),
            bytes_on_disk: self.bytes_on_disk.swap(0, Ordering::Relaxed),
            apparent_bytes: self.apparent_bytes.swap(0, Ordering::Relaxed),
        }
    }
}

/// Problems met: all counted, the first few kept.
pub(super) struct Problems {
    keep: usize,
    inner: Mutex<(u64, Vec<IoError>)>,
}

impl Problems {
    pub(super) fn add(&self, e: IoError) {
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        g.0 += 1;
        if g.1.len() < self.keep {
            g.1.push(e);
        }
    }

    /// Bring `usage` up to date: the count, and the kept problems it does not hold yet.
    pub(super) fn update(&self, usage: &mut Usage) {
        let g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        usage.problems = g.0;
        if let Some(new) = g.1.get(usage.first_problems.len()..) {
            usage.first_problems.extend_from_slice(new);
        }
    }
}

/// Add `st` to `t`, as a folder or as a file.
pub(super) fn add_entry(t: &mut Totals, st: &Statx, is_dir: bool) {
    if is_dir {
        t.folders += 1;
    } else {
        t.files += 1;
    }
    t.bytes_on_disk += st.stx_blocks.saturating_mul(512);
    t.apparent_bytes += st.stx_size;
}

pub(super) fn is_dir(st: &Statx) -> bool {
    u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR
}
