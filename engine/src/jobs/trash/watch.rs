//! Watching the trash folders while someone looks at the trash: their `info/` and
//! `files/` folders change on every trash, restore and empty, by any program. A trash
//! folder not made yet is watched through the folder it will be made in.

use std::path::{Path, PathBuf};

use notify::{RecursiveMode, Watcher};

use crate::error::{IoError, Op};
use crate::events::{self, Events, Watching};
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

/// One `()` whenever something in one of `folders` (their `info/` or `files/`) changes.
/// Folders that do not exist are watched through their parent, and the watch is set up
/// again after each change, so the first item trashed there is seen and what follows
/// inside too; a folder that cannot be watched is left out. The watch is set up here,
/// and runs until the events are dropped.
pub fn watch(folders: &[PathBuf]) -> Result<Events<()>, IoError> {
    let folders = folders.to_vec();
    events::watch_changes("porpoise-trash-watch", move |changed| {
        watch_folders(&folders, changed)
    })
}

fn watch_folders(
    folders: &[PathBuf],
    changed: impl Fn() + Send + 'static,
) -> Result<Watching, IoError> {
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
    Ok(Watching {
        _watcher: watcher,
        partial,
    })
}
