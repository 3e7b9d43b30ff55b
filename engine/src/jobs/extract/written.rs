//! What one archive's extraction made, in the order it made it: removed again, newest
//! first, when the job is cancelled (so a cancelled extraction leaves nothing), and its
//! folders given their entries' modes and times once everything inside is written.

use std::path::{Path, PathBuf};

use crate::archive::beneath::Beneath;

/// The items one extraction made, relative to the destination.
#[derive(Debug, Default)]
pub struct Written {
    /// Each item made, and whether it is a folder.
    made: Vec<(PathBuf, bool)>,
    /// Folders whose entry stated a mode or a time, to give them at the end.
    folders: Vec<(PathBuf, u32, i64)>,
}

impl Written {
    pub fn made(&mut self, rel: &Path, is_dir: bool) {
        self.made.push((rel.to_owned(), is_dir));
    }

    /// Nothing was made.
    pub fn is_empty(&self) -> bool {
        self.made.is_empty()
    }

    /// The first item made.
    pub fn first_made(&self) -> Option<&Path> {
        self.made.first().map(|(rel, _)| rel.as_path())
    }

    /// How many items were made.
    pub fn len(&self) -> usize {
        self.made.len()
    }

    /// Folders made on the way to an entry (an archive need not list them).
    pub fn made_on_the_way(&mut self, folders: Vec<PathBuf>) {
        self.made.extend(folders.into_iter().map(|f| (f, true)));
    }

    /// The folder `rel` gets `mode` and `mtime` when the extraction ends.
    pub fn folder_entry(&mut self, rel: &Path, mode: u32, mtime: i64) {
        self.folders.push((rel.to_owned(), mode, mtime));
    }

    /// What was made beneath `from` is now beneath `to` (the folders still to finish).
    pub fn moved(&mut self, from: &Path, to: &Path) {
        for (rel, _, _) in &mut self.folders {
            if let Ok(rest) = rel.strip_prefix(from) {
                *rel = to.join(rest);
            }
        }
        for (rel, _) in &mut self.made {
            if let Ok(rest) = rel.strip_prefix(from) {
                *rel = to.join(rest);
            }
        }
    }

    /// Remove everything made, newest first (a folder after what is in it). What cannot
    /// be removed (something else was put there meanwhile) stays.
    pub fn remove(&mut self, beneath: &Beneath) {
        for (rel, is_dir) in self.made.drain(..).rev() {
            if let Err(e) = beneath.remove(&rel, is_dir) {
                tracing::debug!("cannot remove {} after a cancel: {e}", rel.display());
            }
        }
        self.folders.clear();
    }

    /// Give the folders their modes and times, deepest first (setting a folder's time
    /// before writing into it would change it again).
    pub fn finish(&mut self, beneath: &Beneath) -> Vec<(PathBuf, std::io::Error)> {
        let mut failed = Vec::new();
        self.folders
            .sort_by_key(|(rel, _, _)| std::cmp::Reverse(rel.components().count()));
        for (rel, mode, mtime) in self.folders.drain(..) {
            if let Err(e) = beneath.finish_folder(&rel, mode, mtime) {
                failed.push((rel, e));
            }
        }
        failed
    }
}
