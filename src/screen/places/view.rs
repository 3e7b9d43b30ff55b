//! The Places panel: Home, user folders and Trash; bookmarked folders (a menu of their
//! own, a label edited in place, dragged to reorder, folders dropped anywhere on the panel
//! but a place added after the last one, a line showing where while they are dragged);
//! devices (with what Porpoise still
//! writes to them, and an unmount button); network shares.

use iced::widget::{
    Column, Id, button, column, container, mouse_area, row, scrollable, svg, text, text_input,
    tooltip,
};
use iced::{Center, Element, Fill};

use super::bookmarks::{BookmarkMsg, LABEL_INPUT};
use super::devices::{self, DeviceMsg, DeviceStatus};
use super::entry::{entry_button, entry_line};
use super::{Message, Places};
use crate::actions::{ActionMsg, DropTarget};
use crate::i18n::fl;
use crate::icons::{self, IconSet};
use crate::places::{Place, PlaceKind};
use crate::screen::jobs::Jobs;
use crate::theme;
use crate::widgets::tip::tip;

/// What the panel shows besides its own state.
pub struct Look<'a> {
    /// Its width (none: it is hidden, or the window is too narrow for it).
    pub width: f32,
    /// The folder the pane with the keyboard shows, and whether it shows the Trash.
    pub here: &'a std::path::Path,
    pub in_trash: bool,
    /// The keyboard is in Places, moved there by a key: the panel and its place wear a
    /// ring.
    pub keyboard: bool,
    pub icons: &'a IconSet,
    /// The jobs, for what they still write to each device.
    pub jobs: &'a Jobs,
    /// Whether a drop would go to this target now.
    pub drop_hover: &'a dyn Fn(&DropTarget) -> bool,
    /// A drag would add its folders to Places if it ended here.
    pub bookmark_drop: bool,
    /// The server a connection is under way to.
    pub connecting: Option<&'a str>,
}

impl Places {
    /// The panel, or nothing when it is hidden (F9) or the window is too narrow for it.
    pub fn view<'a>(&'a self, look: &Look) -> Option<Element<'a, Message>> {
        panel(self, look)
    }
}

fn panel<'a>(places: &'a Places, look: &Look) -> Option<Element<'a, Message>> {
    let width = look.width;
    if width <= 0.0 {
        return None;
    }
    let here = look.here;
    let in_trash = look.in_trash;
    // In the Trash view only Trash is current.
    let current =
        |p: &Place| (p.kind == PlaceKind::Trash) == in_trash && (in_trash || p.path == here);
    let mut col = Column::new().spacing(1).padding([10, 8]);
    col = col.push(heading(fl!("places-heading")));
    // The keyboard's place (while Places has the keyboard), counted in the order shown.
    let cursor = look.keyboard.then_some(places.cursor);
    let mut n = 0;
    let mut at = |_: &Place| {
        n += 1;
        n - 1
    };
    for p in &places.user {
        col = col.push(item(places, look, p, current(p), at(p), cursor));
    }
    for p in &places.bookmarks.places {
        col = col.push(match places.bookmarks.editing.as_ref() {
            Some((path, text)) if *path == p.path => label_input(text, at(p)),
            _ => item(places, look, p, current(p), at(p), cursor),
        });
    }
    if look.bookmark_drop {
        // Folders dropped now are bookmarked after the last bookmark: the line shows where.
        col = col.push(insertion_marker());
    }
    let (devices, network): (Vec<&Place>, Vec<&Place>) = places
        .mounts
        .iter()
        .partition(|p| p.kind != PlaceKind::Network);
    if !devices.is_empty() || !places.volumes.is_empty() {
        col = col.push(heading(fl!("devices-heading")));
        for p in devices {
            col = col.push(item(places, look, p, current(p), at(p), cursor));
        }
        for v in &places.volumes {
            col = col.push(super::volumes::item(look.icons, v));
        }
    }
    col = col.push(heading(fl!("network-heading")));
    for p in network.into_iter().chain(&places.remote) {
        col = col.push(item(places, look, p, current(p), at(p), cursor));
    }
    for b in &places.bookmarks.servers {
        col = col.push(super::network::server_bookmark(look.icons, b));
    }
    col = col.push(super::network::neighbourhood(
        look.icons,
        &places.neighbourhood,
    ));
    if let Some(server) = look.connecting {
        col = col.push(super::network::connecting(look.icons, server));
    }
    col = col.push(super::network::connect_entry(look.icons));
    let ring = look.keyboard || look.bookmark_drop;
    // Folders dropped on Places but not on a place are bookmarked.
    let target = DropTarget::Bookmarks;
    let drag = |a| Message::Drag(a);
    // The whole panel takes the drop, the empty part below the places too.
    let panel = mouse_area(scrollable(col).height(Fill))
        .on_release(drag(ActionMsg::ReleasedOn(target.clone())))
        .on_enter(drag(ActionMsg::Hover(target.clone())))
        .on_exit(drag(ActionMsg::Unhover(target)));
    Some(
        container(panel)
            .width(width)
            .height(Fill)
            .padding(if ring { 2 } else { 0 })
            .style(theme::ringed(theme::side_panel, ring))
            .into(),
    )
}

/// The line where a dropped folder's bookmark will go.
fn insertion_marker<'a>() -> Element<'a, Message> {
    container(iced::widget::space())
        .width(Fill)
        .height(3)
        .style(theme::insertion_marker)
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
        PlaceKind::Drive | PlaceKind::Removable | PlaceKind::Network | PlaceKind::Bookmark
            if !p.name.is_empty() =>
        {
            p.name.clone()
        }
        _ => p.path.display().to_string(),
    }
}

/// The id of the unmount button of the device mounted at `mount_point`.
pub fn eject_id(mount_point: &std::path::Path) -> Id {
    Id::from(format!("eject-{}", mount_point.display()))
}

/// A place: a button that opens it, and a drop target (the Trash place opens the Trash
/// view). Devices and shares say under their name what Porpoise still writes to them;
/// removable devices have an unmount button.
fn item<'a>(
    places: &Places,
    look: &Look,
    p: &'a Place,
    current: bool,
    order: usize,
    cursor: Option<usize>,
) -> Element<'a, Message> {
    let keyboard = cursor == Some(order);
    let target = DropTarget::Place(p.path.clone());
    let drop = (look.drop_hover)(&target);
    let open = Message::Open(p.path.clone());
    let button = entry_button(entry_line(look.icons, p.kind, label(p)), open).style(
        move |theme: &iced::Theme, status| {
            let mut style = theme::flat_button(current || drop)(theme, status);
            if keyboard {
                style.border = iced::Border::default()
                    .rounded(5)
                    .width(2)
                    .color(theme.extended_palette().primary.base.color);
            }
            style
        },
    );
    let top: Element<'a, Message> = if p.kind == PlaceKind::Removable {
        row![button, eject_button(p)].align_y(Center).into()
    } else if places.is_remote(&p.path) {
        let disconnect = super::network::disconnect_button(&p.path);
        row![button, disconnect].align_y(Center).into()
    } else {
        button.into()
    };
    // The status goes on its own line under the name, across the panel's width.
    let body: Element<'a, Message> = match places.device_status(p, look.jobs) {
        Some(status) => {
            let line = text(devices::status_text(p.kind, status))
                .size(theme::SMALL_TEXT)
                .wrapping(iced::widget::text::Wrapping::WordOrGlyph);
            let line = if status == DeviceStatus::NotAllWritten {
                line.style(theme::error_text)
            } else {
                line.style(theme::muted)
            };
            let indent = iced::Padding {
                top: 0.0,
                right: 6.0,
                bottom: 4.0,
                left: 38.0,
            };
            column![top, container(line).padding(indent)].into()
        }
        None => top,
    };
    let area = mouse_area(body);
    let area = match p.kind {
        PlaceKind::Trash => area,
        PlaceKind::Bookmark => area
            .on_middle_press(Message::OpenTab(p.path.clone()))
            .on_right_press(Message::Bookmarks(BookmarkMsg::OpenMenu(p.path.clone()))),
        _ => area.on_middle_press(Message::OpenTab(p.path.clone())),
    };
    let area = area
        .on_release(Message::Drag(ActionMsg::ReleasedOn(target.clone())))
        .on_enter(Message::Drag(ActionMsg::Hover(target.clone())))
        .on_exit(Message::Drag(ActionMsg::Unhover(target)));
    // Its bounds are read for screen readers by its place in the order shown.
    container(area).id(place_id(order)).into()
}

/// The id of the place at `order` in the order shown (its bounds go to screen readers).
pub fn place_id(order: usize) -> Id {
    Id::from(format!("porpoise-place-{order}"))
}

/// The text input a bookmark's label is edited in (Enter keeps it, Escape gives up), in
/// the bookmark's place at `order`.
fn label_input<'a>(label: &str, order: usize) -> Element<'a, Message> {
    container(
        text_input("", label)
            .id(LABEL_INPUT)
            .size(theme::TEXT_SIZE)
            .padding([4, 6])
            .on_input(|t| Message::Bookmarks(BookmarkMsg::LabelInput(t)))
            .on_submit(Message::Bookmarks(BookmarkMsg::LabelSubmit)),
    )
    .padding([2, 4])
    .id(place_id(order))
    .into()
}

/// The unmount button of a removable device, with a tooltip.
fn eject_button<'a>(p: &Place) -> Element<'a, Message> {
    let b = button(
        svg(icons::EJECT.clone())
            .width(14)
            .height(14)
            .style(theme::symbol(true)),
    )
    .padding(6)
    .on_press(Message::Devices(DeviceMsg::Eject(p.path.clone())))
    .style(theme::flat_button(false));
    tip(
        container(b).id(eject_id(&p.path)),
        fl!("device-eject-tip"),
        tooltip::Position::Right,
    )
    .into()
}
