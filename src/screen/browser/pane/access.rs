//! The pane's parts for the browser to change: its selection, the Trash and search
//! views, its viewport, listing and types, and what clicks and type-ahead remember.

use std::time::{Duration, Instant};

use porpoise_engine::listing::Lister;

use super::super::search::SearchView;
use super::{EntryTypes, Pane, TrashView, listing};
use crate::selection::Selection;
use crate::viewport::Viewport;

impl Pane {
    /// Its selection, to change.
    pub fn selection_mut(&mut self) -> &mut Selection {
        &mut self.selection
    }

    /// Take `selection` as its selection (undo of a rename puts one back).
    pub fn set_selection(&mut self, selection: Selection) {
        self.selection = selection;
    }

    /// Select every shown entry.
    pub fn select_all(&mut self) {
        self.selection
            .select_all(&crate::screen::browser::pane::tree::Rows::new(
                &self.lister,
                &self.tree,
            ));
    }

    /// Select the shown entries that are not selected, and unselect the others.
    pub fn invert_selection(&mut self) {
        self.selection
            .invert(&crate::screen::browser::pane::tree::Rows::new(
                &self.lister,
                &self.tree,
            ));
    }

    /// Extend the selection from its anchor to the shown entry at `index` (Shift).
    pub fn extend_selection_to(&mut self, index: usize) {
        self.selection.extend_to(
            &crate::screen::browser::pane::tree::Rows::new(&self.lister, &self.tree),
            index,
        );
    }

    /// Where the cursor is among the shown entries.
    pub fn cursor_position(&self) -> Option<usize> {
        self.selection
            .cursor_position(&crate::screen::browser::pane::tree::Rows::new(
                &self.lister,
                &self.tree,
            ))
    }

    /// The Trash view, to change.
    pub fn trash_mut(&mut self) -> Option<&mut TrashView> {
        self.trash.as_mut()
    }

    /// Show the trash (`Some`) or the folder again.
    pub fn set_trash(&mut self, trash: Option<TrashView>) {
        self.trash = trash;
    }

    /// Whether a menu, the drop menu or a question of the Trash view is open: it has the
    /// keyboard, Tab included.
    pub fn asks(&self) -> bool {
        matches!(self.mode, super::Mode::Menu(_) | super::Mode::Drop(_))
            || self
                .trash
                .as_ref()
                .is_some_and(|t| t.confirm_empty || t.confirm_purge)
    }

    /// Whether something open in it takes keys before the commands: what [`Pane::asks`],
    /// or a name being typed.
    pub fn holds_keys(&self) -> bool {
        self.asks() || matches!(self.mode, super::Mode::Naming(_))
    }

    /// Whether it shows the trash rather than a folder.
    pub fn in_trash(&self) -> bool {
        self.trash.is_some()
    }

    /// The search view, to change.
    pub fn search_mut(&mut self) -> Option<&mut SearchView> {
        self.search.as_mut()
    }

    /// Show search results (`Some`) or the folder again.
    pub fn set_search(&mut self, search: Option<SearchView>) {
        self.search = search;
    }

    /// Its part of the window, to change (a resize, a scroll).
    pub fn viewport_mut(&mut self) -> &mut Viewport {
        &mut self.viewport
    }

    /// Its listing, to change (hand over its entries to the cache).
    pub fn lister_mut(&mut self) -> &mut Lister {
        &mut self.lister
    }

    /// Its entries' types, to tell.
    pub fn types_mut(&mut self) -> &mut EntryTypes {
        &mut self.types
    }

    /// The listing it follows, to change.
    pub fn listing_mut(&mut self) -> &mut listing::Listing {
        &mut self.listing
    }

    /// Its folder has not answered for [`NO_ANSWER`].
    pub fn unanswered(&self) -> bool {
        self.unanswered
    }

    /// Whether a click on `name` at `now` is the second of a double click.
    pub fn is_double_click(&self, name: &[u8], now: Instant, within: Duration) -> bool {
        matches!(&self.last_click, Some((n, at)) if n == name && now.duration_since(*at) < within)
    }

    /// Remember a click on `name` at `now` (`None`: the next click is a first one).
    pub fn set_last_click(&mut self, click: Option<(Vec<u8>, Instant)>) {
        self.last_click = click;
    }

    /// What was typed ahead with `text` added at `now`: it starts again after `reset`.
    /// Escape: what was typed is forgotten (the next letter starts anew).
    pub fn end_type_ahead(&mut self) {
        self.typeahead.0.clear();
    }

    /// A name is being typed to find it: its last key was less than `reset` ago.
    pub fn typing_ahead(&self, now: Instant, reset: Duration) -> bool {
        !self.typeahead.0.is_empty() && now.duration_since(self.typeahead.1) <= reset
    }

    pub fn type_ahead(&mut self, text: &str, now: Instant, reset: Duration) -> String {
        if now.duration_since(self.typeahead.1) > reset {
            self.typeahead.0.clear();
        }
        self.typeahead.0.push_str(&text.to_lowercase());
        self.typeahead.1 = now;
        self.typeahead.0.clone()
    }
}
