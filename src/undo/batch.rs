//! A batch rename as an undo step: the renames its job did (each item placed under its new
//! name), which undo takes back in one rename job and redo does again in another.

use std::ffi::OsString;
use std::path::Path;

use porpoise_engine::jobs::rename::RenameJob;

use crate::screen::jobs::entry::Placement;

/// The renames a rename job in `dir` did, from the items it placed.
pub fn renamed(dir: &Path, placed: &[Placement]) -> RenameJob {
    let renames: Vec<(OsString, OsString)> = placed
        .iter()
        .filter_map(|p| {
            Some((
                p.source.file_name()?.to_owned(),
                p.target.file_name()?.to_owned(),
            ))
        })
        .collect();
    RenameJob {
        dir: dir.to_owned(),
        renames: renames.into(),
    }
}
