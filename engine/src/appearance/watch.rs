//! Following the desktop's appearance: the portal's `SettingChanged` signals (on a thread
//! of their own) and inotify watches on the settings files' folders both wake one loop,
//! which reads the appearance again and hands it on when it changed.

use std::time::Duration;

use crate::events::{self, Events, Sender, Watching};

use super::{Appearance, Portal, Sources, combine, files};

/// Quick successive changes (a file written in steps) are read once, after this quiet.
const SETTLE: Duration = Duration::from_millis(60);

/// Appearances that may wait for the consumer.
const DEPTH: usize = 4;

/// The appearance now, then again each time it changes, until the events are dropped.
/// Without a session bus or a portal, the settings files alone are followed. Runs on a
/// thread of its own.
pub fn follow(sources: Sources) -> Events<Appearance> {
    let (tx, events) = events::channel(DEPTH);
    let (wake, woken) = crossbeam_channel::unbounded::<()>();
    // A cancel wakes the loop, which then ends.
    let stop = wake.clone();
    let events = events.on_cancel(move || {
        let _ = stop.send(());
    });
    let spawned = std::thread::Builder::new()
        .name("porpoise-appearance".into())
        .spawn(move || run(&sources, &wake, &woken, &tx));
    if let Err(e) = spawned {
        tracing::warn!("cannot follow the desktop's look: {e}");
    }
    events
}

fn run(
    sources: &Sources,
    wake: &crossbeam_channel::Sender<()>,
    woken: &crossbeam_channel::Receiver<()>,
    tx: &Sender<Appearance>,
) {
    let portal = Portal::connect(sources.bus.as_deref())
        .inspect_err(|e| tracing::debug!("no portal: {}", crate::error::chain(e)))
        .ok();
    if let Some(p) = portal.clone() {
        let wake = wake.clone();
        let spawned = std::thread::Builder::new()
            .name("porpoise-portal".into())
            .spawn(move || {
                if let Err(e) = p.follow(|| wake.send(()).is_ok()) {
                    tracing::info!("{}", crate::error::chain(&e));
                }
            });
        if let Err(e) = spawned {
            tracing::warn!("cannot follow the portal: {e}");
        }
    }
    let read = || {
        let told = portal.as_ref().and_then(|p| {
            p.read()
                .inspect_err(|e| tracing::debug!("{}", crate::error::chain(e)))
                .ok()
        });
        combine(told, files::from_files(&sources.config))
    };
    let mut watches = watch_files(sources, wake);
    let mut last = read();
    if !tx.send(last) {
        return;
    }
    while woken.recv().is_ok() {
        while woken.recv_timeout(SETTLE).is_ok() {}
        if tx.is_cancelled() {
            return;
        }
        // A settings folder made just now: watch inside it too.
        if watches.iter().any(|w| w.partial) {
            watches = watch_files(sources, wake);
        }
        let now = read();
        if now != last {
            last = now;
            if !tx.send(now) {
                return;
            }
        }
    }
}

/// A watch on the folder of each settings file (or the nearest folder above it that
/// exists), each waking the loop.
fn watch_files(sources: &Sources, wake: &crossbeam_channel::Sender<()>) -> Vec<Watching> {
    files::watched(&sources.config)
        .iter()
        .filter_map(|file| {
            let wake = wake.clone();
            crate::bookmarks::watch_folder(file, move || {
                let _ = wake.send(());
            })
            .inspect_err(|e| tracing::debug!("{}", crate::error::chain(e)))
            .ok()
        })
        .collect()
}
