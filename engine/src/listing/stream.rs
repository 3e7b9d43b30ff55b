//! A folder listed on a worker thread, its events handed over through a bounded channel.

use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

use crate::error::{IoError, Op};
use crate::events::{self, Events, Sender};
use crate::mounts::{self, MountClass};

use super::answers::{self, Waiting};
use super::read::{DirEvent, ListOptions, read_dir};
use super::revalidate::Revalidation;
use super::watch::DirWatcher;

/// Messages that may wait between a worker and its consumer. Deep enough that neither side
/// waits on the other per message; bounded so a stalled consumer stops the worker.
pub const CHANNEL_DEPTH: usize = 1024;

/// The worker-to-consumer hand-off: owned values move, nothing is serialised or copied.
pub fn handoff<T>() -> (Sender<T>, Events<T>) {
    events::channel(CHANNEL_DEPTH)
}

/// List `path` on a worker thread, then (if asked) watch it: by inotify, and on a network
/// mount also by looking at its mtime now and then (its server's own changes send no
/// events). On a network mount whose listing thread waits for an answer the thread
/// starts once that one got it (see [`answers`]). Dropping the events stops the worker.
pub fn open_dir(path: PathBuf, opts: ListOptions) -> Events<DirEvent> {
    let (tx, events) = handoff();
    // The table's text alone: no server is asked on this thread.
    let network = mounts::current().ok().and_then(|table| {
        table
            .containing(&path)
            .filter(|m| m.class == MountClass::Network)
            .map(|m| m.mount_point.clone())
    });
    answers::start(network, events.canceller(), move |waiting| {
        run(path, opts, &tx, &waiting);
    });
    events
}

fn run(path: PathBuf, mut opts: ListOptions, tx: &Sender<DirEvent>, waiting: &Waiting) {
    let class = mounts::mount_of(&path)
        .map(|m| m.class)
        .unwrap_or(MountClass::Local);
    let listed_mtime = Cell::new(None);
    let mut send = |ev: DirEvent| {
        waiting.answered();
        if let DirEvent::Opened { mtime, .. } = &ev {
            listed_mtime.set(Some(*mtime));
        }
        tx.send(ev)
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
                tx.send(DirEvent::Failed(IoError::new(Op::OpenDir, &path, e)));
                return false;
            }
            if c.rescan {
                rescan = true;
                return false;
            }
            tx.send(DirEvent::Changed(c))
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
            tx.is_cancelled()
        });
        if !rescan || !send(DirEvent::Restart) {
            return;
        }
        opts.known_mtime = None;
    }
}
