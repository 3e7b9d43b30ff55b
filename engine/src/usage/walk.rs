//! A counting thread's part of the walk: each folder opened relative to its parent, each
//! entry looked at with statx(dirfd, name), never followed; entries go to a thread with
//! nothing to do in chunks.

use std::ffi::{CStr, OsStr};
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;

use crate::error::Op;
use crate::sys;
use crate::walk::{self, Chunk, Entries, Subfolders, Visit};

use super::Totals;
use super::shared::{Dir, Shared, add_entry, is_dir};

/// Entries handed over at once to a thread with nothing to do.
const SHARE_CHUNK: usize = 64;

/// A counting thread: takes tasks until the count is closed (or, unless `wait`, until
/// there is nothing left to do).
pub(super) fn walker(shared: &Shared<'_>, wait: bool) {
    let mut counter = Counter {
        shared,
        local: Totals::default(),
    };
    walk::walk(&shared.stack, &mut counter, wait);
}

/// One counting thread's own state.
struct Counter<'s, 'a> {
    shared: &'s Shared<'a>,
    /// Counted since the last flush into the shared counts.
    local: Totals,
}

impl Visit<Dir> for Counter<'_, '_> {
    fn open(&mut self, parent: &Arc<Dir>, name: &CStr) -> Option<Arc<Dir>> {
        let path = parent.path.join(OsStr::from_bytes(name.to_bytes()));
        // Not opened, the folder itself is counted already (as `du` counts it).
        let fd = self.shared.problems.open_dir(&parent.fd, name, &path)?;
        Some(Arc::new(Dir {
            fd,
            path,
            dev: parent.dev,
        }))
    }

    /// Read a folder, looking at each entry; when another thread has nothing to do,
    /// entries go to it in chunks instead.
    fn read(
        &mut self,
        dir: &Arc<Dir>,
        buf: &mut [MaybeUninit<u8>],
        found: &mut Subfolders<'_, '_, Dir>,
    ) {
        let mut entries = Entries::new(&dir.fd, buf);
        let mut chunk = Chunk::new(SHARE_CHUNK);
        while let Some(entry) = entries.next(&self.shared.problems, &dir.path) {
            if entry.dot {
                continue;
            }
            if entry.check {
                if self.shared.stack.cancelled() {
                    return;
                }
                self.after_task();
            }
            let name = entry.item.file_name();
            if found.someone_idle() {
                if let Some(names) = chunk.add(name) {
                    found.hand_over(dir, names);
                }
                continue;
            }
            self.look_at(dir, name, found);
        }
        // What was gathered but not handed over: done here.
        self.look(dir, &chunk.rest(), found);
    }

    fn look(&mut self, dir: &Arc<Dir>, names: &[u8], found: &mut Subfolders<'_, '_, Dir>) {
        for name in walk::names(names) {
            self.look_at(dir, name, found);
        }
    }

    /// Flush the counts into the shared ones.
    fn after_task(&mut self) {
        self.shared.counts.add(&std::mem::take(&mut self.local));
    }
}

impl Counter<'_, '_> {
    /// Look at the entry `name` of `dir` and count it; a folder is to be walked.
    fn look_at(&mut self, dir: &Arc<Dir>, name: &CStr, found: &mut Subfolders<'_, '_, Dir>) {
        let st = match sys::statx_usage_at(&dir.fd, name) {
            Ok(st) => st,
            Err(e) => {
                let path = dir.path.join(OsStr::from_bytes(name.to_bytes()));
                return self.shared.problems.add(Op::Stat, path, e);
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
            found.folder(dir, name);
        }
    }
}
