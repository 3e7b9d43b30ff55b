//! File jobs: copy, move and delete, each run on worker threads and reported as one typed
//! stream of events, controlled through a handle (pause, resume, cancel, answer a conflict).

pub mod conflict;
pub mod control;
pub mod copy;
pub mod delete;
pub mod events;
pub mod fsops;
pub mod moves;
pub mod preflight;
pub mod progress;
mod resolve;
mod runner;
pub mod trash;

pub use conflict::{Answer, ConflictPolicy, free_name};
pub use control::{Control, Job};
pub use events::{JobEvent, JobState, Summary};

use std::path::PathBuf;

/// What to do, to which sources, where.
#[derive(Debug, Clone)]
pub struct JobSpec {
    pub sources: Vec<PathBuf>,
    /// The folder the sources go into (copy and move); unused for delete.
    pub dest: PathBuf,
    pub on_conflict: ConflictPolicy,
}

/// Why a job would not touch an item at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A folder cannot go into itself or one of its subfolders.
    IntoItself,
    /// A file cannot be copied or moved onto itself.
    OntoItself,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::IntoItself => "into_itself",
            Refusal::OntoItself => "onto_itself",
        }
    }
}

/// How many threads copy or delete at once.
pub fn workers() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(2, 4)
}
