//! What the window asks of the engine's jobs: the one request a paste, a drop, a key or a
//! menu entry makes, whichever of them made it.

use std::path::PathBuf;

use porpoise_engine::archive::compress::CompressOptions;
use porpoise_engine::jobs::modes::ModeJob;

pub use porpoise_engine::jobs::JobKind;

/// A job the window wants started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRequest {
    pub kind: JobKind,
    pub sources: Vec<PathBuf>,
    /// The folder the sources go into; unused for trash, delete and permissions.
    pub dest: PathBuf,
    /// What a permissions job changes; unused by the other kinds.
    pub modes: Option<ModeJob>,
    /// How a compression makes its archive (at `dest`); unused by the other kinds.
    pub compress: Option<CompressOptions>,
}
