//! The status bar's line: the shown folder's counts and selection (or the error told
//! instead), the note beside them, the free space at the right end.

use iced::widget::text::Wrapping;
use iced::widget::{Column, button, column, container, mouse_area, row, space, text};
use iced::{Center, Element, Fill, Padding};

use super::{Message, Status};
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
    let (count, files, bytes) = pane.selection().summary(&pane.rows());
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
    pub fn view<'a>(&'a self, pane: &Pane) -> Element<'a, Message> {
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
        // The history of finished jobs, once one finished.
        let history = (!self.history.is_empty()).then(|| {
            button(
                text(fl!("status-history", count = self.history.len()))
                    .size(theme::SMALL_TEXT)
                    .wrapping(Wrapping::None),
            )
            .padding([1, 8])
            .style(button::text)
            .on_press(Message::ToggleHistory)
        });
        container(
            row![left.size(theme::SMALL_TEXT)]
                .push(note)
                .push(
                    row![space().width(Fill)]
                        .push(history)
                        .push(text(free).size(theme::SMALL_TEXT).style(theme::muted))
                        .spacing(8)
                        .align_y(Center),
                )
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

/// The history of finished jobs over the window, above the status bar at its right end,
/// the latest first; a click anywhere else closes it. `None` while it is closed.
pub fn history_layer(status: &Status) -> Option<Element<'_, Message>> {
    if !status.history_open || status.history.is_empty() {
        return None;
    }
    let mut lines = Column::new().spacing(6).width(460);
    lines = lines.push(text(fl!("status-history-title")).style(theme::muted));
    for f in status.history.iter().rev() {
        let outcome = text(f.outcome.clone()).size(theme::SMALL_TEXT);
        let outcome = if f.failed {
            outcome.style(theme::error_text)
        } else {
            outcome
        };
        lines = lines.push(
            column![
                row![
                    text(f.at.clone())
                        .size(theme::SMALL_TEXT)
                        .style(theme::muted),
                    text(f.what.clone())
                        .size(theme::SMALL_TEXT)
                        .wrapping(Wrapping::None)
                ]
                .spacing(8),
                outcome.wrapping(Wrapping::None),
            ]
            .spacing(1),
        );
    }
    let panel = container(lines.clip(true))
        .padding(12)
        .style(crate::widgets::menu::panel);
    let placed = container(panel)
        .width(Fill)
        .height(Fill)
        .align_right(Fill)
        .align_bottom(Fill)
        .padding(Padding {
            bottom: STATUS_HEIGHT + 2.0,
            right: 8.0,
            ..Padding::ZERO
        });
    let catcher = mouse_area(space().width(Fill).height(Fill)).on_press(Message::CloseHistory);
    Some(
        iced::widget::stack![catcher, placed]
            .width(Fill)
            .height(Fill)
            .into(),
    )
}
