//! The passphrase dialog of an encrypted volume in Places: what was typed (never shown,
//! never logged, wiped when dropped), UDisks2 asked to unlock and mount it off the UI
//! thread, and why it said no (the dialog then takes another try). Escape closes it,
//! Enter unlocks.

pub(crate) mod view;

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::devices::udisks::{UdisksError, Unmounted};

use crate::key_press::KeyPress;

/// The id of the dialog's passphrase field, which has the keyboard while it is open.
pub const PASSPHRASE_INPUT: &str = "unlock-passphrase";

/// A passphrase: its `Debug` hides it, and its bytes are overwritten when it is dropped.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Passphrase(String);

impl Passphrase {
    pub fn new(typed: String) -> Passphrase {
        Passphrase(typed)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Passphrase(…)")
    }
}

impl Drop for Passphrase {
    fn drop(&mut self) {
        // Safe code can only overwrite it with another valid string of the same length.
        let len = self.0.len();
        self.0.clear();
        self.0.extend(std::iter::repeat_n('\0', len));
        std::hint::black_box(&self.0);
    }
}

/// What the passphrase dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// The volume was unlocked and mounted here; the dialog closes.
    Unlocked(PathBuf),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// The passphrase field changed.
    Passphrase(Passphrase),
    /// Unlock (the button or Enter).
    Unlock,
    /// UDisks2 answered: unlocked and mounted there, or why not.
    Answered(Result<PathBuf, Arc<UdisksError>>),
    Close,
}

/// The open dialog.
#[derive(Debug)]
pub struct Unlock {
    pub volume: Unmounted,
    /// The volume's name as Places shows it.
    pub name: String,
    pub passphrase: Passphrase,
    /// UDisks2 is unlocking it: the dialog waits.
    pub busy: bool,
    /// Why the last try failed, in words.
    pub error: Option<String>,
}

impl Unlock {
    /// The dialog on `volume` (`name` as Places shows it), the keyboard in its field.
    pub fn open(volume: Unmounted, name: String) -> (Unlock, Task<Message>) {
        let dialog = Unlock {
            volume,
            name,
            passphrase: Passphrase::default(),
            busy: false,
            error: None,
        };
        (dialog, iced::widget::operation::focus(PASSPHRASE_INPUT))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Passphrase(typed) => self.passphrase = typed,
            Message::Unlock => return (self.unlock(), None),
            // A try under way goes on; its answer finds no dialog.
            Message::Close => return (Task::none(), Some(Event::Close)),
            Message::Answered(Ok(at)) => return (Task::none(), Some(Event::Unlocked(at))),
            Message::Answered(Err(e)) => {
                tracing::warn!(
                    "unlocking {}: {}",
                    self.name,
                    porpoise_engine::error::chain(&*e)
                );
                self.busy = false;
                self.error = Some(crate::failures::unlock(&self.name, &e));
                return (iced::widget::operation::focus(PASSPHRASE_INPUT), None);
            }
        }
        (Task::none(), None)
    }

    /// What a key means here: Escape closes, Enter unlocks (the field's Enter does too).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Unlock),
            _ => None,
        }
    }

    /// Ask UDisks2 to unlock the volume with what was typed and mount what it holds; the
    /// dialog waits for the answer.
    fn unlock(&mut self) -> Task<Message> {
        if !self.ready() {
            return Task::none();
        }
        self.busy = true;
        self.error = None;
        let passphrase = std::mem::take(&mut self.passphrase);
        let volume = self.volume.clone();
        crate::offload::work("an unlocking worker", move || {
            Message::Answered(
                porpoise_engine::devices::udisks::Bus::System
                    .unlock(&volume, passphrase.expose())
                    .map_err(Arc::new),
            )
        })
    }

    /// Can Unlock be pressed?
    pub fn ready(&self) -> bool {
        !self.busy && !self.passphrase.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passphrase_is_not_in_its_debug_text() {
        let p = Passphrase::new("correct horse".into());
        assert_eq!(format!("{p:?}"), "Passphrase(…)");
        assert_eq!(p.expose(), "correct horse");
    }
}
