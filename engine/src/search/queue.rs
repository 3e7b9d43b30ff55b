//! What the walking threads of a search share: the walk's stack of tasks, the channel
//! results go out on, the problems met and the counts for the summary.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::events::Sender;
use crate::walk::{End, Problems, Stack};

use super::{Found, SearchEvent, Summary};

/// An open folder of the tree being searched: its path is shared with the results found
/// in it.
pub(super) type Dir = crate::walk::Opened<Arc<PathBuf>>;

pub(super) struct Shared<'a> {
    /// One tree: the threads end when it is walked.
    pub(super) stack: Stack<'a, Dir>,
    tx: &'a Sender<SearchEvent>,
    /// Bytes of a folder's path before the part relative to the starting folder.
    pub(super) rel_start: usize,
    pub(super) problems: Problems,
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
            stack: Stack::new(End::Drained, cancel),
            tx,
            rel_start,
            problems: Problems::new(keep_problems),
            found: AtomicU64::new(0),
            entries: AtomicU64::new(0),
            folders: AtomicU64::new(0),
        }
    }

    /// Send results to the consumer, waiting for room; nothing goes out once cancelled,
    /// and a consumer that is gone cancels the search.
    pub(super) fn send(&self, found: Vec<Found>) {
        let count: usize = found.iter().map(|f| f.entries.len()).sum();
        if self.tx.send(SearchEvent::Found(found)) {
            self.found.fetch_add(count as u64, Ordering::Relaxed);
        } else {
            self.stack.cancel();
        }
    }

    pub(super) fn counted(&self, entries: u64, folders: u64) {
        self.entries.fetch_add(entries, Ordering::Relaxed);
        self.folders.fetch_add(folders, Ordering::Relaxed);
    }

    /// The summary, once the threads have ended.
    pub(super) fn summary(&self) -> Summary {
        let (problems, first_problems) = self.problems.since(0);
        Summary {
            found: self.found.load(Ordering::Relaxed),
            entries: self.entries.load(Ordering::Relaxed),
            folders: self.folders.load(Ordering::Relaxed),
            problems,
            first_problems,
            cancelled: self.stack.cancelled(),
        }
    }
}
