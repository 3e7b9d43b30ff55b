//! The dialogs over the window, one at a time: the window's modal state. Each dialog owns
//! its state, its messages, its update, what the keys mean in it and its view; what it
//! asks of the window around it (close it, start a job, open files, change a setting)
//! comes out of its update as its own event, which is the window's [`Event`] here. While
//! one is open every key goes to it.

pub mod accessible;
pub mod batch_rename;
pub mod chooser;
pub mod compress;
pub mod connect;
pub mod extract_to;
pub mod help;
pub mod login;
pub mod preferences;
pub mod properties;
pub mod question;
pub mod server_question;
pub mod unlock;

use std::path::PathBuf;
use std::sync::Arc;

use iced::{Element, Task};
use porpoise_engine::apps::Apps;
use porpoise_engine::jobs::JobSpec;

use crate::key_press::KeyPress;
use crate::request::JobRequest;
use crate::settings::Settings;
use crate::types::Types;
use crate::undo::UndoStep;

/// The open dialog.
#[derive(Debug)]
pub enum Dialog {
    Properties(properties::Properties),
    Preferences(preferences::Preferences),
    BatchRename(batch_rename::BatchRename),
    Unlock(unlock::Unlock),
    ExtractTo(extract_to::ExtractTo),
    Compress(compress::Compress),
    Chooser(chooser::Chooser),
    /// A job's question (a conflict, pre-flight problems) or "Delete for good?".
    Question(question::Question),
    /// The keyboard shortcuts, or About.
    Help(help::Help),
    /// "Connect to Server…".
    Connect(connect::Connect),
    /// The login a server asks for while connecting.
    Login(login::Login),
    /// A question a server asks while connecting.
    ServerQuestion(server_question::ServerQuestion),
}

/// A message of the open dialog.
#[derive(Debug, Clone)]
pub enum Message {
    Properties(properties::Message),
    Preferences(preferences::Message),
    BatchRename(batch_rename::Message),
    Unlock(unlock::Message),
    ExtractTo(extract_to::Message),
    Compress(compress::Message),
    Chooser(chooser::Message),
    Question(question::Message),
    Help(help::Message),
    Connect(connect::Message),
    Login(login::Message),
    ServerQuestion(server_question::Message),
}

macro_rules! message_of {
    ($($dialog:ident: $message:ty),* $(,)?) => {
        $(impl From<$message> for Message {
            fn from(m: $message) -> Message {
                Message::$dialog(m)
            }
        })*
    };
}

message_of!(
    Properties: properties::Message,
    Preferences: preferences::Message,
    BatchRename: batch_rename::Message,
    Unlock: unlock::Message,
    ExtractTo: extract_to::Message,
    Compress: compress::Message,
    Chooser: chooser::Message,
    Question: question::Message,
    Help: help::Message,
    Connect: connect::Message,
    Login: login::Message,
    ServerQuestion: server_question::Message,
);

/// What a dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    /// It is done: the window closes it.
    Close,
    /// Start this job (`spec`: the engine's job as the dialog made it; else the request's
    /// own); the dialog closes and the job panel shows how it goes.
    Job(JobRequest, Option<Box<JobSpec>>),
    /// A change Ctrl+Z can take back was made.
    Done(UndoStep),
    /// A setting was changed (Preferences).
    Setting(preferences::Change),
    /// Open `files` with the application `app` (its desktop file ID); `default_for`: make
    /// it the default for this type too. The dialog closes.
    Open {
        files: Vec<PathBuf>,
        app: crate::apps::AppChoice,
        default_for: Option<String>,
    },
    /// An encrypted volume was unlocked and mounted here; the dialog closes.
    Unlocked(PathBuf),
    /// The answer to the question of a job; the dialog closes.
    Answer(question::Answer),
    /// Connect to this address; the dialog closes.
    Connect(porpoise_engine::remote::Address),
    /// The login for the connection under way; the dialog closes.
    Login(porpoise_engine::remote::PasswordAnswer),
    /// The choice for the question of the connection under way; the dialog closes.
    Choose(usize),
    /// Give up the connection under way; the dialog closes.
    GiveUp,
}

impl From<connect::Event> for Event {
    fn from(e: connect::Event) -> Event {
        match e {
            connect::Event::Close => Event::Close,
            connect::Event::Connect(address) => Event::Connect(address),
        }
    }
}

impl From<login::Event> for Event {
    fn from(e: login::Event) -> Event {
        match e {
            login::Event::Cancel => Event::GiveUp,
            login::Event::Login(answer) => Event::Login(answer),
        }
    }
}

impl From<server_question::Event> for Event {
    fn from(e: server_question::Event) -> Event {
        match e {
            server_question::Event::Cancel => Event::GiveUp,
            server_question::Event::Choose(i) => Event::Choose(i),
        }
    }
}

impl From<properties::Event> for Event {
    fn from(e: properties::Event) -> Event {
        match e {
            properties::Event::Close => Event::Close,
            properties::Event::Done(step) => Event::Done(step),
            properties::Event::Job(request) => Event::Job(request, None),
        }
    }
}

impl From<preferences::Event> for Event {
    fn from(e: preferences::Event) -> Event {
        match e {
            preferences::Event::Close => Event::Close,
            preferences::Event::Setting(change) => Event::Setting(change),
        }
    }
}

impl From<batch_rename::Event> for Event {
    fn from(e: batch_rename::Event) -> Event {
        match e {
            batch_rename::Event::Close => Event::Close,
            batch_rename::Event::Job(request, spec) => Event::Job(request, Some(spec)),
        }
    }
}

impl From<unlock::Event> for Event {
    fn from(e: unlock::Event) -> Event {
        match e {
            unlock::Event::Close => Event::Close,
            unlock::Event::Unlocked(at) => Event::Unlocked(at),
        }
    }
}

impl From<extract_to::Event> for Event {
    fn from(e: extract_to::Event) -> Event {
        match e {
            extract_to::Event::Close => Event::Close,
            extract_to::Event::Job(request) => Event::Job(request, None),
        }
    }
}

impl From<compress::Event> for Event {
    fn from(e: compress::Event) -> Event {
        match e {
            compress::Event::Close => Event::Close,
            compress::Event::Job(request) => Event::Job(request, None),
        }
    }
}

impl From<chooser::Event> for Event {
    fn from(e: chooser::Event) -> Event {
        match e {
            chooser::Event::Close => Event::Close,
            chooser::Event::Open {
                files,
                app,
                default_for,
            } => Event::Open {
                files,
                app,
                default_for,
            },
        }
    }
}

impl From<help::Event> for Event {
    fn from(e: help::Event) -> Event {
        match e {
            help::Event::Close => Event::Close,
        }
    }
}

impl From<question::Event> for Event {
    fn from(e: question::Event) -> Event {
        match e {
            question::Event::Close => Event::Close,
            question::Event::Answer(answer) => Event::Answer(answer),
        }
    }
}

/// What dialogs read of the window around them.
pub struct Context<'a> {
    pub settings: &'a Settings,
    pub types: &'a Types,
    /// Every application, once read.
    pub apps: Option<&'a Arc<Apps>>,
    /// Questions of jobs waiting behind the one shown.
    pub questions_waiting: usize,
}

impl Dialog {
    /// Take a message; a late one for a dialog that closed since does nothing.
    pub fn update(&mut self, message: Message, cx: &Context) -> (Task<Message>, Option<Event>) {
        fn lift<M, E>(
            (task, event): (Task<M>, Option<E>),
            wrap: fn(M) -> Message,
        ) -> (Task<Message>, Option<Event>)
        where
            M: Send + 'static,
            Event: From<E>,
        {
            (task.map(wrap), event.map(Event::from))
        }
        match (self, message) {
            (Dialog::Properties(d), Message::Properties(m)) => {
                lift(d.update(m), Message::Properties)
            }
            (Dialog::Preferences(d), Message::Preferences(m)) => {
                lift(d.update(m, cx.settings), Message::Preferences)
            }
            (Dialog::BatchRename(d), Message::BatchRename(m)) => {
                lift(d.update(m), Message::BatchRename)
            }
            (Dialog::Unlock(d), Message::Unlock(m)) => lift(d.update(m), Message::Unlock),
            (Dialog::ExtractTo(d), Message::ExtractTo(m)) => lift(d.update(m), Message::ExtractTo),
            (Dialog::Compress(d), Message::Compress(m)) => lift(d.update(m), Message::Compress),
            (Dialog::Chooser(d), Message::Chooser(m)) => lift(d.update(m), Message::Chooser),
            (Dialog::Question(d), Message::Question(m)) => lift(d.update(m), Message::Question),
            (Dialog::Help(d), Message::Help(m)) => lift(d.update(m), Message::Help),
            (Dialog::Connect(d), Message::Connect(m)) => lift(d.update(m), Message::Connect),
            (Dialog::Login(d), Message::Login(m)) => lift(d.update(m), Message::Login),
            (Dialog::ServerQuestion(d), Message::ServerQuestion(m)) => {
                lift(d.update(m), Message::ServerQuestion)
            }
            _ => (Task::none(), None),
        }
    }

    /// What a key means in the dialog (none: it does nothing; no key goes past a dialog).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match self {
            Dialog::Properties(d) => d.key(k).map(Message::Properties),
            Dialog::Preferences(d) => d.key(k).map(Message::Preferences),
            Dialog::BatchRename(d) => d.key(k).map(Message::BatchRename),
            Dialog::Unlock(d) => d.key(k).map(Message::Unlock),
            Dialog::ExtractTo(d) => d.key(k).map(Message::ExtractTo),
            Dialog::Compress(d) => d.key(k).map(Message::Compress),
            Dialog::Chooser(d) => d.key(k).map(Message::Chooser),
            Dialog::Question(d) => d.key(k).map(Message::Question),
            Dialog::Help(d) => d.key(k).map(Message::Help),
            Dialog::Connect(d) => d.key(k).map(Message::Connect),
            Dialog::Login(d) => d.key(k).map(Message::Login),
            Dialog::ServerQuestion(d) => d.key(k).map(Message::ServerQuestion),
        }
    }

    pub fn view<'a>(&'a self, cx: &Context<'a>) -> Element<'a, Message> {
        match self {
            Dialog::Properties(d) => d.view(cx.types).map(Message::Properties),
            Dialog::Preferences(d) => d.view(cx.settings).map(Message::Preferences),
            Dialog::BatchRename(d) => d.view().map(Message::BatchRename),
            Dialog::Unlock(d) => d.view().map(Message::Unlock),
            Dialog::ExtractTo(d) => d.view().map(Message::ExtractTo),
            Dialog::Compress(d) => d.view().map(Message::Compress),
            Dialog::Chooser(d) => d.view(cx.types).map(Message::Chooser),
            Dialog::Question(d) => d.view(cx.questions_waiting).map(Message::Question),
            Dialog::Help(d) => d.view(cx.settings).map(Message::Help),
            Dialog::Connect(d) => d.view().map(Message::Connect),
            Dialog::Login(d) => d.view().map(Message::Login),
            Dialog::ServerQuestion(d) => d.view().map(Message::ServerQuestion),
        }
    }
}
