//! The menu of a bookmarked place (Open in New Tab, Rename…, Remove), at the pointer.

use iced::Element;

use super::bookmarks::{BookmarkMsg, PlaceMenuItem};
use super::{Message, Places};
use crate::i18n::fl;
use crate::widgets::menu::{Entry, Mark, menu};

impl Places {
    /// The menu of a bookmark as a layer over the window (of size `window`), while it is
    /// open.
    pub fn menu_view(&self, window: iced::Size) -> Option<Element<'_, Message>> {
        let m = self.bookmarks.menu.as_ref()?;
        let close = Message::Bookmarks(BookmarkMsg::CloseMenu);
        Some(menu(window, self.menu_entries()?, m.at, None, close))
    }

    /// The entries of a bookmark's menu, while it is open.
    pub(crate) fn menu_entries(&self) -> Option<Vec<Entry<Message>>> {
        let m = self.bookmarks.menu.as_ref()?;
        let items = PlaceMenuItem::ALL
            .into_iter()
            .enumerate()
            .map(|(at, i)| Entry {
                label: label(i),
                message: Message::Bookmarks(BookmarkMsg::Pick(i)),
                mark: Mark::Plain,
                highlighted: m.highlighted == Some(at),
                hover: None,
            })
            .collect();
        Some(items)
    }
}

pub fn label(i: PlaceMenuItem) -> String {
    match i {
        PlaceMenuItem::OpenInNewTab => fl!("place-menu-open-tab"),
        PlaceMenuItem::Rename => fl!("place-menu-rename"),
        PlaceMenuItem::Remove => fl!("place-menu-remove"),
    }
}
