//! Porpoise's window: the engine (re-exported whole, so `porpoise::jobs` and the like read
//! the same everywhere) and the iced interface on top of it.

pub use porpoise_engine::*;

pub mod ui;
