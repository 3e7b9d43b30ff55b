//! Telling when the bookmarks file changes: an inotify watch (through `notify`, as the
//! listing's and the trash's watches) on the folder that holds it, since programs replace
//! the file by renaming a new one over it, which a watch on the file itself would lose.
//! While that folder does not exist, the nearest existing folder above it is watched.

use std::path::Path;

use notify::{RecursiveMode, Watcher};

use crate::error::{IoError, Op};

/// A running watch; dropping it stops it.
pub struct BookmarksWatch {
    _watcher: notify::RecommendedWatcher,
    /// The file's folder did not exist yet: an ancestor is watched instead.
    partial: bool,
}

impl BookmarksWatch {
    /// The file's own folder is not watched (it was not there): once something changed,
    /// watch again to see inside it.
    pub fn is_partial(&self) -> bool {
        self.partial
    }
}

/// Call `changed` whenever something happens in the folder of the bookmarks `file` (or,
/// while it is missing, in the nearest folder above it).
pub fn watch(file: &Path, changed: impl Fn() + Send + 'static) -> Result<BookmarksWatch, IoError> {
    let mut watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if ev.is_ok_and(|e| !e.kind.is_access()) {
            changed();
        }
    })
    .map_err(|e| IoError::new(Op::Watch, file, std::io::Error::other(e)))?;
    let folder = file.parent().unwrap_or(Path::new("/"));
    let at = folder
        .ancestors()
        .find(|p| p.is_dir())
        .unwrap_or(Path::new("/"));
    watcher
        .watch(at, RecursiveMode::NonRecursive)
        .map_err(|e| IoError::new(Op::Watch, at, std::io::Error::other(e)))?;
    Ok(BookmarksWatch {
        _watcher: watcher,
        partial: at != folder,
    })
}
