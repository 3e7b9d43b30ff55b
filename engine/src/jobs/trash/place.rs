//! Which trash an item goes to, made if it is missing: the home trash when the item is on
//! the home trash's filesystem, else that filesystem's own — `$topdir/.Trash/$uid` when
//! `$topdir/.Trash` is a real folder with the sticky bit, else `$topdir/.Trash-$uid`
//! (made 0700). An item is never copied across filesystems into a trash.

use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::mounts;

use super::home::HomeTrash;

/// A trash folder an item can be renamed into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Target {
    /// The trash folder (holding `files/` and `info/`).
    pub folder: PathBuf,
    /// The top folder of the filesystem a volume trash is on, which its records' paths
    /// are relative to; `None` for the home trash (absolute paths).
    pub top: Option<PathBuf>,
}

/// The mount holding the home trash (or the nearest folder above it that exists).
pub(super) fn home_mount(home: &HomeTrash) -> Option<u64> {
    let mut p = home.folder().to_owned();
    loop {
        if let Some(m) = mounts::mount_of(&p) {
            return Some(m.id);
        }
        if !p.pop() {
            return None;
        }
    }
}

/// The trash for an item in the folder `parent`, with its `files/` and `info/` made.
pub(super) fn target_for(
    parent: &Path,
    home: &HomeTrash,
    home_mount: Option<u64>,
) -> std::io::Result<Target> {
    let mount = mounts::mount_of(parent).ok_or(std::io::ErrorKind::NotFound)?;
    if Some(mount.id) == home_mount {
        make_trash(home.folder())?;
        return Ok(Target {
            folder: home.folder().to_owned(),
            top: None,
        });
    }
    let top = mount.mount_point;
    Ok(Target {
        folder: volume_trash(&top, crate::sys::uid())?,
        top: Some(top),
    })
}

/// `$top/.Trash/$uid` when `.Trash` is a real sticky folder and the user's folder in it
/// can be made, else `$top/.Trash-$uid`; made if missing.
fn volume_trash(top: &Path, uid: u32) -> std::io::Result<PathBuf> {
    let shared = top.join(".Trash");
    if is_sticky_folder(&shared) {
        let own = shared.join(uid.to_string());
        if make_trash(&own).is_ok() {
            return Ok(own);
        }
    }
    let own = top.join(format!(".Trash-{uid}"));
    make_trash(&own)?;
    Ok(own)
}

/// A folder (not a link to one) with the sticky bit, as the spec asks of `.Trash`.
fn is_sticky_folder(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir() && m.permissions().mode() & 0o1000 != 0)
}

/// Make `folder/files` and `folder/info` (and `folder`) private to the user where missing.
fn make_trash(folder: &Path) -> std::io::Result<()> {
    let mut b = std::fs::DirBuilder::new();
    b.mode(0o700).recursive(true);
    b.create(folder.join("files"))?;
    b.create(folder.join("info"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sticky_shared_trash_is_used_else_the_own_one() {
        let top = tempfile::tempdir().expect("tempdir");
        let own = volume_trash(top.path(), 4242).expect("own trash");
        assert_eq!(own, top.path().join(".Trash-4242"));
        let mode = std::fs::metadata(&own).expect("stat").permissions().mode();
        assert_eq!(mode & 0o777, 0o700);

        // Not sticky: not used.
        let shared = top.path().join(".Trash");
        std::fs::create_dir(&shared).expect("mkdir");
        assert_eq!(volume_trash(top.path(), 4242).expect("own"), own);
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
        let used = volume_trash(top.path(), 4242).expect("shared");
        assert_eq!(used, shared.join("4242"));
        assert!(used.join("files").is_dir() && used.join("info").is_dir());
    }
}
