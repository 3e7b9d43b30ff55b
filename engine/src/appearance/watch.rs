//! Following the desktop's appearance: the portal's `SettingChanged` signals (on a thread
//! of their own) and inotify watches on the settings files' folders both wake one loop,
//! which reads the appearance again and hands it on when it changed.

use std::time::Duration;

use super::{Appearance, Portal, Sources, combine, files};

/// Quick successive changes (a file written in steps) are read once, after this quiet.
const SETTLE: Duration = Duration::from_millis(60);

/// Hand `sink` the appearance now, then again each time it changes, until `sink` returns
/// false. Without a session bus or a portal, the settings files alone are followed.
/// Blocks: run it on a thread of its own.
pub fn follow(sources: &Sources, mut sink: impl FnMut(Appearance) -> bool) {
    let (tx, rx) = crossbeam_channel::unbounded::<()>();
    let portal = Portal::connect(sources.bus.as_deref())
        .inspect_err(|e| tracing::debug!("no portal: {}", crate::error::chain(e)))
        .ok();
    if let Some(p) = portal.clone() {
        let tx = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("porpoise-portal".into())
            .spawn(move || {
                if let Err(e) = p.follow(|| tx.send(()).is_ok()) {
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
    let mut watches = watch_files(sources, &tx);
    let mut last = read();
    if !sink(last) {
        return;
    }
    while rx.recv().is_ok() {
        while rx.recv_timeout(SETTLE).is_ok() {}
        // A settings folder made just now: watch inside it too.
        if watches.iter().any(|w| w.is_partial()) {
            watches = watch_files(sources, &tx);
        }
        let now = read();
        if now != last {
            last = now;
            if !sink(now) {
                return;
            }
        }
    }
}

/// A watch on the folder of each settings file (or the nearest folder above it that
/// exists), each waking the loop.
fn watch_files(
    sources: &Sources,
    tx: &crossbeam_channel::Sender<()>,
) -> Vec<crate::bookmarks::BookmarksWatch> {
    files::watched(&sources.config)
        .iter()
        .filter_map(|file| {
            let tx = tx.clone();
            crate::bookmarks::watch(file, move || {
                let _ = tx.send(());
            })
            .inspect_err(|e| tracing::debug!("{}", crate::error::chain(e)))
            .ok()
        })
        .collect()
}
