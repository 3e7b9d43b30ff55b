//! Whether what an extraction made is still as it made it: nothing in the tree had its
//! content, name, mode or links changed since (every such change moves an item's status
//! change time, `ctime`, forward; a file added or removed moves its folder's). What undo
//! asks before it removes an extraction.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::{IoError, Op};

/// The first item under `root` (itself included, links not followed) changed after
/// `since`; `None` when nothing was.
pub fn first_changed(root: &Path, since: SystemTime) -> Result<Option<PathBuf>, IoError> {
    let since = since.duration_since(UNIX_EPOCH).map_or((0, 0), |d| {
        (d.as_secs() as i64, i64::from(d.subsec_nanos()))
    });
    let mut stack = vec![root.to_owned()];
    while let Some(path) = stack.pop() {
        let meta =
            std::fs::symlink_metadata(&path).map_err(|e| IoError::new(Op::Stat, &path, e))?;
        if (meta.ctime(), meta.ctime_nsec()) > since {
            return Ok(Some(path));
        }
        if meta.is_dir() {
            let entries =
                std::fs::read_dir(&path).map_err(|e| IoError::new(Op::ReadDir, &path, e))?;
            for entry in entries {
                let entry = entry.map_err(|e| IoError::new(Op::ReadDir, &path, e))?;
                stack.push(entry.path());
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_inside_is_found_and_an_untouched_tree_is_not() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("photos");
        std::fs::create_dir_all(root.join("2026")).expect("mkdir");
        std::fs::write(root.join("2026/a.jpg"), "a").expect("write");
        let after = SystemTime::now() + std::time::Duration::from_millis(20);
        // Wait for the clock to pass `after`, so a change made next is later.
        while SystemTime::now() <= after {
            std::thread::yield_now();
        }
        assert_eq!(first_changed(&root, after).expect("walk"), None);
        // File times come from the kernel's coarse clock, a tick or so behind the one
        // `SystemTime` reads: the edit is made well after `after`.
        let later = after + std::time::Duration::from_millis(100);
        while SystemTime::now() <= later {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::fs::write(root.join("2026/a.jpg"), "edited").expect("write");
        assert_eq!(
            first_changed(&root, after).expect("walk"),
            Some(root.join("2026/a.jpg"))
        );
    }
}
