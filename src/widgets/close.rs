//! The small × button that closes a tab or a pane.

use iced::Element;
use iced::widget::{button, container, svg, text, tooltip};

use crate::icons;
use crate::message::Message;
use crate::theme;

/// A flat × sending `message`, padded by `padding`, saying `tip` after a moment (a
/// tab's has none: the tab's own tooltip, its path, shows there).
pub fn close_button<'a>(
    message: Message,
    padding: u16,
    tip: Option<String>,
) -> Element<'a, Message> {
    let close = button(
        svg(icons::CLOSE.clone())
            .width(12)
            .height(12)
            .style(theme::symbol(true)),
    )
    .padding(padding)
    .on_press(message)
    .style(theme::flat_button(false));
    let Some(tip) = tip else {
        return close.into();
    };
    tooltip(
        close,
        container(text(tip).size(theme::SMALL_TEXT))
            .padding([4, 8])
            .style(container::bordered_box),
        tooltip::Position::Bottom,
    )
    .delay(std::time::Duration::from_millis(600))
    .into()
}
