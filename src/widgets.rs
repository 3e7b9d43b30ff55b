//! The window's parts, one file each: toolbar and location bar, Places, the details and
//! icons views (names elided to fit), the notice shown instead of a list, the status bar, the tab bar, the job panel and the
//! dialogs over the window (the application chooser among them).

pub mod band;
pub mod close;
pub mod details;
pub mod dialog;
pub mod elided;
pub mod entry;
pub mod folder_view;
pub mod icons;
pub mod item_list;
pub mod keyed_rows;
pub mod location;
pub mod menu;
pub mod new_file_menu;
pub mod notice;
pub mod overlay;
pub mod pointer;
pub mod search;
pub mod tabs;
pub mod tip;
pub mod trash;
pub mod watch;
mod wrap;
pub mod zoom;
