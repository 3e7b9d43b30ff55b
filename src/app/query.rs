//! Read access to the window's state, for the view and for tests.

use std::path::Path;

use porpoise_engine::listing::Lister;

use super::super::history::History;
use super::super::icons::IconSet;
use super::super::selection::Selection;
use super::super::settings::Settings;
use super::super::viewport::Viewport;
use super::App;

impl App {
    /// The pane with the keyboard (the shown tab's only pane without split view).
    pub fn pane(&self) -> &crate::pane::Pane {
        &self.pane
    }

    /// Whether the folder cache holds `folder` (folders no pane shows wait there).
    pub fn is_cached(&self, folder: &Path) -> bool {
        self.cache.contains(folder)
    }

    pub fn lister(&self) -> &Lister {
        &self.pane.lister
    }

    pub fn path(&self) -> &Path {
        self.pane.lister.path()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn selection(&self) -> &Selection {
        &self.pane.selection
    }

    /// The width of the Places panel now (0 when hidden or the window is too narrow).
    pub fn places_width(&self) -> f32 {
        crate::layout::places_width(self.settings.window_width, self.settings.show_places)
    }

    /// The width of a pane's file view now (half the room in split view).
    pub fn files_width(&self) -> f32 {
        let all = crate::layout::files_width(self.settings.window_width, self.settings.show_places);
        if self.beside.is_some() {
            ((all - 1.0) / 2.0).floor()
        } else {
            all
        }
    }

    /// The details view's columns that fit beside the name now.
    pub fn detail_columns(&self) -> crate::layout::Columns {
        crate::layout::Columns::fitting(self.files_width())
    }

    /// How many entries the folder `name` of the shown folder holds, once counted.
    pub fn folder_count(&self, name: &[u8]) -> Option<u64> {
        self.pane.folder_counts.get(name).copied()
    }

    pub fn viewport(&self) -> &Viewport {
        &self.pane.viewport
    }

    pub fn history(&self) -> &History {
        &self.pane.history
    }

    pub fn location(&self) -> Option<&str> {
        self.pane.location()
    }

    /// The open menu (an entry's, the folder's, the Trash view's or the main menu).
    pub fn menu(&self) -> Option<&super::super::actions::ContextMenu> {
        self.pane.menu()
    }

    /// The open drop menu.
    pub fn drop_menu(&self) -> Option<&super::super::actions::DropMenu> {
        self.pane.drop_menu()
    }

    /// The open name entry (a new folder's or a rename).
    pub fn naming(&self) -> Option<&super::super::actions::NameEntry> {
        self.pane.naming()
    }

    /// The filter box's text while it is open.
    pub fn filter(&self) -> Option<&str> {
        self.pane.filter.as_deref()
    }

    /// While a filter hides entries: how many the folder shows without it.
    pub fn unfiltered_len(&self) -> Option<usize> {
        self.pane.unfiltered_len()
    }

    /// Clipboard, drag and drop, menus, name entry, Trash view.
    pub fn actions(&self) -> &super::super::actions::ActionState {
        &self.actions
    }

    /// The Trash view, when the shown tab shows the trash.
    pub fn trash_view(&self) -> Option<&super::super::actions::TrashView> {
        self.pane.trash.as_ref()
    }

    pub fn icons(&self) -> &IconSet {
        &self.icons
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// The home trash this window trashes into.
    pub fn trash(&self) -> &porpoise_engine::jobs::trash::HomeTrash {
        &self.trash
    }

    pub fn space(&self) -> Option<(u64, u64)> {
        self.pane.space
    }

    /// What the status bar tells besides the counts.
    pub fn status(&self) -> &crate::screen::status::Status {
        &self.status
    }

    /// The shown names, in order (as `format::shown_name` shows them).
    pub fn shown_names(&self) -> Vec<String> {
        self.pane
            .lister
            .iter()
            .map(|(_, n)| crate::format::shown_name(n))
            .collect()
    }

    /// What the file view says instead of a list, if anything.
    pub fn notice(&self) -> Option<String> {
        self.pane.notice()
    }
}
