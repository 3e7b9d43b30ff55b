//! The (device, inode) pairs a count has met that must count once: hard-linked files and
//! folders (a folder met again is a path given twice, or a bind mount looping back).
//! Sharded, so walking threads seldom wait on each other.

use std::collections::HashSet;
use std::sync::Mutex;

const SHARDS: usize = 16;

#[derive(Default)]
pub(super) struct Seen {
    shards: [Mutex<HashSet<(u64, u64)>>; SHARDS],
}

impl Seen {
    /// Whether this is the first time `(dev, ino)` is met (and remember it).
    pub(super) fn first(&self, dev: u64, ino: u64) -> bool {
        let shard = &self.shards[(ino ^ dev.rotate_left(17)) as usize % SHARDS];
        shard
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert((dev, ino))
    }
}
