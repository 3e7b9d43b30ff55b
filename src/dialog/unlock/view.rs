//! The passphrase dialog of an encrypted volume over the window: what it is, the hidden
//! passphrase field, why the last try failed, Cancel and Unlock ("Unlocking…" while
//! UDisks2 works).

use iced::widget::{button, column, container, space, text, text_input};
use iced::{Element, Fill};

use super::{Message, PASSPHRASE_INPUT, Passphrase, Unlock};
use crate::i18n::fl;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl Unlock {
    /// The dialog as a layer over the window.
    pub fn view(&self) -> Element<'_, Message> {
        body(self)
    }
}

fn body(u: &Unlock) -> Element<'_, Message> {
    let title = dialog::title(fl!("device-unlock-title", name = u.name.clone()));
    let explain = text(fl!("device-unlock-explain", name = u.name.clone())).style(text::secondary);
    let mut field = text_input(&fl!("device-unlock-passphrase"), u.passphrase.expose())
        .id(PASSPHRASE_INPUT)
        .secure(true)
        .width(Fill);
    if !u.busy {
        field = field
            .on_input(|typed| Message::Passphrase(Passphrase::new(typed)))
            .on_submit(Message::Unlock);
    }
    let said: Element<'_, Message> = match (&u.error, u.busy) {
        (_, true) => text(fl!("device-unlocking", name = u.name.clone()))
            .style(text::secondary)
            .into(),
        (Some(why), false) => container(text(why.clone()))
            .width(Fill)
            .padding([8, 10])
            .style(refusal)
            .into(),
        (None, false) => space::vertical().height(0).into(),
    };
    let cancel = leave_button(fl!("device-unlock-cancel"), Message::Close);
    let unlock = button(text(fl!("device-unlock-button")))
        .on_press_maybe(u.ready().then_some(Message::Unlock));
    let body = column![
        title,
        explain,
        field,
        said,
        button_row([cancel.into(), unlock.into()]),
    ]
    .spacing(14);
    boxed(body, 520.0)
}

/// Why the last try failed: the text as any, on a faint red ground with a red edge.
pub(crate) fn refusal(theme: &iced::Theme) -> container::Style {
    let danger = theme.extended_palette().danger.base.color;
    container::Style {
        background: Some(iced::Background::Color(danger.scale_alpha(0.1))),
        border: iced::Border {
            color: danger.scale_alpha(0.6),
            width: 1.0,
            radius: 4.0.into(),
        },
        ..container::Style::default()
    }
}
