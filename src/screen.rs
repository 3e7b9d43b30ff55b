//! The window's screens, each owning its state, messages, update and view: the status bar
//! (more to come).

pub mod status;
