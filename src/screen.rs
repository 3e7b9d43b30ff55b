//! The window's screens, each owning its state, messages, update and view: Places, the
//! job panel and the status bar (more to come).

pub mod jobs;
pub mod places;
pub mod status;
