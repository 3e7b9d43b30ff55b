//! The window's parts, one file each: toolbar and location bar, Places, the details and
//! icons views, the notice shown instead of a list, and the status bar.

pub mod details;
pub mod entry;
pub mod icons;
pub mod location;
pub mod notice;
pub mod overlay;
pub mod places;
pub mod pointer;
pub mod status;
pub mod trash;
