//! The "Extract To…" dialog over the window: what is extracted, the folder field, Cancel
//! and Extract.

use iced::widget::{button, column, text, text_input};
use iced::{Element, Fill};

use super::{ExtractTo, FOLDER_INPUT, Message};
use crate::format::name_of;
use crate::i18n::fl;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl ExtractTo {
    /// The dialog as a layer over the window.
    pub fn view(&self) -> Element<'_, Message> {
        let what = self.title();
        let field = text_input(&fl!("extract-to-folder"), &self.folder)
            .id(FOLDER_INPUT)
            .on_input(Message::Folder)
            .on_submit(Message::Extract)
            .width(Fill);
        let extract = button(text(fl!("extract-to-button")))
            .on_press_maybe(self.ready().then_some(Message::Extract));
        let cancel = leave_button(fl!("extract-to-cancel"), Message::Close);
        let body = column![
            dialog::title(what),
            text(fl!("extract-to-explain")).style(text::secondary),
            field,
            button_row([cancel.into(), extract.into()]),
        ]
        .spacing(14);
        boxed(body, 560.0)
    }
}

impl ExtractTo {
    /// The dialog's title: what it makes an archive of, or extracts.
    pub fn title(&self) -> String {
        match self.archives.as_slice() {
            [one] => fl!("extract-to-title-one", name = name_of(one)),
            many => fl!("extract-to-title-many", count = many.len()),
        }
    }
}
