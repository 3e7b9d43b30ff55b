//! When to look again at a shown folder on a mount that sends no change events (a network
//! share, FUSE): its mtime is read every [`EVERY`], less often while reading it is slow, and
//! at once after [`look_again`] (the window came to the front); a changed mtime means the
//! folder is listed again.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How many times every watched folder was asked to look again.
static LOOK_AGAIN: AtomicU64 = AtomicU64::new(0);

/// Every shown folder of a network mount looks at its mtime again within half a second
/// (no I/O here: the listing threads do it).
pub fn look_again() {
    LOOK_AGAIN.fetch_add(1, Ordering::Relaxed);
}

/// How often the folder is looked at while its mount answers quickly.
pub const EVERY: Duration = Duration::from_secs(5);
/// The longest time between looks, however slow the mount.
pub const AT_MOST: Duration = Duration::from_secs(60);
/// A look that took longer than this doubles the time to the next one.
pub const SLOW_LOOK: Duration = Duration::from_secs(1);

/// The folder's mtime as listed, and when to look next.
#[derive(Debug)]
pub struct Revalidation {
    mtime: (i64, u32),
    every: Duration,
    next: Instant,
    /// The [`look_again`] count when it last looked.
    asked: u64,
}

impl Revalidation {
    /// A folder listed with `mtime`, at `now`.
    pub fn new(mtime: (i64, u32), now: Instant) -> Revalidation {
        Revalidation {
            mtime,
            every: EVERY,
            next: now + EVERY,
            asked: LOOK_AGAIN.load(Ordering::Relaxed),
        }
    }

    /// It is time to look again.
    pub fn due(&self, now: Instant) -> bool {
        now >= self.next || LOOK_AGAIN.load(Ordering::Relaxed) != self.asked
    }

    /// A look found `mtime` (`None`: the folder could not be read) and took `took`;
    /// whether the folder changed since it was listed.
    pub fn looked(&mut self, mtime: Option<(i64, u32)>, took: Duration, now: Instant) -> bool {
        self.every = if took > SLOW_LOOK {
            (self.every * 2).min(AT_MOST)
        } else {
            EVERY
        };
        self.next = now + self.every;
        self.asked = LOOK_AGAIN.load(Ordering::Relaxed);
        mtime.is_some_and(|m| m != self.mtime)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_come_less_often_while_the_mount_is_slow() {
        let t0 = Instant::now();
        let mut r = Revalidation::new((10, 0), t0);
        assert!(!r.due(t0 + Duration::from_secs(4)));
        assert!(r.due(t0 + EVERY));
        let slow = Duration::from_secs(2);
        let mut now = t0 + EVERY;
        assert!(!r.looked(Some((10, 0)), slow, now));
        assert!(!r.due(now + EVERY), "twice as long after a slow look");
        assert!(r.due(now + EVERY * 2));
        for _ in 0..10 {
            now += AT_MOST;
            r.looked(None, slow, now);
        }
        assert!(r.due(now + AT_MOST), "never longer than AT_MOST");
        // Quick again: back to EVERY; a changed mtime is a change.
        assert!(r.looked(Some((11, 5)), Duration::from_millis(5), now));
        assert!(r.due(now + EVERY));
        // Asked to look again: due at once, and not again until asked or due.
        assert!(!r.due(now));
        look_again();
        assert!(r.due(now));
        r.looked(Some((11, 5)), Duration::from_millis(5), now);
        assert!(!r.due(now));
    }
}
