//! The chrome every dialog over the window shares: a dimmed backdrop that takes every
//! click, a box at most so wide, a title, the quiet button that leaves and the row of
//! buttons at the end.

use iced::widget::{Button, Row, Text, button, center, container, opaque, row, space, text};
use iced::{Background, Color, Element, Theme};

use crate::theme;

/// A dialog's box holding `body`, at most `max_width` wide, over the window.
pub fn boxed<'a, M: 'a>(body: impl Into<Element<'a, M>>, max_width: f32) -> Element<'a, M> {
    modal(
        container(body)
            .padding(20)
            .max_width(max_width)
            .style(container::bordered_box),
    )
}

/// A dialog's title.
pub fn title<'a>(words: String) -> Text<'a> {
    text(words).size(theme::TEXT_SIZE + 3.0)
}

/// The button that leaves a dialog (Cancel, Close), quieter than the one that acts.
pub fn leave_button<'a, M: Clone + 'a>(words: String, message: M) -> Button<'a, M> {
    button(text(words))
        .on_press(message)
        .style(button::secondary)
}

/// A dialog's buttons, at the right end of its last line.
pub fn button_row<'a, M: 'a>(buttons: impl IntoIterator<Item = Element<'a, M>>) -> Row<'a, M> {
    row![space::horizontal()]
        .extend(buttons)
        .spacing(12)
        .align_y(iced::Center)
}

/// A dialog's box, centred on a dimmed backdrop that takes every click: a layer over the
/// window.
pub fn modal<'a, M: 'a>(panel: impl Into<Element<'a, M>>) -> Element<'a, M> {
    opaque(center(opaque(panel)).style(backdrop))
}

/// The dimmed backdrop under a dialog (every dialog over the window has it).
pub fn backdrop(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(Color::from_rgba(0.0, 0.0, 0.0, 0.45))),
        ..container::Style::default()
    }
}
