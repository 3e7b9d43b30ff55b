//! Why a preview could not be made: typed, with the file's path, the cause as the source.

use std::path::PathBuf;

use crate::error::IoError;
use crate::thumbs::ThumbError;

#[derive(Debug, Clone, thiserror::Error)]
pub enum PreviewError {
    /// Opening or reading the file failed.
    #[error(transparent)]
    Io(#[from] IoError),
    /// A folder, fifo, socket or device: nothing to read a preview from.
    #[error("{} is not a regular file", path.display())]
    NotAFile { path: PathBuf },
    /// The file holds binary data, not text.
    #[error("{} is not text", path.display())]
    Binary { path: PathBuf },
    /// The picture could not be decoded, or is too large to.
    #[error(transparent)]
    Picture(#[from] ThumbError),
}
