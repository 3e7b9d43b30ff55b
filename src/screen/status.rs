//! The status bar: how many items the shown folder holds (of how many, while filtered),
//! what is selected and its size, the free space; and beside or instead of them for a
//! while, what the window has to tell: an error (it stays longer) or a note of what
//! happened.

mod view;

use std::time::{Duration, Instant};

use iced::Subscription;

pub use view::summary;

/// How long the status bar shows a note ("Restored 1 item"), and an error.
pub const NOTE_SHOWN: Duration = Duration::from_secs(6);
pub const ERROR_SHOWN: Duration = Duration::from_secs(12);

/// A line for the status bar about what happened (undo, devices, a drag to another
/// application).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub error: bool,
}

impl Note {
    /// A line that tells what happened.
    pub fn said(text: String) -> Note {
        Note { text, error: false }
    }

    /// A line that tells what went wrong (it stays longer).
    pub fn failed(text: String) -> Note {
        Note { text, error: true }
    }
}

/// The status bar's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// Its clock, while it shows a message (which goes after a while).
    Clock(Instant),
}

/// What the status bar tells besides the counts.
#[derive(Debug, Default)]
pub struct Status {
    /// The last error worth telling (opening a file, saving settings); shown instead of
    /// the counts.
    error: Option<String>,
    /// A note beside the counts.
    note: Option<Note>,
    /// The message shown, and since when: it goes after a few seconds.
    shown: Option<(String, Instant)>,
}

impl Status {
    /// Tell an error in place of the counts.
    pub fn error(&mut self, text: String) {
        self.error = Some(text);
    }

    /// Tell a note beside the counts.
    pub fn note(&mut self, note: Note) {
        self.note = Some(note);
    }

    /// The error goes (what it was about was tried again).
    pub fn clear_error(&mut self) {
        self.error = None;
    }

    /// Back to the counts alone.
    pub fn clear(&mut self) {
        self.error = None;
        self.note = None;
        self.shown = None;
    }

    /// The error shown, if any.
    pub fn shown_error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The note shown, if any.
    pub fn shown_note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The message it shows, if one: an error, else a note; and whether it tells an
    /// error.
    pub fn message(&self) -> Option<(&str, bool)> {
        match (&self.error, &self.note) {
            (Some(e), _) => Some((e.as_str(), true)),
            (None, Some(n)) => Some((n.text.as_str(), n.error)),
            (None, None) => None,
        }
    }

    /// Messages go after a while: a note after [`NOTE_SHOWN`], an error after
    /// [`ERROR_SHOWN`], counted from when it first showed.
    pub fn update(&mut self, m: Message) {
        let Message::Clock(now) = m;
        let Some((text, error)) = self.message() else {
            self.shown = None;
            return;
        };
        match &self.shown {
            Some((shown, since)) if shown == text => {
                let limit = if error { ERROR_SHOWN } else { NOTE_SHOWN };
                if now.saturating_duration_since(*since) >= limit {
                    self.clear();
                }
            }
            _ => self.shown = Some((text.to_owned(), now)),
        }
    }

    /// Its clock, while a message is shown.
    pub fn subscription(&self) -> Subscription<Message> {
        match self.message() {
            Some(_) => iced::time::every(Duration::from_millis(500)).map(Message::Clock),
            None => Subscription::none(),
        }
    }
}
