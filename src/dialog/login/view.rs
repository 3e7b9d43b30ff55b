//! The login dialog over the window: who asks, what GVfs says, the user, domain and
//! hidden password fields, "Remember the password", a refusal, and Cancel, Guest and
//! Connect.

use iced::widget::{button, checkbox, column, container, text, text_input};
use iced::{Element, Fill};

use super::{Login, Message, PASSWORD_INPUT, Passphrase, USER_INPUT};
use crate::i18n::fl;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl Login {
    /// The dialog's title.
    pub fn title(&self) -> String {
        fl!("login-title", server = self.server.clone())
    }

    /// What the dialog says under its title: the refusal, or GVfs's own words.
    pub fn said(&self) -> String {
        match self.refused() {
            true => fl!("login-refused"),
            false => self.ask.message.clone(),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let mut body = column![dialog::title(self.title())].spacing(12);
        let said = text(self.said());
        let said: Element<'_, Message> = match self.refused() {
            true => container(said)
                .width(Fill)
                .padding([8, 10])
                .style(crate::dialog::unlock::view::refusal)
                .into(),
            false => said.style(text::secondary).into(),
        };
        body = body.push(said);
        if self.ask.needs_user {
            body = body.push(
                text_input(&fl!("login-user"), &self.user)
                    .id(USER_INPUT)
                    .on_input(Message::User)
                    .on_submit(Message::Login)
                    .width(Fill),
            );
        }
        if self.ask.needs_domain {
            body = body.push(
                text_input(&fl!("login-domain"), &self.domain)
                    .on_input(Message::Domain)
                    .on_submit(Message::Login)
                    .width(Fill),
            );
        }
        if self.ask.needs_password {
            body = body.push(
                text_input(&fl!("login-password"), self.password.expose())
                    .id(PASSWORD_INPUT)
                    .secure(true)
                    .on_input(|typed| Message::Password(Passphrase::new(typed)))
                    .on_submit(Message::Login)
                    .width(Fill),
            );
        }
        if self.ask.can_remember {
            body = body.push(
                checkbox(self.remember)
                    .label(fl!("login-remember"))
                    .on_toggle(Message::Remember),
            );
        }
        let mut buttons: Vec<Element<'_, Message>> =
            vec![leave_button(fl!("login-cancel"), Message::Cancel).into()];
        if self.ask.anonymous_allowed {
            buttons.push(
                button(text(fl!("login-guest")))
                    .on_press(Message::Guest)
                    .into(),
            );
        }
        buttons.push(
            button(text(fl!("login-connect")))
                .on_press_maybe(self.ready().then_some(Message::Login))
                .into(),
        );
        boxed(body.push(button_row(buttons)), 480.0)
    }
}
