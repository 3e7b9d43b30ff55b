//! What the window asks of the engine's jobs: the one request a paste, a drop, a key or a
//! menu entry makes, whichever of them made it.

use std::path::PathBuf;

/// Which job to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    Copy,
    Move,
    /// Symbolic links to the sources, made in the destination.
    Link,
    /// Move to the trash (the freedesktop trash of each source's filesystem).
    Trash,
    /// Delete for good (after the user confirmed).
    Delete,
}

/// A job the window wants started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobRequest {
    pub kind: JobKind,
    pub sources: Vec<PathBuf>,
    /// The folder the sources go into; unused for trash and delete.
    pub dest: PathBuf,
}
