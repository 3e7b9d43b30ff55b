//! The pane with the keyboard taking its messages, and the view options every pane
//! shares (hidden files, view mode, Places). What a pane does on its own is in `pane`;
//! here the window adds what belongs to it: a folder left takes its drags and status
//! message with it, a sort chosen is the one new panes start with.

use porpoise_engine::listing::DirEvent;

use super::super::effects::Effect;
use super::super::pane::{PaneEvent, PaneMsg};
use super::super::settings::ViewMode;
use super::super::tabs::TabMsg;
use super::App;

impl App {
    /// A message for the pane with the keyboard (Ctrl+click on a place or the breadcrumb
    /// opens the folder in a tab behind instead).
    pub(super) fn pane_message(&mut self, m: PaneMsg) -> Vec<Effect> {
        match m {
            PaneMsg::Navigate(path) if self.modifiers.control() => {
                return self.on_tab_message(TabMsg::OpenBehind(path));
            }
            PaneMsg::Activate(name) if self.is_file_entry(&name) => {
                self.status.clear_error();
                return self.open_entry(&name);
            }
            PaneMsg::Reload | PaneMsg::Activate(_) => self.status.clear_error(),
            _ => {}
        }
        let (pane, cx) = self.split();
        let (mut effects, event) = pane.update(m, cx);
        effects.extend(self.on_pane_event(event));
        effects
    }

    /// A listing event of the pane with the keyboard (it may lead it elsewhere: a file
    /// asked for opens its folder).
    pub(super) fn focused_dir_event(&mut self, event: DirEvent) -> Vec<Effect> {
        let (pane, cx) = self.split();
        let (mut effects, said) = pane.on_dir_event(event, cx);
        effects.extend(self.on_pane_event(said));
        effects
    }

    /// What the window does when its pane with the keyboard tells it something.
    fn on_pane_event(&mut self, event: Option<PaneEvent>) -> Vec<Effect> {
        match event {
            None => Vec::new(),
            Some(PaneEvent::LeftFolder) => {
                self.actions.left_folder();
                // Another folder: what the status bar said about the last one goes.
                self.clear_status();
                self.save_tabs()
            }
            Some(PaneEvent::Sorted(key, order)) => {
                self.settings.set_sort(key, order);
                self.save()
            }
            Some(PaneEvent::Scrolled) => {
                self.actions.hover = None;
                Vec::new()
            }
        }
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

    /// Bigger or smaller icons in the icons view (`steps` 0: the usual size), keeping the
    /// cursor in sight; the details view has no icons to zoom.
    pub(super) fn zoom(&mut self, steps: i32) -> Vec<Effect> {
        if self.settings.view != ViewMode::Icons {
            return Vec::new();
        }
        let changed = if steps == 0 {
            let usual = crate::theme::ICON_SIZES[crate::theme::DEFAULT_ICON];
            std::mem::replace(&mut self.settings.icon_size, usual) != usual
        } else {
            self.settings.zoom(steps)
        };
        if !changed {
            return Vec::new();
        }
        let mut effects = self.reveal_cursor();
        effects.extend(self.save());
        effects
    }

    pub(super) fn toggle_places(&mut self) -> Vec<Effect> {
        self.settings.show_places = !self.settings.show_places;
        self.save()
    }

    /// Ctrl is held (a wheel turn over the icons view zooms).
    pub fn ctrl_held(&self) -> bool {
        self.modifiers.control()
    }

    /// Items per row of the shown view (1 in details).
    pub fn columns(&self) -> usize {
        self.pane.columns(self.settings.shape())
    }

    /// Height of one row of the shown view.
    pub fn row_height(&self) -> f32 {
        self.settings.shape().row_height()
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
        let cols = self.columns();
        let (row, col) = (index / cols, index % cols);
        let corner = self.view_corner();
        let y = corner.y + (row as f32 + 0.8) * self.row_height() - self.pane.viewport.offset_y;
        let x = corner.x
            + match self.settings.view {
                ViewMode::Details => 60.0,
                ViewMode::Icons => (col as f32 + 0.5) * self.settings.shape().tile_width(),
            };
        iced::Point::new(x, y.max(corner.y))
    }

    /// Scroll so the cursor's row is visible, if it is not.
    pub(super) fn reveal_cursor(&mut self) -> Vec<Effect> {
        self.pane.reveal_cursor(self.settings.shape())
    }
}
