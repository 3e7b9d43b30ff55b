//! The window's screens, each owning its state, messages, update and view: the browser
//! (tabs and panes), Places, the job panel and the status bar.

pub mod browser;
pub mod info;
pub mod jobs;
pub mod places;
pub mod preview;
pub mod status;
