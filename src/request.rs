//! What the window asks of the engine's jobs: the one request a paste, a drop, a key or a
//! menu entry makes, whichever of them made it.

use std::path::PathBuf;

use porpoise_engine::jobs::modes::ModeJob;
use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::jobs::{ConflictPolicy, JobSpec};

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
}

impl JobRequest {
    /// What the engine is asked: conflicts and pre-flight problems wait for the person's
    /// answer; a trash job puts items into `home_trash`; copies and moves are read back
    /// and compared when `verify_copies` says so.
    pub fn spec(&self, home_trash: &HomeTrash, verify_copies: bool) -> JobSpec {
        JobSpec {
            on_conflict: ConflictPolicy::Ask,
            on_problem: None,
            home_trash: (self.kind == JobKind::Trash).then(|| home_trash.clone()),
            verify: verify_copies && matches!(self.kind, JobKind::Copy | JobKind::Move),
            modes: self.modes.clone(),
            ..JobSpec::new(self.sources.clone(), self.dest.clone())
        }
    }
}
