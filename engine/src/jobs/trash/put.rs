//! Moving one item into a trash, as the freedesktop spec writes it: a record
//! `info/NAME.trashinfo` made with O_EXCL (a name taken gets the next free one, the
//! engine's one free-name rule), then the item renamed into `files/NAME` relative to the
//! folders' descriptors; the record goes again if the rename fails.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use rustix::fs::{AtFlags, Mode, OFlags, RenameFlags, openat, renameat, renameat_with, unlinkat};
use rustix::io::Errno;

use crate::error::{IoError, Op};
use crate::jobs::conflict::unused_name;
use crate::sys::open_dir;
use crate::uri::percent_encode;

use super::home::HomeTrash;
use super::item::INFO_SUFFIX;
use super::place::{self, Target};

/// How many taken names a trashing tries past before it gives up (others trashing into
/// the same trash at once).
const TRIES: usize = 64;

/// Move `path` into the trash of its filesystem (see [`place`]); `home_mount` is
/// [`place::home_mount`] of `home`.
pub(super) fn put(path: &Path, home: &HomeTrash, home_mount: Option<u64>) -> Result<(), IoError> {
    let fail = |op: Op, e: std::io::Error| IoError::new(op, path, e);
    let abs = std::path::absolute(path).map_err(|e| fail(Op::Trash, e))?;
    let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) else {
        return Err(fail(Op::Trash, Errno::INVAL.into()));
    };
    // The folder's real path: a record names where the item really was.
    let parent = std::fs::canonicalize(parent).map_err(|e| fail(Op::Trash, e))?;
    let dir = open_dir(&parent).map_err(|e| IoError::new(Op::OpenDir, &parent, e))?;
    rustix::fs::statat(&dir, name, AtFlags::SYMLINK_NOFOLLOW)
        .map_err(|e| fail(Op::Trash, e.into()))?;
    let target = place::target_for(&parent, home, home_mount).map_err(|e| fail(Op::Trash, e))?;
    let original = parent.join(name);
    let record = record(&original, &target, SystemTime::now())
        .ok_or_else(|| fail(Op::Trash, Errno::INVAL.into()))?;
    into_trash(path, (&dir, name), &target.folder, &record)
}

/// Claim a free name in `trash` by creating its record, then rename `name` (in `dir`,
/// the item at `path`) to `files/` under that name; a name taken meanwhile goes on to the
/// next.
fn into_trash(
    path: &Path,
    (dir, name): (&OwnedFd, &OsStr),
    trash: &Path,
    record: &str,
) -> Result<(), IoError> {
    let open = |part: &str| {
        let at = trash.join(part);
        open_dir(&at).map_err(|e| IoError::new(Op::OpenDir, &at, e))
    };
    let (files, info) = (open("files")?, open("info")?);
    for _ in 0..TRIES {
        let in_trash = unused_name(name, |n| taken(&files, &info, n));
        let record_name = info_name(&in_trash);
        match write_record(&info, &record_name, record) {
            Ok(()) => {}
            Err(Errno::EXIST) => continue,
            Err(e) => {
                let at = trash.join("info").join(&record_name);
                return Err(IoError::new(Op::Create, at, e));
            }
        }
        match rename_new(dir.as_fd(), name, files.as_fd(), &in_trash) {
            Ok(()) => return Ok(()),
            Err(e) => {
                let _ = unlinkat(&info, &record_name, AtFlags::empty());
                if e != Errno::EXIST {
                    return Err(IoError::new(Op::Trash, path, e));
                }
            }
        }
    }
    Err(IoError::new(Op::Trash, path, Errno::EXIST))
}

/// Is `name` taken in the trash: its record or its file exists (a stray half counts).
fn taken(files: &OwnedFd, info: &OwnedFd, name: &OsStr) -> bool {
    let exists = |dir: &OwnedFd, n: &OsStr| {
        !matches!(
            rustix::fs::statat(dir, n, AtFlags::SYMLINK_NOFOLLOW),
            Err(Errno::NOENT)
        )
    };
    exists(files, name) || exists(info, &info_name(name))
}

/// `NAME.trashinfo`.
fn info_name(name: &OsStr) -> OsString {
    let mut v = name.as_bytes().to_vec();
    v.extend_from_slice(INFO_SUFFIX);
    OsString::from_vec(v)
}

/// Create the record `name` in `info` (never over one that exists), private to the user.
fn write_record(info: &OwnedFd, name: &OsStr, text: &str) -> rustix::io::Result<()> {
    let fd = openat(
        info,
        name,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::CLOEXEC,
        Mode::from_bits_truncate(0o600),
    )?;
    let mut file = std::fs::File::from(fd);
    let written = file.write_all(text.as_bytes());
    if let Err(e) = written {
        let _ = unlinkat(info, name, AtFlags::empty());
        return Err(Errno::from_io_error(&e).unwrap_or(Errno::IO));
    }
    Ok(())
}

/// Rename without replacing; where the filesystem cannot promise that (some FUSE and
/// network ones), a plain rename, the record's O_EXCL having claimed the name.
pub(super) fn rename_new(
    from_dir: BorrowedFd<'_>,
    from: &OsStr,
    to_dir: BorrowedFd<'_>,
    to: &OsStr,
) -> rustix::io::Result<()> {
    match renameat_with(from_dir, from, to_dir, to, RenameFlags::NOREPLACE) {
        Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => {
            match rustix::fs::statat(to_dir, to, AtFlags::SYMLINK_NOFOLLOW) {
                Err(Errno::NOENT) => renameat(from_dir, from, to_dir, to),
                Ok(_) => Err(Errno::EXIST),
                Err(e) => Err(e),
            }
        }
        r => r,
    }
}

/// The record of `original` trashed into `target` at `when`: `[Trash Info]`, its path
/// percent-encoded (absolute for the home trash, relative to the top folder for a volume
/// trash) and the local time. `None` when the local time is not known.
fn record(original: &Path, target: &Target, when: SystemTime) -> Option<String> {
    let recorded = target
        .top
        .as_deref()
        .and_then(|top| original.strip_prefix(top).ok())
        .filter(|rel| !rel.as_os_str().is_empty())
        .unwrap_or(original);
    let secs = when.duration_since(UNIX_EPOCH).ok()?.as_secs() as i64;
    let (y, mo, d, h, mi) = crate::sys::local_time(secs)?;
    // Time zones are whole minutes away from UTC (since 1972): the seconds are UTC's.
    let s = secs.rem_euclid(60);
    Some(format!(
        "[Trash Info]\nPath={}\nDeletionDate={y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}\n",
        percent_encode(recorded.as_os_str().as_bytes())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_absolute_or_relative_paths_and_the_local_time() {
        let home = Target {
            folder: "/h/Trash".into(),
            top: None,
        };
        let volume = Target {
            folder: "/mnt/usb/.Trash-0".into(),
            top: Some("/mnt/usb".into()),
        };
        let when = UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_007);
        let (y, mo, d, h, mi) = crate::sys::local_time(1_700_000_007).expect("local time");
        let date = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:27");
        let at_home = record(Path::new("/mnt/usb/a b.txt"), &home, when).expect("record");
        assert_eq!(
            at_home,
            format!("[Trash Info]\nPath=/mnt/usb/a%20b.txt\nDeletionDate={date}\n")
        );
        let on_volume = record(Path::new("/mnt/usb/a b.txt"), &volume, when).expect("record");
        assert!(on_volume.contains("\nPath=a%20b.txt\n"), "{on_volume}");
    }
}
