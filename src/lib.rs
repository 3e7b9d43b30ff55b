//! Porpoise's engine: listing folders, the mount table and devices, file records, file
//! jobs. It never names iced and holds no user-facing sentences: it emits typed facts.
//! Built as its own package (engine/Cargo.toml), which has no iced to name.

pub mod devices;
pub mod entry;
pub mod error;
pub mod jobs;
pub mod listing;
pub mod mounts;
pub mod sys;
pub mod uri;

pub use entry::{Batch, Entry, Kind, Names, State};
pub use error::{IoError, Op, Reason};
