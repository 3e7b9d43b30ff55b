//! A key press as the window hands it to its parts (the dialogs, the browser, Places):
//! the key, the modifiers held, the text it types and whether a focused input took it.

use iced::keyboard::{Key, Modifiers, key::Named};

/// A key press as the app sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyPress {
    pub key: Key,
    pub modifiers: Modifiers,
    /// The text the key would type, if any (for type-ahead).
    pub text: Option<String>,
    /// A focused widget (the location input) already used this key.
    pub captured: bool,
}

impl KeyPress {
    /// An arrow, Page Up or Down, Home or End: a key that moves the view's cursor.
    pub fn moves(&self) -> bool {
        matches!(
            self.key.as_ref(),
            Key::Named(
                Named::ArrowUp
                    | Named::ArrowDown
                    | Named::ArrowLeft
                    | Named::ArrowRight
                    | Named::PageUp
                    | Named::PageDown
                    | Named::Home
                    | Named::End,
            )
        )
    }

    /// A press of `key` with `modifiers` held, not taken by an input; a character key
    /// without Ctrl or Alt types its character.
    pub fn new(key: Key, modifiers: Modifiers) -> KeyPress {
        let text = match &key {
            Key::Character(c) if !modifiers.control() && !modifiers.alt() => Some(c.to_string()),
            _ => None,
        };
        KeyPress {
            key,
            modifiers,
            text,
            captured: false,
        }
    }
}

/// A character key (e.g. `"h"`).
pub fn char_key(c: &str) -> Key {
    Key::Character(c.into())
}

/// A named key (e.g. `Named::Enter`).
pub fn named(n: Named) -> Key {
    Key::Named(n)
}
