//! The keyboard: which window events become messages, and what a key press means.

use iced::event::{self, Event};
use iced::keyboard::{self, Key, Modifiers, key::Named};
use iced::window;

use super::message::{KeyPress, Message};

/// Map a window event to a message (the subscription's filter). Keys a focused widget
/// captured only count for Escape, so typing in the location bar is not type-ahead.
pub fn listen(event: Event, status: event::Status, _window: window::Id) -> Option<Message> {
    match event {
        Event::Keyboard(keyboard::Event::KeyPressed {
            key,
            modifiers,
            text,
            ..
        }) => {
            let captured = status == event::Status::Captured;
            if captured && key != Key::Named(Named::Escape) {
                return None;
            }
            Some(Message::Key(KeyPress {
                key,
                modifiers,
                text: text.map(|t| t.to_string()),
                captured,
            }))
        }
        Event::Keyboard(keyboard::Event::ModifiersChanged(m)) => Some(Message::Modifiers(m)),
        Event::Window(window::Event::Resized(size)) => {
            Some(Message::Resized(size.width, size.height))
        }
        _ => None,
    }
}

/// A key press as a message, as the subscription would send it (for tests).
pub fn press(key: Key, modifiers: Modifiers) -> Message {
    let text = match &key {
        Key::Character(c) if !modifiers.control() && !modifiers.alt() => Some(c.to_string()),
        _ => None,
    };
    Message::Key(KeyPress {
        key,
        modifiers,
        text,
        captured: false,
    })
}

/// A character key (e.g. `"h"`), for [`press`].
pub fn char_key(c: &str) -> Key {
    Key::Character(c.into())
}

/// A named key (e.g. `Named::Enter`), for [`press`].
pub fn named(n: Named) -> Key {
    Key::Named(n)
}

/// Where a selection move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    First,
    Last,
}

/// What a key press asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move {
        to: Move,
        extend: bool,
    },
    Open,
    GoUp,
    Back,
    Forward,
    ToggleHidden,
    Reload,
    EditLocation,
    CancelLocation,
    /// Open (or focus) the filter box.
    Filter,
    SelectAll,
    TypeAhead(String),
    /// Del: move the selection to the trash.
    Trash,
    /// Shift+Del: delete the selection for good (after asking).
    DeleteForGood,
    /// Ctrl+Z.
    Undo,
}

/// Decode a key press. `editing`: the location input is open.
pub fn command(k: &KeyPress) -> Option<Command> {
    let m = k.modifiers;
    if k.captured {
        return (k.key == Key::Named(Named::Escape)).then_some(Command::CancelLocation);
    }
    let mv = |to| {
        Some(Command::Move {
            to,
            extend: m.shift(),
        })
    };
    match k.key.as_ref() {
        Key::Named(Named::ArrowUp) if m.alt() => Some(Command::GoUp),
        Key::Named(Named::ArrowLeft) if m.alt() => Some(Command::Back),
        Key::Named(Named::ArrowRight) if m.alt() => Some(Command::Forward),
        Key::Named(Named::ArrowUp) => mv(Move::Up),
        Key::Named(Named::ArrowDown) => mv(Move::Down),
        Key::Named(Named::ArrowLeft) => mv(Move::Left),
        Key::Named(Named::ArrowRight) => mv(Move::Right),
        Key::Named(Named::PageUp) => mv(Move::PageUp),
        Key::Named(Named::PageDown) => mv(Move::PageDown),
        Key::Named(Named::Home) => mv(Move::First),
        Key::Named(Named::End) => mv(Move::Last),
        Key::Named(Named::Enter) => Some(Command::Open),
        Key::Named(Named::Backspace) => Some(Command::GoUp),
        Key::Named(Named::F5) => Some(Command::Reload),
        Key::Named(Named::Delete) if m.shift() => Some(Command::DeleteForGood),
        Key::Named(Named::Delete) => Some(Command::Trash),
        Key::Named(Named::Escape) => Some(Command::CancelLocation),
        Key::Named(Named::BrowserBack) => Some(Command::Back),
        Key::Named(Named::BrowserForward) => Some(Command::Forward),
        Key::Character(c) if m.control() => match c.to_ascii_lowercase().as_str() {
            "h" => Some(Command::ToggleHidden),
            "l" => Some(Command::EditLocation),
            "r" => Some(Command::Reload),
            "a" => Some(Command::SelectAll),
            "f" => Some(Command::Filter),
            "z" => Some(Command::Undo),
            _ => None,
        },
        _ if m.control() || m.alt() || m.logo() => None,
        _ => k
            .text
            .as_deref()
            .filter(|t| !t.is_empty() && t.chars().all(|c| !c.is_control()))
            .map(|t| Command::TypeAhead(t.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(key: Key, m: Modifiers) -> Option<Command> {
        match press(key, m) {
            Message::Key(k) => command(&k),
            _ => None,
        }
    }

    #[test]
    fn decodes_the_shortcuts() {
        assert_eq!(
            cmd(char_key("h"), Modifiers::CTRL),
            Some(Command::ToggleHidden)
        );
        assert_eq!(
            cmd(named(Named::ArrowLeft), Modifiers::ALT),
            Some(Command::Back)
        );
        assert_eq!(
            cmd(named(Named::ArrowDown), Modifiers::SHIFT),
            Some(Command::Move {
                to: Move::Down,
                extend: true
            })
        );
        assert_eq!(
            cmd(char_key("b"), Modifiers::empty()),
            Some(Command::TypeAhead("b".into()))
        );
        assert_eq!(cmd(char_key("f"), Modifiers::CTRL), Some(Command::Filter));
        assert_eq!(cmd(char_key("z"), Modifiers::CTRL), Some(Command::Undo));
        assert_eq!(
            cmd(named(Named::Delete), Modifiers::empty()),
            Some(Command::Trash)
        );
        assert_eq!(
            cmd(named(Named::Delete), Modifiers::SHIFT),
            Some(Command::DeleteForGood)
        );
        assert_eq!(
            cmd(named(Named::Backspace), Modifiers::empty()),
            Some(Command::GoUp)
        );
    }
}
