//! The status bar: how many items the shown folder holds (of how many, while filtered),
//! what is selected and its size, the free space; and beside or instead of them for a
//! while, what the window has to tell: an error (it stays longer) or a note of what
//! happened; and a button that opens the history of the jobs that finished.

mod accessible;
mod view;

use std::time::{Duration, Instant};

use iced::Subscription;

pub use view::summary;

pub use view::history_layer;

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

/// How many finished jobs the status bar's history keeps.
pub const HISTORY_KEPT: usize = 12;

/// A job that finished, as the history shows it: what it was, what it did, when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// "Copying “notes.txt” to work".
    pub what: String,
    /// "Copied 1 file", or what failed.
    pub outcome: String,
    /// The wall-clock time it finished, as "14:05".
    pub at: String,
    /// Something in it failed.
    pub failed: bool,
}

/// The status bar's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// Its clock, while it shows a message (which goes after a while).
    Clock(Instant),
    /// The "Finished" button: the history of finished jobs opens or closes.
    ToggleHistory,
    /// A click anywhere else closes the history.
    CloseHistory,
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
    /// The jobs that finished, the latest last, at most [`HISTORY_KEPT`].
    history: std::collections::VecDeque<Finished>,
    /// The history is open over the window.
    history_open: bool,
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

    /// A job finished: the history keeps it (the oldest goes beyond [`HISTORY_KEPT`]).
    pub fn remember(&mut self, finished: Finished) {
        if self.history.len() == HISTORY_KEPT {
            self.history.pop_front();
        }
        self.history.push_back(finished);
    }

    /// The finished jobs kept, the latest last.
    pub fn history(&self) -> impl Iterator<Item = &Finished> {
        self.history.iter()
    }

    /// Whether the history is open.
    pub fn history_open(&self) -> bool {
        self.history_open
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
        let now = match m {
            Message::Clock(now) => now,
            Message::ToggleHistory => {
                self.history_open = !self.history_open && !self.history.is_empty();
                return;
            }
            Message::CloseHistory => {
                self.history_open = false;
                return;
            }
        };
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
