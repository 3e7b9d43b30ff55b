//! Telling when the bookmarks file changes: an inotify watch (through `notify`, as the
//! listing's and the trash's watches) on the folder that holds it, since programs replace
//! the file by renaming a new one over it, which a watch on the file itself would lose.
//! While that folder does not exist, the nearest existing folder above it is watched,
//! and the watch is set up again after each change there.

use std::path::Path;

use notify::{RecursiveMode, Watcher};

use crate::error::{IoError, Op};
use crate::events::{self, Events, Watching};

/// One `()` whenever something happens in the folder of the bookmarks `file` (or, while
/// it is missing, in the nearest folder above it). The watch is set up here, and runs
/// until the events are dropped.
pub fn watch(file: &Path) -> Result<Events<()>, IoError> {
    let file = file.to_owned();
    events::watch_changes("porpoise-bookmarks", move |changed| {
        watch_folder(&file, changed)
    })
}

/// Call `changed` whenever something happens in the folder of `file` (or, while it is
/// missing, in the nearest folder above it: the watch is partial then).
pub(crate) fn watch_folder(
    file: &Path,
    changed: impl Fn() + Send + 'static,
) -> Result<Watching, IoError> {
    let mut watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if ev.is_ok_and(|e| !e.kind.is_access()) {
            changed();
        }
    })
    .map_err(|e| IoError::new(Op::Watch, file, std::io::Error::other(e)))?;
    let folder = file.parent().unwrap_or(Path::new("/"));
    let nearest = || {
        folder
            .ancestors()
            .find(|p| p.is_dir())
            .unwrap_or(Path::new("/"))
    };
    let mut at = nearest();
    loop {
        watcher
            .watch(at, RecursiveMode::NonRecursive)
            .map_err(|e| IoError::new(Op::Watch, at, std::io::Error::other(e)))?;
        // A folder made below it before the watch began is seen by no event: the watch
        // moves down to it.
        let now = nearest();
        if now == at {
            break;
        }
        let _ = watcher.unwatch(at);
        at = now;
    }
    Ok(Watching {
        _watcher: watcher,
        partial: at != folder,
    })
}
