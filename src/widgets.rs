//! Widgets the window's parts share: the rubber band, names elided to fit, keyed rows,
//! the watching wrapper, the wrapping layout, tooltips, dialogs' chrome, menus, the name
//! entry and icons, the close button, the column headers' resizing edge, the pointer tracker, the modifiers' watch and
//! Ctrl+wheel zoom.

pub mod band;
pub mod close;
pub mod dialog;
pub mod divider;
pub mod elided;
pub mod keyed_rows;
pub mod menu;
pub mod modifiers;
pub mod pointer;
pub mod tip;
pub mod watch;
mod wrap;
pub mod zoom;
