//! The "Connect to Server…" dialog over the window: the address field, the schemes it
//! takes, why the address cannot be opened, the recent servers, and Cancel and Connect.

use iced::widget::{Column, button, column, text, text_input};
use iced::{Element, Fill};

use super::{ADDRESS_INPUT, Connect, Message};
use crate::i18n::fl;
use crate::theme;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl Connect {
    pub fn view(&self) -> Element<'_, Message> {
        let field = text_input(&fl!("connect-placeholder"), &self.typed)
            .id(ADDRESS_INPUT)
            .on_input(Message::Address)
            .on_submit(Message::Connect)
            .width(Fill);
        let mut body = column![
            dialog::title(fl!("connect-title")),
            field,
            text(fl!("connect-schemes"))
                .size(theme::SMALL_TEXT)
                .style(text::secondary),
        ]
        .spacing(12);
        if let Some(why) = &self.error {
            body = body.push(text(why.clone()).style(text::danger));
        }
        if !self.recent.is_empty() {
            body = body.push(text(fl!("connect-recent")).style(text::secondary));
            let recent = self.recent.iter().enumerate().map(|(i, uri)| {
                button(text(super::shown(uri)))
                    .style(button::text)
                    .on_press(Message::Recent(i))
                    .into()
            });
            body = body.push(Column::with_children(recent).spacing(2));
        }
        let connect = button(text(fl!("connect-button")))
            .on_press_maybe((!self.typed.trim().is_empty()).then_some(Message::Connect));
        let buttons = button_row([
            leave_button(fl!("connect-cancel"), Message::Close).into(),
            connect.into(),
        ]);
        boxed(body.push(buttons), 520.0)
    }
}
