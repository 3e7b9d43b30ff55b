//! The helper that puts a copy's data on the device window by window: workers add the
//! ranges they wrote; when a window is full it is handed to the helper thread, which runs
//! `sync_file_range(WAIT_BEFORE | WRITE | WAIT_AFTER)` on it (and `fsync` where the
//! destination needs it: every file on a network mount; on a removable disk, files larger
//! than any window, then their folders) while the copy fills the next. A worker waits only when the window
//! before the one it hands over is not on the device yet, so at most two windows are in
//! memory and not on the device. What completed writeback is counted as bytes on the device.
//! On a removable disk a window of many small files is put there with one `syncfs`.

use std::os::fd::OwnedFd;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use super::progress::Counters;
use super::writeback::{Durability, START_WINDOW, hand_over_at, next_window};

/// A written range of one file.
pub struct Part {
    pub fd: Arc<OwnedFd>,
    pub offset: u64,
    pub len: u64,
    /// The file is complete with this range: the folder it is in (`size` is its whole size).
    pub last: Option<Arc<OwnedFd>>,
    pub size: u64,
}

/// Most files in one window: each holds an open descriptor until its window is flushed.
const MAX_PARTS: usize = 1024;
/// A window of more files than this is flushed with one `syncfs` on a removable disk.
const FEW_FILES: usize = 8;
/// Most `fsync`s running at once for one window (network round trips overlap).
const FSYNC_THREADS: usize = 8;

/// A flush failure, kept so every later caller gets the same error.
#[derive(Debug, Clone, Copy)]
struct Failure {
    kind: std::io::ErrorKind,
    os: Option<i32>,
}

impl Failure {
    fn of(e: &std::io::Error) -> Failure {
        Failure {
            kind: e.kind(),
            os: e.raw_os_error(),
        }
    }

    fn error(self) -> std::io::Error {
        match self.os {
            Some(n) => std::io::Error::from_raw_os_error(n),
            None => self.kind.into(),
        }
    }
}

#[derive(Default)]
struct State {
    filling: Vec<Part>,
    filling_bytes: u64,
    /// The window handed over and not yet taken by the helper.
    pending: Option<(Vec<Part>, u64)>,
    /// The helper is flushing a window.
    busy: bool,
    window: u64,
    largest: u64,
    /// The first failure (an OS error number where there was one).
    error: Option<Failure>,
    closing: bool,
}

pub struct Flusher<'a> {
    durability: Durability,
    cap: u64,
    counters: &'a Counters,
    state: Mutex<State>,
    changed: Condvar,
}

impl<'a> Flusher<'a> {
    /// A flusher for a job with windows (`durability` is not `Plain`); counts into
    /// `counters.bytes_on_device`.
    pub fn new(durability: Durability, counters: &'a Counters) -> Flusher<'a> {
        let cap = durability.cap().unwrap_or(START_WINDOW);
        counters.track_device();
        Flusher {
            durability,
            cap,
            counters,
            state: Mutex::new(State {
                window: START_WINDOW.min(cap),
                ..State::default()
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The size of the window being filled: a large file is handed over in ranges of it.
    pub fn window(&self) -> u64 {
        self.hand_over_at(&self.lock())
    }

    /// When the window being filled is handed over (smaller near the end of the job).
    fn hand_over_at(&self, s: &State) -> u64 {
        let total = self.counters.bytes_total.load(Ordering::Relaxed);
        let done = self.counters.bytes_done.load(Ordering::Relaxed);
        hand_over_at(s.window, total.saturating_sub(done))
    }

    /// The window being filled is full (in bytes or in files).
    fn full(&self, s: &State) -> bool {
        s.filling_bytes >= self.hand_over_at(s) || s.filling.len() >= MAX_PARTS
    }

    /// Add a written range. Waits when the window it completes cannot be handed over yet.
    /// An error when an earlier flush failed: the copy should stop.
    pub fn add(&self, part: Part) -> Result<(), std::io::Error> {
        let mut s = self.lock();
        if let Some(f) = s.error {
            return Err(f.error());
        }
        s.filling_bytes += part.len;
        s.filling.push(part);
        if !self.full(&s) {
            return Ok(());
        }
        while (s.pending.is_some() || s.busy) && s.error.is_none() {
            s = self.changed.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        if let Some(f) = s.error {
            return Err(f.error());
        }
        if !self.full(&s) {
            // Another worker handed this window over (with this range in it) meanwhile.
            return Ok(());
        }
        let parts = std::mem::take(&mut s.filling);
        let bytes = std::mem::take(&mut s.filling_bytes);
        s.pending = Some((parts, bytes));
        self.changed.notify_all();
        Ok(())
    }

    /// No more ranges will come: the helper flushes what is left and returns.
    pub fn close(&self) {
        self.lock().closing = true;
        self.changed.notify_all();
    }

    /// The helper thread's loop; returns after [`Flusher::close`] once everything is flushed.
    pub fn serve(&self) {
        loop {
            let (parts, bytes, window, largest) = {
                let mut s = self.lock();
                while s.pending.is_none() && !s.closing {
                    s = self.changed.wait(s).unwrap_or_else(|p| p.into_inner());
                }
                let (parts, bytes) = match s.pending.take() {
                    Some(p) => p,
                    None if s.filling.is_empty() => return,
                    None => {
                        let parts = std::mem::take(&mut s.filling);
                        (parts, std::mem::take(&mut s.filling_bytes))
                    }
                };
                s.busy = true;
                (parts, bytes, s.window, s.largest.max(s.window))
            };
            let started = Instant::now();
            let result = if self.lock().error.is_some() {
                // After a failure nothing more is counted as on the device.
                Err(std::io::ErrorKind::Other.into())
            } else {
                self.flush(&parts, largest)
            };
            if result.is_ok() {
                let (files, took) = (parts.len(), started.elapsed());
                tracing::debug!(files, bytes, ?took, "a window is on the device");
            }
            drop(parts);
            let mut s = self.lock();
            s.busy = false;
            match result {
                Ok(()) => {
                    Counters::add(&self.counters.on_device, bytes);
                    s.largest = s.largest.max(window);
                    s.window = next_window(window, bytes, started.elapsed(), self.cap);
                }
                Err(e) => {
                    tracing::warn!("flushing to the device failed: {e}");
                    s.error.get_or_insert(Failure::of(&e));
                }
            }
            self.changed.notify_all();
        }
    }

    /// How the flushing went: the first error, if any.
    pub fn result(&self) -> Result<(), std::io::Error> {
        match self.lock().error {
            Some(f) => Err(f.error()),
            None => Ok(()),
        }
    }

    /// Put one window on the device: start writeback of every range, then wait for each;
    /// then `fsync` the files that need it.
    fn flush(&self, parts: &[Part], largest: u64) -> Result<(), std::io::Error> {
        use libc::{
            SYNC_FILE_RANGE_WAIT_AFTER as AFTER, SYNC_FILE_RANGE_WAIT_BEFORE as BEFORE,
            SYNC_FILE_RANGE_WRITE as WRITE,
        };
        if matches!(self.durability, Durability::Windows { .. }) && parts.len() > FEW_FILES {
            // Many files: one `syncfs` lets the filesystem write them back together, so
            // neighbouring small files merge into large device writes, where a
            // `sync_file_range` per file makes a device write per file (3 000 of 16 KiB:
            // 3 011 writes against 260). It puts their names on the device too, and
            // writes what is dirty of the next window, which is not counted yet.
            return rustix::fs::syncfs(&*parts[0].fd).map_err(Into::into);
        }
        for p in parts {
            sync_range(&p.fd, p.offset, p.len, WRITE)?;
        }
        for p in parts {
            sync_range(&p.fd, p.offset, p.len, BEFORE | WRITE | AFTER)?;
        }
        let needs_fsync = |p: &&Part| {
            p.last.is_some()
                && match self.durability {
                    Durability::FsyncFiles { .. } => true,
                    // On a removable disk, files larger than any window also get their
                    // metadata written now; the final syncfs covers the rest.
                    Durability::Windows { .. } => p.size > largest,
                    Durability::Plain => false,
                }
        };
        let files: Vec<&Part> = parts.iter().filter(needs_fsync).collect();
        fsync_all(&files)?;
        if matches!(self.durability, Durability::Windows { .. }) {
            // Then the folders of those large files, so their names are on the device too.
            let mut folders: Vec<&Arc<OwnedFd>> = Vec::new();
            for dir in files.iter().filter_map(|p| p.last.as_ref()) {
                if !folders.iter().any(|f| Arc::ptr_eq(f, dir)) {
                    folders.push(dir);
                }
            }
            for dir in folders {
                rustix::fs::fsync(&**dir)?;
            }
        }
        Ok(())
    }
}

fn sync_range(fd: &OwnedFd, offset: u64, len: u64, flags: u32) -> Result<(), std::io::Error> {
    crate::sys::sync_file_range(fd, offset, len, flags)
}

/// `fsync` every file, several at once so network round trips overlap.
fn fsync_all(files: &[&Part]) -> Result<(), std::io::Error> {
    if files.len() <= 1 {
        for p in files {
            rustix::fs::fsync(&*p.fd)?;
        }
        return Ok(());
    }
    let per = files.len().div_ceil(FSYNC_THREADS);
    let first_error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for chunk in files.chunks(per) {
            let first_error = &first_error;
            s.spawn(move || {
                for p in chunk {
                    if let Err(e) = rustix::fs::fsync(&*p.fd) {
                        let mut g = first_error.lock().unwrap_or_else(|p| p.into_inner());
                        g.get_or_insert(e.into());
                        return;
                    }
                }
            });
        }
    });
    match first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
