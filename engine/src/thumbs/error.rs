//! Why a thumbnail could not be made: typed, with the file's path, the cause as the source.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::error::IoError;

/// A decoder's or encoder's own error, shared so events stay `Clone`.
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Clone, thiserror::Error)]
pub enum ThumbError {
    /// Reading the file, or writing to the cache, failed (no fail marker for this).
    #[error(transparent)]
    Io(#[from] IoError),
    /// The file's content is not an image the decoder can read (damaged, truncated, not
    /// what its name says).
    #[error("cannot decode the image {}", path.display())]
    Decode {
        path: PathBuf,
        #[source]
        source: Cause,
    },
    /// Decoding it would take more memory than the limit allows.
    #[error("the image {} is too large to decode ({width}×{height})", path.display())]
    TooLarge {
        path: PathBuf,
        width: u32,
        height: u32,
    },
    /// A decoder panicked on this file (caught; the worker goes on).
    #[error("the decoder failed on {}", path.display())]
    Panicked { path: PathBuf },
    /// The external thumbnailer exited with a failure.
    #[error("the thumbnailer {} failed on {}", program.display(), path.display())]
    External {
        program: PathBuf,
        path: PathBuf,
        /// Its exit code, or `None` when a signal ended it.
        code: Option<i32>,
    },
    /// The external thumbnailer could not be started (or waited for).
    #[error("cannot run the thumbnailer {} on {}", program.display(), path.display())]
    Start {
        program: PathBuf,
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The external thumbnailer ran longer than allowed and was killed.
    #[error("the thumbnailer {} took longer than {timeout:?} on {}", program.display(), path.display())]
    TimedOut {
        program: PathBuf,
        path: PathBuf,
        timeout: Duration,
    },
    /// The external thumbnailer succeeded but left no readable PNG.
    #[error("the thumbnailer {} made no readable thumbnail of {}", program.display(), path.display())]
    NoOutput {
        program: PathBuf,
        path: PathBuf,
        #[source]
        source: Option<Cause>,
    },
    /// The file failed before, unchanged since: its fail marker says so, nothing was tried.
    #[error("no thumbnail can be made of {} (fail marker {})", path.display(), marker.display())]
    FailedBefore { path: PathBuf, marker: PathBuf },
    /// Writing the thumbnail's PNG failed (encoding, not the disk).
    #[error("cannot encode the thumbnail {}", path.display())]
    Encode {
        path: PathBuf,
        #[source]
        source: Cause,
    },
}

impl ThumbError {
    /// A failure that says something about the file itself, so a fail marker keeps it
    /// from being tried again until the file changes; reading or writing errors (a
    /// permission, a full disk) and a thumbnailer that would not start may pass.
    pub fn marks_file(&self) -> bool {
        match self {
            ThumbError::Decode { .. }
            | ThumbError::TooLarge { .. }
            | ThumbError::Panicked { .. }
            | ThumbError::External { .. }
            | ThumbError::TimedOut { .. }
            | ThumbError::NoOutput { .. } => true,
            ThumbError::Io(_)
            | ThumbError::Start { .. }
            | ThumbError::FailedBefore { .. }
            | ThumbError::Encode { .. } => false,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &std::path::Path {
        match self {
            ThumbError::Io(e) => &e.path,
            ThumbError::Decode { path, .. }
            | ThumbError::TooLarge { path, .. }
            | ThumbError::Start { path, .. }
            | ThumbError::Panicked { path }
            | ThumbError::External { path, .. }
            | ThumbError::TimedOut { path, .. }
            | ThumbError::NoOutput { path, .. }
            | ThumbError::FailedBefore { path, .. }
            | ThumbError::Encode { path, .. } => path,
        }
    }
}

/// A decoder's error as a [`Cause`].
pub(super) fn cause(e: impl std::error::Error + Send + Sync + 'static) -> Cause {
    Arc::new(e)
}
