//! The status bar's line: the shown folder's counts and selection (or the error told
//! instead), the note beside them, the free space at the right end.

use iced::widget::text::Wrapping;
use iced::widget::{container, row, space, text};
use iced::{Center, Element, Fill};

use super::Status;
use crate::format;
use crate::i18n::fl;
use crate::screen::browser::pane::Pane;
use crate::theme;
use porpoise_engine::listing::Progress;

/// The status bar's height: one line of small text and its padding.
const STATUS_HEIGHT: f32 = 28.0;

/// The left part of the status bar about the pane `pane`, as text.
pub fn summary(pane: &Pane) -> String {
    if let Some(t) = pane.trash_view() {
        return trash_summary(t);
    }
    let l = pane.lister();
    match l.progress() {
        Progress::Opening => return fl!("status-loading"),
        Progress::Failed => return String::new(),
        _ => {}
    }
    let mut s = match pane.unfiltered_len() {
        Some(total) => fl!("status-items-filtered", shown = l.len(), total = total),
        None => fl!("status-items", count = l.len()),
    };
    let (count, files, bytes) = pane.selection().summary(l);
    if count > 0 {
        s.push_str(", ");
        if files > 0 {
            let size = format::size(bytes);
            s.push_str(&fl!("status-selected", count = count, size = size));
        } else {
            s.push_str(&fl!("status-selected-folders", count = count));
        }
    }
    s
}

/// The Trash view's count and selection.
fn trash_summary(t: &crate::actions::TrashView) -> String {
    let Some(items) = &t.items else {
        return fl!("status-loading");
    };
    let mut s = fl!("status-items", count = items.len());
    if !t.selected.is_empty() {
        s.push_str(", ");
        s.push_str(&fl!("status-selected-folders", count = t.selected.len()));
    }
    s
}

impl Status {
    /// The status bar under the pane `pane` (with the keyboard).
    pub fn view<'a, M: 'a>(&'a self, pane: &Pane) -> Element<'a, M> {
        // One line always: a long message is cut, never wrapped.
        let left = match &self.error {
            Some(e) => text(e.clone()).style(theme::error_text),
            None => text(summary(pane)),
        }
        .wrapping(Wrapping::None);
        // What the last undo did, or why it could not.
        let note = self.note.as_ref().map(|n| {
            let t = text(n.text.clone())
                .size(theme::SMALL_TEXT)
                .wrapping(Wrapping::None);
            if n.error {
                t.style(theme::error_text)
            } else {
                t.style(theme::muted)
            }
        });
        let free = match pane.space() {
            Some((free, _)) => fl!("status-free", size = format::size(free)),
            None => String::new(),
        };
        container(
            row![left.size(theme::SMALL_TEXT)]
                .push(note)
                .push(row![
                    space().width(Fill),
                    text(free).size(theme::SMALL_TEXT).style(theme::muted)
                ])
                .spacing(16)
                .align_y(Center),
        )
        .padding([5, 12])
        .width(Fill)
        .height(STATUS_HEIGHT)
        .clip(true)
        .style(theme::side_panel)
        .into()
    }
}
