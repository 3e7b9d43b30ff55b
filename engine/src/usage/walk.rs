//! The walk: the starting paths one after the other, each tree read by a few threads
//! that share a stack of folders still to read (and, when one of them has nothing to
//! do, the entries of the folder another is reading). All fd-relative: a folder is
//! opened relative to its parent, read with getdents64, and each entry looked at with
//! statx(dirfd, name) without following it. The calling thread only waits and reports.

use std::ffi::{CStr, CString, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use rustix::fs::RawDir;

use crate::error::{IoError, Op};
use crate::sys::{self, Statx};

use super::seen::Seen;
use super::{PathState, PathUsage, Totals, Usage, UsageOptions};

/// getdents64 buffer of each thread.
const DIRENT_BUFFER: usize = 128 * 1024;
/// Entries between two looks at the cancel flag (and flushes of the counts).
const CHECK_EVERY: u32 = 256;
/// Entries handed over at once to a thread with nothing to do.
const SHARE_CHUNK: usize = 64;

/// An open folder of the tree being counted.
struct Dir {
    fd: OwnedFd,
    /// Where it is, for problems.
    path: PathBuf,
    /// The starting path's device: entries on another are not counted.
    dev: u64,
}

enum Task {
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
struct Shared<'a> {
    queue: Mutex<Queue>,
    /// Threads wait here for a task.
    work: Condvar,
    /// The reporting thread waits here for a tree to be done.
    drained: Condvar,
    /// Threads waiting for a task, read without the lock to decide whether to share.
    idle: AtomicUsize,
    /// The tree being counted, so far.
    counts: Counts,
    seen: Seen,
    problems: Problems,
    cancel: &'a AtomicBool,
}

impl Shared<'_> {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn push(&self, tasks: &mut Vec<Task>) {
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
    fn next_task(&self, holding: bool, until_drained: bool) -> Option<Task> {
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

    fn close(&self) {
        self.lock().closed = true;
        self.work.notify_all();
    }

    fn problem(&self, op: Op, path: PathBuf, e: impl Into<std::io::Error>) {
        self.problems.add(IoError::new(op, path, e));
    }
}

/// The counts of the tree being counted, added to by every thread.
#[derive(Default)]
struct Counts {
    files: AtomicU64,
    folders: AtomicU64,
    bytes_on_disk: AtomicU64,
    apparent_bytes: AtomicU64,
}

impl Counts {
    fn add(&self, t: &Totals) {
        self.files.fetch_add(t.files, Ordering::Relaxed);
        self.folders.fetch_add(t.folders, Ordering::Relaxed);
        self.bytes_on_disk
            .fetch_add(t.bytes_on_disk, Ordering::Relaxed);
        self.apparent_bytes
            .fetch_add(t.apparent_bytes, Ordering::Relaxed);
    }

    /// Each figure only grows until [`Counts::take`], so snapshots never go down.
    fn load(&self) -> Totals {
        Totals {
            files: self.files.load(Ordering::Relaxed),
            folders: self.folders.load(Ordering::Relaxed),
            bytes_on_disk: self.bytes_on_disk.load(Ordering::Relaxed),
            apparent_bytes: self.apparent_bytes.load(Ordering::Relaxed),
        }
    }

    fn take(&self) -> Totals {
        Totals {
            files: self.files.swap(0, Ordering::Relaxed),
            folders: self.folders.swap(0, Ordering::Relaxed),
            bytes_on_disk: self.bytes_on_disk.swap(0, Ordering::Relaxed),
            apparent_bytes: self.apparent_bytes.swap(0, Ordering::Relaxed),
        }
    }
}

/// Problems met: all counted, the first few kept.
struct Problems {
    keep: usize,
    inner: Mutex<(u64, Vec<IoError>)>,
}

impl Problems {
    fn add(&self, e: IoError) {
        let mut g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        g.0 += 1;
        if g.1.len() < self.keep {
            g.1.push(e);
        }
    }

    /// Bring `usage` up to date: the count, and the kept problems it does not hold yet.
    fn update(&self, usage: &mut Usage) {
        let g = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        usage.problems = g.0;
        if let Some(new) = g.1.get(usage.first_problems.len()..) {
            usage.first_problems.extend_from_slice(new);
        }
    }
}

/// Add `st` to `t`, as a folder or as a file.
fn add_entry(t: &mut Totals, st: &Statx, is_dir: bool) {
    if is_dir {
        t.folders += 1;
    } else {
        t.files += 1;
    }
    t.bytes_on_disk += st.stx_blocks.saturating_mul(512);
    t.apparent_bytes += st.stx_size;
}

fn is_dir(st: &Statx) -> bool {
    u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFDIR
}

/// Count each of `paths` into `usage`, on `threads` walking threads started here at the
/// first folder; snapshots go to `progress` every `opts.interval`.
pub(super) fn count_paths(
    paths: &[PathBuf],
    threads: usize,
    opts: &UsageOptions,
    cancel: &AtomicBool,
    usage: &mut Usage,
    progress: &mut dyn FnMut(&Usage),
) {
    let shared = Shared {
        queue: Mutex::new(Queue::default()),
        work: Condvar::new(),
        drained: Condvar::new(),
        idle: AtomicUsize::new(0),
        counts: Counts::default(),
        seen: Seen::default(),
        problems: Problems {
            keep: opts.keep_problems,
            inner: Mutex::new((0, Vec::new())),
        },
        cancel,
    };
    let mut report = Reporter {
        opts,
        next: Instant::now() + opts.interval,
        usage,
        progress,
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        for (i, path) in paths.iter().enumerate() {
            if shared.cancelled() {
                break;
            }
            report.usage.paths[i].state = PathState::Counting;
            let state = match start(&shared, path) {
                Ok(root) => {
                    while started < threads {
                        let spawned = std::thread::Builder::new()
                            .name("porpoise-du".into())
                            .spawn_scoped(scope, || walker(&shared, false));
                        if spawned.is_err() {
                            break;
                        }
                        started += 1;
                    }
                    shared.push(&mut vec![Task::Read(root)]);
                    if started == 0 {
                        // No thread to be had: walk here, without snapshots.
                        walker(&shared, true);
                    }
                    report.wait_drained(&shared, i);
                    PathState::Done
                }
                Err(state) => state,
            };
            let totals = shared.counts.take();
            report.usage.total.add(&totals);
            report.usage.paths[i] = PathUsage { state, totals };
            // Many single files (a large selection) report as they go too.
            if Instant::now() >= report.next {
                report.snapshot(&shared, None);
            }
        }
        shared.close();
    });
    shared.problems.update(report.usage);
}

/// Look at a starting path and count it: a folder is opened for the walk, anything else
/// is counted as it is. `Err` holds the path's state when there is no walk to do.
fn start(shared: &Shared<'_>, path: &Path) -> Result<Arc<Dir>, PathState> {
    let st = match sys::statx_usage_path(path) {
        Ok(st) => st,
        Err(e) => {
            shared.problem(Op::Stat, path.to_owned(), e);
            return Err(PathState::Unreachable);
        }
    };
    let dev = sys::statx_dev(&st);
    // Every starting path is remembered, so one given twice counts once.
    if !shared.seen.first(dev, st.stx_ino) {
        return Err(PathState::CountedBefore);
    }
    let folder = is_dir(&st);
    let mut t = Totals::default();
    add_entry(&mut t, &st, folder);
    shared.counts.add(&t);
    if !folder {
        return Err(PathState::Done);
    }
    match sys::open_dir_nofollow(path) {
        Ok(fd) => Ok(Arc::new(Dir {
            fd,
            path: path.to_owned(),
            dev,
        })),
        Err(e) => {
            shared.problem(Op::OpenDir, path.to_owned(), e);
            Err(PathState::Done)
        }
    }
}

/// The reporting thread's side: waiting for a tree while sending snapshots.
struct Reporter<'u, 'o> {
    opts: &'o UsageOptions,
    next: Instant,
    usage: &'u mut Usage,
    progress: &'u mut dyn FnMut(&Usage),
}

impl Reporter<'_, '_> {
    /// Wait until path `i`'s tree is walked, with a snapshot every interval.
    fn wait_drained(&mut self, shared: &Shared<'_>, i: usize) {
        let mut q = shared.lock();
        while !(q.tasks.is_empty() && q.busy == 0) {
            let now = Instant::now();
            if now >= self.next {
                drop(q);
                self.snapshot(shared, Some(i));
                q = shared.lock();
                continue;
            }
            q = shared
                .drained
                .wait_timeout(q, self.next - now)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// Report where the count stands, path `walking`'s tree being walked.
    fn snapshot(&mut self, shared: &Shared<'_>, walking: Option<usize>) {
        let done = self.usage.total;
        if let Some(i) = walking {
            let current = shared.counts.load();
            self.usage.paths[i].totals = current;
            self.usage.total.add(&current);
        }
        shared.problems.update(self.usage);
        (self.progress)(self.usage);
        self.usage.total = done;
        self.next = Instant::now() + self.opts.interval;
    }
}

/// A walking thread: takes tasks until the count is closed (or, `until_drained`, until
/// there is nothing left to do).
fn walker(shared: &Shared<'_>, until_drained: bool) {
    let mut buf = vec![MaybeUninit::<u8>::uninit(); DIRENT_BUFFER];
    let mut w = Walker {
        shared,
        local: Totals::default(),
        found: Vec::new(),
    };
    // A subfolder this thread found and goes on with itself: handing each over through
    // the shared stack would pass a deep chain of folders back and forth between threads.
    let mut mine: Option<Task> = None;
    let mut holding = false;
    loop {
        if shared.cancelled() {
            mine = None;
        }
        let task = match mine.take() {
            Some(t) => t,
            None => match shared.next_task(holding, until_drained) {
                Some(t) => t,
                None => break,
            },
        };
        holding = true;
        match task {
            Task::Read(dir) => w.read(&dir, &mut buf),
            Task::Open { parent, name } => {
                if let Some(dir) = w.open(&parent, &name) {
                    w.read(&dir, &mut buf);
                }
            }
            Task::Look { dir, names } => {
                for name in names.split_inclusive(|b| *b == 0) {
                    if let Ok(name) = CStr::from_bytes_with_nul(name) {
                        w.look(&dir, name);
                    }
                }
            }
        }
        w.flush();
        mine = w.found.pop();
        shared.push(&mut w.found);
    }
}

/// One walking thread's own state.
struct Walker<'s, 'a> {
    shared: &'s Shared<'a>,
    /// Counted since the last flush into the shared counts.
    local: Totals,
    /// Subfolders found, to go on the shared stack.
    found: Vec<Task>,
}

impl Walker<'_, '_> {
    fn flush(&mut self) {
        self.shared.counts.add(&std::mem::take(&mut self.local));
    }

    fn open(&mut self, parent: &Dir, name: &CStr) -> Option<Arc<Dir>> {
        let path = parent.path.join(OsStr::from_bytes(name.to_bytes()));
        match sys::open_dir_at(&parent.fd, name) {
            Ok(fd) => Some(Arc::new(Dir {
                fd,
                path,
                dev: parent.dev,
            })),
            Err(e) => {
                // The folder itself is counted already (as `du` counts it).
                self.shared.problem(Op::OpenDir, path, e);
                None
            }
        }
    }

    /// Read a folder, looking at each entry; when another thread has nothing to do,
    /// entries go to it in chunks instead.
    fn read(&mut self, dir: &Arc<Dir>, buf: &mut [MaybeUninit<u8>]) {
        let mut raw = RawDir::new(&dir.fd, buf);
        let mut chunk: Vec<u8> = Vec::new();
        let mut in_chunk = 0;
        let mut n = 0u32;
        while let Some(item) = raw.next() {
            let item = match item {
                Ok(i) => i,
                Err(e) => {
                    self.shared.problem(Op::ReadDir, dir.path.clone(), e);
                    break;
                }
            };
            let name = item.file_name();
            if matches!(name.to_bytes(), b"." | b"..") {
                continue;
            }
            n += 1;
            if n.is_multiple_of(CHECK_EVERY) {
                if self.shared.cancelled() {
                    return;
                }
                self.flush();
            }
            if self.shared.idle.load(Ordering::Relaxed) > 0 {
                chunk.extend_from_slice(name.to_bytes_with_nul());
                in_chunk += 1;
                if in_chunk >= SHARE_CHUNK {
                    in_chunk = 0;
                    let names = std::mem::take(&mut chunk);
                    self.found.push(Task::Look {
                        dir: dir.clone(),
                        names,
                    });
                    self.shared.push(&mut self.found);
                }
                continue;
            }
            self.look(dir, name);
        }
        // What was gathered but not handed over: done here.
        for name in chunk.split_inclusive(|b| *b == 0) {
            if let Ok(name) = CStr::from_bytes_with_nul(name) {
                self.look(dir, name);
            }
        }
    }

    /// Look at the entry `name` of `dir` and count it; a folder goes on the stack.
    fn look(&mut self, dir: &Arc<Dir>, name: &CStr) {
        let st = match sys::statx_usage_at(&dir.fd, name) {
            Ok(st) => st,
            Err(e) => {
                let path = dir.path.join(OsStr::from_bytes(name.to_bytes()));
                return self.shared.problem(Op::Stat, path, e);
            }
        };
        let dev = sys::statx_dev(&st);
        if dev != dir.dev {
            // Another mount: neither counted nor entered (as `du -x`).
            return;
        }
        let folder = is_dir(&st);
        if (folder || st.stx_nlink > 1) && !self.shared.seen.first(dev, st.stx_ino) {
            return;
        }
        add_entry(&mut self.local, &st, folder);
        if folder {
            self.found.push(Task::Open {
                parent: dir.clone(),
                name: name.to_owned(),
            });
            // Another thread has nothing to do: it gets all but one at once.
            if self.found.len() > 1 && self.shared.idle.load(Ordering::Relaxed) > 0 {
                let keep = self.found.swap_remove(0);
                self.shared.push(&mut self.found);
                self.found.push(keep);
            }
        }
    }
}
