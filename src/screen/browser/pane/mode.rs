//! What a pane is in the middle of besides showing its folder (a typed location, a name
//! being typed, a menu), one thing at a time.

use super::Pane;
use crate::actions::{ContextMenu, DropMenu, NameEntry};

/// What a pane is in the middle of besides showing its folder. One at a time: opening
/// a menu ends a typed location, a rename ends an open menu, and so on. (The filter and
/// the Trash view are not among them: they are what the pane shows, and stay while a
/// menu opens or a name is typed, as in other file managers.)
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Mode {
    #[default]
    Browsing,
    /// The location bar is a text input holding this text (Ctrl+L).
    Location(String),
    /// A name typed in place: a new folder's, or an entry's new name.
    Naming(NameEntry),
    /// A menu: an entry's, the folder's, the Trash view's or the window's main menu.
    Menu(ContextMenu),
    /// What to do with files dropped here: Move, Copy, Link or Cancel.
    Drop(DropMenu),
}

impl Pane {
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// Start `mode`, ending whatever the pane was in the middle of.
    pub(crate) fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// Back to browsing; what the pane was in the middle of.
    pub(crate) fn end_mode(&mut self) -> Mode {
        std::mem::take(&mut self.mode)
    }

    /// The typed location, while the location bar is a text input.
    pub fn location(&self) -> Option<&str> {
        match &self.mode {
            Mode::Location(text) => Some(text),
            _ => None,
        }
    }

    /// The name entry, while one is open.
    pub fn naming(&self) -> Option<&NameEntry> {
        match &self.mode {
            Mode::Naming(entry) => Some(entry),
            _ => None,
        }
    }

    pub(crate) fn naming_mut(&mut self) -> Option<&mut NameEntry> {
        match &mut self.mode {
            Mode::Naming(entry) => Some(entry),
            _ => None,
        }
    }

    /// The open menu, if one is.
    pub fn menu(&self) -> Option<&ContextMenu> {
        match &self.mode {
            Mode::Menu(menu) => Some(menu),
            _ => None,
        }
    }

    pub(crate) fn menu_mut(&mut self) -> Option<&mut ContextMenu> {
        match &mut self.mode {
            Mode::Menu(menu) => Some(menu),
            _ => None,
        }
    }

    /// The open drop menu, if one is.
    pub fn drop_menu(&self) -> Option<&DropMenu> {
        match &self.mode {
            Mode::Drop(menu) => Some(menu),
            _ => None,
        }
    }

    /// End the mode if `ends` says so of it; whether it did.
    pub(crate) fn end_mode_if(&mut self, ends: impl FnOnce(&Mode) -> bool) -> bool {
        let end = ends(&self.mode);
        if end {
            self.mode = Mode::Browsing;
        }
        end
    }

    /// Close the menu, if one is open, and hand it over.
    pub(crate) fn take_menu(&mut self) -> Option<ContextMenu> {
        match self.end_mode() {
            Mode::Menu(menu) => Some(menu),
            other => {
                self.mode = other;
                None
            }
        }
    }

    /// Close the drop menu, if one is open, and hand it over.
    pub(crate) fn take_drop_menu(&mut self) -> Option<DropMenu> {
        match self.end_mode() {
            Mode::Drop(menu) => Some(menu),
            other => {
                self.mode = other;
                None
            }
        }
    }

    /// Stop typing a location; whether one was typed.
    pub(crate) fn end_location(&mut self) -> bool {
        self.end_mode_if(|m| matches!(m, Mode::Location(_)))
    }

    /// Close a menu or the drop menu; whether one was open.
    pub(crate) fn close_menus(&mut self) -> bool {
        self.end_mode_if(|m| matches!(m, Mode::Menu(_) | Mode::Drop(_)))
    }
}
