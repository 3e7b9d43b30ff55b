//! How a drag offered to other applications ended, told in the status bar when the
//! person would wonder: the application under the pointer did not take the files, or the
//! display could not be used.

use super::App;
use crate::drag_out::{DragOutMsg, Outcome};
use crate::i18n::fl;
use crate::message::Message;
use crate::screen::status::Note;
use iced::Task;

impl App {
    pub(super) fn on_drag_out_message(&mut self, m: DragOutMsg) -> Task<Message> {
        let DragOutMsg::Ended(outcome) = m;
        match outcome {
            Outcome::Refused => {
                self.status.note(Note::failed(fl!("drag-out-refused")));
            }
            Outcome::Failed(e) => {
                tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                self.status.note(Note::failed(fl!("drag-out-failed")));
            }
            Outcome::Stopped => {
                tracing::warn!("the thread that offers drags is gone");
                self.status.note(Note::failed(fl!("drag-out-failed")));
            }
            Outcome::Unconfirmed => {
                tracing::info!(
                    "the application the files were dropped on did not say it took them"
                );
            }
            // The target copied or moved them itself; a move shows here as the files
            // going, through the folder's watch.
            Outcome::Taken(_) | Outcome::NotDropped | Outcome::Cancelled => {}
        }
        Task::none()
    }
}
