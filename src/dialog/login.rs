//! The login a server asks for while connecting: its user, domain and password (never
//! shown, never logged, wiped when dropped), whether the desktop's keyring keeps it, or
//! a guest's login where the server lets guests in. A refused login says so and asks
//! again. Escape gives up the connection, Enter logs in, Tab goes to the next field.

mod view;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::remote::{PasswordAnswer, PasswordAsk, Remember};

use super::unlock::Passphrase;
use crate::key_press::KeyPress;

/// The ids of the dialog's fields.
pub const USER_INPUT: &str = "login-user";
pub const PASSWORD_INPUT: &str = "login-password";

/// What the dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    /// Give up the connection; the dialog closes.
    Cancel,
    /// Log in so; the dialog closes until the server answers.
    Login(PasswordAnswer),
}

#[derive(Debug, Clone)]
pub enum Message {
    User(String),
    Domain(String),
    Password(Passphrase),
    Remember(bool),
    Login,
    Guest,
    Cancel,
    FocusNext,
}

/// The open dialog.
#[derive(Debug)]
pub struct Login {
    /// The server that asks.
    pub server: String,
    pub ask: PasswordAsk,
    pub user: String,
    pub domain: String,
    pub password: Passphrase,
    /// Keep the password in the desktop's keyring.
    pub remember: bool,
}

impl Login {
    /// The dialog for `ask` of `server`, the keyboard in the user field when it is empty,
    /// else in the password field.
    pub fn open(server: String, ask: PasswordAsk) -> (Login, Task<Message>) {
        let login = Login {
            server,
            user: ask.default_user.clone(),
            domain: ask.default_domain.clone(),
            ask,
            password: Passphrase::default(),
            remember: false,
        };
        let first = match login.ask.needs_user && login.user.is_empty() {
            true => USER_INPUT,
            false => PASSWORD_INPUT,
        };
        (login, iced::widget::operation::focus(first))
    }

    /// A login was refused before this ask.
    pub fn refused(&self) -> bool {
        self.ask.attempt > 1
    }

    /// Can "Connect" be pressed?
    pub fn ready(&self) -> bool {
        !(self.ask.needs_user && self.user.trim().is_empty())
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::User(u) => self.user = u,
            Message::Domain(d) => self.domain = d,
            Message::Password(p) => self.password = p,
            Message::Remember(on) => self.remember = on,
            Message::FocusNext => return (iced::widget::operation::focus_next(), None),
            Message::Cancel => return (Task::none(), Some(Event::Cancel)),
            Message::Guest => {
                return (
                    Task::none(),
                    Some(Event::Login(PasswordAnswer::anonymous())),
                );
            }
            Message::Login if self.ready() => {
                return (Task::none(), Some(Event::Login(self.answer())));
            }
            Message::Login => {}
        }
        (Task::none(), None)
    }

    /// What was typed, as the answer to the ask.
    fn answer(&mut self) -> PasswordAnswer {
        let typed =
            |s: &str, asked: bool| (asked && !s.trim().is_empty()).then(|| s.trim().to_owned());
        PasswordAnswer {
            user: typed(&self.user, self.ask.needs_user),
            domain: typed(&self.domain, self.ask.needs_domain),
            password: std::mem::take(&mut self.password).expose().to_owned(),
            remember: match self.remember && self.ask.can_remember {
                true => Remember::Permanently,
                false => Remember::Never,
            },
            anonymous: false,
        }
    }

    /// What a key means here: Escape gives up, Enter logs in, Tab goes to the next field.
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Cancel),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Login),
            Key::Named(Named::Tab) => Some(Message::FocusNext),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(attempt: u32) -> PasswordAsk {
        PasswordAsk {
            message: "Password required for share guest on localhost".into(),
            default_user: "root".into(),
            default_domain: "WORKGROUP".into(),
            needs_user: true,
            needs_domain: true,
            needs_password: true,
            anonymous_allowed: true,
            can_remember: true,
            attempt,
        }
    }

    #[test]
    fn the_answer_is_what_was_typed_and_the_password_is_wiped() {
        let (mut login, _) = Login::open("nas".into(), ask(1));
        assert!(!login.refused());
        let _ = login.update(Message::User(" alice ".into()));
        let _ = login.update(Message::Password(Passphrase::new("sekrit".into())));
        let _ = login.update(Message::Remember(true));
        let (_, event) = login.update(Message::Login);
        let Some(Event::Login(answer)) = event else {
            panic!("no login: {event:?}");
        };
        assert_eq!(answer.user.as_deref(), Some("alice"));
        assert_eq!(answer.domain.as_deref(), Some("WORKGROUP"));
        assert_eq!(answer.password, "sekrit");
        assert_eq!(answer.remember, Remember::Permanently);
        assert!(login.password.is_empty());
    }

    #[test]
    fn an_empty_user_cannot_log_in_and_a_second_ask_was_refused() {
        let (mut login, _) = Login::open("nas".into(), ask(2));
        assert!(login.refused());
        let _ = login.update(Message::User(String::new()));
        assert!(login.update(Message::Login).1.is_none());
        let (_, event) = login.update(Message::Guest);
        assert!(matches!(event, Some(Event::Login(a)) if a.anonymous));
    }
}
