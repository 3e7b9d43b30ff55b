//! The shown pane moving between folders, and the view options every pane shares (sort,
//! hidden files, view mode, Places). What a pane does on its own is in `pane`; here the
//! window adds what belongs to it: a folder left takes its menus, drags, name entry and
//! status message with it.

use std::path::PathBuf;

use porpoise_engine::listing::SortKey;

use super::super::effects::Effect;
use super::super::pane::{self, Around, Pane};
use super::super::settings::ViewMode;
use super::App;

impl App {
    /// Let the shown pane take a step; when it left its folder, what belonged to the
    /// folder left goes with it.
    pub(super) fn in_pane(
        &mut self,
        step: impl FnOnce(&mut Pane, Around<'_>) -> Vec<Effect>,
    ) -> Vec<Effect> {
        let before = self.pane.path().to_owned();
        let (pane, cx) = self.split();
        let mut effects = step(pane, cx);
        if self.pane.path() != before {
            self.actions.left_folder();
            // Another folder: what the status bar said about the last one goes.
            self.clear_status();
            effects.extend(self.save_tabs());
        }
        effects
    }

    /// Go to a folder chosen by the person (place, breadcrumb, typed path).
    pub(super) fn navigate(&mut self, path: PathBuf) -> Vec<Effect> {
        self.in_pane(|p, cx| p.navigate(path, cx))
    }

    pub(super) fn back(&mut self) -> Vec<Effect> {
        self.in_pane(Pane::back)
    }

    pub(super) fn forward(&mut self) -> Vec<Effect> {
        self.in_pane(Pane::forward)
    }

    pub(super) fn up(&mut self) -> Vec<Effect> {
        self.in_pane(Pane::up)
    }

    /// List the shown folder again from scratch, keeping the selection.
    pub(super) fn reload(&mut self) -> Vec<Effect> {
        self.status_error = None;
        self.pane.reload(&self.settings)
    }

    /// Open an entry: a folder (or a link to one) in the view, a file in its application.
    pub(super) fn activate(&mut self, name: &[u8]) -> Vec<Effect> {
        self.status_error = None;
        self.in_pane(|p, cx| p.activate(name, cx))
    }

    pub(super) fn submit_location(&mut self) -> Vec<Effect> {
        self.in_pane(Pane::submit_location)
    }

    pub(super) fn edit_location(&mut self) -> Vec<Effect> {
        self.pane.edit_location()
    }

    /// A column header: the pane with the keyboard sorts by it; new panes will too.
    pub(super) fn sort_by(&mut self, key: SortKey) -> Vec<Effect> {
        self.pane.sort_by(key);
        let (key, order) = self.pane.sort();
        self.settings.set_sort(key, order);
        let mut effects = self.reveal_cursor();
        effects.extend(self.save());
        effects
    }

    pub(super) fn set_view(&mut self, mode: ViewMode) -> Vec<Effect> {
        if self.settings.view == mode {
            return Vec::new();
        }
        self.settings.view = mode;
        self.pane.viewport.offset_y = 0.0;
        // One scroll: to the cursor if it would be out of view, else to the top.
        let mut effects = self.reveal_cursor();
        if effects.is_empty() {
            effects.push(self.pane.scroll_to(0.0));
        }
        effects.extend(self.save());
        effects
    }

    pub(super) fn toggle_hidden(&mut self) -> Vec<Effect> {
        self.settings.show_hidden = !self.settings.show_hidden;
        self.adopt_settings();
        let mut effects = self.reveal_cursor();
        effects.extend(self.save());
        effects
    }

    pub(super) fn toggle_places(&mut self) -> Vec<Effect> {
        self.settings.show_places = !self.settings.show_places;
        self.save()
    }

    /// Items per row of the shown view (1 in details).
    pub fn columns(&self) -> usize {
        self.pane.columns(self.settings.view)
    }

    /// Height of one row of the shown view.
    pub fn row_height(&self) -> f32 {
        pane::row_height(self.settings.view)
    }

    /// The top left corner of the view of the pane with the keyboard, in the window: its
    /// first row starts there (below the tab bar, and in split view below the pane's own
    /// location bar and to the right of the left pane).
    pub fn view_corner(&self) -> iced::Point {
        use crate::layout::{PANE_BAR_HEIGHT, VIEW_TOP};
        let places = self.places_width();
        // Places and the rule after it.
        let mut x = if places > 0.0 { places + 1.0 } else { 0.0 };
        let mut y = VIEW_TOP + self.tab_bar_height();
        if let Some(beside) = &self.beside {
            y += PANE_BAR_HEIGHT + 1.0;
            if beside.left {
                x += self.files_width() + 1.0;
            }
        }
        iced::Point::new(x, y)
    }

    /// A point in the window beside the entry at `index` (for a menu opened by key).
    pub(super) fn entry_point(&self, index: usize) -> iced::Point {
        use super::super::theme;
        let cols = self.columns();
        let (row, col) = (index / cols, index % cols);
        let corner = self.view_corner();
        let y = corner.y + (row as f32 + 0.8) * self.row_height() - self.pane.viewport.offset_y;
        let x = corner.x
            + match self.settings.view {
                ViewMode::Details => 60.0,
                ViewMode::Icons => (col as f32 + 0.5) * theme::TILE_WIDTH,
            };
        iced::Point::new(x, y.max(corner.y))
    }

    /// Scroll so the cursor's row is visible, if it is not.
    pub(super) fn reveal_cursor(&mut self) -> Vec<Effect> {
        self.pane.reveal_cursor(self.settings.view)
    }
}
