//! Reading and writing the bookmarks file: a missing file (or folder) holds no bookmarks;
//! a write goes to a temporary file beside it that is then renamed over it (the `tempfile`
//! crate's `persist`), so a reader never sees half a file, and keeps the file's mode.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::Bookmarks;

/// Why the bookmarks file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum BookmarkError {
    #[error("cannot read the bookmarks file {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write the bookmarks file {}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl BookmarkError {
    /// The OS error under it.
    pub fn io(&self) -> &std::io::Error {
        match self {
            BookmarkError::Read { source, .. } | BookmarkError::Write { source, .. } => source,
        }
    }
}

/// The bookmarks in `file`; none when it (or its folder) does not exist.
pub fn read(file: &Path) -> Result<Bookmarks, BookmarkError> {
    match std::fs::read(file) {
        Ok(bytes) => Ok(Bookmarks::parse(&bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Bookmarks::default()),
        Err(source) => Err(BookmarkError::Read {
            path: file.to_owned(),
            source,
        }),
    }
}

/// Write `bookmarks` to `file` atomically (its folder made if missing), keeping the mode
/// the file had (new files: 0644).
pub fn write(file: &Path, bookmarks: &Bookmarks) -> Result<(), BookmarkError> {
    let err = |source| BookmarkError::Write {
        path: file.to_owned(),
        source,
    };
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(err)?;
    let mode = std::fs::metadata(file)
        .map(|m| m.permissions().mode() & 0o7777)
        .unwrap_or(0o644);
    let mut tmp = tempfile::Builder::new()
        .prefix(".bookmarks-")
        .permissions(std::fs::Permissions::from_mode(mode))
        .tempfile_in(dir)
        .map_err(err)?;
    tmp.write_all(&bookmarks.to_bytes()).map_err(err)?;
    tmp.as_file().sync_all().map_err(err)?;
    tmp.persist(file).map_err(|e| err(e.error))?;
    Ok(())
}

/// Read `file` as it is now, change it with `edit` and write it back when `edit` says
/// it changed something (true); what `edit` said.
pub fn change(
    file: &Path,
    edit: impl FnOnce(&mut Bookmarks) -> bool,
) -> Result<bool, BookmarkError> {
    let mut b = read(file)?;
    if !edit(&mut b) {
        return Ok(false);
    }
    write(file, &b)?;
    Ok(true)
}
