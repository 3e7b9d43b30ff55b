//! A counting thread's part of the walk: each folder opened relative to its parent, each
//! entry looked at with statx(dirfd, name), never followed; entries go to a thread with
//! nothing to do in chunks.

use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;

use rustix::fs::RawDirEntry;

use crate::error::Op;
use crate::sys;
use crate::walk::{self, Problems, Subfolders, Then, Visit};

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
    const SHARE_CHUNK: usize = SHARE_CHUNK;

    fn problems(&self) -> &Problems {
        &self.shared.problems
    }

    fn open(&mut self, parent: &Arc<Dir>, name: &CStr) -> Option<Arc<Dir>> {
        let path = parent.path.join(OsStr::from_bytes(name.to_bytes()));
        // Not opened, the folder itself is counted already (as `du` counts it).
        let fd = self.shared.problems.open_dir(&parent.fd, name, &path)?;
        Some(Arc::new(Dir {
            fd,
            path,
            with: parent.dev(),
        }))
    }

    /// Every entry is looked at with a stat (on another thread when one has nothing to
    /// do).
    fn decide(
        &mut self,
        _: &Arc<Dir>,
        _: &RawDirEntry<'_>,
        _: &mut Subfolders<'_, '_, Dir>,
    ) -> Then {
        Then::Look
    }

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
        if dev != dir.dev() {
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

    /// Flush the counts into the shared ones, now and then within a large folder.
    fn at_check(&mut self, _: &Arc<Dir>) {
        self.after_task();
    }

    /// Flush the counts into the shared ones.
    fn after_task(&mut self) {
        self.shared.counts.add(&std::mem::take(&mut self.local));
    }
}
