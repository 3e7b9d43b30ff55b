//! Files dragged out of the window into other applications (a browser's upload field, a
//! mail composer, another file manager). On X11 the drag is offered over XDND as
//! `text/uri-list` by a thread of its own with its own connection to the display
//! ([`thread`]): it follows the pointer while the window's drag lasts, and takes over only
//! while the pointer is over another program's window that takes drops. The target copies
//! or moves the files itself, as it asks. The window's side is here: the effect that hands
//! a drag over, and the message that tells how it ended.

mod display;
mod find;
mod from_archive;
pub mod payload;
mod selection;
mod session;
mod thread;

use std::path::PathBuf;
use std::sync::Arc;

use crate::x11::X11Error;

/// How long the target has to answer a position before the source stops waiting.
const STATUS_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
/// How long a target has after a drop to say it is finished with the files.
const FINISH_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// What a drop asked the target to do with the files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropAction {
    Copy,
    Move,
    Link,
    /// Something of the target's own (XDND's "ask" or "private").
    Other,
}

impl DropAction {
    /// What the held keys ask for, as file managers read them: Shift moves, Ctrl copies,
    /// both link, none copies (another application decides what a plain drop does with
    /// the action it is offered).
    pub fn from_keys(shift: bool, ctrl: bool) -> DropAction {
        match (shift, ctrl) {
            (true, true) => DropAction::Link,
            (true, false) => DropAction::Move,
            _ => DropAction::Copy,
        }
    }
}

/// How a drag handed to the XDND source ended.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// It was not released over another application's drop target (the window's own
    /// drop, or a window that takes no drops).
    NotDropped,
    /// Another application took the files and did this with them.
    Taken(DropAction),
    /// Released over an application that did not take the files.
    Refused,
    /// Dropped, but the target did not say in time that it is done with them.
    Unconfirmed,
    /// Escape, or another drag, ended it.
    Cancelled,
    /// The display could not be used.
    Failed(Arc<X11Error>),
    /// The thread that offers drags is gone.
    Stopped,
}

/// The drag-out messages (one variant of the app's `Message`).
#[derive(Debug, Clone)]
pub enum DragOutMsg {
    /// A drag handed to the XDND source ended so.
    Ended(Outcome),
}

/// What the app asks of the XDND source.
#[derive(Debug, Clone, PartialEq)]
pub enum DragOutEffect {
    /// A drag of these files started in the window: offer them to the application under
    /// the pointer whenever it is outside the window, until the button comes up.
    Start(Vec<PathBuf>),
    /// The window's drag was cancelled (Escape): leave the other application's window.
    Cancel,
}

impl DragOutEffect {
    /// The task that does it in the window. A drag is handed over only when the window is
    /// an X11 window (its id comes from iced's window handle); on Wayland nothing happens.
    pub fn into_task(self) -> iced::Task<DragOutMsg> {
        match self {
            DragOutEffect::Start(paths) => iced::window::latest()
                .and_then(|id| iced::window::run(id, crate::x11::window_id))
                .then(move |window| match window {
                    Some(window) => {
                        iced::Task::perform(thread::drag(window, paths.clone()), DragOutMsg::Ended)
                    }
                    None => iced::Task::none(),
                }),
            DragOutEffect::Cancel => {
                thread::cancel();
                iced::Task::none()
            }
        }
    }
}
