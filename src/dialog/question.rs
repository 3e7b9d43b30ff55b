//! The questions the window asks over everything else: a job's name conflict, a job's
//! pre-flight problems, or whether to delete for good. Several jobs may ask at once: the
//! job panel keeps the others until this one is answered. One of its buttons is
//! highlighted (Tab and the arrows move it, Enter or Space presses it); Escape answers a
//! job's question "Cancel" and closes the rest. A conflict has a name field: another
//! name typed there renames the incoming item to it; a folder meeting a folder is asked
//! to merge.

mod view;

use std::ffi::OsString;
use std::path::PathBuf;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::jobs::conflict::{Choice, is_entry_name};
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::preflight::{PreflightChoice, Problem};

use crate::dialog::unlock::Passphrase;
use crate::key_press::KeyPress;

/// The conflict's name field.
pub const NAME_FIELD: &str = "conflict-new-name";
/// The password field of an archive's question.
pub const PASSWORD_FIELD: &str = "archive-password";

/// What is asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// A job waits for an answer to a conflict.
    Conflict {
        job: u64,
        conflict: Conflict,
        /// The folder the item goes into, as its name.
        folder: String,
        /// The "Apply to all" box.
        for_all: bool,
        /// The name field, filled with the existing name: another name typed there
        /// turns "Keep both" into "Rename" to that name.
        new_name: String,
    },
    /// A job found problems before starting; with `can_proceed` it waits for a choice.
    Preflight {
        job: u64,
        problems: Vec<Problem>,
        can_proceed: bool,
    },
    /// An extraction waits for an archive's password, or (`job` `None`) an archive
    /// whose names are locked is being opened as a folder (`wrong`: the last one was).
    Password {
        job: Option<u64>,
        archive: PathBuf,
        wrong: bool,
        typed: Passphrase,
    },
    /// Delete these for good? (Shift+Del, or Del where the place keeps no trash: `no_trash`
    /// names that place, a remote one.)
    ConfirmDelete {
        paths: Vec<PathBuf>,
        no_trash: Option<String>,
    },
    /// A link whose target is gone was opened: move it to the trash? (as Nautilus asks)
    BrokenLink { link: PathBuf },
}

impl Ask {
    /// The job this question is about, if any.
    pub fn job(&self) -> Option<u64> {
        match self {
            Ask::Conflict { job, .. } | Ask::Preflight { job, .. } => Some(*job),
            Ask::Password { job, .. } => *job,
            Ask::ConfirmDelete { .. } | Ask::BrokenLink { .. } => None,
        }
    }

    /// How many characters of a password were typed, while it asks for one.
    pub fn password_len(&self) -> Option<usize> {
        match self {
            Ask::Password { typed, .. } => Some(typed.expose().chars().count()),
            _ => None,
        }
    }

    /// Its job waits for the answer (what only tells why a job cannot go on does not:
    /// the job ends by itself).
    pub fn holds(&self, job: u64) -> bool {
        self.job() == Some(job)
            && !matches!(
                self,
                Ask::Preflight {
                    can_proceed: false,
                    ..
                }
            )
    }
}

/// A button of the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Conflict(Choice),
    Preflight(PreflightChoice),
    /// Open the archive with the typed password.
    Password,
    Delete,
    /// Move a broken link to the trash.
    Trash,
    /// Close it (Cancel under "Delete for good?", Close under a notice).
    Close,
}

/// The question on screen, with its highlighted button.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub ask: Ask,
    /// The highlighted button (a place in [`Question::replies`]); its default until moved.
    highlighted: Option<usize>,
}

/// What a question asks of the window.
#[derive(Debug)]
pub enum Event {
    /// Put aside without an answer.
    Close,
    /// The answer; the dialog closes.
    Answer(Answer),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Reply(Reply),
    /// The conflict's "Apply to all" box.
    ApplyToAll(bool),
    /// The conflict's name field was edited.
    NewName(String),
    /// The password field was edited.
    Password(Passphrase),
    /// Move the highlight by so many buttons, round the end.
    Highlight(isize),
    /// Enter or Space: press the highlighted button.
    Press,
    /// Escape.
    Escape,
}

/// What the person answered a job, or that they want the files deleted.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Conflict {
        job: u64,
        choice: Choice,
        for_all: bool,
        /// With Rename: the name typed for the incoming item.
        new_name: Option<OsString>,
    },
    Preflight {
        job: u64,
        choice: PreflightChoice,
    },
    /// The password typed for a job's archive (or, `job` `None`, an archive opened as a
    /// folder); `None`: there is none (it fails).
    Password {
        job: Option<u64>,
        archive: PathBuf,
        password: Option<Passphrase>,
    },
    Delete(Vec<PathBuf>),
    /// Move these to the trash.
    Trash(Vec<PathBuf>),
}

impl Question {
    pub fn new(ask: Ask) -> Question {
        Question {
            ask,
            highlighted: None,
        }
    }

    /// Its buttons in the order they are shown (and Tab goes), and which of them is
    /// highlighted when it opens (what Enter does).
    pub fn replies(&self) -> (Vec<Reply>, usize) {
        match &self.ask {
            // A folder onto a folder: merging is the default, as in Nautilus (what is
            // inside is asked about as it comes, so nothing is lost by it).
            Ask::Conflict { conflict, .. } if conflict.source_is_dir && conflict.target_is_dir => (
                vec![
                    Reply::Conflict(Choice::Merge),
                    Reply::Conflict(Choice::Skip),
                    Reply::Conflict(Choice::Rename),
                    Reply::Conflict(Choice::Cancel),
                ],
                0,
            ),
            Ask::Conflict { .. } => (
                vec![
                    Reply::Conflict(Choice::Overwrite),
                    Reply::Conflict(Choice::OverwriteIfOlder),
                    Reply::Conflict(Choice::Skip),
                    Reply::Conflict(Choice::Rename),
                    Reply::Conflict(Choice::Cancel),
                ],
                3,
            ),
            Ask::Preflight {
                can_proceed: true, ..
            } => (
                vec![
                    Reply::Preflight(PreflightChoice::ReplaceCharacters),
                    Reply::Preflight(PreflightChoice::SkipThem),
                    Reply::Preflight(PreflightChoice::Cancel),
                ],
                0,
            ),
            Ask::Preflight { .. } => (vec![Reply::Close], 0),
            Ask::Password { .. } => (vec![Reply::Close, Reply::Password], 1),
            // Shift+Del asked for it: Delete is the default, as in Dolphin.
            Ask::ConfirmDelete { .. } => (vec![Reply::Close, Reply::Delete], 1),
            // The trash gives it back if that was wrong: the default, as in Nautilus.
            Ask::BrokenLink { .. } => (vec![Reply::Close, Reply::Trash], 1),
        }
    }

    /// The highlighted button's place among [`Question::replies`].
    pub fn highlighted(&self) -> usize {
        let (replies, default) = self.replies();
        self.highlighted
            .unwrap_or(default)
            .min(replies.len().saturating_sub(1))
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Reply(reply) => self.reply(reply),
            Message::ApplyToAll(on) => {
                if let Ask::Conflict { for_all, .. } = &mut self.ask {
                    *for_all = on;
                }
                None
            }
            Message::NewName(name) => {
                if let Ask::Conflict { new_name, .. } = &mut self.ask {
                    *new_name = name;
                }
                None
            }
            Message::Password(p) => {
                if let Ask::Password { typed, .. } = &mut self.ask {
                    *typed = p;
                }
                None
            }
            Message::Highlight(step) => {
                let n = self.replies().0.len().max(1) as isize;
                let at = self.highlighted() as isize;
                self.highlighted = Some((at + step).rem_euclid(n) as usize);
                None
            }
            Message::Press => {
                let (replies, _) = self.replies();
                replies
                    .get(self.highlighted())
                    .copied()
                    .and_then(|reply| self.reply(reply))
            }
            Message::Escape => match &self.ask {
                Ask::Conflict { .. } => self.reply(Reply::Conflict(Choice::Cancel)),
                Ask::Preflight {
                    can_proceed: true, ..
                } => self.reply(Reply::Preflight(PreflightChoice::Cancel)),
                Ask::Password { .. } => self.reply(Reply::Close),
                _ => Some(Event::Close),
            },
        };
        (Task::none(), event)
    }

    /// What a button does: an answer for the window to carry out, or the question closes
    /// (nothing while the typed name cannot be taken).
    fn reply(&self, reply: Reply) -> Option<Event> {
        match (&self.ask, reply) {
            (Ask::Conflict { job, for_all, .. }, Reply::Conflict(choice)) => {
                let typed = self.typed_name().filter(|_| choice == Choice::Rename);
                if typed == Some(None) {
                    // A name no folder can hold: the field says so, the question stays.
                    return None;
                }
                Some(Event::Answer(Answer::Conflict {
                    job: *job,
                    choice,
                    // A typed name is for this item alone.
                    for_all: *for_all && typed.is_none(),
                    new_name: typed.flatten(),
                }))
            }
            (
                Ask::Preflight {
                    job,
                    can_proceed: true,
                    ..
                },
                Reply::Preflight(choice),
            ) => Some(Event::Answer(Answer::Preflight { job: *job, choice })),
            // Nothing typed: the button waits.
            (Ask::Password { typed, .. }, Reply::Password) if typed.is_empty() => None,
            (
                Ask::Password {
                    job,
                    archive,
                    typed,
                    ..
                },
                Reply::Password,
            ) => Some(Event::Answer(Answer::Password {
                job: *job,
                archive: archive.clone(),
                password: Some(typed.clone()),
            })),
            // Cancel: the job hears there is none (the archive fails), never left waiting.
            (Ask::Password { job, archive, .. }, _) => Some(Event::Answer(Answer::Password {
                job: *job,
                archive: archive.clone(),
                password: None,
            })),
            (Ask::ConfirmDelete { paths, .. }, Reply::Delete) => {
                Some(Event::Answer(Answer::Delete(paths.clone())))
            }
            (Ask::BrokenLink { link }, Reply::Trash) => {
                Some(Event::Answer(Answer::Trash(vec![link.clone()])))
            }
            _ => Some(Event::Close),
        }
    }

    /// The name typed in a conflict's field when it differs from the existing one:
    /// `Some(Some(name))` for a name a folder can hold, `Some(None)` for one it cannot
    /// (empty, "." or "..", or with a "/").
    pub fn typed_name(&self) -> Option<Option<OsString>> {
        let Ask::Conflict {
            conflict, new_name, ..
        } = &self.ask
        else {
            return None;
        };
        if new_name.as_str() == crate::format::name_of(&conflict.target) {
            return None;
        }
        let name = OsString::from(new_name.as_str());
        Some(is_entry_name(&name).then_some(name))
    }

    /// What a key means here: it is modal. Escape answers "Cancel" (or closes), Enter or
    /// Space presses the highlighted button, Tab, Shift+Tab and the arrows move the
    /// highlight.
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Escape),
            Key::Named(Named::Enter | Named::Space) => Some(Message::Press),
            Key::Named(Named::Tab) => {
                Some(Message::Highlight(if k.modifiers.shift() { -1 } else { 1 }))
            }
            Key::Named(Named::ArrowRight | Named::ArrowDown) => Some(Message::Highlight(1)),
            Key::Named(Named::ArrowLeft | Named::ArrowUp) => Some(Message::Highlight(-1)),
            _ => None,
        }
    }
}

/// The folder a conflicting item goes into: the job's destination, or the matching
/// subfolder of it for an item inside a copied folder.
pub fn target_folder(request: &crate::request::JobRequest, c: &Conflict) -> PathBuf {
    request
        .sources
        .iter()
        .filter_map(|s| c.source.strip_prefix(s.parent()?).ok())
        .filter_map(|rel| rel.parent())
        .map(|rel| request.dest.join(rel))
        .next()
        .unwrap_or_else(|| request.dest.clone())
}
