//! The Trash view: what is in the trash (icon, name, size, where it came from, when it was
//! deleted), Restore for the selected items and Empty Trash.

use std::os::unix::ffi::OsStrExt;

use iced::widget::{
    Column, button, column, container, mouse_area, row, rule, scrollable, space, text,
};
use iced::{Center, Element, Fill};

use super::item_list;
use crate::actions::{ActionMsg, TrashView};
use crate::format::{self, FileClass};
use crate::i18n::fl;
use crate::icons::{IconSet, IconSize};
use crate::screen::browser::Message;
use crate::theme;

const WHERE_WIDTH: f32 = 280.0;
const DATE_WIDTH: f32 = 150.0;

pub fn view<'a>(
    t: &'a TrashView,
    icons: &IconSet,
    remote: &crate::servers::RemotePlaces,
) -> Element<'a, Message> {
    let act = Message::Action;
    let has_items = t.items.as_ref().is_some_and(|i| !i.is_empty());
    let restore = button(text(fl!("trash-restore"))).on_press_maybe(
        (!t.selected.is_empty() && !t.busy).then_some(act(ActionMsg::TrashRestore)),
    );
    let empty = button(text(fl!("trash-empty")))
        .on_press_maybe((has_items && !t.busy).then_some(act(ActionMsg::AskEmptyTrash)));
    let bar = row![
        text(fl!("place-trash")).size(16),
        space().width(Fill),
        restore,
        empty
    ]
    .spacing(10)
    .align_y(Center)
    .padding([8, 12]);
    let body: Element<'_, Message> = match &t.items {
        None => centered(fl!("view-loading")),
        Some(items) if items.is_empty() => centered(fl!("trash-is-empty")),
        Some(items) => {
            let header = item_list::header(vec![
                (fl!("trash-column-from"), WHERE_WIDTH),
                (fl!("trash-column-deleted"), DATE_WIDTH),
            ]);
            let mut col = Column::new().width(Fill);
            for (i, item) in items.iter().enumerate() {
                let selected = t.selected.contains(&i);
                let name = format::shown_name(item.name.as_bytes());
                let details = t.details.get(&item.id);
                let class = match details {
                    Some(d) if d.is_dir => FileClass::Folder,
                    _ => format::classify_name(item.name.as_bytes()),
                };
                let size = match details {
                    Some(d) if d.is_dir => fl!("size-items", count = d.size),
                    Some(d) => format::size(d.size),
                    None => String::new(),
                };
                let line = item_list::line(
                    icons.for_class(class, IconSize::Small).view(20.0),
                    name,
                    size,
                    vec![
                        (item.original_parent.display().to_string(), WHERE_WIDTH),
                        (format::date(item.time_deleted), DATE_WIDTH),
                    ],
                    selected,
                );
                col = col.push(
                    mouse_area(
                        button(line)
                            .width(Fill)
                            .height(theme::ROW_HEIGHT)
                            .clip(true)
                            .padding([4, 10])
                            .on_press(act(ActionMsg::TrashClicked(i)))
                            .style(theme::entry_button(selected)),
                    )
                    .on_right_press(act(ActionMsg::TrashMenu(i))),
                );
            }
            column![
                header,
                rule::horizontal(1).style(rule::weak),
                scrollable(col).height(Fill)
            ]
            .into()
        }
    };
    let mut page = column![bar, rule::horizontal(1).style(rule::weak)];
    for top in &t.unreachable {
        let note = fl!("trash-unreachable", place = remote.text_of(top));
        page = page.push(
            container(text(note).size(theme::SMALL_TEXT).style(theme::muted)).padding([4, 12]),
        );
    }
    page.push(body).height(Fill).into()
}

fn centered<'a>(label: String) -> Element<'a, Message> {
    container(text(label).size(16).style(theme::muted))
        .center(Fill)
        .into()
}
