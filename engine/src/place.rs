//! Where a path's item is: the folder holding it ("." for a bare name) and its name, as
//! the fd-relative calls take them.

use std::ffi::OsStr;
use std::path::Path;

/// The folder holding `path` and its name; none for a path with no name ("/", "..").
pub fn folder_and_name(path: &Path) -> Option<(&Path, &OsStr)> {
    Some((folder_of(path), path.file_name()?))
}

/// The folder holding `path`: its parent, or "." for a bare name.
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_in_the_current_folder_and_the_root_has_no_name() {
        assert_eq!(
            folder_and_name(Path::new("notes.txt")),
            Some((Path::new("."), OsStr::new("notes.txt")))
        );
        assert_eq!(
            folder_and_name(Path::new("/a/b")),
            Some((Path::new("/a"), OsStr::new("b")))
        );
        assert_eq!(folder_and_name(Path::new("/")), None);
        assert_eq!(folder_of(Path::new("/")), Path::new("."));
    }
}
