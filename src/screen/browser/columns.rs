//! The details view's columns and sort as the person changes them: a header's edge
//! dragged, the header's menu (which columns, their order, the usual ones again) and the
//! View menu (sort key, direction, folders first). Columns, widths and the sort are the
//! window's settings, saved when changed.

use iced::Task;

use super::pane::{Mode, PaneMsg};
use super::{Browser, Context, Event, Message};
use crate::actions::{ContextMenu, MenuItem};
use crate::columns::{Column, MAX_WIDTH, MIN_WIDTH};
use crate::layout::{Columns, NAME_MIN};
use crate::settings::Settings;
use porpoise_engine::listing::{SortKey, SortOrder};

impl Browser {
    /// A header's edge dragged to make `column` `width` wide; `None`: the dragging ended.
    pub(super) fn column_width(&mut self, column: Column, width: Option<f32>, cx: &mut Context) {
        let Some(w) = width else {
            cx.tell(Event::Save);
            return;
        };
        // At most what the name can give while keeping its least width, so no column
        // drops out of sight while one is dragged wider.
        let s = &*cx.settings;
        let now = Columns::fitting(self.files_width(s), &s.columns, &s.column_widths);
        let most = now
            .shown
            .iter()
            .find(|(c, _)| *c == column)
            .map_or(MAX_WIDTH, |&(_, w)| w + (now.name - NAME_MIN).max(0.0));
        let w = w.min(most).clamp(MIN_WIDTH, MAX_WIDTH).round();
        cx.settings.column_widths.insert(column, w);
    }

    /// A right-press on the header: its menu, at the pointer.
    pub(super) fn open_header_menu(&mut self, column: Option<Column>, cx: &mut Context) {
        // Moves only where the column can go.
        let chosen = &cx.settings.columns;
        let at = column.and_then(|c| chosen.iter().position(|&x| x == c));
        let mut items = MenuItem::header_menu(column);
        items.retain(|i| match (i, at) {
            (MenuItem::MoveColumn(_, true), Some(at)) => at > 0,
            (MenuItem::MoveColumn(_, false), Some(at)) => at + 1 < chosen.len(),
            (MenuItem::MoveColumn(..), None) => false,
            _ => true,
        });
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target: None,
            items,
            at: cx.pointer,
            highlighted: None,
            open_with: None,
        }));
    }

    /// The main menu's "View": the View menu where the main menu was.
    pub(super) fn open_view_menu(&mut self, by_key: bool, s: &Settings) {
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target: None,
            items: MenuItem::view_menu(),
            at: crate::layout::main_menu_corner(s.window_width),
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
    }

    /// A column's or the sort's entry of the header's or the View menu; `None` for
    /// entries of other menus.
    pub(super) fn column_pick(
        &mut self,
        item: MenuItem,
        cx: &mut Context,
    ) -> Option<Task<Message>> {
        let s = &mut *cx.settings;
        match item {
            MenuItem::ToggleColumn(c) => match s.columns.iter().position(|&x| x == c) {
                Some(at) => {
                    s.columns.remove(at);
                }
                None => s.columns.push(c),
            },
            MenuItem::MoveColumn(c, left) => move_column(&mut s.columns, c, left),
            MenuItem::ResetColumns => {
                s.columns = Column::DEFAULT.to_vec();
                s.column_widths.clear();
            }
            MenuItem::SortBy(key) => {
                let (_, order) = self.pane.sort();
                return Some(self.sort_to(key, order, cx));
            }
            MenuItem::SortAscending(up) => {
                let (key, _) = self.pane.sort();
                let order = if up {
                    SortOrder::Ascending
                } else {
                    SortOrder::Descending
                };
                return Some(self.sort_to(key, order, cx));
            }
            MenuItem::FoldersFirst => {
                s.folders_first = !s.folders_first;
                self.adopt_settings(cx.settings);
            }
            _ => return None,
        }
        cx.tell(Event::Save);
        Some(Task::none())
    }

    fn sort_to(&mut self, key: SortKey, order: SortOrder, cx: &mut Context) -> Task<Message> {
        self.pane_message(PaneMsg::Sort(key, order), cx)
    }
}

/// Move `column` one place left or right among `columns` (nothing at the ends).
pub fn move_column(columns: &mut [Column], column: Column, left: bool) {
    let Some(at) = columns.iter().position(|&c| c == column) else {
        return;
    };
    let to = if left {
        at.checked_sub(1)
    } else {
        Some(at + 1)
    };
    if let Some(to) = to.filter(|&to| to < columns.len()) {
        columns.swap(at, to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_move_one_place_and_stop_at_the_ends() {
        let mut c = Column::DEFAULT.to_vec();
        move_column(&mut c, Column::Type, true);
        assert_eq!(c, [Column::Size, Column::Type, Column::Modified]);
        move_column(&mut c, Column::Size, true);
        assert_eq!(c, [Column::Size, Column::Type, Column::Modified]);
        move_column(&mut c, Column::Modified, false);
        assert_eq!(c, [Column::Size, Column::Type, Column::Modified]);
        move_column(&mut c, Column::Size, false);
        assert_eq!(c, [Column::Type, Column::Size, Column::Modified]);
        move_column(&mut c, Column::Owner, false);
        assert_eq!(c, [Column::Type, Column::Size, Column::Modified]);
    }
}
