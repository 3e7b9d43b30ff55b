//! The Network part of Places beside its shares: a remote place's disconnect button, the
//! connection under way with its stop button, and "Connect to Server…".

use iced::widget::{Id, button, container, row, svg, text, tooltip};
use iced::{Center, Element, Fill};

use super::Message;
use super::entry::{entry_button, entry_line};
use crate::i18n::fl;
use crate::icons::{self, IconSet};
use crate::places::PlaceKind;
use crate::theme;
use crate::widgets::tip::tip;

/// The id of the disconnect button of the remote place at `root`.
pub fn disconnect_id(root: &std::path::Path) -> Id {
    Id::from(format!("disconnect-{}", root.display()))
}

/// The disconnect button of the remote place at `root`, with a tooltip.
pub fn disconnect_button<'a>(root: &std::path::Path) -> Element<'a, Message> {
    let b = small_button(&icons::EJECT, Message::Disconnect(root.to_owned()));
    tip(
        container(b).id(disconnect_id(root)),
        fl!("server-disconnect-tip"),
        tooltip::Position::Right,
    )
    .into()
}

/// "Connecting to nas…" and its stop button.
pub fn connecting<'a>(icons: &IconSet, server: &str) -> Element<'a, Message> {
    let line = row![
        icons
            .for_place(PlaceKind::Network, crate::icons::IconSize::Small)
            .view(18.0),
        text(fl!("server-connecting", server = server.to_owned()))
            .style(theme::muted)
            .width(Fill),
        tip(
            small_button(&icons::CLOSE, Message::CancelConnect),
            fl!("server-cancel-tip"),
            tooltip::Position::Right,
        ),
    ]
    .spacing(10)
    .align_y(Center);
    container(line).padding([2, 10]).into()
}

/// A bookmarked server: a click connects to it.
pub fn server_bookmark<'a>(
    icons: &IconSet,
    b: &super::bookmarks::ServerBookmark,
) -> Element<'a, Message> {
    let line = entry_line(icons, PlaceKind::Network, b.label.clone());
    let button =
        entry_button(line, Message::ConnectTo(b.address.clone())).style(theme::flat_button(false));
    tip(button, b.address.readable(), tooltip::Position::Right).into()
}

/// The network neighbourhood's entry, and under it the servers found (a click connects
/// to one that has an address), or what there is to say instead.
pub fn neighbourhood<'a>(
    icons: &IconSet,
    shown: &super::neighbourhood::Neighbourhood,
) -> Element<'a, Message> {
    let line = entry_line(icons, PlaceKind::Network, fl!("network-neighbourhood"));
    let mut col = iced::widget::Column::new()
        .push(entry_button(line, Message::Neighbourhood).style(theme::flat_button(false)));
    let indent = iced::Padding {
        top: 0.0,
        right: 6.0,
        bottom: 4.0,
        left: 38.0,
    };
    if let Some(said) = shown.said() {
        let words = text(said)
            .size(theme::SMALL_TEXT)
            .style(theme::muted)
            .wrapping(iced::widget::text::Wrapping::WordOrGlyph);
        col = col.push(container(words).padding(indent));
    }
    for found in shown.servers() {
        let name = text(found.name.clone()).size(theme::SMALL_TEXT);
        let entry: Element<'a, Message> = match &found.address {
            Some(address) => button(name)
                .style(theme::flat_button(false))
                .padding([3, 6])
                .width(Fill)
                .on_press(Message::ConnectTo(address.clone()))
                .into(),
            None => container(name.style(theme::muted)).padding([3, 6]).into(),
        };
        col = col.push(container(entry).padding(iced::Padding {
            left: 32.0,
            ..iced::Padding::ZERO
        }));
    }
    col.into()
}

/// "Connect to Server…", the last entry of Network.
pub fn connect_entry<'a>(icons: &IconSet) -> Element<'a, Message> {
    let line = entry_line(icons, PlaceKind::Network, fl!("server-connect-entry"));
    entry_button(line, Message::ConnectToServer)
        .style(theme::flat_button(false))
        .into()
}

fn small_button<'a>(
    icon: &iced::widget::svg::Handle,
    press: Message,
) -> iced::widget::Button<'a, Message> {
    button(
        svg(icon.clone())
            .width(14)
            .height(14)
            .style(theme::symbol(true)),
    )
    .padding(6)
    .on_press(press)
    .style(theme::flat_button(false))
}
