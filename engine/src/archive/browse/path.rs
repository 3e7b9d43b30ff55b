//! Telling by name alone (no disk) whether a path leads into an archive: the first part
//! of it named as a browsable archive (`.zip`, `.tar.gz`, `.7z`…) is the archive, the rest
//! the folder inside it. Single compressed files (`notes.txt.gz`) are not folders.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use crate::archive::format::suffix::suffix_of;

/// Whether a file named `name` opens as a folder (by its ending, case aside): an archive
/// of entries, not one compressed file.
pub fn is_archive_name(name: &[u8]) -> bool {
    suffix_of(name).is_some_and(|s| !s.one_file)
}

/// The archive `path` leads into and the folder inside it (empty: its top), when a part
/// of `path` is named as an archive; by name alone.
pub fn split(path: &Path) -> Option<(PathBuf, PathBuf)> {
    let mut archive = PathBuf::new();
    let mut parts = path.components();
    for part in parts.by_ref() {
        archive.push(part);
        if let Component::Normal(name) = part
            && is_archive_name(name.as_bytes())
        {
            let inner: PathBuf = parts
                .filter(|c| matches!(c, Component::Normal(_)))
                .map(|c| OsStr::new(c.as_os_str()))
                .collect();
            return Some((archive, inner));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_the_first_archive_name() {
        let (a, i) = split(Path::new("/home/me/photos.ZIP/2026/summer")).unwrap();
        assert_eq!(a, Path::new("/home/me/photos.ZIP"));
        assert_eq!(i, Path::new("2026/summer"));
        let (a, i) = split(Path::new("/x/b.tar.gz")).unwrap();
        assert_eq!(
            (a.as_path(), i.as_path()),
            (Path::new("/x/b.tar.gz"), Path::new(""))
        );
        assert_eq!(split(Path::new("/x/notes.txt.gz")), None);
        assert_eq!(split(Path::new("/x/.zip/y")), None);
    }
}
