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
    tip(button, b.address.uri(), tooltip::Position::Right).into()
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
