//! Bookmarks reach the app here: reading the file at start and when it changes, Ctrl+D and
//! "Add to Places", a bookmark's menu (open in a new tab, rename, remove), editing its
//! label in place, and moving one before another by dragging it in Places.

use std::path::PathBuf;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::actions::DropTarget;
use crate::bookmarks::{BookmarkMsg, BookmarksEffect, Edit, PlaceMenu, PlaceMenuItem};
use crate::effects::Effect;
use crate::i18n::fl;
use crate::message::KeyPress;
use crate::places::Place;
use crate::tabs::TabMsg;

/// Where the first place's row starts in the window, and how far apart rows are (about:
/// only where a menu opened by a key goes depends on it).
const PLACES_TOP: f32 = 110.0;
const PLACE_ROW: f32 = 31.0;

impl App {
    /// The bookmarks file's place from the config home, and its first reading.
    pub(super) fn start_bookmarks(&mut self, config_home: Option<&std::path::Path>) -> Vec<Effect> {
        self.bookmarks.file = config_home.map(porpoise_engine::bookmarks::file_in);
        self.read_bookmarks()
    }

    fn read_bookmarks(&self) -> Vec<Effect> {
        match &self.bookmarks.file {
            Some(f) => vec![Effect::Bookmarks(BookmarksEffect::Read(f.clone()))],
            None => Vec::new(),
        }
    }

    fn edit_bookmarks(&self, edit: Edit) -> Vec<Effect> {
        match &self.bookmarks.file {
            Some(f) => vec![Effect::Bookmarks(BookmarksEffect::Change(f.clone(), edit))],
            None => Vec::new(),
        }
    }

    /// The bookmarked folders, in the file's order.
    pub fn bookmark_places(&self) -> &[Place] {
        &self.bookmarks.places
    }

    pub fn bookmarks(&self) -> &crate::bookmarks::BookmarksState {
        &self.bookmarks
    }

    pub(super) fn on_bookmark_message(&mut self, m: BookmarkMsg) -> Vec<Effect> {
        match m {
            BookmarkMsg::Loaded(Ok(places)) => {
                self.bookmarks.places = places;
                Vec::new()
            }
            BookmarkMsg::Loaded(Err(e)) => {
                tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                let error = crate::failures::why_io(e.io());
                self.status.error(fl!("bookmarks-failed", error = error));
                Vec::new()
            }
            BookmarkMsg::ChangedOutside => self.read_bookmarks(),
            BookmarkMsg::Add(path) => self.edit_bookmarks(Edit::Add(path)),
            BookmarkMsg::OpenMenu(path) => {
                self.pane.close_menus();
                self.bookmarks.menu = Some(PlaceMenu {
                    path,
                    at: self.actions.pointer,
                    highlighted: None,
                });
                Vec::new()
            }
            BookmarkMsg::CloseMenu => {
                self.bookmarks.menu = None;
                Vec::new()
            }
            BookmarkMsg::Pick(item) => self.place_menu_pick(item),
            BookmarkMsg::LabelInput(t) => {
                if let Some((_, text)) = &mut self.bookmarks.editing {
                    *text = t;
                }
                Vec::new()
            }
            BookmarkMsg::LabelSubmit => match self.bookmarks.editing.take() {
                Some((path, label)) => self.edit_bookmarks(Edit::Label(path, label)),
                None => Vec::new(),
            },
        }
    }

    /// A press anywhere: if it is on a bookmark, remember it (a release on another
    /// bookmark moves it there).
    pub(super) fn bookmark_pressed(&mut self) {
        self.bookmarks.pressed = match &self.actions.hover {
            Some(DropTarget::Place(p)) if self.bookmarks.places.iter().any(|b| &b.path == p) => {
                Some(p.clone())
            }
            _ => None,
        };
    }

    /// The left button came up over a place while nothing was dragged: a bookmark pressed
    /// before moves before the bookmark it came up over.
    pub(super) fn bookmark_released_on(&mut self, to: PathBuf) -> Vec<Effect> {
        match self.bookmarks.pressed.take() {
            Some(from) if from != to && self.bookmarks.places.iter().any(|b| b.path == to) => {
                self.edit_bookmarks(Edit::MoveBefore(from, Some(to)))
            }
            _ => Vec::new(),
        }
    }

    /// A drag would add its folders to Places if it ended here: over Places, not over a
    /// place (which takes the files themselves).
    pub fn is_bookmark_drop_hover(&self) -> bool {
        self.bookmarks.over_panel
            && self.actions.drag.as_ref().is_some_and(|d| d.active)
            && !matches!(self.actions.hover, Some(DropTarget::Place(_)))
    }

    /// Items dragged onto Places (not onto a place): the folders among them are
    /// bookmarked (which are folders is asked off the UI thread).
    pub(super) fn bookmark_dropped(&mut self, sources: Vec<PathBuf>) -> Vec<Effect> {
        self.edit_bookmarks(Edit::AddFolders(sources))
    }

    fn place_menu_pick(&mut self, item: PlaceMenuItem) -> Vec<Effect> {
        let Some(menu) = self.bookmarks.menu.take() else {
            return Vec::new();
        };
        match item {
            PlaceMenuItem::OpenInNewTab => self.on_tab_message(TabMsg::OpenBehind(menu.path)),
            PlaceMenuItem::Remove => self.edit_bookmarks(Edit::Remove(menu.path)),
            PlaceMenuItem::Rename => {
                let label = self
                    .bookmarks
                    .places
                    .iter()
                    .find(|p| p.path == menu.path)
                    .map(|p| p.name.clone())
                    .unwrap_or_default();
                self.bookmarks.editing = Some((menu.path, label));
                vec![Effect::Bookmarks(BookmarksEffect::FocusLabel)]
            }
        }
    }

    /// Ctrl+D bookmarks the shown folder; while a label is edited or a bookmark's menu is
    /// open, Escape ends them. `None` leaves the key to the rest of the app.
    pub(super) fn bookmark_key(&mut self, k: &KeyPress) -> Option<Vec<Effect>> {
        if k.key == Key::Named(Named::Escape)
            && (self.bookmarks.editing.is_some() || self.bookmarks.menu.is_some())
        {
            self.bookmarks.editing = None;
            self.bookmarks.menu = None;
            return Some(Vec::new());
        }
        if let Some(menu) = &mut self.bookmarks.menu {
            // The open menu has the keyboard: the arrows move, Enter or Space picks.
            let n = PlaceMenuItem::ALL.len();
            match k.key.as_ref() {
                Key::Named(Named::ArrowDown) => {
                    menu.highlighted = Some(menu.highlighted.map_or(0, |i| (i + 1) % n));
                }
                Key::Named(Named::ArrowUp) => {
                    menu.highlighted = Some(menu.highlighted.map_or(n - 1, |i| (i + n - 1) % n));
                }
                Key::Named(Named::Enter | Named::Space) => {
                    if let Some(&item) = menu.highlighted.and_then(|i| PlaceMenuItem::ALL.get(i)) {
                        return Some(self.place_menu_pick(item));
                    }
                }
                _ => {}
            }
            return Some(Vec::new());
        }
        // The Menu key or Shift+F10 on a bookmark in Places opens its menu beside it.
        let menu_key = matches!(k.key, Key::Named(Named::ContextMenu))
            || (k.key == Key::Named(Named::F10) && k.modifiers.shift());
        if menu_key && self.focused() == crate::focus::Part::Places {
            let cursor = self.places_cursor;
            let place = self
                .places_in_order()
                .get(cursor)
                .map(|p| (p.kind, p.path.clone()));
            if let Some((crate::places::PlaceKind::Bookmark, path)) = place {
                self.pane.close_menus();
                let at = iced::Point::new(
                    self.places_width() - 40.0,
                    PLACES_TOP + cursor as f32 * PLACE_ROW,
                );
                self.bookmarks.menu = Some(PlaceMenu {
                    path,
                    at,
                    highlighted: Some(0),
                });
                return Some(Vec::new());
            }
        }
        if k.captured
            || self.bookmarks.editing.is_some()
            || self.pane.naming().is_some()
            || self.pane.location().is_some()
        {
            return None;
        }
        let m = k.modifiers;
        match k.key.as_ref() {
            Key::Character(c)
                if m.control() && !m.alt() && !m.shift() && c.eq_ignore_ascii_case("d") =>
            {
                if self.pane.trash.is_some() {
                    return Some(Vec::new());
                }
                let here: PathBuf = self.path().to_owned();
                Some(self.edit_bookmarks(Edit::Add(here)))
            }
            _ => None,
        }
    }
}
