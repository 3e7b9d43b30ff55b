//! The window's screens, each owning its state, messages, update and view: the job panel
//! and the status bar (more to come).

pub mod jobs;
pub mod status;
