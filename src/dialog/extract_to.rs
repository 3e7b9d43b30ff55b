//! "Extract To…": the archives picked, and the folder they go into, typed (it starts as
//! the folder shown). Extract starts the extraction job, which says what is wrong with
//! the folder if anything is; Escape closes, Enter extracts.

mod view;

use std::path::PathBuf;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};

/// The id of the folder field, which has the keyboard while the dialog is open.
pub const FOLDER_INPUT: &str = "extract-to-folder";

/// What the dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// Extract: the job to start; the dialog closes.
    Job(JobRequest),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Folder(String),
    Extract,
    Close,
}

/// The open dialog.
#[derive(Debug)]
pub struct ExtractTo {
    pub archives: Vec<PathBuf>,
    /// The folder typed.
    pub folder: String,
    /// The folder shown when it opened: a relative path typed is taken from there.
    from: PathBuf,
}

impl ExtractTo {
    /// The dialog for `archives`, the folder field holding `folder`, with the keyboard.
    pub fn open(archives: Vec<PathBuf>, folder: PathBuf) -> (ExtractTo, Task<Message>) {
        let dialog = ExtractTo {
            archives,
            folder: folder.to_string_lossy().into_owned(),
            from: folder,
        };
        (dialog, iced::widget::operation::focus(FOLDER_INPUT))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Folder(typed) => {
                self.folder = typed;
                None
            }
            Message::Extract => self.dest().map(|dest| {
                Event::Job(JobRequest {
                    kind: JobKind::Extract,
                    sources: self.archives.clone(),
                    dest,
                    modes: None,
                    compress: None,
                })
            }),
            Message::Close => Some(Event::Close),
        };
        (Task::none(), event)
    }

    /// The folder typed: from the root, from home (`~/…`) or from the folder shown.
    fn dest(&self) -> Option<PathBuf> {
        crate::history::resolve_typed(&self.folder, &self.from, &crate::places::home_dir())
    }

    /// Something is typed.
    pub fn ready(&self) -> bool {
        !self.folder.trim().is_empty()
    }

    /// Escape closes, Enter extracts (the field's Enter does too).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Extract),
            _ => None,
        }
    }
}
