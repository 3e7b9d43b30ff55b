//! What the browser floats over the window: the context and main menus (a file's with its
//! "Open With" submenu beside it), the drop menu and the Trash view's questions. Menus
//! close on a click anywhere else.

use iced::widget::{button, column, container, mouse_area, row, rule, space, text};
use iced::{Background, Element, Fill, Theme};

use super::Show;
use crate::actions::{ActionMsg, ContextMenu, MenuItem};
use crate::apps::OpenWithMsg;
use crate::i18n::fl;
use crate::request::JobKind;
use crate::screen::browser::Message;
use crate::theme;
use crate::widgets::menu::{Entry, Mark, menu, panel};

/// The layers to stack over the window, bottom first.
pub fn layers(app: Show<'_>) -> Vec<Element<'_, Message>> {
    let window = iced::Size::new(app.settings().window_width, app.settings().window_height);
    let mut out = Vec::new();
    if let Some(m) = app.pane().menu() {
        let items = menu_entries(app, m);
        let width = crate::widgets::menu::width_of(&items);
        out.push(menu(window, items, m.at, open_with(m), close()));
        out.extend(super::new_file_menu::layer(app, m, width));
    }
    if let Some(m) = app.pane().drop_menu() {
        out.push(menu(window, drop_entries(m), m.at, None, close()));
    }
    if let Some(t) = app.pane().trash_view().filter(|t| t.confirm_empty) {
        out.push(confirm(
            [
                fl!("trash-empty-question"),
                fl!("trash-empty-detail"),
                fl!("trash-empty-confirm"),
            ],
            t.cancel_highlighted,
            ActionMsg::ConfirmEmptyTrash,
        ));
    }
    if let Some(t) = app.pane().trash_view().filter(|t| t.confirm_purge) {
        out.push(confirm(
            [
                fl!("trash-purge-question", count = t.selected.len()),
                fl!("delete-confirm-body"),
                fl!("trash-purge-confirm"),
            ],
            t.cancel_highlighted,
            ActionMsg::ConfirmPurgeTrash,
        ));
    }
    out
}

/// The entries of the open context or main menu.
pub(crate) fn menu_entries(app: Show<'_>, m: &ContextMenu) -> Vec<Entry<Message>> {
    let sub = m.open_with.as_ref().filter(|s| s.shown());
    m.items
        .iter()
        .enumerate()
        .map(|(at, &i)| {
            let mark = match (ticked(app, i), i) {
                (Some(on), _) => Mark::Tick(on),
                (None, MenuItem::OpenWith | MenuItem::NewFile | MenuItem::ViewMenu) => {
                    Mark::Submenu
                }
                (None, _) => Mark::Plain,
            };
            Entry {
                label: menu_label(i),
                message: Message::Action(ActionMsg::MenuPick(i)),
                hover: submenu_on_hover(i),
                mark,
                highlighted: m.highlighted == Some(at)
                    || (i == MenuItem::OpenWith && sub.is_some()),
            }
        })
        .collect()
}

/// The drop menu's entries: each kind of job, the default marked, then "Cancel".
pub(crate) fn drop_entries(m: &crate::actions::DropMenu) -> Vec<Entry<Message>> {
    let pick = |k| Message::Action(ActionMsg::DropPick(k));
    let mut items: Vec<Entry<Message>> = m
        .kinds()
        .into_iter()
        .map(|k| Entry {
            label: drop_label(k),
            message: pick(k),
            mark: if k == m.default {
                Mark::Default
            } else {
                Mark::Plain
            },
            highlighted: false,
            hover: None,
        })
        .collect();
    items.push(Entry {
        label: fl!("drop-cancel"),
        message: Message::Action(ActionMsg::CloseMenu),
        mark: Mark::Plain,
        highlighted: false,
        hover: None,
    });
    items
}

/// The drop menu's entry for a job kind.
pub fn drop_label(k: JobKind) -> String {
    match k {
        JobKind::Copy => fl!("drop-copy"),
        JobKind::Link => fl!("drop-link"),
        _ => fl!("drop-move"),
    }
}

/// A file's "Open With" submenu, once its applications are told: each application (the
/// default first), then "Other Application…"; with the row of the entry it opens beside.
pub(crate) fn open_with(m: &ContextMenu) -> Option<(Vec<Entry<Message>>, usize)> {
    let sub = m.open_with.as_ref().filter(|s| s.shown())?;
    let row = m.items.iter().position(|&i| i == MenuItem::OpenWith)?;
    let mut entries: Vec<Entry<Message>> = sub
        .choices()
        .iter()
        .enumerate()
        .map(|(at, a)| Entry {
            label: a.name.clone(),
            message: Message::OpenWith(OpenWithMsg::OpenWith(a.id.clone())),
            mark: Mark::Plain,
            highlighted: sub.highlighted == Some(at),
            hover: None,
        })
        .collect();
    entries.push(Entry {
        label: fl!("menu-other-application"),
        message: Message::OpenWith(OpenWithMsg::Other),
        mark: Mark::Plain,
        highlighted: sub.highlighted == Some(sub.choices().len()),
        hover: None,
    });
    Some((entries, row))
}

/// What closes the menus: a press anywhere else.
fn close() -> Message {
    Message::Action(ActionMsg::CloseMenu)
}

/// What the pointer coming onto a submenu's entry sends: "New File" shows its templates
/// (a press on it makes an empty file); "Open With" asks for its applications.
fn submenu_on_hover(i: MenuItem) -> Option<Message> {
    match i {
        MenuItem::NewFile => Some(Message::NewFile(
            crate::screen::browser::templates::NewFileMsg::ShowMenu,
        )),
        MenuItem::OpenWith => Some(Message::Action(ActionMsg::MenuPick(i))),
        _ => None,
    }
}

/// Whether a setting's entry is on (`None` for entries that act rather than toggle).
fn ticked(app: Show<'_>, i: MenuItem) -> Option<bool> {
    let s = app.settings();
    match i {
        MenuItem::ShowHidden => Some(s.show_hidden),
        MenuItem::ShowPlaces => Some(s.show_places),
        MenuItem::VerifyCopies => Some(s.verify_copies),
        MenuItem::QueuePerDevice => Some(s.queue_per_device),
        MenuItem::RestoreTabs => Some(s.restore_tabs),
        MenuItem::NetworkPreviews => Some(s.previews_on_network),
        MenuItem::FoldersFirst => Some(s.folders_first),
        MenuItem::ToggleColumn(c) => Some(s.columns.contains(&c)),
        MenuItem::SortBy(key) => Some(app.pane().sort().0 == key),
        MenuItem::SortAscending(up) => {
            Some((app.pane().sort().1 == porpoise_engine::listing::SortOrder::Ascending) == up)
        }
        _ => None,
    }
}

pub fn menu_label(i: MenuItem) -> String {
    match i {
        MenuItem::Open => fl!("menu-open"),
        MenuItem::OpenWith => fl!("menu-open-with"),
        MenuItem::Cut => fl!("menu-cut"),
        MenuItem::Copy => fl!("menu-copy"),
        MenuItem::PasteInto => fl!("menu-paste-into"),
        MenuItem::Rename => fl!("menu-rename"),
        MenuItem::Trash => fl!("menu-trash"),
        MenuItem::Delete => fl!("menu-delete"),
        MenuItem::Paste => fl!("menu-paste"),
        MenuItem::NewFolder => fl!("menu-new-folder"),
        MenuItem::OpenTerminal => fl!("menu-open-terminal"),
        MenuItem::NewFile => fl!("menu-new-file"),
        MenuItem::AddToPlaces => fl!("menu-add-to-places"),
        MenuItem::ShowHidden => fl!("menu-show-hidden"),
        MenuItem::Reload => fl!("menu-reload"),
        MenuItem::Restore => fl!("trash-restore"),
        MenuItem::DeleteFromTrash => fl!("menu-delete"),
        MenuItem::ShowPlaces => fl!("menu-show-places"),
        MenuItem::VerifyCopies => fl!("menu-verify-copies"),
        MenuItem::QueuePerDevice => fl!("menu-queue-per-device"),
        MenuItem::RestoreTabs => fl!("menu-restore-tabs"),
        MenuItem::Properties => fl!("menu-properties"),
        MenuItem::NetworkPreviews => fl!("menu-network-previews"),
        MenuItem::Preferences => fl!("menu-preferences"),
        MenuItem::OpenInNewTab => fl!("menu-open-new-tab"),
        MenuItem::OpenInNewWindow => fl!("menu-open-new-window"),
        MenuItem::CopyLocation => fl!("menu-copy-location"),
        MenuItem::CreateLink => fl!("menu-create-link"),
        MenuItem::Duplicate => fl!("menu-duplicate"),
        MenuItem::ExtractHere => fl!("menu-extract-here"),
        MenuItem::ExtractTo => fl!("menu-extract-to"),
        MenuItem::Compress => fl!("menu-compress"),
        MenuItem::SelectAll => fl!("menu-select-all"),
        MenuItem::InvertSelection => fl!("menu-invert-selection"),
        MenuItem::Shortcuts => fl!("menu-shortcuts"),
        MenuItem::About => fl!("menu-about"),
        MenuItem::ViewMenu => fl!("menu-view"),
        MenuItem::SortBy(key) => sort_label(key),
        MenuItem::SortAscending(true) => fl!("menu-sort-ascending"),
        MenuItem::SortAscending(false) => fl!("menu-sort-descending"),
        MenuItem::FoldersFirst => fl!("menu-folders-first"),
        MenuItem::ToggleColumn(c) => c.label(),
        MenuItem::MoveColumn(c, true) => fl!("menu-column-left", column = c.label()),
        MenuItem::MoveColumn(c, false) => fl!("menu-column-right", column = c.label()),
        MenuItem::ResetColumns => fl!("menu-columns-reset"),
    }
}

/// The View menu's entry of a sort key: "Sort by Size".
fn sort_label(key: porpoise_engine::listing::SortKey) -> String {
    use crate::columns::Column;
    use porpoise_engine::listing::SortKey;
    let column = match key {
        SortKey::Name => fl!("column-name"),
        other => Column::ALL
            .into_iter()
            .find(|c| c.sort_key() == other)
            .map_or_else(String::new, Column::label),
    };
    fl!("menu-sort-by", column = column)
}

/// A question of the Trash view ("Empty the trash?"): its words (question, detail, the
/// acting button), over the dimmed window, with Cancel and the acting button; the
/// highlighted one (the acting one unless `cancel_highlighted`) wears a ring.
fn confirm<'a>(
    [question, detail, yes]: [String; 3],
    cancel_highlighted: bool,
    answer: fn(bool) -> ActionMsg,
) -> Element<'a, Message> {
    let answer = move |yes| Message::Action(answer(yes));
    let dialog = column![
        text(question).size(16),
        text(detail).style(theme::muted),
        rule::horizontal(1).style(rule::weak),
        row![
            space().width(Fill),
            button(text(fl!("dialog-cancel")))
                .on_press(answer(false))
                .style(theme::ringed_button(button::secondary, cancel_highlighted)),
            button(text(yes))
                .on_press(answer(true))
                .style(theme::ringed_button(button::danger, !cancel_highlighted)),
        ]
        .spacing(10),
    ]
    .spacing(12)
    .width(380)
    .padding(18);
    // The window dims behind it, as behind every dialog.
    let dim = container(space().width(Fill).height(Fill)).style(|_: &Theme| container::Style {
        background: Some(Background::Color(iced::Color::from_rgba(
            0.0, 0.0, 0.0, 0.45,
        ))),
        ..container::Style::default()
    });
    let catcher = mouse_area(dim).on_press(answer(false));
    iced::widget::stack![
        catcher,
        container(container(dialog).style(panel)).center(Fill)
    ]
    .width(Fill)
    .height(Fill)
    .into()
}
