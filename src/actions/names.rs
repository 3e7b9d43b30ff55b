//! New names typed by the person: checking them, where the name of a new item starts to
//! be edited, and creating or renaming with them (the engine's `items`, which is I/O: run
//! those off the UI thread).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use porpoise_engine::error::IoError;
use porpoise_engine::items;

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

/// The part of a name before its extension, in characters (for pre-selecting it);
/// a leading dot does not start an extension.
pub fn stem_chars(name: &str) -> usize {
    match name.rfind('.') {
        Some(i) if i > 0 => name[..i].chars().count(),
        _ => name.chars().count(),
    }
}

/// Why creating or renaming failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum NameOpError {
    #[error(transparent)]
    Name(#[from] NameError),
    #[error(transparent)]
    Io(#[from] IoError),
}

/// Create the folder `name` in `parent`.
pub fn create_folder(parent: &Path, name: &[u8]) -> Result<PathBuf, NameOpError> {
    Ok(items::create_folder(parent, OsStr::from_bytes(name))?)
}

/// Rename `from` to `to` inside `parent`, never replacing an existing `to`. Both names are
/// bytes: the source keeps its original (possibly non-UTF-8) name.
pub fn rename(parent: &Path, from: &[u8], to: &[u8]) -> Result<PathBuf, NameOpError> {
    Ok(items::rename(
        parent,
        OsStr::from_bytes(from),
        OsStr::from_bytes(to),
    )?)
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
    fn stems() {
        assert_eq!(stem_chars("report.pdf"), 6);
        assert_eq!(stem_chars("a.tar.gz"), 5);
        assert_eq!(stem_chars(".bashrc"), 7);
        assert_eq!(stem_chars("Änderung.txt"), 8);
    }
}
