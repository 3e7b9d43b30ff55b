//! The work the file actions ask for, as tasks: the clipboard thread, creating and
//! renaming, reading and changing the trash (off the UI thread), the name entry's focus.

use std::path::PathBuf;
use std::time::Duration;

use iced::Task;
use iced::widget::operation;

use crate::clipboard::{FileList, owner};
use porpoise_engine::jobs::trash::{self, HomeTrash, TrashItem};

use super::ActionMsg;
use super::names;

/// The id of the name entry (new folder, rename).
pub const NAME_INPUT: &str = "porpoise-name";

/// How long a drop from another application may take to deliver all its files.
const DROP_SETTLE: Duration = Duration::from_millis(120);

/// Put `list` on the clipboard (this window's clipboard thread serves it).
pub fn clipboard_put(list: FileList) -> Task<ActionMsg> {
    Task::perform(owner::put(list), ActionMsg::ClipboardPut)
}

/// Put `text` on the clipboard as plain text.
pub fn clipboard_put_text(text: String) -> Task<ActionMsg> {
    Task::perform(owner::put_text(text), ActionMsg::ClipboardPut)
}

/// Read the clipboard to paste into `dest`.
pub fn clipboard_read(dest: PathBuf) -> Task<ActionMsg> {
    Task::perform(owner::read(), move |r| {
        ActionMsg::ClipboardRead(dest.clone(), r)
    })
}

pub fn clipboard_clear() -> Task<ActionMsg> {
    Task::perform(owner::clear(), ActionMsg::ClipboardCleared)
}

/// `DropSettled(ticket)` once a drop had time to deliver all its files.
pub fn settle_drop(ticket: u64) -> Task<ActionMsg> {
    Task::perform(tokio::time::sleep(DROP_SETTLE), move |()| {
        ActionMsg::DropSettled(ticket)
    })
}

/// Put the keyboard in the name entry, its first `select` characters selected.
pub fn focus_name<T: Send + 'static>(select: usize) -> Task<T> {
    crate::tasks::batch([
        operation::focus(NAME_INPUT),
        operation::select_range(NAME_INPUT, 0, select),
    ])
}

pub fn create_folder(parent: PathBuf, name: Vec<u8>) -> Task<ActionMsg> {
    blocking(move || ActionMsg::Created(names::create_folder(&parent, &name).map(|_| name)))
}

pub fn rename(parent: PathBuf, from: Vec<u8>, to: Vec<u8>) -> Task<ActionMsg> {
    blocking(move || ActionMsg::Renamed(names::rename(&parent, &from, &to).map(|_| (from, to))))
}

/// Read the trash (this home trash and every mount's).
pub fn list_trash(home: HomeTrash) -> Task<ActionMsg> {
    blocking(move || ActionMsg::TrashListed(trash::list(&home)))
}

pub fn restore_trash(items: Vec<TrashItem>) -> Task<ActionMsg> {
    blocking(move || ActionMsg::TrashRestored(trash::restore(items)))
}

/// Delete these trash items for good.
pub fn purge_trash(items: Vec<TrashItem>) -> Task<ActionMsg> {
    blocking(move || ActionMsg::TrashEmptied(trash::purge(items)))
}

/// Delete everything in the trash (this home trash and every mount's) for good.
pub fn empty_trash(home: HomeTrash) -> Task<ActionMsg> {
    blocking(move || ActionMsg::TrashEmptied(trash::empty(&home).map(drop)))
}

/// Blocking file work on tokio's blocking pool, its outcome as a message.
fn blocking(work: impl FnOnce() -> ActionMsg + Send + 'static) -> Task<ActionMsg> {
    crate::offload::work("a file actions worker", work)
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
