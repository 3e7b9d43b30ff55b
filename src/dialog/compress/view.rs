//! The "Compress…" dialog over the window: the name field with the format's extension
//! beside it, the formats and the efforts as radio buttons, the hidden password field
//! (zip and 7z only), Cancel and Create.

use iced::widget::{Column, button, column, radio, row, text, text_input};
use iced::{Element, Fill};

use super::{Compress, Effort, FORMATS, Message, NAME_INPUT, PASSWORD_INPUT};
use crate::dialog::unlock::Passphrase;
use crate::format::name_of;
use crate::i18n::fl;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl Compress {
    /// The dialog as a layer over the window.
    pub fn view(&self) -> Element<'_, Message> {
        let what = self.title();
        let name = row![
            text_input(&fl!("compress-name"), &self.name)
                .id(NAME_INPUT)
                .on_input(Message::Name)
                .on_submit(Message::Create)
                .width(Fill),
            text(self.format.extension()),
        ]
        .spacing(6)
        .align_y(iced::Alignment::Center);
        let formats = row(FORMATS
            .iter()
            .map(|&f| radio(&f.extension()[1..], f, Some(self.format), Message::Format).into()))
        .spacing(14);
        let efforts = row(Effort::ALL
            .iter()
            .map(|&e| radio(e.label(), e, Some(self.effort), Message::Effort).into()))
        .spacing(14);
        let create = button(text(fl!("compress-create")))
            .on_press_maybe(self.file_name().map(|_| Message::Create));
        let cancel = leave_button(fl!("compress-cancel"), Message::Close);
        let mut body: Column<'_, Message> = column![
            dialog::title(what),
            name,
            text(fl!("compress-format")).style(text::secondary),
            formats,
            text(fl!("compress-effort")).style(text::secondary),
            efforts,
        ]
        .spacing(12);
        if self.format.takes_password() {
            let password = text_input(&fl!("compress-password-hint"), self.password.expose())
                .id(PASSWORD_INPUT)
                .secure(true)
                .on_input(|typed| Message::Password(Passphrase::new(typed)))
                .on_submit(Message::Create)
                .width(Fill);
            body = body
                .push(text(fl!("compress-password")).style(text::secondary))
                .push(password);
        }
        let body = body.push(button_row([cancel.into(), create.into()]));
        boxed(body, 600.0)
    }
}

impl Compress {
    /// The dialog's title: what it makes an archive of, or extracts.
    pub fn title(&self) -> String {
        match self.sources.as_slice() {
            [one] => fl!("compress-title-one", name = name_of(one)),
            many => fl!("compress-title-many", count = many.len()),
        }
    }
}
