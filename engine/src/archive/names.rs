//! An archive entry's name made into a path inside the extraction folder, or refused: no
//! absolute names, no `..`, no NUL, nothing that climbs out; `.` parts and repeated
//! slashes are dropped, as tar and unzip drop them.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Why an entry's name cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameRefusal {
    #[error("the name is empty")]
    Empty,
    #[error("the name starts at the root of the disk")]
    Absolute,
    #[error("the name climbs out of the folder (“..”)")]
    ClimbsOut,
    #[error("the name holds a NUL byte")]
    Nul,
}

/// The relative path `raw` (an entry's name, bytes as stored) stands for inside the
/// extraction folder. Backslashes are kept as bytes of a name, as Linux tools keep them.
pub fn inside(raw: &[u8]) -> Result<PathBuf, NameRefusal> {
    if raw.contains(&0) {
        return Err(NameRefusal::Nul);
    }
    if raw.first() == Some(&b'/') {
        return Err(NameRefusal::Absolute);
    }
    let mut out = PathBuf::new();
    for part in raw.split(|&b| b == b'/') {
        match part {
            b"" | b"." => {}
            b".." => return Err(NameRefusal::ClimbsOut),
            name => out.push(OsStr::from_bytes(name)),
        }
    }
    if out.as_os_str().is_empty() {
        return Err(NameRefusal::Empty);
    }
    Ok(out)
}

/// The first part of a relative path made by [`inside`]: its top folder (or the name of
/// an entry at the top).
pub fn top_of(path: &Path) -> Option<&OsStr> {
    path.iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_stay_and_dots_and_slashes_are_tidied() {
        assert_eq!(inside(b"photos/a.jpg"), Ok(PathBuf::from("photos/a.jpg")));
        assert_eq!(
            inside(b"./photos//a.jpg"),
            Ok(PathBuf::from("photos/a.jpg"))
        );
        assert_eq!(inside(b"photos/"), Ok(PathBuf::from("photos")));
        assert_eq!(inside(b"a\\b.txt"), Ok(PathBuf::from("a\\b.txt")));
        let latin1 = inside(b"caf\xe9.txt").expect("bytes that are not UTF-8 stay");
        assert_eq!(latin1.as_os_str().as_bytes(), b"caf\xe9.txt");
    }

    #[test]
    fn names_that_would_leave_the_folder_are_refused() {
        assert_eq!(inside(b"/etc/passwd"), Err(NameRefusal::Absolute));
        assert_eq!(inside(b"../x"), Err(NameRefusal::ClimbsOut));
        assert_eq!(inside(b"a/../../x"), Err(NameRefusal::ClimbsOut));
        assert_eq!(inside(b"a/.."), Err(NameRefusal::ClimbsOut));
        assert_eq!(inside(b"a\0b"), Err(NameRefusal::Nul));
        assert_eq!(inside(b""), Err(NameRefusal::Empty));
        assert_eq!(inside(b"./"), Err(NameRefusal::Empty));
    }

    #[test]
    fn the_top_is_the_first_part() {
        let p = inside(b"photos/2026/a.jpg").expect("inside");
        assert_eq!(top_of(&p), Some(OsStr::new("photos")));
    }
}
