//! The keyboard and the window's events: which of them become messages (what a key
//! means is the part's that takes it: the browser's keys are `screen::browser::commands`).

use iced::event::{self, Event};
use iced::keyboard::{self, Key, Modifiers, key::Named};
use iced::window;

use super::actions::ActionMsg;
pub use super::key_press::{KeyPress, char_key, named};
use super::message::Message;

/// Map a window event to a message (the one subscription that hears the window's events:
/// iced hands every event to each such subscription on another thread). Keys a focused widget
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
        Event::Window(window::Event::Resized(size)) => {
            Some(Message::Resized(size.width, size.height))
        }
        Event::Window(window::Event::Focused) => Some(Message::WindowFocused),
        Event::Window(window::Event::Unfocused) => Some(Message::WindowUnfocused),
        // Files dropped on the window by other applications (X11 sends one event per file).
        Event::Window(window::Event::FileDropped(path)) => {
            Some(Message::Drag(ActionMsg::FileDropped(path)))
        }
        _ => None,
    }
}

/// A key press as a message, as the subscription would send it (for tests).
pub fn press(key: Key, modifiers: Modifiers) -> Message {
    Message::Key(KeyPress::new(key, modifiers))
}
