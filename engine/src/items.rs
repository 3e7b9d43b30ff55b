//! Single items changed by name at once, without a job: a new folder, a rename that never
//! replaces, and what undo performs (the rename back, removing the empty folder it made,
//! asking whether a place is taken). Each is one syscall, relative to the folder's
//! descriptor where a folder is given; they are I/O: run them off the UI thread.

pub mod files;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, CWD, Mode, RenameFlags, mkdirat, renameat_with, statx, unlinkat};

use crate::error::{IoError, Op};
use crate::sys::open_dir;

/// Create the folder `name` in `parent` (mode 0777 less the umask); its path.
pub fn create_folder(parent: &Path, name: &OsStr) -> Result<PathBuf, IoError> {
    let path = parent.join(name);
    let dir = open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    mkdirat(&dir, name, Mode::from_bits_truncate(0o777))
        .map_err(|e| IoError::new(Op::Create, &path, e))?;
    Ok(path)
}

/// Rename `from` to `to` inside `parent`, never replacing an existing `to`; the new path.
/// Both are names as bytes: the item keeps its exact (perhaps not UTF-8) name.
pub fn rename(parent: &Path, from: &OsStr, to: &OsStr) -> Result<PathBuf, IoError> {
    let src = parent.join(from);
    let dir = open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    renameat_with(&dir, from, &dir, to, RenameFlags::NOREPLACE)
        .map_err(|e| IoError::new(Op::Rename, &src, e))?;
    Ok(parent.join(to))
}

/// Move the item at `now` to `before` (anywhere on the same filesystem), never over an
/// existing item: what undoing a rename does.
pub fn rename_back(now: &Path, before: &Path) -> Result<(), IoError> {
    renameat_with(CWD, now, CWD, before, RenameFlags::NOREPLACE)
        .map_err(|e| IoError::new(Op::Rename, now, e))
}

/// Remove the folder at `path` if it is empty (what undoing a new folder does).
pub fn remove_empty_folder(path: &Path) -> Result<(), IoError> {
    unlinkat(CWD, path, AtFlags::REMOVEDIR).map_err(|e| IoError::new(Op::Remove, path, e))
}

/// Whether anything, even a broken link, has the name `path`.
pub fn is_taken(path: &Path) -> bool {
    statx(
        CWD,
        path,
        AtFlags::SYMLINK_NOFOLLOW,
        rustix::fs::StatxFlags::TYPE,
    )
    .is_ok()
}

#[cfg(test)]
mod tests {
    use std::os::unix::ffi::OsStrExt;

    use super::*;
    use crate::error::Reason;

    #[test]
    fn creates_and_renames_without_replacing() {
        let dir = tempfile::tempdir().expect("tempdir");
        create_folder(dir.path(), OsStr::new("New")).expect("mkdir");
        assert!(dir.path().join("New").is_dir());
        let again = create_folder(dir.path(), OsStr::new("New")).expect_err("exists");
        assert_eq!(again.reason(), Reason::Exists);
        let from = OsStr::from_bytes(b"a\xff");
        std::fs::write(dir.path().join(from), b"x").expect("write");
        rename(dir.path(), from, OsStr::new("b")).expect("rename");
        assert!(dir.path().join("b").exists());
        let clash = rename(dir.path(), OsStr::new("b"), OsStr::new("New")).expect_err("no replace");
        assert_eq!(clash.reason(), Reason::Exists);
        assert!(dir.path().join("b").exists());
    }

    #[test]
    fn removes_only_an_empty_folder_and_knows_a_taken_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = create_folder(dir.path(), OsStr::new("made")).expect("mkdir");
        std::fs::write(folder.join("kept"), b"x").expect("write");
        let e = remove_empty_folder(&folder).expect_err("not empty");
        assert_eq!(e.reason(), Reason::NotEmpty);
        std::fs::remove_file(folder.join("kept")).expect("rm");
        assert!(is_taken(&folder));
        remove_empty_folder(&folder).expect("rmdir");
        assert!(!is_taken(&folder));
        let e = remove_empty_folder(&folder).expect_err("gone");
        assert_eq!(e.reason(), Reason::NotFound);
        std::os::unix::fs::symlink("nowhere", dir.path().join("broken")).expect("symlink");
        assert!(
            is_taken(&dir.path().join("broken")),
            "a broken link takes its name"
        );
    }

    #[test]
    fn renaming_back_never_replaces() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (now, before) = (dir.path().join("now"), dir.path().join("before"));
        std::fs::write(&now, b"x").expect("write");
        std::fs::write(&before, b"y").expect("write");
        let e = rename_back(&now, &before).expect_err("before is taken");
        assert_eq!(e.reason(), Reason::Exists);
        std::fs::remove_file(&before).expect("rm");
        rename_back(&now, &before).expect("rename back");
        assert_eq!(std::fs::read(&before).expect("read"), b"x");
        let e = rename_back(&now, &before).expect_err("now is gone");
        assert_eq!(e.reason(), Reason::NotFound);
    }
}
