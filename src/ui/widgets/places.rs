//! The Places panel: Home, user folders and Trash; devices; network shares.

use iced::widget::{Column, button, container, mouse_area, row, scrollable, text};
use iced::{Center, Element, Fill};

use crate::ui::actions::{ActionMsg, DropTarget};
use crate::ui::app::App;
use crate::ui::i18n::fl;
use crate::ui::icons::IconSize;
use crate::ui::message::Message;
use crate::ui::places::{Place, PlaceKind};
use crate::ui::theme;

pub fn view(app: &App) -> Element<'_, Message> {
    let here = app.path();
    let in_trash = app.actions().trash.is_some();
    // In the Trash view only Trash is current.
    let current =
        |p: &Place| (p.kind == PlaceKind::Trash) == in_trash && (in_trash || p.path == here);
    let mut col = Column::new().spacing(1).padding([10, 8]);
    col = col.push(heading(fl!("places-heading")));
    for p in app.user_places() {
        col = col.push(item(app, p, current(p)));
    }
    let (devices, network): (Vec<&Place>, Vec<&Place>) = app
        .mount_places()
        .iter()
        .partition(|p| p.kind != PlaceKind::Network);
    if !devices.is_empty() {
        col = col.push(heading(fl!("devices-heading")));
        for p in devices {
            col = col.push(item(app, p, current(p)));
        }
    }
    if !network.is_empty() {
        col = col.push(heading(fl!("network-heading")));
        for p in network {
            col = col.push(item(app, p, current(p)));
        }
    }
    container(scrollable(col).height(Fill))
        .width(theme::PLACES_WIDTH)
        .height(Fill)
        .style(theme::side_panel)
        .into()
}

fn heading<'a>(label: String) -> Element<'a, Message> {
    container(text(label).size(theme::SMALL_TEXT).style(theme::muted))
        .padding(iced::Padding {
            top: 12.0,
            right: 8.0,
            bottom: 4.0,
            left: 8.0,
        })
        .into()
}

/// The label shown for a place.
pub fn label(p: &Place) -> String {
    match p.kind {
        PlaceKind::Home => fl!("place-home"),
        PlaceKind::Desktop => fl!("place-desktop"),
        PlaceKind::Documents => fl!("place-documents"),
        PlaceKind::Downloads => fl!("place-downloads"),
        PlaceKind::Music => fl!("place-music"),
        PlaceKind::Pictures => fl!("place-pictures"),
        PlaceKind::Videos => fl!("place-videos"),
        PlaceKind::Trash => fl!("place-trash"),
        PlaceKind::FileSystem => fl!("place-filesystem"),
        PlaceKind::Drive | PlaceKind::Removable | PlaceKind::Network if !p.name.is_empty() => {
            p.name.clone()
        }
        _ => p.path.display().to_string(),
    }
}

/// A place: a button that opens it, and a drop target (the Trash place opens the Trash view).
fn item<'a>(app: &App, p: &'a Place, current: bool) -> Element<'a, Message> {
    let target = DropTarget::Place(p.path.clone());
    let drop = app.is_drop_hover(&target);
    let open = match p.kind {
        PlaceKind::Trash => Message::Action(ActionMsg::OpenTrash),
        _ => Message::Navigate(p.path.clone()),
    };
    let content = row![
        app.icons().for_place(p.kind, IconSize::Small).view(18.0),
        text(label(p)).wrapping(iced::widget::text::Wrapping::None),
    ]
    .spacing(10)
    .align_y(Center);
    let button = button(content)
        .width(Fill)
        .padding([6, 10])
        .clip(true)
        .on_press(open)
        .style(theme::flat_button(current || drop));
    mouse_area(button)
        .on_release(Message::Action(ActionMsg::ReleasedOn(target.clone())))
        .on_enter(Message::Action(ActionMsg::Hover(target.clone())))
        .on_exit(Message::Action(ActionMsg::Unhover(target)))
        .into()
}
