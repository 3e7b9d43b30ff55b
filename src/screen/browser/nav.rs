//! The pane with the keyboard taking its messages, and the view options every pane
//! shares (hidden files, view mode, Places). What a pane does on its own is in `pane`;
//! here the window adds what belongs to it: a folder left takes its drags and status
//! message with it, a sort chosen is the one new panes start with.

use iced::Task;
use porpoise_engine::listing::DirEvent;

use super::pane::{PaneEvent, PaneMsg};
use super::tabs::TabMsg;
use super::{Browser, Context, Event, Message};
use crate::i18n::fl;
use crate::settings::{Settings, ViewMode};

impl Browser {
    /// A message for the pane with the keyboard (Ctrl+click on a place or the breadcrumb
    /// opens the folder in a tab behind instead); the answers of a listing's work go to
    /// every pane that follows the listing.
    pub fn pane_message(&mut self, m: PaneMsg, cx: &mut Context) -> Task<Message> {
        match m {
            PaneMsg::FolderCounts(generation, _) | PaneMsg::Space(generation, _) => {
                for pane in self.panes_following(generation) {
                    pane.take_answer(m.clone());
                }
                return Task::none();
            }
            PaneMsg::Navigate(path) if cx.modifiers.control() => {
                return self.on_tab_message(TabMsg::OpenBehind(path), cx);
            }
            PaneMsg::Activate(name) if self.is_file_entry(&name) && self.pane.in_archive() => {
                cx.tell(Event::Error(fl!(
                    "status-archive-open-file",
                    name = crate::format::shown_name(&name)
                )));
                return Task::none();
            }
            // An archive opens as a folder (in the pane, below), a file in its application.
            PaneMsg::Activate(name)
                if self.is_file_entry(&name) && !self.is_archive_entry(&name) =>
            {
                cx.tell(Event::ClearError);
                return self.open_entry(&name, cx);
            }
            PaneMsg::Reload | PaneMsg::Activate(_) => cx.tell(Event::ClearError),
            _ => {}
        }
        let (pane, around) = self.split(cx);
        let (task, event) = pane.update(m, around);
        self.on_pane_event(event, cx);
        task.map(Message::Pane)
    }

    /// A listing event of the pane with the keyboard (it may lead it elsewhere: a file
    /// asked for opens its folder).
    pub(super) fn focused_dir_event(&mut self, event: DirEvent, cx: &mut Context) -> Task<Message> {
        let (pane, around) = self.split(cx);
        let (task, said) = pane.on_dir_event(event, true, around);
        self.on_pane_event(said, cx);
        task.map(Message::Pane)
    }

    /// What the browser does when its pane with the keyboard tells it something.
    fn on_pane_event(&mut self, event: Option<PaneEvent>, cx: &mut Context) {
        match event {
            None => {}
            Some(PaneEvent::LeftFolder) => {
                self.marks.left_folder();
                // Another folder: what the status bar said about the last one goes.
                cx.tell(Event::LeftFolder);
                self.save_tabs(cx);
            }
            Some(PaneEvent::Sorted(key, order)) => {
                cx.settings.set_sort(key, order);
                cx.tell(Event::Save);
            }
            Some(PaneEvent::Scrolled) => cx.tell(Event::Scrolled),
            Some(PaneEvent::Locked { archive, wrong }) => {
                cx.tell(Event::ArchiveLocked { archive, wrong });
            }
            Some(PaneEvent::Connect(address)) => cx.tell(Event::Connect(address)),
            Some(PaneEvent::Say { text, failed }) => cx.tell(Event::Note(match failed {
                true => crate::screen::status::Note::failed(text),
                false => crate::screen::status::Note::said(text),
            })),
        }
    }

    pub(super) fn set_view(&mut self, mode: ViewMode, cx: &mut Context) -> Task<Message> {
        if cx.settings.view == mode {
            return Task::none();
        }
        cx.settings.view = mode;
        cx.tell(Event::Save);
        if mode != ViewMode::Details {
            // Folders open in place in the details view only: the others show the top.
            self.close_open_folders(cx);
        }
        // One scroll: to the cursor if it would be out of view, else to the top.
        self.pane.scroll_to_cursor_or_top(cx.settings.shape())
    }

    pub fn toggle_hidden(&mut self, cx: &mut Context) -> Task<Message> {
        cx.settings.show_hidden = !cx.settings.show_hidden;
        self.adopt_settings(cx.settings);
        cx.tell(Event::Save);
        self.reveal_cursor(cx.settings)
    }

    /// Bigger or smaller icons in the icons view (`steps` 0: the usual size), keeping the
    /// cursor in sight; the details view has no icons to zoom.
    pub(super) fn zoom(&mut self, steps: i32, cx: &mut Context) -> Task<Message> {
        if cx.settings.view != ViewMode::Icons {
            return Task::none();
        }
        let changed = if steps == 0 {
            let usual = crate::theme::ICON_SIZES[crate::theme::DEFAULT_ICON];
            std::mem::replace(&mut cx.settings.icon_size, usual) != usual
        } else {
            cx.settings.zoom(steps)
        };
        if !changed {
            return Task::none();
        }
        cx.tell(Event::Save);
        self.reveal_cursor(cx.settings)
    }

    pub(super) fn toggle_places(&mut self, cx: &mut Context) {
        cx.settings.show_places = !cx.settings.show_places;
        cx.tell(Event::Save);
    }

    /// Items per row of the shown view (1 in details) under `s`.
    pub fn columns(&self, s: &Settings) -> usize {
        self.pane.columns(s.shape())
    }

    /// The top left corner of the view of the pane with the keyboard, in the window of
    /// settings `s`: its first row starts there (below the tab bar, and in split view
    /// below the pane's own location bar and to the right of the left pane).
    pub fn view_corner(&self, s: &Settings) -> iced::Point {
        use crate::layout::{PANE_BAR_HEIGHT, VIEW_TOP};
        let places = crate::layout::places_width(s.window_width, s.show_places);
        // Places and the rule after it.
        let mut x = if places > 0.0 { places + 1.0 } else { 0.0 };
        let mut y = VIEW_TOP + self.tab_bar_height();
        if let Some(beside) = &self.beside {
            y += PANE_BAR_HEIGHT + 1.0;
            if beside.left {
                x += self.files_width(s) + 1.0;
            }
        }
        iced::Point::new(x, y)
    }

    /// A point in the window beside the entry at `index` (for a menu opened by key).
    pub(super) fn entry_point(&self, index: usize, s: &Settings) -> iced::Point {
        let cols = self.columns(s);
        let (row, col) = (index / cols, index % cols);
        let corner = self.view_corner(s);
        let row_height = s.shape().row_height();
        let y = corner.y + (row as f32 + 0.8) * row_height - self.pane.viewport().offset_y;
        let x = corner.x
            + match s.view {
                ViewMode::Details => 60.0,
                ViewMode::Icons => (col as f32 + 0.5) * s.shape().tile_width(),
            };
        iced::Point::new(x, y.max(corner.y))
    }

    /// The width of a pane's file view now (half the room in split view).
    pub fn files_width(&self, s: &Settings) -> f32 {
        let all = crate::layout::files_width(s.window_width, s.show_places, s.show_info);
        if self.beside.is_some() {
            ((all - 1.0) / 2.0).floor()
        } else {
            all
        }
    }

    /// Where the entry at `index` of the pane with the keyboard is drawn in the window:
    /// its row across the view, or its tile.
    pub fn entry_rect(&self, index: usize, s: &Settings) -> iced::Rectangle {
        let cols = self.columns(s);
        let (row, col) = (index / cols, index % cols);
        let corner = self.view_corner(s);
        let height = s.shape().row_height();
        let y = corner.y + row as f32 * height - self.pane.viewport().offset_y;
        let (x, width) = match s.view {
            ViewMode::Details => (corner.x, self.files_width(s)),
            ViewMode::Icons => {
                let tile = s.shape().tile_width();
                (corner.x + col as f32 * tile, tile)
            }
        };
        iced::Rectangle {
            x,
            y,
            width,
            height,
        }
    }

    /// Scroll so the cursor's row is visible, if it is not.
    pub(super) fn reveal_cursor(&mut self, s: &Settings) -> Task<Message> {
        self.pane.reveal_cursor(s.shape())
    }
}
