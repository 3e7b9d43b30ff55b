//! New names typed by the person: checking them, finding a free "New Folder (n)", and the
//! two calls that use them, `mkdirat` and `renameat2(RENAME_NOREPLACE)`, relative to the
//! folder's fd. The calls are I/O: run them off the UI thread.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustix::fs::{Mode, RenameFlags, mkdirat, renameat_with};

use crate::error::{IoError, Op, Reason};

/// Why a typed name cannot be used, before any I/O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name contains a slash")]
    Slash,
    #[error("“.” and “..” are not names")]
    Dots,
}

/// A typed name as the bytes to create, or why it cannot be one. Surrounding whitespace
/// is kept (it is part of a Linux name) unless the name is only whitespace.
pub fn check_name(typed: &str) -> Result<Vec<u8>, NameError> {
    if typed.trim().is_empty() {
        return Err(NameError::Empty);
    }
    if typed.contains('/') || typed.contains('\0') {
        return Err(NameError::Slash);
    }
    if typed == "." || typed == ".." {
        return Err(NameError::Dots);
    }
    Ok(typed.as_bytes().to_vec())
}

/// `base`, else `base (1)`, `base (2)`, … whichever is not `used`.
pub fn free_name(base: &str, used: impl Fn(&str) -> bool) -> String {
    if !used(base) {
        return base.to_owned();
    }
    (1..)
        .map(|i| format!("{base} ({i})"))
        .find(|n| !used(n))
        .unwrap_or_else(|| base.to_owned())
}

/// The part of a name before its extension, in characters (for pre-selecting it);
/// a leading dot does not start an extension.
pub fn stem_chars(name: &str) -> usize {
    match name.rfind('.') {
        Some(i) if i > 0 => name[..i].chars().count(),
        _ => name.chars().count(),
    }
}

/// Why creating or renaming failed.
#[derive(Debug, thiserror::Error)]
pub enum NameOpError {
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    Io(#[from] IoError),
}

impl NameOpError {
    /// The failure kind the window words.
    pub fn reason(&self) -> Option<Reason> {
        match self {
            NameOpError::Name(_) => None,
            NameOpError::Io(e) => Some(e.reason()),
        }
    }
}

/// Create the folder `name` in `parent`.
pub fn create_folder(parent: &Path, name: &[u8]) -> Result<PathBuf, NameOpError> {
    let path = parent.join(OsStr::from_bytes(name));
    let dir = crate::sys::open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    mkdirat(
        &dir,
        OsStr::from_bytes(name),
        Mode::from_bits_truncate(0o777),
    )
    .map_err(|e| IoError::new(Op::Create, &path, std::io::Error::from(e)))?;
    Ok(path)
}

/// Rename `from` to `to` inside `parent`, never replacing an existing `to`. Both names are
/// bytes: the source keeps its original (possibly non-UTF-8) name.
pub fn rename(parent: &Path, from: &[u8], to: &[u8]) -> Result<PathBuf, NameOpError> {
    let src = parent.join(OsStr::from_bytes(from));
    let dir = crate::sys::open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    renameat_with(
        &dir,
        OsStr::from_bytes(from),
        &dir,
        OsStr::from_bytes(to),
        RenameFlags::NOREPLACE,
    )
    .map_err(|e| IoError::new(Op::Rename, &src, std::io::Error::from(e)))?;
    Ok(parent.join(OsStr::from_bytes(to)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_names() {
        assert_eq!(check_name(""), Err(NameError::Empty));
        assert_eq!(check_name("  "), Err(NameError::Empty));
        assert_eq!(check_name("a/b"), Err(NameError::Slash));
        assert_eq!(check_name(".."), Err(NameError::Dots));
        assert_eq!(check_name(" x ").unwrap(), b" x ");
    }

    #[test]
    fn finds_a_free_name() {
        let taken: Vec<&[u8]> = vec![b"New Folder", b"New Folder (1)", b"x"];
        let used = |n: &str| taken.contains(&n.as_bytes());
        assert_eq!(free_name("New Folder", used), "New Folder (2)");
        assert_eq!(free_name("Other", used), "Other");
    }

    #[test]
    fn stems() {
        assert_eq!(stem_chars("report.pdf"), 6);
        assert_eq!(stem_chars("a.tar.gz"), 5);
        assert_eq!(stem_chars(".bashrc"), 7);
        assert_eq!(stem_chars("Änderung.txt"), 8);
    }

    #[test]
    fn creates_and_renames_without_replacing() {
        let dir = tempfile::tempdir().expect("tempdir");
        create_folder(dir.path(), b"New").expect("mkdir");
        assert!(dir.path().join("New").is_dir());
        let again = create_folder(dir.path(), b"New").expect_err("exists");
        assert_eq!(again.reason(), Some(Reason::Exists));
        let from = b"a\xff";
        std::fs::write(dir.path().join(OsStr::from_bytes(from)), b"x").expect("write");
        rename(dir.path(), from, b"b").expect("rename");
        assert!(dir.path().join("b").exists());
        let clash = rename(dir.path(), b"b", b"New").expect_err("no replace");
        assert_eq!(clash.reason(), Some(Reason::Exists));
        assert!(dir.path().join("b").exists());
    }
}
