//! Taking items out of a trash: restoring one renames it back where it was (never over
//! what is there now) and then removes its record; purging removes the item for good and
//! then its record. Each item knows its own trash folder, so neither needs to be told
//! which trash it is in.

use std::path::PathBuf;

use rustix::fs::CWD;
use rustix::io::Errno;

use crate::error::{IoError, Op};

use super::item::TrashItem;
use super::put::rename_new;

/// Put items back where they came from, in order, creating the folders they were in if
/// they are gone. Stops at the first that cannot go back; a place that is taken fails
/// with [`Op::Restore`] on the original path, for the reason `Exists`.
pub fn restore(items: Vec<TrashItem>) -> Result<(), IoError> {
    for item in &items {
        restore_one(item)?;
    }
    Ok(())
}

fn restore_one(item: &TrashItem) -> Result<(), IoError> {
    let original = item.original_path();
    let file = trashed_file(item)?;
    std::fs::create_dir_all(&item.original_parent)
        .map_err(|e| IoError::new(Op::Create, &item.original_parent, e))?;
    rename_new(CWD, file.as_os_str(), CWD, original.as_os_str())
        .map_err(|e| IoError::new(Op::Restore, &original, e))?;
    remove_record(item)
}

/// Delete these trash items for good: each item (a folder with all it holds), then its
/// record. An item already gone only loses its record.
pub fn purge(items: Vec<TrashItem>) -> Result<(), IoError> {
    for item in &items {
        let file = trashed_file(item)?;
        let removed = match std::fs::symlink_metadata(&file) {
            Ok(m) if m.is_dir() => std::fs::remove_dir_all(&file),
            Ok(_) => std::fs::remove_file(&file),
            Err(e) => Err(e),
        };
        match removed {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(IoError::new(Op::Remove, &file, e));
            }
            _ => remove_record(item)?,
        }
    }
    Ok(())
}

/// The item's file in the trash, or why its record names none.
fn trashed_file(item: &TrashItem) -> Result<PathBuf, IoError> {
    item.trashed_file()
        .ok_or_else(|| IoError::new(Op::Restore, item.info_file(), Errno::INVAL))
}

fn remove_record(item: &TrashItem) -> Result<(), IoError> {
    std::fs::remove_file(item.info_file())
        .map_err(|e| IoError::new(Op::Remove, item.info_file(), e))
}
