//! A folder listed on a worker thread, its events handed over through a bounded channel.

use std::path::PathBuf;

use tokio::sync::mpsc;

use crate::mounts::{self, MountClass};

use super::read::{DirEvent, ListOptions, read_dir};
use super::watch::DirWatcher;

/// Events of one folder: listing, then changes while watched. Dropping it stops the worker.
pub struct DirStream {
    rx: mpsc::Receiver<DirEvent>,
}

impl DirStream {
    /// Wait for the next event on a plain thread (not inside an async runtime).
    pub fn blocking_next(&mut self) -> Option<DirEvent> {
        self.rx.blocking_recv()
    }

    /// Wait for the next event in async code.
    pub async fn next(&mut self) -> Option<DirEvent> {
        self.rx.recv().await
    }

    pub fn into_receiver(self) -> mpsc::Receiver<DirEvent> {
        self.rx
    }
}

/// Messages in flight between the worker and the consumer; a slow consumer slows the worker.
const CHANNEL_DEPTH: usize = 8;

/// List `path` on a worker thread, then (if asked) watch it.
pub fn open_dir(path: PathBuf, opts: ListOptions) -> DirStream {
    let (tx, rx) = mpsc::channel(CHANNEL_DEPTH);
    let spawned = std::thread::Builder::new()
        .name("porpoise-list".into())
        .spawn(move || run(path, opts, tx));
    if let Err(e) = spawned {
        tracing::error!("cannot start a listing thread: {e}");
    }
    DirStream { rx }
}

fn run(path: PathBuf, mut opts: ListOptions, tx: mpsc::Sender<DirEvent>) {
    let class = mounts::mount_of(&path)
        .map(|m| m.class)
        .unwrap_or(MountClass::Local);
    let mut send = |ev: DirEvent| tx.blocking_send(ev).is_ok();
    loop {
        // Watch first, then read: a change in between is seen twice, never missed.
        let watcher = if opts.watch {
            match DirWatcher::start(&path) {
                Ok(w) => Some(w),
                Err(e) => {
                    tracing::warn!("{e}");
                    None
                }
            }
        } else {
            None
        };
        let Some(dir) = read_dir(&path, class, &opts, &mut send) else {
            return;
        };
        let Some(watcher) = watcher else {
            return;
        };
        let mut rescan = false;
        let mut forward = |c: super::watch::Changes| {
            if c.rescan {
                rescan = true;
                return false;
            }
            tx.blocking_send(DirEvent::Changed(c)).is_ok()
        };
        watcher.run(&dir, &path, &mut forward, &|| tx.is_closed());
        if !rescan || !send(DirEvent::Restart) {
            return;
        }
        opts.known_mtime = None;
    }
}
