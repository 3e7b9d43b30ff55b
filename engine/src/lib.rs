//! Porpoise's engine: listing folders, the mount table and devices, file records, file
//! jobs, folder sizes, file types and the applications that open them, thumbnails. It
//! never names iced and holds no user-facing sentences: it emits typed facts. Built as its
//! own package (engine/Cargo.toml), which has no iced to name.
// A library reports failures as errors; tests may panic.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod appearance;
pub mod apps;
pub mod archive;
pub mod bookmarks;
pub mod devices;
pub mod entry;
pub mod error;
pub mod events;
pub mod host;
pub mod items;
pub mod jobs;
pub mod listing;
pub mod mime;
pub mod mounts;
pub mod owners;
pub mod place;
pub mod preview;
pub mod props;
pub mod remote;
pub mod rename;
pub mod search;
mod sys;
pub mod templates;
mod threads;
pub mod thumbs;
pub mod uri;
pub mod usage;
mod walk;

pub use entry::{Batch, Entry, Kind, Names, State};
pub use error::{IoError, Op, Reason};
