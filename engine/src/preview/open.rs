//! Opening a file to look at: links followed, never blocking (a fifo put there opens at
//! once and is refused), and only a regular file is taken.

use std::fs::File;
use std::path::Path;

use super::PreviewError;
use crate::error::{IoError, Op};

/// `path` opened for reading, with its size; a folder, fifo, socket or device is refused.
pub(super) fn regular_file(path: &Path) -> Result<(File, u64), PreviewError> {
    let fd = crate::sys::open_file_follow(path).map_err(|e| IoError::new(Op::Open, path, e))?;
    let file = File::from(fd);
    let meta = file
        .metadata()
        .map_err(|e| IoError::new(Op::Stat, path, e))?;
    if !meta.is_file() {
        return Err(PreviewError::NotAFile {
            path: path.to_owned(),
        });
    }
    Ok((file, meta.len()))
}
