//! Shared counters of a running job and the reporter that turns them into about ten
//! progress events a second (never one per file).

use crate::events::Sender;
use rustix::fs::FileType;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::events::{Figures, JobEvent};

/// How often progress is reported.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What an item counts as in a job's figures: a folder, or a file (anything else).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    File,
    Folder,
}

impl Tally {
    pub fn of(kind: FileType) -> Tally {
        if kind == FileType::Directory {
            Tally::Folder
        } else {
            Tally::File
        }
    }
}

/// A job's counters. Files and folders are counted apart (see [`Figures`]):
/// [`Counters::add_total`] and [`Counters::add_done`] count items of either kind.
#[derive(Debug, Default)]
pub struct Counters {
    pub files_total: AtomicU64,
    pub bytes_total: AtomicU64,
    pub files_done: AtomicU64,
    pub bytes_done: AtomicU64,
    pub folders_total: AtomicU64,
    pub folders_done: AtomicU64,
    pub skipped: AtomicU64,
    pub failed: AtomicU64,
    /// Items that did not arrive because the job stopped before them.
    pub not_copied: AtomicU64,
    /// Files read back from the device and found equal to their sources.
    pub files_verified: AtomicU64,
    /// Extended attributes or ACLs the destination would not take.
    pub attributes_lost: AtomicBool,
    /// Bytes of copies read back and compared.
    pub bytes_verified: AtomicU64,
    /// Bytes that completed writeback, when a flusher counts them.
    pub on_device: AtomicU64,
    tracks_device: AtomicBool,
    /// What the job works on now: a folder, or a file big enough to take a while.
    current: Mutex<Option<PathBuf>>,
    current_changed: AtomicBool,
}

/// Files at least this big are named as the current item while they are copied.
pub const CURRENT_FILE_MIN: u64 = 1 << 20;

impl Counters {
    pub fn add(c: &AtomicU64, n: u64) {
        c.fetch_add(n, Ordering::Relaxed);
    }

    /// Plan `n` more items of this kind.
    pub fn add_total(&self, tally: Tally, n: u64) {
        match tally {
            Tally::File => Counters::add(&self.files_total, n),
            Tally::Folder => Counters::add(&self.folders_total, n),
        }
    }

    /// Count `n` items of this kind done.
    pub fn add_done(&self, tally: Tally, n: u64) {
        match tally {
            Tally::File => Counters::add(&self.files_done, n),
            Tally::Folder => Counters::add(&self.folders_done, n),
        }
    }

    /// An item planned as a file before its kind was known turned out to be a folder: it
    /// moves from the files to plan to the folders (their sum, and so the bar, stays).
    pub fn file_was_folder(&self) {
        Counters::add(&self.folders_total, 1);
        // It was planned as a file: the count never goes below zero.
        let _ = self
            .files_total
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
    }

    /// Name what the job works on now (reported with the next progress event).
    pub fn set_current(&self, path: PathBuf) {
        *self.current.lock().unwrap_or_else(|p| p.into_inner()) = Some(path);
        self.current_changed.store(true, Ordering::Relaxed);
    }

    /// The current item, when it changed since the last call.
    fn take_current(&self) -> Option<PathBuf> {
        if !self.current_changed.swap(false, Ordering::Relaxed) {
            return None;
        }
        self.current
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// From now on, bytes on the device are what a flusher counted, not the bytes written.
    pub fn track_device(&self) {
        self.tracks_device.store(true, Ordering::Relaxed);
    }

    pub fn figures(&self) -> Figures {
        let done = self.bytes_done.load(Ordering::Relaxed);
        let on_device = if self.tracks_device.load(Ordering::Relaxed) {
            self.on_device.load(Ordering::Relaxed)
        } else {
            done
        };
        Figures {
            files_total: self.files_total.load(Ordering::Relaxed),
            bytes_total: self.bytes_total.load(Ordering::Relaxed),
            files_done: self.files_done.load(Ordering::Relaxed),
            bytes_done: done,
            folders_total: self.folders_total.load(Ordering::Relaxed),
            folders_done: self.folders_done.load(Ordering::Relaxed),
            bytes_on_device: on_device,
            bytes_verified: self.bytes_verified.load(Ordering::Relaxed),
        }
    }

    pub fn summary(&self) -> super::Summary {
        super::Summary {
            files_done: self.files_done.load(Ordering::Relaxed),
            folders_done: self.folders_done.load(Ordering::Relaxed),
            bytes_done: self.bytes_done.load(Ordering::Relaxed),
            skipped: self.skipped.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
            not_copied: self.not_copied.load(Ordering::Relaxed),
            verified: self.files_verified.load(Ordering::Relaxed),
            attributes_kept: !self.attributes_lost.load(Ordering::Relaxed),
        }
    }
}

/// Sends `Progress` (and growing `Planned` totals) while `running` says so.
pub struct Reporter {
    last: Instant,
    last_figures: Figures,
}

impl Default for Reporter {
    fn default() -> Self {
        Reporter {
            last: Instant::now(),
            last_figures: Figures::default(),
        }
    }
}

impl Reporter {
    /// Report if a period has passed and something changed. Returns false when the
    /// receiver is gone.
    pub fn tick(&mut self, c: &Counters, tx: &Sender<JobEvent>) -> bool {
        if self.last.elapsed() < PROGRESS_EVERY {
            return true;
        }
        self.flush(c, tx)
    }

    /// Report now if anything changed.
    pub fn flush(&mut self, c: &Counters, tx: &Sender<JobEvent>) -> bool {
        self.last = Instant::now();
        let mut ok = true;
        if let Some(path) = c.take_current() {
            ok &= tx.send(JobEvent::Current(path));
        }
        let f = c.figures();
        if f == self.last_figures {
            return ok;
        }
        let planned = |f: &Figures| (f.files_total, f.folders_total, f.bytes_total);
        if planned(&f) != planned(&self.last_figures) {
            ok &= tx.send(JobEvent::Planned {
                files: f.files_total,
                folders: f.folders_total,
                bytes: f.bytes_total,
            });
        }
        self.last_figures = f;
        ok && tx.send(JobEvent::Progress(f))
    }
}
