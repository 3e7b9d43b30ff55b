//! What the file view shows instead of a list: loading, empty, or why a folder cannot be
//! opened.

use iced::widget::{button, column, container, svg, text};
use iced::{Center, Element, Fill};

use crate::i18n::fl;
use crate::icons;
use crate::screen::browser::Message;
use crate::screen::browser::pane::{Pane, PaneMsg};
use crate::theme;

pub fn view<'a>(pane: &Pane, message: String) -> Element<'a, Message> {
    let failed = pane.lister().error().is_some();
    let mut col = column![].spacing(14).align_x(Center);
    if !failed {
        col = col.push(svg(icons::FOLDER.clone()).width(64).height(64).opacity(0.5));
    }
    let label = text(message).size(16).align_x(Center);
    let label = if failed {
        label.style(theme::error_text)
    } else {
        label.style(theme::muted)
    };
    col = col.push(label);
    if pane.unanswered() {
        col = col.push(
            button(text(fl!("view-retry")))
                .style(button::secondary)
                .on_press(Message::Pane(PaneMsg::Reload)),
        );
    }
    container(col).center(Fill).padding(24).into()
}
