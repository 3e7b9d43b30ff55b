//! The submenu of "New File" beside the folder's menu: "Empty File", then the templates,
//! a folder of templates opening its own submenu beside it as the pointer comes onto it.

use iced::widget::Stack;
use iced::{Element, Fill, Point};

use porpoise_engine::templates::{Template, TemplateKind};

use super::Show;
use crate::actions::{ContextMenu, MenuItem};
use crate::i18n::fl;
use crate::screen::browser::Message;
use crate::screen::browser::templates::NewFileMsg;
use crate::widgets::menu::{Entry, ITEM_HEIGHT, Mark, beside, entries, panel_at, placed, width_of};

/// The submenu's panels over the folder's menu `m` (`width` wide), while it is open.
pub fn layer<'a>(app: Show<'a>, m: &ContextMenu, width: f32) -> Option<Element<'a, Message>> {
    let levels = levels(app, m)?;
    let window = iced::Size::new(app.settings().window_width, app.settings().window_height);
    let (mut x, mut y) = placed(window, m.items.len(), m.at, width);
    let mut width = width;
    let mut panels = Vec::new();
    for (items, row) in levels {
        let row_y = y + row as f32 * ITEM_HEIGHT;
        let sub_width = width_of(&items);
        x = beside(x, width, sub_width, app.settings().window_width);
        width = sub_width;
        (_, y) = placed(window, items.len(), Point::new(x, row_y), sub_width);
        panels.push(panel_at(entries(items), x, y));
    }
    Some(Stack::with_children(panels).width(Fill).height(Fill).into())
}

/// The submenu's entries level by level, while it is open: "New File"'s first, then each
/// open folder's; each with the row of the entry it opens from in the menu before it.
pub(crate) fn levels(app: Show<'_>, m: &ContextMenu) -> Option<Vec<(Vec<Entry<Message>>, usize)>> {
    let state = app.browser.new_file_state();
    let open = state.open.as_ref()?;
    let mut row = m.items.iter().position(|&i| i == MenuItem::NewFile)?;
    let mut out = Vec::new();
    for level in 0..=open.len() {
        let Some(templates) = state.level(level) else {
            break;
        };
        let mut items = Vec::with_capacity(templates.len() + 1);
        if level == 0 {
            items.push(Entry {
                label: fl!("menu-empty-file"),
                message: Message::NewFile(NewFileMsg::Pick(None)),
                mark: Mark::Plain,
                highlighted: false,
                hover: None,
            });
        }
        let first = items.len();
        let innermost = level == open.len();
        items.extend(
            templates
                .iter()
                .enumerate()
                .map(|(index, t)| entry(t, level, index, open.get(level) == Some(&index))),
        );
        if innermost && let Some(h) = state.highlighted.and_then(|h| items.get_mut(h)) {
            h.highlighted = true;
        }
        out.push((items, row));
        if let Some(&i) = open.get(level) {
            row = first + i;
        }
    }
    Some(out)
}

/// A template's entry: its name without the extension; a folder opens its submenu.
fn entry(t: &Template, level: usize, index: usize, open: bool) -> Entry<Message> {
    let name = t.name.to_string_lossy();
    match &t.kind {
        TemplateKind::Folder(_) => Entry {
            label: name.into_owned(),
            message: Message::NewFile(NewFileMsg::OpenFolder { level, index }),
            mark: Mark::Submenu,
            highlighted: open,
            hover: Some(Message::NewFile(NewFileMsg::OpenFolder { level, index })),
        },
        TemplateKind::File => {
            let stem = crate::actions::names::stem_chars(&name);
            Entry {
                label: name.chars().take(stem).collect(),
                message: Message::NewFile(NewFileMsg::Pick(Some(t.path.clone()))),
                mark: Mark::Plain,
                highlighted: false,
                hover: None,
            }
        }
    }
}
