//! The browser as a screen reader reads it: the toolbar's buttons, the location bar (its
//! folders as buttons, or the text typed), the tabs, and each shown pane: its folder's
//! rows as a table (details view, a cell for each column shown) or a list (icons view),
//! the Trash view or the search; and the open menu. Only the rows in view (and the
//! cursor's) are nodes; the table says how many there are in all. The keyboard's row has
//! the accessible focus while the view has the keyboard.

use std::os::unix::ffi::OsStrExt;

use accesskit::{Node, Role};

use super::pane::Pane;
use super::search::SearchMsg;
use super::tabs::TabMsg;
use super::view::{Show, cells, location, new_file_menu, overlay, tabs};
use super::{Message, PaneMsg};
use crate::accessible::bounds::Bounds;
use crate::accessible::{self, Act, Part, labelled};
use crate::actions::{ActionMsg, NameKind};
use crate::columns::Column;
use crate::focus;
use crate::i18n::fl;
use crate::settings::ViewMode;

/// Add the browser's nodes under `part`; `keyboard` is the part of the window with the
/// keyboard, `bounds` where the toolbar's parts were drawn.
pub fn build(show: Show<'_>, part: &mut Part<'_, Message>, keyboard: focus::Part, bounds: &Bounds) {
    toolbar(show, part, keyboard, bounds);
    if show.tab_count() > 1 {
        tab_list(show, part);
    }
    let panes = show.shown_panes();
    let split = panes.len() > 1;
    for (at, pane) in panes.into_iter().enumerate() {
        let focused = show.is_focused(pane);
        // The pane beside the one with the keyboard takes its messages through it.
        let beside = |m: Message| Message::Beside(Box::new(m));
        let own = |m: Message| m;
        let wrap: &dyn Fn(Message) -> Message = if focused { &own } else { &beside };
        part.map(wrap, |part| {
            let name = tabs::label(show.browser, pane);
            let mut group = part.child(("pane", at), labelled(Role::Group, name));
            if split {
                location_bar(show, &mut group, pane, focused.then_some(keyboard), bounds);
            }
            let keys = focused && keyboard == focus::Part::View;
            pane_view(show, &mut group, pane, focused, keys);
        });
    }
    menus(show, part);
}

/// The toolbar's buttons in the order drawn, the location bar among them.
fn toolbar(show: Show<'_>, part: &mut Part<'_, Message>, keyboard: focus::Part, bounds: &Bounds) {
    let mut bar = part.child("toolbar", labelled(Role::Toolbar, fl!("a11y-toolbar")));
    for (at, t) in location::tools(show).into_iter().enumerate() {
        // A toggle is a button with a state (a toggle button to AT-SPI).
        let mut node = labelled(Role::Button, t.tip);
        if t.toggle {
            node.set_toggled(t.active.into());
        }
        if t.on_press.is_none() {
            node.set_disabled();
        }
        bounds.place(&mut node, &iced::widget::Id::new(t.id));
        let id = bar.add(t.id, node);
        if let Some(m) = t.on_press {
            bar.on_click(id, m);
        }
        if t.id == location::MENU {
            bar.on_focus(id, Message::Keyboard(focus::Part::Menu));
            if keyboard == focus::Part::Menu {
                bar.focus(id);
            }
        }
        // The location bar comes after the four buttons that move about.
        if at == 3 && show.beside().is_none() {
            location_bar(show, &mut bar, show.pane(), Some(keyboard), bounds);
        }
    }
    if let Some(typed) = show.pane().filter() {
        accessible::text_field(&mut bar, "filter", &fl!("filter-placeholder"), typed);
    }
}

/// A pane's location: the text typed after Ctrl+L, or its folders from the top down,
/// each a button that goes there (the shown one marked as the current location).
fn location_bar(
    show: Show<'_>,
    part: &mut Part<'_, Message>,
    pane: &Pane,
    keyboard: Option<focus::Part>,
    bounds: &Bounds,
) {
    let name = fl!("a11y-location");
    let drawn = bounds.of(&iced::widget::Id::new(location::LOCATION));
    if let Some(typed) = pane.location() {
        let id = accessible::text_field(part, "location", &name, typed);
        if let (Some(node), Some(rect)) = (part.node_mut(id), drawn) {
            node.set_bounds(rect);
        }
        part.focus(id);
        return;
    }
    let mut group = labelled(Role::Group, name);
    if let Some(rect) = drawn {
        group.set_bounds(rect);
    }
    let mut bar = part.child("location", group);
    let id = bar.parent();
    bar.on_focus(id, Message::Keyboard(focus::Part::Location));
    if pane.in_trash() {
        accessible::label(&mut bar, "trash", &fl!("place-trash"));
        return;
    }
    let shown = pane.path();
    for (label, path, _) in location::crumbs(pane.trail(), show.home(), show.browser.remote()) {
        let here = path == shown;
        let mut node = labelled(Role::Button, label);
        if here {
            node.set_aria_current(accesskit::AriaCurrent::Location);
        }
        let id = bar.add(path.as_os_str(), node);
        bar.on_click(id, Message::Pane(PaneMsg::Navigate(path)));
        if here && keyboard == Some(focus::Part::Location) {
            bar.focus(id);
        }
    }
    accessible::button(
        &mut bar,
        "edit",
        &fl!("tooltip-location"),
        Some(Message::Pane(PaneMsg::EditLocation)),
    );
}

/// The tabs, the shown one selected; pressing one shows it.
fn tab_list(show: Show<'_>, part: &mut Part<'_, Message>) {
    let mut list = part.child("tabs", labelled(Role::TabList, fl!("a11y-tabs")));
    let shown = show.shown_tab();
    for (at, panes) in show.tab_list().into_iter().enumerate() {
        let name = panes
            .left_to_right()
            .map(|p| tabs::label(show.browser, p))
            .collect::<Vec<_>>()
            .join(" | ");
        let mut node = labelled(Role::Tab, name);
        node.set_selected(at == shown);
        let id = list.add(("tab", at), node);
        list.on_click(id, Message::Tab(TabMsg::Show(at)));
    }
}

/// What a pane shows: search results, the Trash, or its folder's rows; and what it says
/// instead of rows (empty, failed, not answering).
/// `focused`: the pane with the keyboard (its rows say where they are drawn); `keys`:
/// its view has the keyboard.
fn pane_view(show: Show<'_>, part: &mut Part<'_, Message>, pane: &Pane, focused: bool, keys: bool) {
    if let Some(s) = pane.search() {
        search(part, s, keys);
        return;
    }
    if let Some(t) = pane.trash_view() {
        trash(part, t, keys);
        return;
    }
    if let Some(notice) = pane.notice(show.browser.remote()) {
        let mut node = accessible::said(notice);
        node.set_live(accesskit::Live::Polite);
        part.add("notice", node);
    }
    rows(show, part, pane, focused, keys);
}

/// The rows in view (and the cursor's), in a table of them all; in the pane with the
/// keyboard (`placed`) each says where it is drawn, so a screen reader can put the
/// keyboard on it.
fn rows(show: Show<'_>, part: &mut Part<'_, Message>, pane: &Pane, placed: bool, keys: bool) {
    let settings = show.settings();
    let details = settings.view == ViewMode::Details;
    let rows = pane.rows();
    let len = rows.len();
    let columns: Vec<Column> = match details {
        true => show
            .detail_columns()
            .shown
            .iter()
            .map(|&(c, _)| c)
            .collect(),
        false => Vec::new(),
    };
    let mut node = labelled(
        match details {
            true => Role::Table,
            false => Role::ListBox,
        },
        fl!(
            "a11y-files",
            folder = show.browser.remote().folder_name(pane.path())
        ),
    );
    node.set_multiselectable();
    if details {
        node.set_row_count(len);
        node.set_column_count(columns.len() + 1);
    }
    let mut table = part.child("view", node);
    let list = table.parent();
    if details {
        let mut header = table.child("header", Node::new(Role::Row));
        header.add("name", labelled(Role::ColumnHeader, fl!("column-name")));
        for &c in &columns {
            header.add(c.label(), labelled(Role::ColumnHeader, c.label()));
        }
    }
    let (first, end) = pane.rows_in_view(settings.shape());
    let cursor = pane.selection().cursor();
    let cursor_at = pane.cursor_position().filter(|i| !(first..end).contains(i));
    let opens = pane.trash_view().is_none() && pane.search().is_none();
    let mut focused = None;
    for i in (first..end).chain(cursor_at) {
        let Some(r) = rows.row(i) else {
            continue;
        };
        let key = r.key.as_ref();
        let name = crate::format::shown_name(r.name);
        let mut node = labelled(
            match details {
                true => Role::Row,
                false => Role::ListBoxOption,
            },
            name.clone(),
        );
        node.set_selected(pane.selection().is_selected(key));
        node.set_position_in_set(i);
        node.set_size_of_set(len);
        if details {
            node.set_row_index(i);
            node.set_level(r.depth + 1);
        }
        if placed {
            let at = show.browser.entry_rect(i, settings);
            node.set_bounds(accesskit::Rect {
                x0: f64::from(at.x),
                y0: f64::from(at.y),
                x1: f64::from(at.x + at.width),
                y1: f64::from(at.y + at.height),
            });
        }
        let folder = opens && r.entry.is_dir_like();
        if folder && details {
            node.set_expanded(r.open);
        }
        let id = table.add(key, node);
        table.on_click(id, Message::Pane(PaneMsg::Activate(key.to_vec())));
        table.on_focus(id, Message::PointAt(key.to_vec()));
        if folder && details {
            let act = if r.open { Act::Collapse } else { Act::Expand };
            table.on(id, act, Message::Pane(PaneMsg::ToggleOpen(key.to_vec())));
        }
        let mut row = table.under(id);
        let renaming = pane.naming().filter(|n| match &n.kind {
            NameKind::Rename(from) => from.as_slice() == key,
            _ => false,
        });
        if let Some(n) = renaming {
            let field = accessible::text_field(&mut row, "rename", &fl!("a11y-rename"), &n.text);
            focused = Some(field);
        } else if details {
            row.add("name", labelled(Role::Cell, name));
            let known = cells::Known {
                items: pane.folder_count(key),
                kind: match columns.contains(&Column::Type) {
                    true => show.type_text(pane, r.entry, key),
                    false => String::new(),
                },
            };
            for &c in &columns {
                row.add(
                    c.label(),
                    labelled(Role::Cell, cells::cell(c, r.entry, r.name, &known)),
                );
            }
        }
        if focused.is_none() && cursor == Some(key) {
            focused = Some(id);
        }
    }
    // A new folder's or file's name being typed: a field of its own.
    if let Some(n) = pane
        .naming()
        .filter(|n| !matches!(n.kind, NameKind::Rename(_)))
    {
        focused = Some(accessible::text_field(
            &mut table,
            "new",
            &fl!("a11y-new-name"),
            &n.text,
        ));
    }
    if keys {
        table.focus(focused.unwrap_or(list));
    }
}

/// The Trash view: its buttons and its items, the selected ones selected.
fn trash(part: &mut Part<'_, Message>, t: &crate::actions::TrashView, keys: bool) {
    let act = Message::Action;
    let has_items = t.items.as_ref().is_some_and(|i| !i.is_empty());
    accessible::button(
        part,
        "restore",
        &fl!("trash-restore"),
        (!t.selected.is_empty() && !t.busy).then_some(act(ActionMsg::TrashRestore)),
    );
    accessible::button(
        part,
        "empty",
        &fl!("trash-empty"),
        (has_items && !t.busy).then_some(act(ActionMsg::AskEmptyTrash)),
    );
    let mut node = labelled(Role::ListBox, fl!("place-trash"));
    node.set_multiselectable();
    let mut list = part.child("items", node);
    let id = list.parent();
    let items = t.items.as_deref().unwrap_or_default();
    if items.is_empty() {
        accessible::label(&mut list, "empty", &fl!("trash-is-empty"));
    }
    for (i, item) in items.iter().enumerate() {
        let mut node = labelled(
            Role::ListBoxOption,
            crate::format::shown_name(item.name.as_bytes()),
        );
        node.set_description(item.original_parent.display().to_string());
        node.set_selected(t.selected.contains(&i));
        node.set_position_in_set(i);
        node.set_size_of_set(items.len());
        let row = list.add(("item", i), node);
        list.on_click(row, act(ActionMsg::TrashClicked(i)));
    }
    if keys {
        list.focus(id);
    }
}

/// How many search hits before and after the cursor are nodes.
const HITS_AROUND: usize = 100;

/// The search: its fields and options, its buttons and what it found.
fn search(part: &mut Part<'_, Message>, s: &super::search::SearchView, keys: bool) {
    let msg = Message::Search;
    let name = accessible::text_field(part, "name", &fl!("search-name-placeholder"), &s.name);
    accessible::text_field(
        part,
        "content",
        &fl!("search-content-placeholder"),
        &s.content,
    );
    let options = [
        (
            "regex",
            fl!("search-regex"),
            s.regex,
            SearchMsg::Regex(!s.regex),
        ),
        (
            "case",
            fl!("search-match-case"),
            s.match_case,
            SearchMsg::MatchCase(!s.match_case),
        ),
        (
            "everywhere",
            fl!("search-everywhere"),
            s.everywhere,
            SearchMsg::Everywhere(!s.everywhere),
        ),
    ];
    for (key, label, on, toggle) in options {
        accessible::checkbox(part, key, &label, on, msg(toggle));
    }
    accessible::button(
        part,
        "stop",
        &fl!("search-stop"),
        s.running.then(|| msg(SearchMsg::Stop)),
    );
    accessible::button(
        part,
        "back",
        &fl!("search-back"),
        Some(msg(SearchMsg::Close)),
    );
    let mut list = part.child("hits", labelled(Role::ListBox, fl!("a11y-found")));
    let mut cursor = None;
    // The hits around the cursor, as many as a long page shows.
    let from = s.cursor.unwrap_or(0).saturating_sub(HITS_AROUND);
    let shown = s.hits.len().min(super::search::ROWS_SHOWN);
    for (i, hit) in s
        .hits
        .iter()
        .enumerate()
        .take(shown)
        .skip(from)
        .take(2 * HITS_AROUND)
    {
        let mut node = labelled(Role::ListBoxOption, crate::format::shown_name(&hit.name));
        node.set_selected(s.cursor == Some(i));
        node.set_position_in_set(i);
        node.set_size_of_set(s.hits.len());
        let id = list.add(("hit", i), node);
        list.on_click(id, msg(SearchMsg::Open(i)));
        if s.cursor == Some(i) {
            cursor = Some(id);
        }
    }
    if keys {
        list.focus(cursor.unwrap_or(name));
    }
}

/// The open context or main menu (with its open submenu: "Open With"'s, or "New File"'s
/// and its open template folders), or the drop menu.
fn menus(show: Show<'_>, part: &mut Part<'_, Message>) {
    let pane = show.pane();
    if let Some(m) = pane.menu() {
        let items = overlay::menu_entries(show, m);
        let subs = match overlay::open_with(m) {
            Some(sub) => vec![sub],
            None => new_file_menu::levels(show, m).unwrap_or_default(),
        };
        let subs: Vec<(&[_], usize)> = subs.iter().map(|(s, r)| (s.as_slice(), *r)).collect();
        let name = match m.is_main() {
            true => fl!("tooltip-menu"),
            false => fl!("a11y-context-menu"),
        };
        accessible::menu::menu(part, &name, &items, &subs);
    }
    if let Some(m) = pane.drop_menu() {
        let items = overlay::drop_entries(m);
        accessible::menu::menu(part, &fl!("a11y-drop-menu"), &items, &[]);
    }
}
