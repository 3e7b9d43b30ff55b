//! The cache of folders no view shows any more: at most 3, each leaving after 3 minutes unasked.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::lister::Lister;

/// Where "now" comes from, so tests can move time.
pub trait Clock: Send + Sync {
    fn now(&self) -> Instant;
}

/// The real clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

pub const DEFAULT_CAPACITY: usize = 3;
pub const DEFAULT_TTL: Duration = Duration::from_secs(180);

/// Recently left folders, newest first.
pub struct ListerCache {
    items: VecDeque<(Lister, Instant)>,
    capacity: usize,
    ttl: Duration,
    clock: Arc<dyn Clock>,
}

impl Default for ListerCache {
    fn default() -> Self {
        ListerCache::new(DEFAULT_CAPACITY, DEFAULT_TTL, Arc::new(SystemClock))
    }
}

impl std::fmt::Debug for ListerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListerCache")
            .field("len", &self.items.len())
            .field("capacity", &self.capacity)
            .field("ttl", &self.ttl)
            .finish()
    }
}

impl ListerCache {
    pub fn new(capacity: usize, ttl: Duration, clock: Arc<dyn Clock>) -> ListerCache {
        ListerCache {
            items: VecDeque::with_capacity(capacity + 1),
            capacity,
            ttl,
            clock,
        }
    }

    /// Keep a folder a view just left. The oldest leaves when the cache is full.
    pub fn put(&mut self, lister: Lister) {
        self.items.retain(|(l, _)| l.path() != lister.path());
        self.items.push_front((lister, self.clock.now()));
        self.items.truncate(self.capacity);
        self.purge();
    }

    /// Take a folder back for showing, if it is still fresh.
    pub fn take(&mut self, path: &Path) -> Option<Lister> {
        self.purge();
        let i = self.items.iter().position(|(l, _)| l.path() == path)?;
        self.items.remove(i).map(|(l, _)| l)
    }

    /// Drop folders left unasked for longer than the time to live.
    pub fn purge(&mut self) {
        let now = self.clock.now();
        let ttl = self.ttl;
        self.items
            .retain(|(_, at)| now.saturating_duration_since(*at) < ttl);
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn contains(&self, path: &Path) -> bool {
        self.items.iter().any(|(l, _)| l.path() == path)
    }

    /// Heap bytes held by the cached folders.
    pub fn heap_bytes(&self) -> usize {
        self.items.iter().map(|(l, _)| l.heap_bytes()).sum()
    }
}
