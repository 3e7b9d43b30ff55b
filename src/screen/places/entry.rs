//! A Places entry's parts, shared by places, devices and volumes: the icon of its kind
//! with its name, and the button across the panel that holds them.

use iced::widget::{Button, Row, button, row, text};
use iced::{Center, Fill};

use super::Message;
use crate::icons::{IconSet, IconSize};
use crate::places::PlaceKind;

/// The start of a Places entry: the icon of its kind and its name on one line.
pub fn entry_line<'a>(icons: &IconSet, kind: PlaceKind, name: String) -> Row<'a, Message> {
    row![
        icons.for_place(kind, IconSize::Small).view(18.0),
        text(name).wrapping(iced::widget::text::Wrapping::None),
    ]
    .spacing(10)
    .align_y(Center)
}

/// A Places entry's button, across the panel's width.
pub fn entry_button<'a>(content: Row<'a, Message>, press: Message) -> Button<'a, Message> {
    button(content)
        .width(Fill)
        .padding([6, 10])
        .clip(true)
        .on_press(press)
}
