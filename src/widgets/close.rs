//! The small × button that closes a tab or a pane.

use iced::Element;
use iced::widget::{button, svg, tooltip};

use crate::icons;
use crate::theme;
use crate::widgets::tip;

/// A flat × sending `message`, padded by `padding`, saying `tip` after a moment (a
/// tab's has none: the tab's own tooltip, its path, shows there).
pub fn close_button<'a, M: Clone + 'a>(
    message: M,
    padding: u16,
    tip: Option<String>,
) -> Element<'a, M> {
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
    tip::tip(close, tip, tooltip::Position::Bottom)
        .delay(tip::BUTTON_DELAY)
        .into()
}
