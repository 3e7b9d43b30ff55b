//! One item in a trash, as its `.trashinfo` record describes it, and where its two halves
//! are: the record in `info/` and the item itself in `files/`.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// What a trash record says of one trashed item.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrashItem {
    /// The record's path (`…/info/NAME.trashinfo`): unique, it names the item.
    pub id: OsString,
    /// The item's name where it was.
    pub name: OsString,
    /// The folder it was in.
    pub original_parent: PathBuf,
    /// When it was trashed, in seconds since the epoch; -1 when the record has no valid
    /// date.
    pub time_deleted: i64,
}

/// What every record's file name ends with.
pub(super) const INFO_SUFFIX: &[u8] = b".trashinfo";

impl TrashItem {
    /// Where the item was before it was trashed.
    pub fn original_path(&self) -> PathBuf {
        self.original_parent.join(&self.name)
    }

    /// Its record, `…/info/NAME.trashinfo`.
    pub fn info_file(&self) -> &Path {
        Path::new(&self.id)
    }

    /// The item itself in the trash: `files/NAME` beside the record's `info/` folder;
    /// `None` when the record's path is not shaped so.
    pub fn trashed_file(&self) -> Option<PathBuf> {
        let info = self.info_file();
        let trash = info.parent()?.parent()?;
        let record = info.file_name()?.as_bytes();
        let name = record.strip_suffix(INFO_SUFFIX).filter(|n| !n.is_empty())?;
        Some(trash.join("files").join(std::ffi::OsStr::from_bytes(name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_halves() {
        let item = TrashItem {
            id: "/t/info/a.tar.gz.trashinfo".into(),
            name: "a.tar.gz".into(),
            original_parent: "/home/a".into(),
            time_deleted: 0,
        };
        assert_eq!(item.original_path(), Path::new("/home/a/a.tar.gz"));
        assert_eq!(
            item.trashed_file(),
            Some(PathBuf::from("/t/files/a.tar.gz"))
        );
        let odd = TrashItem {
            id: "/t/info/.trashinfo".into(),
            ..item
        };
        assert_eq!(odd.trashed_file(), None);
    }
}
