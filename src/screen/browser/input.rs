//! Mouse and keyboard in the file view: clicks and double-clicks, selection moves,
//! shortcuts (F5 and F6 copy and move to the other pane in split view) and type-ahead.

use iced::Task;
use std::time::{Duration, Instant};

use super::commands::{self, Command, Move};
use super::menus::act;
use super::pane::PaneMsg;
use super::pane::tree::split_key;
use super::{Browser, Context, Event, Message};
use crate::actions::work;
use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};
use crate::screen::status::Note;

/// Two clicks on the same entry within this time open it.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(450);
/// Type-ahead forgets what was typed after this pause.
const TYPEAHEAD_RESET: Duration = Duration::from_millis(1000);

impl Browser {
    /// A click on an entry: select it (Ctrl toggles, Shift extends); a second click on the
    /// same entry soon after opens it.
    pub fn clicked(&mut self, name: Vec<u8>, cx: &mut Context) -> Task<Message> {
        cx.tell(Event::FocusView);
        let now = Instant::now();
        let m = cx.modifiers;
        let double = self.pane.is_double_click(&name, now, DOUBLE_CLICK);
        if double && !m.control() && !m.shift() {
            self.pane.set_last_click(None);
            return self.pane_message(PaneMsg::Activate(name), cx);
        }
        if m.control() {
            self.pane.selection_mut().toggle(&name);
        } else if m.shift() {
            if let Some(i) = self.pane.rows().position(&name) {
                self.pane.extend_selection_to(i);
            }
        } else {
            self.pane.selection_mut().select_only(&name);
        }
        self.pane.end_location();
        self.pane.set_last_click(Some((name, now)));
        Task::none()
    }

    /// A screen reader's focus request on the row keyed `key`: it alone is selected, with
    /// the cursor, and shown.
    pub(super) fn point_at(&mut self, key: Vec<u8>, cx: &mut Context) -> Task<Message> {
        if self.pane.rows().position(&key).is_none() {
            return Task::none();
        }
        cx.tell(Event::FocusView);
        self.pane.end_location();
        self.pane.selection_mut().select_only(&key);
        self.reveal_cursor(cx.settings)
    }

    /// A key that reached the browser (no dialog is open and no other part of the window
    /// holds the keyboard): the search view while it is shown, then what is open in the
    /// pane (a menu, a name, a question), else the key's command.
    pub fn key(&mut self, k: &KeyPress, cx: &mut Context) -> Task<Message> {
        if self.pane.search().is_some()
            && let Some(task) = self.search_key(k, cx)
        {
            return task;
        }
        if self.pane.holds_keys()
            && let Some(task) = self.open_menu_key(k, cx)
        {
            return task;
        }
        self.command_key(k, cx)
    }

    /// A key's command (the keys no part before took).
    pub(super) fn command_key(&mut self, k: &KeyPress, cx: &mut Context) -> Task<Message> {
        let Some(command) = commands::command(k) else {
            return Task::none();
        };
        if let Command::Tabs(m) = command {
            return self.on_tab_message(m, cx);
        }
        if self.pane.location().is_some() && command != Command::CancelLocation {
            // The location input has the keyboard; other keys belong to it.
            return Task::none();
        }
        match command {
            // In the details view Right and Left open and close folders in place.
            Command::Move {
                to: to @ (Move::Right | Move::Left),
                extend: false,
            } if cx.settings.view == crate::settings::ViewMode::Details => {
                self.open_or_close(to, cx)
            }
            Command::Move { to, extend } => self.move_cursor(to, extend, cx.settings),
            Command::Open => match self.pane.selection().cursor().map(<[u8]>::to_vec) {
                Some(name) => self.pane_message(PaneMsg::Activate(name), cx),
                None => Task::none(),
            },
            Command::GoUp => self.pane_message(PaneMsg::Up, cx),
            Command::Back => self.pane_message(PaneMsg::Back, cx),
            Command::Forward => self.pane_message(PaneMsg::Forward, cx),
            Command::ToggleHidden => self.toggle_hidden(cx),
            Command::Zoom(steps) => self.zoom(steps, cx),
            Command::Reload => self.pane_message(PaneMsg::Reload, cx),
            Command::EditLocation => self.pane_message(PaneMsg::EditLocation, cx),
            Command::CancelLocation => {
                if self.pane.end_location() {
                    Task::none()
                } else if self.pane.filter().is_some() {
                    self.pane.close_filter(cx.settings.shape())
                } else {
                    self.pane.selection_mut().clear();
                    self.pane.end_type_ahead();
                    Task::none()
                }
            }
            Command::Filter => self.pane.open_filter(),
            Command::Search => self.open_search(),
            Command::SelectAll => {
                self.pane.select_all();
                Task::none()
            }
            Command::InvertSelection => {
                self.pane.invert_selection();
                Task::none()
            }
            Command::CopyLocation => {
                let of_selection = !self.pane.selection().is_empty();
                self.copy_location(of_selection)
            }
            Command::CreateLink => self.beside_selection(JobKind::Link, cx),
            Command::Shortcuts => {
                cx.tell(Event::Help(crate::dialog::help::Page::Shortcuts));
                Task::none()
            }
            Command::TypeAhead(text) => self.type_ahead(&text, cx),
            Command::Trash
            | Command::DeleteForGood
            | Command::Paste
            | Command::NewFolder
            | Command::NewFile
            | Command::Rename
            | Command::Clipboard { cut: true }
                if self.refused_here(cx) =>
            {
                Task::none()
            }
            Command::Trash => self.trash_selection(cx),
            Command::DeleteForGood => {
                let paths = self.selected_paths();
                if !paths.is_empty() {
                    cx.tell(Event::AskDelete(paths));
                }
                Task::none()
            }
            Command::Undo => {
                cx.tell(Event::Undo);
                Task::none()
            }
            Command::Redo => {
                cx.tell(Event::Redo);
                Task::none()
            }
            Command::MoveCursor(to) => self.move_cursor_only(to, cx.settings),
            Command::ToggleCursor => {
                self.pane.selection_mut().toggle_cursor();
                Task::none()
            }
            Command::ContextMenu => self.keyboard_menu(cx),
            Command::TogglePlaces => {
                self.toggle_places(cx);
                Task::none()
            }
            Command::ToggleInfo => {
                cx.settings.show_info = !cx.settings.show_info;
                cx.tell(Event::Save);
                Task::none()
            }
            Command::Preview => {
                if self.pane.typing_ahead(Instant::now(), TYPEAHEAD_RESET) {
                    self.type_ahead(" ", cx)
                } else {
                    cx.tell(Event::Preview);
                    Task::none()
                }
            }
            Command::View(mode) => self.set_view(mode, cx),
            Command::Home => {
                let home = cx.home.folder.clone();
                self.pane_message(PaneMsg::Navigate(home), cx)
            }
            Command::Close => {
                cx.tell(Event::Close);
                Task::none()
            }
            Command::Properties => {
                if !self.pane.in_trash() {
                    cx.tell(Event::Properties);
                }
                Task::none()
            }
            Command::OpenTerminal => self.open_terminal(None, cx),
            Command::Preferences => {
                cx.tell(Event::Preferences);
                Task::none()
            }
            Command::ToggleSplit => self.toggle_split(cx),
            // F5 in the Trash view reads the trash again.
            Command::CopyToOther if self.pane.in_trash() => self.relist_trash(cx),
            Command::CopyToOther => self.send_to_other_pane(JobKind::Copy, cx),
            Command::MoveToOther => self.send_to_other_pane(JobKind::Move, cx),
            Command::Clipboard { cut } => self.put_selection(cut),
            Command::Paste if self.pane.in_trash() => Task::none(),
            Command::Paste => act(work::clipboard_read(self.path().to_owned())),
            Command::NewFolder => self.new_folder(),
            Command::NewFile if self.pane.in_trash() => Task::none(),
            Command::NewFile => self.name_new_file(None),
            Command::Rename => self.rename_selection(cx),
            Command::Bookmark => {
                if !self.pane.in_trash() {
                    cx.tell(Event::Bookmark(self.path().to_owned()));
                }
                Task::none()
            }
            // Taken above, before the location input could keep them.
            Command::Tabs(_) => Task::none(),
        }
    }

    /// Where a keyboard move goes from the cursor (or from the start when there is none).
    fn move_target(&self, to: Move, s: &crate::settings::Settings) -> Option<usize> {
        let len = self.pane.rows().len();
        if len == 0 {
            return None;
        }
        let last = len - 1;
        let cols = self.columns(s);
        let page = self.pane.viewport().page_rows(s.shape().row_height()) * cols;
        Some(match self.pane.cursor_position() {
            None => match to {
                Move::Up | Move::Left | Move::Last => last,
                _ => 0,
            },
            Some(i) => match to {
                Move::Up => i.saturating_sub(cols),
                Move::Down => (i + cols).min(last),
                Move::Left if cols > 1 => i.saturating_sub(1),
                Move::Right if cols > 1 => (i + 1).min(last),
                Move::Left | Move::Right => i,
                Move::PageUp => i.saturating_sub(page),
                Move::PageDown => (i + page).min(last),
                Move::First => 0,
                Move::Last => last,
            },
        })
    }

    /// Ctrl+arrows: the cursor moves, the selection stays.
    fn move_cursor_only(&mut self, to: Move, s: &crate::settings::Settings) -> Task<Message> {
        let Some(target) = self.move_target(to, s) else {
            return Task::none();
        };
        if let Some((_, name)) = self.pane.rows().get(target) {
            let name = name.into_owned();
            self.pane.selection_mut().move_cursor(&name);
        }
        self.reveal_cursor(s)
    }

    /// The Menu key or Shift+F10: the context menu of the selection, beside the entry
    /// under the cursor; of the folder when nothing is selected.
    fn keyboard_menu(&mut self, cx: &mut Context) -> Task<Message> {
        let cursor = self
            .pane
            .selection()
            .cursor()
            .filter(|c| self.pane.selection().is_selected(c))
            .map(<[u8]>::to_vec);
        let target = cursor.or_else(|| {
            self.pane
                .rows()
                .iter()
                .find(|(_, n)| self.pane.selection().is_selected(n))
                .map(|(_, n)| n.into_owned())
        });
        let reveal = match &target {
            Some(name) => {
                self.pane.selection_mut().move_cursor(name);
                self.reveal_cursor(cx.settings)
            }
            None => Task::none(),
        };
        let at = match target.as_deref().and_then(|n| self.pane.rows().position(n)) {
            Some(i) => self.entry_point(i, cx.settings),
            None => self.view_corner(cx.settings) + iced::Vector::new(40.0, 0.0),
        };
        crate::tasks::batch([reveal, self.open_menu_at(target, at, true)])
    }

    fn move_cursor(
        &mut self,
        to: Move,
        extend: bool,
        s: &crate::settings::Settings,
    ) -> Task<Message> {
        let Some(target) = self.move_target(to, s) else {
            return Task::none();
        };
        if extend {
            self.pane.extend_selection_to(target);
        } else if let Some((_, name)) = self.pane.rows().get(target) {
            let name = name.into_owned();
            self.pane.selection_mut().select_only(&name);
        }
        self.reveal_cursor(s)
    }

    /// Select the first entry whose name starts with what was typed in the last second.
    /// Letters typed in the view go to the first name that begins with them (case aside);
    /// the status bar shows what was typed, or that no name begins so.
    fn type_ahead(&mut self, text: &str, cx: &mut Context) -> Task<Message> {
        let now = Instant::now();
        let prefix = self.pane.type_ahead(text, now, TYPEAHEAD_RESET);
        // Rows inside opened folders count by their own names.
        let found = self.pane.rows().iter().find_map(|(_, n)| {
            String::from_utf8_lossy(split_key(&n).1)
                .to_lowercase()
                .starts_with(&prefix)
                .then(|| n.into_owned())
        });
        match found {
            Some(name) => {
                cx.tell(Event::Note(Note::said(fl!(
                    "status-type-ahead",
                    typed = prefix
                ))));
                self.pane.selection_mut().select_only(&name);
                self.reveal_cursor(cx.settings)
            }
            None => {
                cx.tell(Event::Note(Note::said(fl!(
                    "status-type-ahead-none",
                    typed = prefix
                ))));
                Task::none()
            }
        }
    }

    /// Right and Left in the details view, as in Dolphin: Right opens the folder under
    /// the cursor in place, or moves into it when it is open; Left closes it when it is
    /// open, or moves to the folder the row is in.
    fn open_or_close(&mut self, to: Move, cx: &mut Context) -> Task<Message> {
        let Some(key) = self.pane.selection().cursor().map(<[u8]>::to_vec) else {
            return self.move_cursor(to, false, cx.settings);
        };
        let open = self.pane.is_open(&key);
        let go_to = match to {
            Move::Right if open => {
                let rows = self.pane.rows();
                rows.position(&key)
                    .and_then(|i| rows.row(i + 1))
                    .filter(|r| split_key(&r.key).0 == key.as_slice())
                    .map(|r| r.key.into_owned())
            }
            Move::Right => {
                if self.pane.can_open(&key) {
                    let (pane, around) = self.split(cx);
                    pane.open_folder(&key, around);
                }
                None
            }
            _ if open => {
                let (pane, around) = self.split(cx);
                pane.close_folder(&key, around.cache, &around.peers);
                None
            }
            _ => Some(split_key(&key).0.to_vec()).filter(|k| !k.is_empty()),
        };
        match go_to {
            Some(row) => {
                self.pane.selection_mut().select_only(&row);
                self.reveal_cursor(cx.settings)
            }
            None => Task::none(),
        }
    }

    /// F5 and F6 in split view: copy or move the selection into the other pane's folder
    /// (as any job: the conflict dialog, undo). With one pane F5 reloads, as it always did.
    pub(super) fn send_to_other_pane(&mut self, kind: JobKind, cx: &mut Context) -> Task<Message> {
        let Some(beside) = &self.beside else {
            return match kind {
                JobKind::Copy => self.pane_message(PaneMsg::Reload, cx),
                _ => Task::none(),
            };
        };
        if beside.pane.in_trash() || self.pane.in_trash() {
            return Task::none();
        }
        let dest = beside.pane.path().to_owned();
        let sources = self.selected_paths();
        if !sources.is_empty() {
            cx.tell(Event::Job(JobRequest {
                kind,
                sources,
                dest,
                modes: None,
                compress: None,
            }));
        }
        Task::none()
    }
}
