//! What the threads of a count share: the walk's stack of tasks, the counts of the tree
//! being walked, the problems met, and the (device, inode) pairs seen.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::sys::Statx;
use crate::walk::{End, Problems, Stack};

use super::seen::Seen;
use super::{Totals, Usage};

/// An open folder of the tree being counted, with the starting path's device (entries
/// on another are not counted).
pub(super) type Dir = crate::walk::Opened<PathBuf, u64>;

impl Dir {
    /// The starting path's device.
    pub(super) fn dev(&self) -> u64 {
        self.with
    }
}

/// What the walking threads and the reporting one share.
pub(super) struct Shared<'a> {
    /// Trees are pushed one after the other: the threads end when it is closed.
    pub(super) stack: Stack<'a, Dir>,
    /// The tree being counted, so far.
    pub(super) counts: Counts,
    pub(super) seen: Seen,
    pub(super) problems: Problems,
}

impl<'a> Shared<'a> {
    pub(super) fn new(cancel: &'a AtomicBool, keep_problems: usize) -> Shared<'a> {
        Shared {
            stack: Stack::new(End::Closed, cancel),
            counts: Counts::default(),
            seen: Seen::default(),
            problems: Problems::new(keep_problems),
        }
    }

    /// Bring `usage`'s problems up to date: the count, and the kept ones it lacks.
    pub(super) fn update_problems(&self, usage: &mut Usage) {
        let (count, new) = self.problems.since(usage.first_problems.len());
        usage.problems = count;
        usage.first_problems.extend(new);
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
