//! "Connect to Server…": an address typed (the schemes Porpoise reaches explained under
//! the field), or one of the servers connected to lately, picked. Connect hands the
//! address to the window, which connects as it does for an address typed in the location
//! bar; a bad address is said in the dialog. Escape closes, Enter connects.

mod view;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::remote::Address;

use crate::key_press::KeyPress;

/// A recent server as the dialog shows it: its address as a person reads it (a saved
/// line that no longer reads as an address, as it is).
pub fn shown(uri: &str) -> String {
    Address::parse(uri.as_bytes()).map_or_else(|_| uri.to_owned(), |a| a.readable())
}

/// The id of the address field, which has the keyboard while the dialog is open.
pub const ADDRESS_INPUT: &str = "connect-address";

/// What the dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// Connect to this address; the dialog closes.
    Connect(Address),
}

#[derive(Debug, Clone)]
pub enum Message {
    Address(String),
    /// A recent server was picked: connect to it.
    Recent(usize),
    Connect,
    Close,
}

/// The open dialog.
#[derive(Debug)]
pub struct Connect {
    pub typed: String,
    /// The servers connected to lately, the latest first.
    pub recent: Vec<String>,
    /// Why the typed address cannot be opened.
    pub error: Option<String>,
}

impl Connect {
    pub fn open(recent: Vec<String>) -> (Connect, Task<Message>) {
        let dialog = Connect {
            typed: String::new(),
            recent,
            error: None,
        };
        (dialog, iced::widget::operation::focus(ADDRESS_INPUT))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Address(typed) => {
                self.typed = typed;
                self.error = None;
                None
            }
            Message::Recent(i) => match self.recent.get(i) {
                Some(uri) => {
                    self.typed = shown(uri);
                    self.connect()
                }
                None => None,
            },
            Message::Connect => self.connect(),
            Message::Close => Some(Event::Close),
        };
        (Task::none(), event)
    }

    /// The typed address, when it reads as one; else why not, said in the dialog.
    fn connect(&mut self) -> Option<Event> {
        let typed = self.typed.trim();
        if typed.is_empty() {
            return None;
        }
        match Address::parse(typed.as_bytes()) {
            Ok(address) => Some(Event::Connect(address)),
            Err(e) => {
                self.error = Some(crate::servers::address_error(&e));
                None
            }
        }
    }

    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Connect),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_address_is_said_and_a_good_one_connects() {
        let (mut c, _) = Connect::open(vec!["sftp://box/".into()]);
        let _ = c.update(Message::Address("gopher://old".into()));
        assert!(c.update(Message::Connect).1.is_none());
        assert!(c.error.as_deref().is_some_and(|e| e.contains("gopher")));
        let _ = c.update(Message::Address("smb://nas/photos".into()));
        assert!(c.error.is_none());
        let (_, event) = c.update(Message::Connect);
        assert!(matches!(event, Some(Event::Connect(a)) if a.uri() == "smb://nas/photos"));
        let (_, event) = c.update(Message::Recent(0));
        assert!(matches!(event, Some(Event::Connect(a)) if a.host == "box"));
    }

    #[test]
    fn a_recent_server_is_shown_readable_and_connects_to_the_same_address() {
        let saved = "smb://nas/Summer%202026/caf%C3%A9%25";
        let (mut c, _) = Connect::open(vec![saved.into(), "not an address".into()]);
        assert_eq!(shown(&c.recent[0]), "smb://nas/Summer 2026/café%25");
        assert_eq!(shown(&c.recent[1]), "not an address");
        let (_, event) = c.update(Message::Recent(0));
        assert_eq!(c.typed, "smb://nas/Summer 2026/café%25");
        assert!(matches!(event, Some(Event::Connect(a)) if a.uri() == saved));
    }
}
