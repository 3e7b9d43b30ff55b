//! A walking thread: it takes tasks off the shared stack and goes on with a subfolder it
//! found itself (handing each over would pass a deep chain of folders back and forth
//! between threads), handing the rest to threads with nothing to do; and the pieces a
//! walk reads folders with (getdents64 entries, chunks of names handed over).

use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::os::fd::AsFd;
use std::path::Path;
use std::sync::Arc;

use rustix::fs::{RawDir, RawDirEntry};

use super::problems::Problems;
use super::stack::{Next, Stack, Task};
use crate::error::Op;

/// getdents64 buffer of each thread: large, so a folder takes few calls.
const DIRENT_BUFFER: usize = 128 * 1024;
/// Entries between two looks at the cancel flag (and at what waits to go out).
const CHECK_EVERY: u64 = 256;

/// What a walk does with the folders and entries its threads come to.
pub(crate) trait Visit<D> {
    /// Open the subfolder `name` of `parent`; `None` when it is not entered.
    fn open(&mut self, parent: &Arc<D>, name: &CStr) -> Option<Arc<D>>;
    /// Read the open folder `dir` with `buf`; subfolders go into `found`.
    fn read(
        &mut self,
        dir: &Arc<D>,
        buf: &mut [MaybeUninit<u8>],
        found: &mut Subfolders<'_, '_, D>,
    );
    /// Look at the entries `names` of `dir` that another thread handed over.
    fn look(&mut self, dir: &Arc<D>, names: &[u8], found: &mut Subfolders<'_, '_, D>);
    /// After each task.
    fn after_task(&mut self) {}
    /// Before the thread waits for work: what it holds should not wait with it.
    fn before_wait(&mut self) {}
}

/// Take tasks until the walk is over; unless `wait`, also as soon as there is nothing
/// to do at this moment (a thread that only helps with what is there).
pub(crate) fn walk<D, V: Visit<D>>(stack: &Stack<'_, D>, visit: &mut V, wait: bool) {
    let mut buf = vec![MaybeUninit::<u8>::uninit(); DIRENT_BUFFER];
    let mut found = Subfolders {
        stack,
        tasks: Vec::new(),
    };
    let mut mine: Option<Task<D>> = None;
    let mut holding = false;
    loop {
        if stack.cancelled() {
            mine = None;
        }
        let task = match mine.take() {
            Some(t) => t,
            None => match stack.next(holding, false) {
                Next::Task(t) => t,
                Next::Done => break,
                Next::Idle if !wait => break,
                Next::Idle => {
                    visit.before_wait();
                    match stack.next(false, true) {
                        Next::Task(t) => t,
                        Next::Idle | Next::Done => break,
                    }
                }
            },
        };
        holding = true;
        match task {
            Task::Read(dir) => visit.read(&dir, &mut buf, &mut found),
            Task::Open { parent, name } => {
                if let Some(dir) = visit.open(&parent, &name) {
                    visit.read(&dir, &mut buf, &mut found);
                }
            }
            Task::Look { dir, names } => visit.look(&dir, &names, &mut found),
        }
        visit.after_task();
        mine = found.tasks.pop();
        stack.push(&mut found.tasks);
    }
}

/// The subfolders a thread found, to go on with one and hand over the rest.
pub(crate) struct Subfolders<'s, 'a, D> {
    stack: &'s Stack<'a, D>,
    tasks: Vec<Task<D>>,
}

impl<D> Subfolders<'_, '_, D> {
    /// The subfolder `name` of `dir` is to be walked; when another thread has nothing to
    /// do, it gets all this thread found but one at once.
    pub(crate) fn folder(&mut self, dir: &Arc<D>, name: &CStr) {
        self.tasks.push(Task::Open {
            parent: dir.clone(),
            name: name.to_owned(),
        });
        if self.tasks.len() > 1 && self.stack.someone_idle() {
            let keep = self.tasks.swap_remove(0);
            self.stack.push(&mut self.tasks);
            self.tasks.push(keep);
        }
    }

    /// Whether a thread waits for work.
    pub(crate) fn someone_idle(&self) -> bool {
        self.stack.someone_idle()
    }

    /// Hand the entries `names` of `dir` to a thread with nothing to do.
    pub(crate) fn hand_over(&self, dir: &Arc<D>, names: Vec<u8>) {
        self.stack.push(&mut vec![Task::Look {
            dir: dir.clone(),
            names,
        }]);
    }
}

/// The entries of a folder as getdents64 gives them.
pub(crate) struct Entries<'b, Fd: AsFd> {
    raw: RawDir<'b, Fd>,
    seen: u64,
}

/// One entry, whether it is time to look at the cancel flag, and whether it is `.` or
/// `..` (to be passed over).
pub(crate) struct Entry<'e> {
    pub(crate) item: RawDirEntry<'e>,
    pub(crate) check: bool,
    pub(crate) dot: bool,
}

impl<'b, Fd: AsFd> Entries<'b, Fd> {
    pub(crate) fn new(fd: Fd, buf: &'b mut [MaybeUninit<u8>]) -> Self {
        Entries {
            raw: RawDir::new(fd, buf),
            seen: 0,
        }
    }

    /// The next entry. A failure to read ends the folder: it is counted in `problems`
    /// with the folder's `path`.
    pub(crate) fn next(&mut self, problems: &Problems, path: &Path) -> Option<Entry<'_>> {
        let item = match self.raw.next()? {
            Ok(item) => item,
            Err(e) => {
                problems.add(Op::ReadDir, path.to_path_buf(), e);
                return None;
            }
        };
        let dot = matches!(item.file_name().to_bytes(), b"." | b"..");
        if !dot {
            self.seen += 1;
        }
        let check = !dot && self.seen.is_multiple_of(CHECK_EVERY);
        Some(Entry { item, check, dot })
    }

    /// Entries given so far, `.` and `..` left out.
    pub(crate) fn seen(&self) -> u64 {
        self.seen
    }
}

/// Names gathered to be handed over in chunks of `size`.
pub(crate) struct Chunk {
    names: Vec<u8>,
    count: usize,
    size: usize,
}

impl Chunk {
    pub(crate) fn new(size: usize) -> Chunk {
        Chunk {
            names: Vec::new(),
            count: 0,
            size,
        }
    }

    /// Add `name`; a full chunk comes back, to be handed over.
    pub(crate) fn add(&mut self, name: &CStr) -> Option<Vec<u8>> {
        self.names.extend_from_slice(name.to_bytes_with_nul());
        self.count += 1;
        if self.count < self.size {
            return None;
        }
        self.count = 0;
        Some(std::mem::take(&mut self.names))
    }

    /// What was gathered and not handed over.
    pub(crate) fn rest(self) -> Vec<u8> {
        self.names
    }
}

/// The names of a chunk, one after the other.
pub(crate) fn names(chunk: &[u8]) -> impl Iterator<Item = &CStr> {
    chunk
        .split_inclusive(|b| *b == 0)
        .filter_map(|n| CStr::from_bytes_with_nul(n).ok())
}
