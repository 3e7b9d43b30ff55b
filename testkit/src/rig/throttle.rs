//! The "device" end of a rig filesystem: a token bucket that lets written bytes through at a
//! set rate, the count of bytes really received, a switch that makes writes fail, and one
//! that makes the server stop answering.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Bytes are let through in slices of this size, so a rate change or a failure switch
/// takes effect within one slice even for a large write request.
const SLICE: u64 = 64 * 1024;

/// Shared between a rig filesystem's request threads and the test that owns the rig.
#[derive(Debug)]
pub struct Throttle {
    /// Bytes per second; 0 = unlimited.
    rate: AtomicU64,
    fail: AtomicBool,
    /// The server holds every request until this is cleared (a hung server).
    silent: AtomicBool,
    /// How many requests the silence holds right now.
    held: AtomicU64,
    received: Arc<AtomicU64>,
    /// When the bucket is free again: the end of the last slice handed out.
    free_at: Mutex<Instant>,
    /// Woken when the rate or the failure switch changes.
    changed: Condvar,
}

impl Throttle {
    pub fn new(rate: u64) -> Arc<Throttle> {
        Arc::new(Throttle {
            rate: AtomicU64::new(rate),
            fail: AtomicBool::new(false),
            silent: AtomicBool::new(false),
            held: AtomicU64::new(0),
            received: Arc::new(AtomicU64::new(0)),
            free_at: Mutex::new(Instant::now()),
            changed: Condvar::new(),
        })
    }

    /// The counter of bytes the filesystem's `write()` really stored.
    pub fn received_counter(&self) -> Arc<AtomicU64> {
        self.received.clone()
    }

    pub fn received(&self) -> u64 {
        self.received.load(Ordering::SeqCst)
    }

    pub fn add_received(&self, n: u64) {
        self.received.fetch_add(n, Ordering::SeqCst);
    }

    pub fn rate(&self) -> u64 {
        self.rate.load(Ordering::SeqCst)
    }

    /// Change the rate from now on (0 = unlimited); writers already waiting are re-timed.
    pub fn set_rate(&self, bytes_per_sec: u64) {
        self.rate.store(bytes_per_sec, Ordering::SeqCst);
        *self.lock() = Instant::now();
        self.changed.notify_all();
    }

    pub fn failing(&self) -> bool {
        self.fail.load(Ordering::SeqCst)
    }

    /// From now on, writes (and fsyncs) fail with EIO; writers already waiting fail too.
    pub fn set_failing(&self, fail: bool) {
        self.fail.store(fail, Ordering::SeqCst);
        let _guard = self.lock();
        self.changed.notify_all();
    }

    /// From now on the server answers no request until `false` is set again; requests
    /// already held are then answered.
    pub fn set_silent(&self, silent: bool) {
        self.silent.store(silent, Ordering::SeqCst);
        let _guard = self.lock();
        self.changed.notify_all();
    }

    /// Hold the calling request while the server is silent.
    pub fn wait_while_silent(&self) {
        let mut guard = self.lock();
        if !self.silent.load(Ordering::SeqCst) {
            return;
        }
        self.held.fetch_add(1, Ordering::SeqCst);
        while self.silent.load(Ordering::SeqCst) {
            guard = self.changed.wait(guard).unwrap_or_else(|p| p.into_inner());
        }
        self.held.fetch_sub(1, Ordering::SeqCst);
    }

    /// How many requests the silence holds right now.
    pub fn held(&self) -> u64 {
        self.held.load(Ordering::SeqCst)
    }

    /// Wait until `n` bytes may pass. Returns false when writes started failing meanwhile.
    pub fn take(&self, n: u64) -> bool {
        let mut left = n;
        while left > 0 {
            if self.failing() {
                return false;
            }
            let rate = self.rate();
            if rate == 0 {
                return true;
            }
            let slice = left.min(SLICE);
            let mut free_at = self.lock();
            let due = (*free_at).max(Instant::now())
                + Duration::from_secs_f64(slice as f64 / rate as f64);
            *free_at = due;
            let mut retimed = false;
            loop {
                let now = Instant::now();
                if now >= due {
                    break;
                }
                if self.failing() {
                    return false;
                }
                if self.rate() != rate {
                    retimed = true;
                    break;
                }
                free_at = self
                    .changed
                    .wait_timeout(free_at, due - now)
                    .map(|(g, _)| g)
                    .unwrap_or_else(|p| p.into_inner().0);
            }
            if !retimed {
                left -= slice;
            }
        }
        !self.failing()
    }

    fn lock(&self) -> MutexGuard<'_, Instant> {
        self.free_at.lock().unwrap_or_else(|p| p.into_inner())
    }
}
