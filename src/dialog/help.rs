//! The help pages of the main menu: the keyboard shortcuts (F1, Ctrl+?) and About
//! (what Porpoise is, its version and licence). Read-only; Escape, Enter or the button
//! closes them.

pub(crate) mod view;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use crate::i18n::fl;
use crate::key_press::KeyPress;

/// Which page is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Shortcuts,
    About,
}

/// What the page asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
}

#[derive(Debug, Clone)]
pub enum Message {
    Close,
}

/// The open page.
#[derive(Debug, Clone)]
pub struct Help {
    pub page: Page,
}

impl Help {
    pub fn open(page: Page) -> Help {
        Help { page }
    }

    pub fn update(&mut self, m: Message) -> (iced::Task<Message>, Option<Event>) {
        match m {
            Message::Close => (iced::Task::none(), Some(Event::Close)),
        }
    }

    /// Escape and Enter close the page (F1 again too, on the shortcuts).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape | Named::Enter) => Some(Message::Close),
            Key::Named(Named::F1) if self.page == Page::Shortcuts => Some(Message::Close),
            _ => None,
        }
    }
}

/// The shortcuts, in groups: each group's heading and its lines (the keys, and what
/// they do).
pub fn shortcuts() -> Vec<(String, Vec<(&'static str, String)>)> {
    vec![
        (
            fl!("shortcuts-browsing"),
            vec![
                ("Alt+←  Alt+→", fl!("shortcuts-back-forward")),
                ("Alt+↑  Backspace", fl!("shortcuts-up")),
                ("Alt+Home", fl!("shortcuts-home")),
                ("→  ←", fl!("shortcuts-open-in-place")),
                ("Ctrl+L", fl!("shortcuts-location")),
                ("Ctrl+F", fl!("shortcuts-search")),
                ("Ctrl+I", fl!("shortcuts-filter")),
                ("Ctrl+H", fl!("shortcuts-hidden")),
                ("Ctrl+R  F5", fl!("shortcuts-reload")),
                ("Ctrl+1  Ctrl+2", fl!("shortcuts-views")),
                ("Ctrl++  Ctrl+-  Ctrl+0", fl!("shortcuts-zoom")),
                ("F9", fl!("shortcuts-places")),
                ("F11", fl!("shortcuts-info")),
                ("Space", fl!("shortcuts-preview")),
            ],
        ),
        (
            fl!("shortcuts-selecting"),
            vec![
                ("Ctrl+A", fl!("shortcuts-select-all")),
                ("Ctrl+Shift+A", fl!("shortcuts-invert")),
                ("Shift+↑↓  Ctrl+Space", fl!("shortcuts-extend")),
                ("Escape", fl!("shortcuts-unselect")),
            ],
        ),
        (
            fl!("shortcuts-files"),
            vec![
                ("Ctrl+C  Ctrl+X  Ctrl+V", fl!("shortcuts-clipboard")),
                ("Ctrl+Alt+C", fl!("shortcuts-copy-location")),
                ("Ctrl+M", fl!("shortcuts-create-link")),
                ("F2", fl!("shortcuts-rename")),
                ("Ctrl+Shift+N  F10", fl!("shortcuts-new-folder")),
                ("Ctrl+Alt+N", fl!("shortcuts-new-file")),
                ("Delete", fl!("shortcuts-trash")),
                ("Shift+Delete", fl!("shortcuts-delete")),
                ("Ctrl+Z  Ctrl+Shift+Z", fl!("shortcuts-undo")),
                ("Alt+Enter", fl!("shortcuts-properties")),
                ("F4", fl!("shortcuts-terminal")),
            ],
        ),
        (
            fl!("shortcuts-window"),
            vec![
                ("Ctrl+T  Ctrl+W", fl!("shortcuts-tabs")),
                ("Ctrl+Shift+T", fl!("shortcuts-reopen-tab")),
                ("Ctrl+Tab  Alt+1…9", fl!("shortcuts-next-tab")),
                ("F3", fl!("shortcuts-split")),
                ("F5  F6", fl!("shortcuts-copy-move-other")),
                ("Ctrl+D", fl!("shortcuts-bookmark")),
                ("Ctrl+,", fl!("shortcuts-preferences")),
                ("Ctrl+Q", fl!("shortcuts-quit")),
            ],
        ),
    ]
}
