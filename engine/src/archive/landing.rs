//! Where an archive's entries land: an archive whose entries all sit in one top folder
//! extracts as that folder; any other extracts into a new folder named after the archive
//! (`photos.zip` → `photos/`), never spilling its entries beside it.

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::path::Path;

use super::format::suffix::strip_suffix;
use super::names::top_of;

/// Where the entries go, relative to the folder the archive is extracted in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Landing {
    /// They share this top folder: it is made (or named anew) there, as it is.
    AsItsFolder(OsString),
    /// They are put into a new folder of this name.
    IntoNewFolder(OsString),
}

/// The landing of an archive named `archive_name` whose entries are at `paths` (each
/// made by [`super::names::inside`], with whether it is a folder).
pub fn landing<'a>(
    archive_name: &OsStr,
    entries: impl IntoIterator<Item = (&'a Path, bool)>,
) -> Landing {
    let mut tops = Tops::default();
    for (path, is_dir) in entries {
        tops.add(path, is_dir);
    }
    tops.landing(archive_name)
}

/// The top names of the entries met so far: what decides where they land, gathered one
/// entry at a time (an archive read in one pass knows it only at its end).
#[derive(Debug, Default)]
pub struct Tops {
    tops: BTreeSet<OsString>,
    top_is_folder: bool,
}

impl Tops {
    /// One more entry at `path` (made by [`super::names::inside`]).
    pub fn add(&mut self, path: &Path, is_dir: bool) {
        if self.tops.len() > 1 {
            return;
        }
        let Some(top) = top_of(path) else { return };
        if !self.tops.contains(top) {
            self.tops.insert(top.to_owned());
        }
        // The top is a folder when an entry lies below it, or it is a folder itself.
        self.top_is_folder |= path.components().count() > 1 || is_dir;
    }

    /// Where the entries met land, for an archive named `archive_name`.
    pub fn landing(self, archive_name: &OsStr) -> Landing {
        match (self.tops.len(), self.tops.into_iter().next()) {
            (1, Some(top)) if self.top_is_folder => Landing::AsItsFolder(top),
            _ => Landing::IntoNewFolder(stem(archive_name)),
        }
    }
}

/// Whether `name` ends as an archive's name does (`.zip`, `.tar.gz`, `.7z`, `.gz`…): what
/// the window offers to extract without reading the file (its content decides later).
pub fn named_as_archive(name: &OsStr) -> bool {
    strip_suffix(name).is_some()
}

/// An archive's name without its archive extension: "photos.tar.gz" → "photos", "notes.zip"
/// → "notes"; a name that is nothing but the extension keeps it.
pub fn stem(archive_name: &OsStr) -> OsString {
    strip_suffix(archive_name)
        .unwrap_or(archive_name)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn land(name: &str, entries: &[(&str, bool)]) -> Landing {
        landing(
            OsStr::new(name),
            entries.iter().map(|(p, d)| (Path::new(*p), *d)),
        )
    }

    #[test]
    fn one_top_folder_lands_as_itself() {
        assert_eq!(
            land("x.zip", &[("photos", true), ("photos/a.jpg", false)]),
            Landing::AsItsFolder("photos".into())
        );
        // Without an entry for the folder itself too.
        assert_eq!(
            land(
                "x.tar.gz",
                &[("photos/a.jpg", false), ("photos/b/c.jpg", false)]
            ),
            Landing::AsItsFolder("photos".into())
        );
    }

    #[test]
    fn anything_else_goes_into_a_folder_named_after_the_archive() {
        assert_eq!(
            land("photos.zip", &[("a.jpg", false), ("b.jpg", false)]),
            Landing::IntoNewFolder("photos".into())
        );
        assert_eq!(
            land("Backup.TAR.GZ", &[("one/a", false), ("two/b", false)]),
            Landing::IntoNewFolder("Backup".into())
        );
        // A single file at the top is not a folder: it gets one.
        assert_eq!(
            land("report.zip", &[("report.pdf", false)]),
            Landing::IntoNewFolder("report".into())
        );
        assert_eq!(
            land("empty.7z", &[]),
            Landing::IntoNewFolder("empty".into())
        );
    }

    #[test]
    fn stems_keep_other_dots() {
        assert_eq!(stem(OsStr::new("v1.2.tar.zst")), "v1.2");
        assert_eq!(stem(OsStr::new("notes.txt.gz")), "notes.txt");
        assert_eq!(stem(OsStr::new(".zip")), ".zip");
        assert_eq!(stem(OsStr::new("README")), "README");
        assert_eq!(stem(OsStr::new("app.jar")), "app");
        assert!(named_as_archive(OsStr::new("old.TBZ")));
    }
}
