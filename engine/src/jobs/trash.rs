//! The freedesktop trash, written and read by the engine itself: moving items there (the
//! home trash, or the trash of the item's own filesystem, never a copy into the home
//! trash), listing, restoring, purging and emptying it. The home trash is a value
//! ([`HomeTrash`]) the caller hands in; only the binaries read it from the environment.

use std::path::PathBuf;
use std::sync::Arc;

use crate::error::{IoError, Op};

use super::control::{Control, Job};
use super::events::JobState;
use super::runner::spawn;

mod home;
mod item;
mod listing;
mod place;
mod put;
mod restore;
mod watch;

pub use home::HomeTrash;
pub use item::TrashItem;
pub use listing::{NETWORK_DEADLINE, TrashListing, TrashedDetails, list, list_in};
pub use restore::{purge, restore};
pub use watch::{trash_folders, watch};

/// Move `paths` to the trash of the filesystem each is on; `home` is the home trash (the
/// one for items on its filesystem). Without one every item fails: nothing is trashed
/// into a place nobody named.
pub(super) fn trash_with(
    paths: Vec<PathBuf>,
    home: Option<HomeTrash>,
    control: Arc<Control>,
) -> Job {
    spawn("trash", control, move |ctx| {
        ctx.state(JobState::Deleting);
        let home_mount = home.as_ref().and_then(place::home_mount);
        // A folder goes whole: it counts as one folder, whatever it holds.
        for (p, tally) in ctx.items(&paths) {
            ctx.counters.set_current(p.clone());
            let done = match &home {
                Some(home) => put::put(p, home, home_mount),
                None => Err(IoError::new(Op::Trash, p, std::io::ErrorKind::NotFound)),
            };
            match done {
                Ok(()) => ctx.counters.add_done(tally, 1),
                Err(e) => ctx.failed_with(p.clone(), e),
            }
        }
        ctx.final_state()
    })
}

/// The trash items that came from `originals` (absolute paths), trashed at `since` (seconds
/// since the epoch) or later: per original path the most recent such item. Paths with no
/// such item are returned apart.
pub fn find_trashed(
    home: &HomeTrash,
    originals: &[PathBuf],
    since: i64,
) -> Result<(Vec<TrashItem>, Vec<PathBuf>), IoError> {
    Ok(pick_trashed(list(home)?.items, originals, since))
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

/// Delete everything in the trash (the home trash and this user's trash on every mount)
/// for good. What network mounts that do not answer hold stays; their mount points are
/// returned.
pub fn empty(home: &HomeTrash) -> Result<Vec<PathBuf>, IoError> {
    let listing = list(home)?;
    purge(listing.items)?;
    Ok(listing.unreachable)
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
