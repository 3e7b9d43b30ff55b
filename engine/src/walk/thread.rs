//! A walking thread: it takes tasks off the shared stack and goes on with a subfolder it
//! found itself (handing each over would pass a deep chain of folders back and forth
//! between threads), handing the rest to threads with nothing to do; and the pieces a
//! walk reads folders with (getdents64 entries, chunks of names handed over).

use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::ops::Deref;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
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

/// An open folder of a walk: what it is read through, and where it is (for problems).
pub(crate) trait Folder {
    fn fd(&self) -> BorrowedFd<'_>;
    fn path(&self) -> &Path;
}

/// A folder a walk opened: its descriptor, where it is (`P`: a path, or one shared with
/// what the walk finds in it) and what the walk keeps of it besides (`X`).
pub(crate) struct Opened<P, X = ()> {
    pub(crate) fd: OwnedFd,
    pub(crate) path: P,
    pub(crate) with: X,
}

impl<P: Deref<Target: AsRef<Path>>, X> Folder for Opened<P, X> {
    fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    fn path(&self) -> &Path {
        self.path.deref().as_ref()
    }
}

/// What [`Visit::decide`] leaves to do with an entry.
pub(crate) enum Then {
    /// Nothing: the entry is done with.
    Done,
    /// Look at it further ([`Visit::look_at`]): here, or on a thread with nothing to do.
    Look,
}

/// What a walk does with the folders and entries its threads come to. Reading a folder is
/// the same for every walk ([`Visit::read`]); a walk says what it does with each entry.
pub(crate) trait Visit<D: Folder> {
    /// Entries handed over at once to a thread with nothing to do.
    const SHARE_CHUNK: usize;

    /// Where the problems met are counted.
    fn problems(&self) -> &Problems;
    /// Open the subfolder `name` of `parent`; `None` when it is not entered.
    fn open(&mut self, parent: &Arc<D>, name: &CStr) -> Option<Arc<D>>;
    /// Decide on an entry of `dir` from what getdents gives; subfolders to walk go into
    /// `found`.
    fn decide(
        &mut self,
        dir: &Arc<D>,
        entry: &RawDirEntry<'_>,
        found: &mut Subfolders<'_, '_, D>,
    ) -> Then;
    /// Look further at the entry `name` of `dir`, which [`Visit::decide`] asked for.
    fn look_at(&mut self, dir: &Arc<D>, name: &CStr, found: &mut Subfolders<'_, '_, D>);
    /// [`Visit::look_at`] on the thread reading the folder, which still has the entry.
    fn look_here(
        &mut self,
        dir: &Arc<D>,
        entry: &RawDirEntry<'_>,
        found: &mut Subfolders<'_, '_, D>,
    ) {
        self.look_at(dir, entry.file_name(), found);
    }
    /// The folder `dir` is about to be read.
    fn entering(&mut self, _dir: &Arc<D>) {}
    /// Every few hundred entries of a folder, while the walk goes on.
    fn at_check(&mut self, _dir: &Arc<D>) {}
    /// A folder was read to its end: `seen` entries (`.` and `..` left out).
    fn read_all(&mut self, _seen: u64) {}
    /// Entries of `dir` looked at in one go (a chunk, or a folder's last ones) are done.
    fn looked(&mut self, _dir: &Arc<D>) {}
    /// After each task.
    fn after_task(&mut self) {}
    /// Before the thread waits for work: what it holds should not wait with it.
    fn before_wait(&mut self) {}

    /// Read the open folder `dir` with `buf`, deciding on each entry; while another
    /// thread has nothing to do, the entries to look at further go to it in chunks.
    fn read(
        &mut self,
        dir: &Arc<D>,
        buf: &mut [MaybeUninit<u8>],
        found: &mut Subfolders<'_, '_, D>,
    ) {
        self.entering(dir);
        let mut entries = Entries::new(dir.fd(), buf);
        let mut chunk = Chunk::new(Self::SHARE_CHUNK);
        while let Some(entry) = entries.next(self.problems(), dir.path()) {
            if entry.dot {
                continue;
            }
            if entry.check {
                if found.cancelled() {
                    return;
                }
                self.at_check(dir);
            }
            let item = entry.item;
            if let Then::Look = self.decide(dir, &item, found) {
                if found.someone_idle() {
                    if let Some(names) = chunk.add(item.file_name()) {
                        found.hand_over(dir, names);
                    }
                } else {
                    self.look_here(dir, &item, found);
                }
            }
        }
        self.read_all(entries.seen());
        // What was gathered but not handed over: done here.
        self.look(dir, &chunk.rest(), found);
    }

    /// Look at the entries `names` of `dir` (a chunk handed over, or kept).
    fn look(&mut self, dir: &Arc<D>, names: &[u8], found: &mut Subfolders<'_, '_, D>) {
        for name in chunk_names(names) {
            if found.cancelled() {
                return;
            }
            self.look_at(dir, name, found);
        }
        self.looked(dir);
    }
}

/// Take tasks until the walk is over; unless `wait`, also as soon as there is nothing
/// to do at this moment (a thread that only helps with what is there).
pub(crate) fn walk<D: Folder, V: Visit<D>>(stack: &Stack<'_, D>, visit: &mut V, wait: bool) {
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

    /// Whether the walk was cancelled.
    pub(crate) fn cancelled(&self) -> bool {
        self.stack.cancelled()
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
fn chunk_names(chunk: &[u8]) -> impl Iterator<Item = &CStr> {
    chunk
        .split_inclusive(|b| *b == 0)
        .filter_map(|n| CStr::from_bytes_with_nul(n).ok())
}
