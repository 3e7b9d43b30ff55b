//! The status bar: how many items (of how many, while filtered), what is selected and its
//! size, free space, and the last error worth telling.

use iced::widget::text::Wrapping;
use iced::widget::{container, row, space, text};
use iced::{Center, Element, Fill};

use crate::app::App;
use crate::format;
use crate::i18n::fl;
use crate::message::Message;
use crate::theme;
use porpoise_engine::listing::Progress;

/// The status bar's height: one line of small text and its padding.
const STATUS_HEIGHT: f32 = 28.0;

/// The left part of the status bar, as text.
pub fn summary(app: &App) -> String {
    if let Some(t) = app.trash_view() {
        return trash_summary(t);
    }
    let l = app.lister();
    match l.progress() {
        Progress::Opening => return fl!("status-loading"),
        Progress::Failed => return String::new(),
        _ => {}
    }
    let mut s = match app.unfiltered_len() {
        Some(total) => fl!("status-items-filtered", shown = l.len(), total = total),
        None => fl!("status-items", count = l.len()),
    };
    let (count, files, bytes) = app.selection().summary(l);
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

pub fn view(app: &App) -> Element<'_, Message> {
    // One line always: a long message is cut, never wrapped.
    let left = match app.status_error() {
        Some(e) => text(e.to_owned()).style(theme::error_text),
        None => text(summary(app)),
    }
    .wrapping(Wrapping::None);
    // What the last undo did, or why it could not.
    let note = app.job_note().map(|n| {
        let t = text(n.text.clone())
            .size(theme::SMALL_TEXT)
            .wrapping(Wrapping::None);
        if n.error {
            t.style(theme::error_text)
        } else {
            t.style(theme::muted)
        }
    });
    let free = match app.space() {
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
