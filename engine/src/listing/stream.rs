//! A folder listed on a worker thread, its events handed over through a bounded channel.

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded};
use std::cell::Cell;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::error::{IoError, Op};
use crate::mounts::{self, MountClass};

use super::answers::{self, Waiting};
use super::read::{DirEvent, ListOptions, read_dir};
use super::revalidate::Revalidation;
use super::watch::DirWatcher;

/// Messages that may wait between a worker and its consumer. Deep enough that neither side
/// waits on the other per message; bounded so a stalled consumer stops the worker.
pub const CHANNEL_DEPTH: usize = 1024;

/// The worker-to-consumer hand-off: owned values move, nothing is serialised or copied.
pub fn handoff<T>() -> (Sender<T>, Receiver<T>) {
    bounded(CHANNEL_DEPTH)
}

/// Events of one folder: listing, then changes while watched. Dropping it stops the worker.
pub struct DirStream {
    rx: Receiver<DirEvent>,
    /// Set when the consumer is gone, so an idle watcher stops too.
    gone: Arc<AtomicBool>,
}

impl Drop for DirStream {
    fn drop(&mut self) {
        self.gone.store(true, Ordering::Relaxed);
    }
}

/// What waiting for an event with a time limit gave.
#[derive(Debug)]
pub enum Next {
    Event(DirEvent),
    /// Nothing yet; the worker is still there.
    Waiting,
    /// The worker has finished: no more events.
    Ended,
}

impl DirStream {
    /// Wait for the next event; `None` once the worker has finished.
    pub fn blocking_next(&mut self) -> Option<DirEvent> {
        self.rx.recv().ok()
    }

    /// Wait at most `limit` for the next event.
    pub fn next_timeout(&mut self, limit: Duration) -> Next {
        match self.rx.recv_timeout(limit) {
            Ok(ev) => Next::Event(ev),
            Err(RecvTimeoutError::Timeout) => Next::Waiting,
            Err(RecvTimeoutError::Disconnected) => Next::Ended,
        }
    }
}

/// List `path` on a worker thread, then (if asked) watch it: by inotify, and on a network
/// mount also by looking at its mtime now and then (its server's own changes send no
/// events). On a network mount whose listing thread waits for an answer the thread
/// starts once that one got it (see [`answers`]).
pub fn open_dir(path: PathBuf, opts: ListOptions) -> DirStream {
    let (tx, rx) = handoff();
    let gone = Arc::new(AtomicBool::new(false));
    let worker_gone = gone.clone();
    // The table's text alone: no server is asked on this thread.
    let network = mounts::current().ok().and_then(|table| {
        table
            .containing(&path)
            .filter(|m| m.class == MountClass::Network)
            .map(|m| m.mount_point.clone())
    });
    answers::start(network, gone.clone(), move |waiting| {
        run(path, opts, tx, &worker_gone, &waiting);
    });
    DirStream { rx, gone }
}

fn run(
    path: PathBuf,
    mut opts: ListOptions,
    tx: Sender<DirEvent>,
    gone: &AtomicBool,
    waiting: &Waiting,
) {
    let class = mounts::mount_of(&path)
        .map(|m| m.class)
        .unwrap_or(MountClass::Local);
    let listed_mtime = Cell::new(None);
    let mut send = |ev: DirEvent| {
        waiting.answered();
        if let DirEvent::Opened { mtime, .. } = &ev {
            listed_mtime.set(Some(*mtime));
        }
        tx.send(ev).is_ok()
    };
    loop {
        // Watch first, then read: a change in between is seen twice, never missed.
        let watcher = if opts.watch {
            match DirWatcher::start(&path) {
                Ok(w) => Some(w),
                Err(e) => {
                    tracing::warn!("{}", crate::error::chain(&e));
                    None
                }
            }
        } else {
            None
        };
        let Some(dir) = read_dir(&path, class, &opts, &mut send) else {
            return;
        };
        waiting.resting();
        let Some(watcher) = watcher else {
            return;
        };
        let mut rescan = false;
        let mut forward = |c: super::watch::Changes| {
            if c.gone {
                // The folder was deleted or moved away while shown: say so at once.
                let e = std::io::Error::from_raw_os_error(libc::ENOENT);
                let _ = tx.send(DirEvent::Failed(IoError::new(Op::OpenDir, &path, e)));
                return false;
            }
            if c.rescan {
                rescan = true;
                return false;
            }
            tx.send(DirEvent::Changed(c)).is_ok()
        };
        let mut revalidation = listed_mtime
            .get()
            .filter(|_| class == MountClass::Network)
            .map(|m| Revalidation::new(m, Instant::now()));
        let mut changed_elsewhere = || {
            let Some(r) = revalidation.as_mut().filter(|r| r.due(Instant::now())) else {
                return false;
            };
            waiting.asking();
            let asked = Instant::now();
            let mtime = rustix::fs::fstat(&dir)
                .ok()
                .map(|st| (st.st_mtime, st.st_mtime_nsec as u32));
            waiting.resting();
            r.looked(mtime, asked.elapsed(), Instant::now())
        };
        watcher.run(&dir, &path, &mut forward, &mut changed_elsewhere, &|| {
            gone.load(Ordering::Relaxed)
        });
        if !rescan || !send(DirEvent::Restart) {
            return;
        }
        opts.known_mtime = None;
    }
}
