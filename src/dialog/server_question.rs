//! A question a server asks while connecting (an SSH host key not seen before: trust it
//! or not), with its choices as buttons. Nothing is picked for the person: the arrows
//! move among the choices from the last one (usually "Cancel"), Enter picks the one
//! highlighted, Escape gives up the connection.

use iced::keyboard::Key;
use iced::keyboard::key::Named;
use iced::widget::{button, column, text};
use iced::{Element, Task};
use porpoise_engine::remote::Question;

use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::widgets::dialog::{self, boxed, button_row};

/// What the dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Cancel,
    /// The choice at this index was picked.
    Choose(usize),
}

#[derive(Debug, Clone)]
pub enum Message {
    Choose(usize),
    /// The arrows: the highlight moves by this many choices.
    Move(isize),
    Cancel,
}

/// The open dialog.
#[derive(Debug)]
pub struct ServerQuestion {
    pub server: String,
    pub question: Question,
    /// The choice Enter picks.
    pub highlighted: usize,
}

impl ServerQuestion {
    pub fn open(server: String, question: Question) -> ServerQuestion {
        let highlighted = question.choices.len().saturating_sub(1);
        ServerQuestion {
            server,
            question,
            highlighted,
        }
    }

    pub fn title(&self) -> String {
        fl!("server-question-title", server = self.server.clone())
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Choose(i) if i < self.question.choices.len() => Some(Event::Choose(i)),
            Message::Choose(_) => None,
            Message::Move(by) => {
                let last = self.question.choices.len().saturating_sub(1);
                self.highlighted = self.highlighted.saturating_add_signed(by).min(last);
                None
            }
            Message::Cancel => Some(Event::Cancel),
        };
        (Task::none(), event)
    }

    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Cancel),
            Key::Named(Named::Enter) => Some(Message::Choose(self.highlighted)),
            Key::Named(Named::ArrowLeft | Named::ArrowUp) => Some(Message::Move(-1)),
            Key::Named(Named::ArrowRight | Named::ArrowDown | Named::Tab) => Some(Message::Move(1)),
            _ => None,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let choices = self.question.choices.iter().enumerate().map(|(i, c)| {
            let style = match i == self.highlighted {
                true => button::primary,
                false => button::secondary,
            };
            button(text(c.clone()))
                .style(style)
                .on_press(Message::Choose(i))
                .into()
        });
        let body = column![
            dialog::title(self.title()),
            text(self.question.message.clone()),
            button_row(choices),
        ]
        .spacing(14);
        boxed(body, 560.0)
    }
}
