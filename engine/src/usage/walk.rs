//! A walking thread: it takes folders off the shared stack, opens each relative to its
//! parent, reads it with getdents64 and looks at each entry with statx(dirfd, name),
//! never following one; it goes on with a subfolder it found itself, and when another
//! thread has nothing to do it hands over subfolders and chunks of the folder it reads.

use std::ffi::{CStr, OsStr};
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use rustix::fs::RawDir;

use crate::error::Op;
use crate::sys;

use super::Totals;
use super::shared::{Dir, Shared, Task, add_entry, is_dir};

/// getdents64 buffer of each thread.
const DIRENT_BUFFER: usize = 128 * 1024;
/// Entries between two looks at the cancel flag (and flushes of the counts).
const CHECK_EVERY: u32 = 256;
/// Entries handed over at once to a thread with nothing to do.
const SHARE_CHUNK: usize = 64;

/// A walking thread: takes tasks until the count is closed (or, `until_drained`, until
/// there is nothing left to do).
pub(super) fn walker(shared: &Shared<'_>, until_drained: bool) {
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
