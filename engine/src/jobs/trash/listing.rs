//! Reading the trash without waiting on a server that does not answer: the home trash and
//! the trash folders of every mounted filesystem, each network mount read on its own
//! thread with a shared deadline. A mount that misses it is left out and named.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use crate::error::IoError;
use crate::mounts::{Mount, MountTable};
use crate::uri::percent_decode;

use super::home::HomeTrash;
use super::item::TrashItem;

/// How long a listing waits for the trash folders of network mounts.
pub const NETWORK_DEADLINE: Duration = Duration::from_secs(2);

/// What is in the trash, and the mounts whose trash could not be read in time.
#[derive(Debug, Clone, Default)]
pub struct TrashListing {
    pub items: Vec<TrashItem>,
    /// Mount points of network filesystems that did not answer before the deadline.
    pub unreachable: Vec<PathBuf>,
    /// What the trash holds of each item (by its `id`), for items on local and removable
    /// filesystems (a slow share is not asked).
    pub details: HashMap<OsString, TrashedDetails>,
}

/// What the trash holds of one item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrashedDetails {
    pub is_dir: bool,
    /// A file's bytes; a folder's entries.
    pub size: u64,
}

impl TrashListing {
    /// Add `items`, with their details read from the trash's `files/` folder.
    fn add_with_details(&mut self, items: Vec<TrashItem>) {
        for item in &items {
            if let Some(d) = details_of(item) {
                self.details.insert(item.id.clone(), d);
            }
        }
        self.items.extend(items);
    }
}

/// The item's file in the trash (`…/files/NAME` beside `…/info/NAME.trashinfo`), read
/// without following a link.
fn details_of(item: &TrashItem) -> Option<TrashedDetails> {
    let file = item.trashed_file()?;
    let meta = std::fs::symlink_metadata(&file).ok()?;
    if meta.is_dir() {
        let entries = std::fs::read_dir(&file).ok()?.count() as u64;
        Some(TrashedDetails {
            is_dir: true,
            size: entries,
        })
    } else {
        Some(TrashedDetails {
            is_dir: false,
            size: meta.len(),
        })
    }
}

/// Mount points whose trash is still being read by an earlier listing's thread (a hung
/// server): a new listing does not start another thread for them.
static READING: LazyLock<Mutex<HashSet<PathBuf>>> = LazyLock::new(Default::default);

/// Everything in the home trash (`home`) and in this user's trash folders on every mount
/// of `table`; network mounts get until `deadline` to answer.
pub fn list_in(
    home: Option<&HomeTrash>,
    table: &MountTable,
    uid: u32,
    deadline: Duration,
) -> TrashListing {
    let until = Instant::now() + deadline;
    let mut listing = TrashListing::default();
    if let Some(home) = home {
        listing.add_with_details(read_trash_folder(home.folder(), None));
    }
    let (tx, rx) = crossbeam_channel::unbounded::<(PathBuf, Vec<TrashItem>)>();
    let mut waiting: Vec<PathBuf> = Vec::new();
    let mut seen = HashSet::new();
    for m in table.mounts.iter().rev().filter(|m| has_user_files(m)) {
        let top = m.mount_point.clone();
        // Mounts stacked on one folder: only the top one (listed last) is reachable.
        if !seen.insert(top.clone()) {
            continue;
        }
        if !m.class.is_slow() {
            listing.add_with_details(read_volume(&top, uid));
            continue;
        }
        let mut reading = READING.lock().unwrap_or_else(|p| p.into_inner());
        if !reading.insert(top.clone()) {
            // An earlier reading of it has not come back yet.
            listing.unreachable.push(top);
            continue;
        }
        drop(reading);
        waiting.push(top.clone());
        let tx = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("porpoise-trash".into())
            .spawn(move || {
                let items = read_volume(&top, uid);
                READING
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&top);
                let _ = tx.send((top, items));
            });
        if spawned.is_err()
            && let Some(top) = waiting.pop()
        {
            READING
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&top);
            listing.unreachable.push(top);
        }
    }
    drop(tx);
    while !waiting.is_empty() {
        match rx.recv_deadline(until) {
            Ok((top, items)) => {
                waiting.retain(|w| *w != top);
                listing.items.extend(items);
            }
            Err(_) => break,
        }
    }
    listing.unreachable.extend(waiting);
    listing
}

/// [`list_in`] for this user, with `home`, on the current mount table, with
/// [`NETWORK_DEADLINE`].
pub fn list(home: &HomeTrash) -> Result<TrashListing, IoError> {
    let table = MountTable::read()?;
    Ok(list_in(
        Some(home),
        &table,
        crate::sys::uid(),
        NETWORK_DEADLINE,
    ))
}

/// Filesystems that can hold files (not proc, sysfs and the like).
fn has_user_files(m: &Mount) -> bool {
    m.mount_point == Path::new("/") || !m.is_pseudo()
}

/// The trash folders of the filesystem mounted at `top`: `.Trash/$uid` (when `.Trash` is
/// a real folder with the sticky bit, as the spec asks) and `.Trash-$uid`.
fn read_volume(top: &Path, uid: u32) -> Vec<TrashItem> {
    let mut items = Vec::new();
    let shared = top.join(".Trash");
    if let Ok(meta) = std::fs::symlink_metadata(&shared)
        && meta.is_dir()
        && meta.permissions().mode() & 0o1000 != 0
    {
        items.extend(read_trash_folder(&shared.join(uid.to_string()), Some(top)));
    }
    items.extend(read_trash_folder(
        &top.join(format!(".Trash-{uid}")),
        Some(top),
    ));
    items
}

/// The items of one trash folder (its `info/*.trashinfo` files); relative original paths
/// are under `top`. A folder that is missing or unreadable has no items.
fn read_trash_folder(folder: &Path, top: Option<&Path>) -> Vec<TrashItem> {
    let info = folder.join("info");
    // Not a symlink: a trash folder must be the folder itself.
    match std::fs::symlink_metadata(&info) {
        Ok(m) if m.is_dir() => {}
        _ => return Vec::new(),
    }
    let Ok(entries) = std::fs::read_dir(&info) else {
        return Vec::new();
    };
    let mut items = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "trashinfo") {
            continue;
        }
        if let Some(item) = read_info(&path, top) {
            items.push(item);
        }
    }
    items
}

/// One `.trashinfo` file: `[Trash Info]`, then `Path=` (percent-encoded, absolute, or
/// relative to `top`) and `DeletionDate=YYYY-MM-DDThh:mm:ss` (local time). The first of
/// each key counts; other lines are ignored. `None` when it is not a valid record.
fn read_info(path: &Path, top: Option<&Path>) -> Option<TrashItem> {
    let file = std::fs::File::open(path).ok()?;
    let mut lines = BufReader::new(file).split(b'\n');
    let header = lines.next()?.ok()?;
    if header.trim_ascii() != b"[Trash Info]" {
        return None;
    }
    let mut original: Option<PathBuf> = None;
    let mut deleted: Option<i64> = None;
    for line in lines {
        let line = line.ok()?;
        let Some(eq) = line.iter().position(|&b| b == b'=') else {
            continue;
        };
        let (key, value) = (line[..eq].trim_ascii(), line[eq + 1..].trim_ascii());
        if key == b"Path" && original.is_none() {
            original = Some(PathBuf::from(OsString::from_vec(percent_decode(value)?)));
        } else if key == b"DeletionDate" && deleted.is_none() {
            deleted = parse_local_time(value);
        }
    }
    let original = original?;
    if original.file_name().is_none() || original.components().any(|c| c == Component::ParentDir) {
        return None;
    }
    let original = match (original.is_relative(), top) {
        (false, _) => original,
        (true, Some(top)) => top.join(original),
        (true, None) => return None,
    };
    Some(TrashItem {
        id: path.as_os_str().to_owned(),
        name: original.file_name()?.to_owned(),
        original_parent: original.parent()?.to_owned(),
        time_deleted: deleted.unwrap_or(-1),
    })
}

/// Seconds since the epoch of `YYYY-MM-DDThh:mm:ss` read as local time.
fn parse_local_time(s: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(s).ok()?;
    let (date, time) = s.split_once('T')?;
    let mut d = date.splitn(3, '-').map(str::parse::<u32>);
    let mut t = time.splitn(3, ':').map(str::parse::<u32>);
    let year = d.next()?.ok()?;
    let (month, day) = (d.next()?.ok()?, d.next()?.ok()?);
    let (hour, min, sec) = (t.next()?.ok()?, t.next()?.ok()?, t.next()?.ok()?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    crate::sys::local_to_epoch(i32::try_from(year).ok()?, month, day, hour, min, sec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_local_times_and_refuses_nonsense() {
        let a = parse_local_time(b"2026-11-30T10:00:00").expect("a time");
        let b = parse_local_time(b"2026-11-30T10:00:05").expect("a time");
        assert_eq!(b - a, 5);
        assert_eq!(parse_local_time(b"2026-13-01T00:00:00"), None);
        assert_eq!(parse_local_time(b"yesterday"), None);
    }

    #[test]
    fn reads_records_relative_to_their_volume() {
        let dir = tempfile::tempdir().expect("temp dir");
        let info = dir.path().join(".Trash-1000/info");
        std::fs::create_dir_all(&info).expect("mkdir");
        std::fs::write(
            info.join("a%.trashinfo"),
            "[Trash Info]\nPath=docs/r%C3%A9sum%C3%A9.txt\nDeletionDate=2026-11-30T10:00:00\n",
        )
        .expect("write");
        // Not records: a wrong header, a path climbing out, no Path at all.
        std::fs::write(info.join("b.trashinfo"), "[Other]\nPath=x\n").expect("write");
        std::fs::write(info.join("c.trashinfo"), "[Trash Info]\nPath=../x\n").expect("write");
        std::fs::write(info.join("d.trashinfo"), "[Trash Info]\nDeletionDate=x\n").expect("w");
        let items = read_volume(dir.path(), 1000);
        assert_eq!(items.len(), 1, "{items:?}");
        let item = &items[0];
        assert_eq!(item.name, "résumé.txt");
        assert_eq!(item.original_parent, dir.path().join("docs"));
        assert!(item.time_deleted > 0);
        assert_eq!(item.id, info.join("a%.trashinfo").into_os_string());
    }
}
