//! Watching the trash folders while someone looks at the trash: their `info/` and
//! `files/` folders change on every trash, restore and empty, by any program. A trash
//! folder not made yet is watched through the folder it will be made in.

use std::path::{Path, PathBuf};

use notify::{RecursiveMode, Watcher};

use crate::error::{IoError, Op};
use crate::mounts::MountTable;

use super::home::HomeTrash;

/// The trash folders of this user that may hold items: the home trash `home` and, on every
/// local or removable filesystem, `.Trash-$uid` and `.Trash/$uid`. Reads nothing.
pub fn trash_folders(home: &HomeTrash, table: Option<&MountTable>) -> Vec<PathBuf> {
    let uid = crate::sys::uid();
    let mut out: Vec<PathBuf> = vec![home.folder().to_owned()];
    for m in table.iter().flat_map(|t| t.mounts.iter()) {
        if m.class.is_slow() || (m.is_pseudo() && m.mount_point != Path::new("/")) {
            continue;
        }
        out.push(m.mount_point.join(format!(".Trash-{uid}")));
        out.push(m.mount_point.join(".Trash").join(uid.to_string()));
    }
    out.sort();
    out.dedup();
    out
}

/// A watch on trash folders; changes stop being told when it is dropped.
pub struct TrashWatch {
    _watcher: notify::RecommendedWatcher,
    /// Some folder is watched only through its parent (it was not made yet).
    partial: bool,
}

impl TrashWatch {
    /// Some trash folder did not exist yet and is watched through its parent only: once
    /// it is made, watch again to see what happens inside it.
    pub fn is_partial(&self) -> bool {
        self.partial
    }
}

/// Call `changed` whenever something in one of `folders` (their `info/` or `files/`)
/// changes. Folders that do not exist are watched through their parent, so the first
/// item trashed there is seen; a folder that cannot be watched is left out.
pub fn watch(
    folders: &[PathBuf],
    changed: impl Fn() + Send + 'static,
) -> Result<TrashWatch, IoError> {
    let first = folders.first().cloned().unwrap_or_default();
    let mut watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if ev.is_ok_and(|e| !e.kind.is_access()) {
            changed();
        }
    })
    .map_err(|e| IoError::new(Op::Watch, &first, std::io::Error::other(e)))?;
    let mut partial = false;
    for folder in folders {
        let parts = [folder.join("info"), folder.join("files")];
        let mut watched = false;
        for part in &parts {
            watched |= part.is_dir() && watcher.watch(part, RecursiveMode::NonRecursive).is_ok();
        }
        if !watched {
            // Not made yet (or not readable): see it being made.
            let at = if folder.is_dir() {
                Some(folder.as_path())
            } else {
                folder.parent().filter(|p| p.is_dir())
            };
            if let Some(at) = at {
                partial |= watcher.watch(at, RecursiveMode::NonRecursive).is_ok();
            }
        }
    }
    Ok(TrashWatch {
        _watcher: watcher,
        partial,
    })
}
