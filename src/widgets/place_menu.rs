//! The menu of a bookmarked place (Open in New Tab, Rename…, Remove), at the pointer.

use iced::Element;

use super::menu::{Entry, Mark, menu};
use crate::app::App;
use crate::bookmarks::{BookmarkMsg, PlaceMenuItem};
use crate::i18n::fl;
use crate::message::Message;

/// The menu's layer, while it is open.
pub fn layer(app: &App) -> Option<Element<'_, Message>> {
    let m = app.bookmarks().menu.as_ref()?;
    let items = PlaceMenuItem::ALL
        .into_iter()
        .enumerate()
        .map(|(at, i)| Entry {
            label: label(i),
            message: Message::Bookmarks(BookmarkMsg::Pick(i)),
            mark: Mark::Plain,
            highlighted: m.highlighted == Some(at),
        })
        .collect();
    Some(menu(app, items, m.at, None))
}

pub fn label(i: PlaceMenuItem) -> String {
    match i {
        PlaceMenuItem::OpenInNewTab => fl!("place-menu-open-tab"),
        PlaceMenuItem::Rename => fl!("place-menu-rename"),
        PlaceMenuItem::Remove => fl!("place-menu-remove"),
    }
}
