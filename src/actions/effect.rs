//! The work the file actions ask for, off the UI thread: the clipboard thread, creating
//! and renaming, reading and changing the trash. The window runs it as tasks
//! ([`ActionEffect::into_task`]).

use std::path::PathBuf;
use std::time::Duration;

use iced::Task;
use iced::widget::operation;

use crate::clipboard::{FileList, owner};
use crate::message::Message;
use porpoise_engine::jobs::trash::{self, HomeTrash, TrashItem};

use super::ActionMsg;
use super::names;

/// The id of the name entry (new folder, rename).
pub const NAME_INPUT: &str = "porpoise-name";

/// How long a drop from another application may take to deliver all its files.
const DROP_SETTLE: Duration = Duration::from_millis(120);

#[derive(Debug, Clone)]
pub enum ActionEffect {
    ClipboardPut(FileList),
    /// Read the clipboard to paste into this folder.
    ClipboardRead(PathBuf),
    ClipboardClear,
    /// Ask for `DropSettled(ticket)` once a drop had time to deliver all its files.
    SettleDrop(u64),
    CreateFolder {
        parent: PathBuf,
        name: Vec<u8>,
    },
    Rename {
        parent: PathBuf,
        from: Vec<u8>,
        to: Vec<u8>,
    },
    /// Focus the name entry and select its first `select` characters.
    FocusName {
        select: usize,
    },
    /// Read the trash (this home trash and every mount's).
    ListTrash(HomeTrash),
    RestoreTrash(Vec<TrashItem>),
    /// Delete these trash items for good.
    PurgeTrash(Vec<TrashItem>),
    /// Delete everything in the trash (this home trash and every mount's) for good.
    EmptyTrash(HomeTrash),
}

/// A message of the browser's file actions, as the window's.
fn act(m: ActionMsg) -> Message {
    Message::Browser(crate::screen::browser::Message::Action(m))
}

impl ActionEffect {
    pub fn into_task(self) -> Task<Message> {
        match self {
            ActionEffect::ClipboardPut(list) => {
                Task::perform(owner::put(list), |r| act(ActionMsg::ClipboardPut(r)))
            }
            ActionEffect::ClipboardRead(dest) => Task::perform(owner::read(), move |r| {
                act(ActionMsg::ClipboardRead(dest.clone(), r))
            }),
            ActionEffect::ClipboardClear => {
                Task::perform(owner::clear(), |r| act(ActionMsg::ClipboardCleared(r)))
            }
            ActionEffect::SettleDrop(ticket) => {
                Task::perform(tokio::time::sleep(DROP_SETTLE), move |()| {
                    Message::Drag(ActionMsg::DropSettled(ticket))
                })
            }
            ActionEffect::FocusName { select } => Task::batch([
                operation::focus(NAME_INPUT),
                operation::select_range(NAME_INPUT, 0, select),
            ]),
            // The rest is blocking I/O: tokio's blocking pool.
            work => crate::offload::work("a file actions worker", move || work.run())
                .and_then(Task::done),
        }
    }

    /// Do the blocking work of this effect (on a worker thread) and return the message it
    /// produces; the rest is done by [`ActionEffect::into_task`].
    fn run(self) -> Option<Message> {
        Some(match self {
            ActionEffect::CreateFolder { parent, name } => act(ActionMsg::Created(
                names::create_folder(&parent, &name).map(|_| name),
            )),
            ActionEffect::Rename { parent, from, to } => act(ActionMsg::Renamed(
                names::rename(&parent, &from, &to).map(|_| (from, to)),
            )),
            ActionEffect::ListTrash(home) => act(ActionMsg::TrashListed(trash::list(&home))),
            ActionEffect::RestoreTrash(items) => {
                act(ActionMsg::TrashRestored(trash::restore(items)))
            }
            ActionEffect::PurgeTrash(items) => act(ActionMsg::TrashEmptied(trash::purge(items))),
            ActionEffect::EmptyTrash(home) => {
                act(ActionMsg::TrashEmptied(trash::empty(&home).map(drop)))
            }
            ActionEffect::ClipboardPut(_)
            | ActionEffect::ClipboardRead(_)
            | ActionEffect::ClipboardClear
            | ActionEffect::SettleDrop(_)
            | ActionEffect::FocusName { .. } => return None,
        })
    }
}

/// A create or rename failure in the person's words.
pub fn describe(e: &names::NameOpError) -> String {
    use crate::i18n::fl;
    use porpoise_engine::error::Reason;
    match e {
        names::NameOpError::Name(names::NameError::Empty) => fl!("name-error-empty"),
        names::NameOpError::Name(names::NameError::Slash) => fl!("name-error-slash"),
        names::NameOpError::Name(names::NameError::Dots) => fl!("name-error-dots"),
        names::NameOpError::Io(io) => match io.reason() {
            Reason::Exists => fl!("name-error-exists"),
            Reason::PermissionDenied => fl!("name-error-permission"),
            Reason::ReadOnly => fl!("name-error-read-only"),
            _ => fl!("name-error-other", error = crate::failures::why(io)),
        },
    }
}

/// A name check failure in the person's words (before any I/O).
pub fn describe_name_error(e: names::NameError) -> String {
    describe(&names::NameOpError::Name(e))
}
