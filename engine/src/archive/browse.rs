//! Browsing an archive as a read-only folder: a path such as `/home/me/photos.zip/2026`
//! is split by name into the archive and the folder inside it, the archive is read once
//! into a tree of its folders (kept in a small cache while its file is unchanged), and one
//! folder of it is handed out as the same listing events and entry records a folder on
//! disk gives, so a pane shows it as any folder.

mod cache;
mod path;
mod tree;

use std::path::{Path, PathBuf};

use crate::entry::Batch;
use crate::error::{ArchiveTrouble, IoError, Op};
use crate::events::{Events, Sender};
use crate::listing::{DirEvent, ListOptions, open_dir};
use crate::mounts::MountClass;

use super::read::ReadError;

pub use cache::{forget_all, give_password};
pub use path::{is_archive_name, split};
pub use tree::Tree;

/// List the folder at `path`: inside an archive (its name says so and it is not a folder
/// on disk) from the archive, else as [`open_dir`] lists it. Looks at the disk: call it
/// off the UI thread (the events then come from a worker).
pub fn open(path: PathBuf, opts: ListOptions) -> Events<DirEvent> {
    let Some((archive, inner)) = split(&path) else {
        return open_dir(path, opts);
    };
    if std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
        // A real folder whose name looks like an archive's.
        return open_dir(path, opts);
    }
    let (tx, events) = crate::listing::stream::handoff();
    let spawned = std::thread::Builder::new()
        .name("porpoise-archive".into())
        .spawn(move || run(&path, &archive, &inner, &opts, &tx));
    if let Err(e) = spawned {
        tracing::warn!("no thread to read an archive: {e}");
    }
    events
}

fn run(path: &Path, archive: &Path, inner: &Path, opts: &ListOptions, tx: &Sender<DirEvent>) {
    let listed = cache::tree_of(archive).and_then(|(tree, mtime)| {
        let batch = tree
            .folder(inner)
            .ok_or_else(|| missing(path, &tree, inner))?;
        Ok((batch, mtime))
    });
    let (batch, mtime) = match listed {
        Ok(x) => x,
        Err(e) => {
            tx.send(DirEvent::Failed(e));
            return;
        }
    };
    let opened = DirEvent::Opened {
        mtime,
        class: MountClass::Local,
        names_first: false,
        sorted: None,
    };
    if !tx.send(opened) {
        return;
    }
    if opts.known_mtime == Some(mtime) {
        tx.send(DirEvent::Unchanged);
        return;
    }
    if !tx.send(DirEvent::Batch(batch)) {
        return;
    }
    tx.send(DirEvent::Complete);
}

/// One folder inside the archive at `archive` (`inner` relative to its top; empty: the
/// top), as entry records; read through the cache. Looks at the disk.
pub fn folder(archive: &Path, inner: &Path) -> Result<Batch, IoError> {
    let (tree, _) = cache::tree_of(archive)?;
    tree.folder(inner)
        .ok_or_else(|| missing(&archive.join(inner), &tree, inner))
}

/// Why `inner` is not a folder of `tree`: a file there, or nothing.
fn missing(path: &Path, tree: &Tree, inner: &Path) -> IoError {
    let errno = match tree.holds(inner) {
        true => libc::ENOTDIR,
        false => libc::ENOENT,
    };
    IoError::new(Op::OpenDir, path, std::io::Error::from_raw_os_error(errno))
}

/// A reading failure as a listing reports it; what is not an archive is "not a folder"
/// (the pane then shows the file in its folder).
fn read_failure(e: ReadError) -> IoError {
    let (path, trouble) = match e {
        ReadError::Read { path, source } => return IoError::new(Op::ReadArchive, path, source),
        ReadError::NotAnArchive { path } => {
            let not_dir = std::io::Error::from_raw_os_error(libc::ENOTDIR);
            return IoError::new(Op::OpenDir, path, not_dir);
        }
        ReadError::Damaged { path, .. } => (path, ArchiveTrouble::Damaged),
        ReadError::NeedsPassword { path } => (path, ArchiveTrouble::NeedsPassword),
        ReadError::WrongPassword { path } => (path, ArchiveTrouble::WrongPassword),
    };
    IoError::new(Op::ReadArchive, path, trouble.io())
}
