//! The freedesktop trash: moving items there (home trash, or `$topdir/.Trash-$uid` on other
//! filesystems, never a copy into the home trash), listing, restoring and emptying it.

use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{IoError, Op};
use crate::mounts;

use super::control::{Control, Job};
use super::events::JobState;
use super::progress::Counters;
use super::runner::spawn;

mod listing;
mod watch;

pub use listing::{NETWORK_DEADLINE, TrashListing, TrashedDetails, home_trash, list, list_in};
pub use trash::TrashItem;
pub use watch::{TrashWatch, trash_folders, watch};

/// Move `paths` to the trash of the filesystem each is on.
pub(super) fn trash_with(paths: Vec<PathBuf>, control: Arc<Control>) -> Job {
    spawn("trash", control, move |ctx| {
        ctx.state(JobState::Deleting);
        Counters::add(&ctx.counters.files_total, paths.len() as u64);
        let home = home_trash_mount();
        for p in &paths {
            if !ctx.control.checkpoint() {
                break;
            }
            ctx.counters.set_current(p.clone());
            match trash_one(p, home) {
                Ok(()) => Counters::add(&ctx.counters.files_done, 1),
                Err(e) => ctx.failed_with(p.clone(), e),
            }
        }
        ctx.final_state()
    })
}

/// Device of the nearest existing folder holding the home trash.
fn home_trash_mount() -> Option<u64> {
    let mut p = home_trash()?;
    loop {
        if let Some(m) = mounts::mount_of(&p) {
            return Some(m.id);
        }
        if !p.pop() {
            return None;
        }
    }
}

fn trash_one(path: &Path, home_mount: Option<u64>) -> Result<(), IoError> {
    let io = |e: std::io::Error| IoError::new(Op::Trash, path, e);
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mount = mounts::mount_of(parent)
        .ok_or_else(|| io(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
    if Some(mount.id) != home_mount {
        prepare_volume_trash(&mount.mount_point).map_err(io)?;
    }
    trash::delete(path).map_err(|e| io(std::io::Error::other(e.to_string())))
}

/// Make sure `$topdir/.Trash-$uid` exists, private (0700), so the trash crate uses it
/// rather than copying the item into the home trash.
fn prepare_volume_trash(topdir: &Path) -> std::io::Result<()> {
    let uid = crate::sys::uid();
    let shared = topdir.join(".Trash").join(uid.to_string());
    if shared.is_dir() {
        return Ok(());
    }
    let own = topdir.join(format!(".Trash-{uid}"));
    let mut b = std::fs::DirBuilder::new();
    b.mode(0o700).recursive(true);
    b.create(own.join("files"))?;
    b.create(own.join("info"))
}

/// Put items back where they came from (never over an existing file).
pub fn restore(items: Vec<TrashItem>) -> Result<(), IoError> {
    trash::os_limited::restore_all(items).map_err(|e| trash_error("trash", e))
}

/// The trash items that came from `originals` (absolute paths), trashed at `since` (seconds
/// since the epoch) or later: per original path the most recent such item. Paths with no
/// such item are returned apart.
pub fn find_trashed(
    originals: &[PathBuf],
    since: i64,
) -> Result<(Vec<TrashItem>, Vec<PathBuf>), IoError> {
    Ok(pick_trashed(list()?.items, originals, since))
}

/// [`find_trashed`] over a given listing.
fn pick_trashed(
    items: Vec<TrashItem>,
    originals: &[PathBuf],
    since: i64,
) -> (Vec<TrashItem>, Vec<PathBuf>) {
    let mut found: Vec<Option<TrashItem>> = vec![None; originals.len()];
    for item in items {
        if item.time_deleted < since {
            continue;
        }
        let path = item.original_path();
        if let Some(i) = originals.iter().position(|o| *o == path) {
            let newer = found[i]
                .as_ref()
                .is_none_or(|f| f.time_deleted <= item.time_deleted);
            if newer {
                found[i] = Some(item);
            }
        }
    }
    let missing = originals
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_none())
        .map(|(o, _)| o.clone())
        .collect();
    (found.into_iter().flatten().collect(), missing)
}

/// Delete these trash items for good.
pub fn purge(items: Vec<TrashItem>) -> Result<(), IoError> {
    trash::os_limited::purge_all(items).map_err(|e| trash_error("trash", e))
}

/// Delete everything in the trash for good. What network mounts that do not answer hold
/// stays; their mount points are returned.
pub fn empty() -> Result<Vec<PathBuf>, IoError> {
    let listing = list()?;
    trash::os_limited::purge_all(listing.items).map_err(|e| trash_error("trash", e))?;
    Ok(listing.unreachable)
}

fn trash_error(what: &str, e: trash::Error) -> IoError {
    IoError::new(Op::Trash, what, std::io::Error::other(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(parent: &str, name: &str, at: i64, id: &str) -> TrashItem {
        TrashItem {
            id: id.into(),
            name: name.into(),
            original_parent: parent.into(),
            time_deleted: at,
        }
    }

    #[test]
    fn picks_the_latest_item_of_each_original() {
        let items = vec![
            item("/home/a", "x.txt", 100, "old"),
            item("/home/a", "x.txt", 205, "new"),
            item("/home/a", "y.txt", 150, "too-old"),
            item("/home/b", "x.txt", 210, "other-folder"),
        ];
        let originals = vec![
            PathBuf::from("/home/a/x.txt"),
            PathBuf::from("/home/a/y.txt"),
        ];
        let (found, missing) = pick_trashed(items, &originals, 200);
        let ids: Vec<_> = found.iter().map(|i| i.id.clone()).collect();
        assert_eq!(ids, ["new"]);
        assert_eq!(missing, [PathBuf::from("/home/a/y.txt")]);
    }
}
