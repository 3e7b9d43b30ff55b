//! The window's tooltips: a small bordered bubble of words beside what it tells of.

use std::time::Duration;

use iced::Element;
use iced::widget::{Container, Tooltip, container, text, tooltip};

use crate::theme;

/// How long the pointer rests on a button before its tooltip shows.
pub const BUTTON_DELAY: Duration = Duration::from_millis(600);

/// The bubble of a tooltip that says `words`.
pub fn bubble<'a, Message: 'a>(words: impl text::IntoFragment<'a>) -> Container<'a, Message> {
    container(text(words).size(theme::SMALL_TEXT))
        .padding([4, 8])
        .style(container::bordered_box)
}

/// `content` saying `words` in a bubble at `position` when the pointer rests on it.
pub fn tip<'a, Message: 'a>(
    content: impl Into<Element<'a, Message>>,
    words: impl text::IntoFragment<'a>,
    position: tooltip::Position,
) -> Tooltip<'a, Message> {
    tooltip(content, bubble(words), position)
}
