//! The information panel (F11), docked on the right as Dolphin's: the selected item's
//! picture or icon, name, type, size, dates, owner and permissions, and for a picture its
//! size, camera and date taken; for several items their count and total size; with none
//! selected, the shown folder. It follows the selection as it changes (what it shows is
//! read off the UI thread) and reads nothing while hidden.

mod view;

use iced::Task;

use super::preview::{Asked, Looked, Target};

pub use view::{Show, WIDTH};

/// The longest side of the panel's picture.
pub const PICTURE: u32 = 224;

/// The panel's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// What was read for the look numbered `ticket` (`None`: skipped, no longer wanted).
    Read(u64, Option<Box<Looked>>),
}

/// What the panel is to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// One item (the selected one, or the shown folder when none is).
    One(Target),
    /// Several selected items: how many, and their size together (files' sizes).
    Several { count: usize, bytes: u64 },
}

/// The panel's state.
#[derive(Debug, Default)]
pub struct Info {
    subject: Option<Subject>,
    ticket: u64,
    looked: Option<Looked>,
    /// Its reads, one at a time.
    turns: super::preview::read::Turns,
}

impl Info {
    /// What it shows now.
    pub fn subject(&self) -> Option<&Subject> {
        self.subject.as_ref()
    }

    /// Show `subject`, reading a single item as `asked` says (its target is the
    /// subject's). The window calls it only when the subject changed.
    pub fn follow(&mut self, subject: Subject, asked: Option<Asked>) -> Task<Message> {
        self.ticket += 1;
        self.subject = Some(subject);
        self.looked = None;
        let Some(asked) = asked else {
            return Task::none();
        };
        let ticket = self.ticket;
        self.turns.want(ticket);
        let turns = self.turns.clone();
        crate::offload::work("the information panel's reader", move || {
            Message::Read(ticket, turns.read(ticket, &asked).map(Box::new))
        })
    }

    /// Forget what it showed (hidden: it reads nothing until shown again).
    pub fn hide(&mut self) {
        self.subject = None;
        self.looked = None;
        self.ticket += 1;
        self.turns.want(self.ticket);
    }

    pub fn update(&mut self, m: Message) {
        match m {
            Message::Read(ticket, Some(looked)) if ticket == self.ticket => {
                self.looked = Some(*looked)
            }
            Message::Read(..) => {}
        }
    }

    /// Read and shown: nothing the person waits for.
    pub fn is_read(&self) -> bool {
        matches!(self.subject, None | Some(Subject::Several { .. })) || self.looked.is_some()
    }
}
