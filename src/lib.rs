//! Porpoise's engine: listing folders, the mount table and devices, file records.
//! It never names iced and holds no user-facing sentences: it emits typed facts.

pub mod devices;
pub mod entry;
pub mod error;
pub mod jobs;
pub mod listing;
pub mod mounts;
pub mod sys;

#[cfg(feature = "gui")]
pub mod ui;

pub use entry::{Batch, Entry, Kind, Names, State};
pub use error::{IoError, Op, Reason};
