//! How much room files and folder trees take, counted recursively off the caller's
//! thread with live totals: files, folders, bytes on disk and apparent bytes, as
//! `du -sx` counts them (hard links once, symlinks never followed, other mounts never
//! entered). Unreadable folders and vanished entries are problems, not an end.

mod paths;
mod seen;
mod shared;
mod walk;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::error::IoError;
use crate::events::{self, Events, Sender};

/// What a tree (or several) holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Everything that is not a folder: regular files, symlinks, fifos, sockets, devices.
    pub files: u64,
    /// Folders, a starting folder included (as `du` counts it).
    pub folders: u64,
    /// Blocks allocated, in bytes (`st_blocks` × 512, as `du -B1` counts).
    pub bytes_on_disk: u64,
    /// Sizes as `ls -l` shows them, folders and symlinks included (as `du -b` counts).
    pub apparent_bytes: u64,
}

impl Totals {
    pub fn add(&mut self, other: &Totals) {
        self.files += other.files;
        self.folders += other.folders;
        self.bytes_on_disk += other.bytes_on_disk;
        self.apparent_bytes += other.apparent_bytes;
    }

    /// Entries counted, files and folders.
    pub fn entries(&self) -> u64 {
        self.files + self.folders
    }
}

/// Where the count of one starting path stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathState {
    /// Not reached yet.
    Waiting,
    Counting,
    /// Counted (its problems, if any, are among [`Usage::problems`]).
    Done,
    /// It could not be looked at: nothing of it is counted (the problem says why).
    Unreachable,
    /// The same folder or file as an earlier path (or a folder inside one): counted there,
    /// so not again (`du` prints no line for it either).
    CountedBefore,
}

/// One starting path's share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathUsage {
    pub state: PathState,
    pub totals: Totals,
    /// The path is a folder, counted itself among `totals.folders` (as `du` counts it).
    pub folder: bool,
}

/// Totals so far (or at the end), for all the paths and each of them.
#[derive(Debug, Clone)]
pub struct Usage {
    /// All the paths together: an entry reached from several of them counts once.
    pub total: Totals,
    /// Each path's share, in the order given; an entry reached from several paths
    /// counts in the first.
    pub paths: Vec<PathUsage>,
    /// Entries that could not be counted (unreadable folders, vanished entries,
    /// unreachable paths). Folders that could not be read still count themselves.
    pub problems: u64,
    /// The first of them (up to [`UsageOptions::keep_problems`]), in the order met.
    pub first_problems: Vec<IoError>,
    /// The count has ended (completely, or cancelled).
    pub finished: bool,
    /// It was cancelled: the totals are what was counted until then.
    pub cancelled: bool,
}

impl Usage {
    fn new(paths: usize) -> Usage {
        Usage {
            total: Totals::default(),
            paths: vec![
                PathUsage {
                    state: PathState::Waiting,
                    totals: Totals::default(),
                    folder: false,
                };
                paths
            ],
            problems: 0,
            first_problems: Vec::new(),
            finished: false,
            cancelled: false,
        }
    }

    /// What the paths hold, the starting folders themselves left out: a folder of 24
    /// files holds 24 files and no folder, as a folder's properties say (`total`, as
    /// `du` counts, has 1 folder). Sizes stay as counted.
    pub fn contents(&self) -> Totals {
        let starting = self.paths.iter().filter(|p| p.folder).count() as u64;
        Totals {
            folders: self.total.folders.saturating_sub(starting),
            ..self.total
        }
    }

    /// Every entry was counted: finished, not cancelled, without problems.
    pub fn is_complete(&self) -> bool {
        self.finished && !self.cancelled && self.problems == 0
    }
}

/// How a count runs.
#[derive(Debug, Clone)]
pub struct UsageOptions {
    /// A progress snapshot at most this often (and one at the end).
    pub interval: Duration,
    /// Threads walking a tree together; 0: one per core, 2 to 4.
    pub threads: usize,
    /// Problems kept with their path and error (the rest are only counted).
    pub keep_problems: usize,
}

impl Default for UsageOptions {
    fn default() -> Self {
        UsageOptions {
            interval: Duration::from_millis(80),
            threads: 0,
            keep_problems: 8,
        }
    }
}

/// What a running count reports: snapshots while it counts (each at least as large as
/// the one before), then the end result.
#[derive(Debug, Clone)]
pub enum UsageEvent {
    Progress(Usage),
    Finished(Usage),
}

/// Progress snapshots that may wait for the consumer: a slow consumer misses some (each
/// holds all the ones before) rather than holding up the count.
const EVENT_DEPTH: usize = 16;

/// Count `paths` on worker threads. Its events end with the end result; cancelling them
/// (or dropping them) stops the threads within a few hundred entries, and the end result
/// (`cancelled`) still comes.
pub fn count(paths: Vec<PathBuf>, opts: UsageOptions) -> Events<UsageEvent> {
    let (tx, events) = events::channel(EVENT_DEPTH);
    let spawned = std::thread::Builder::new()
        .name("porpoise-usage".into())
        .spawn(move || run(&paths, &opts, &tx));
    if let Err(e) = spawned {
        tracing::error!("cannot start a thread to count sizes: {e}");
    }
    events
}

fn run(paths: &[PathBuf], opts: &UsageOptions, tx: &Sender<UsageEvent>) {
    let end = count_blocking(paths, opts, tx.canceller().flag(), &mut |u| {
        // A full queue drops the snapshot; a gone consumer has cancelled the count.
        tx.offer(UsageEvent::Progress(u.clone()));
    });
    tx.finish(UsageEvent::Finished(end));
}

/// Count `paths` here (the walking threads are started and joined here), one after
/// the other, each tree on all the threads. `progress` gets a snapshot every
/// `opts.interval` while it counts; the end result is returned. Setting `cancel` stops
/// the count within a few hundred entries.
pub fn count_blocking(
    paths: &[PathBuf],
    opts: &UsageOptions,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Usage),
) -> Usage {
    let threads = match opts.threads {
        0 => crate::threads::per_core(2, 4),
        n => n,
    };
    let mut usage = Usage::new(paths.len());
    paths::count_paths(paths, threads, opts, cancel, &mut usage, progress);
    usage.finished = true;
    usage.cancelled = cancel.load(Ordering::Relaxed);
    usage
}
