//! Servers in the app: connecting to an address (typed in the location bar or "Connect
//! to Server…", given on the command line, asked for over the bus, a place in Places),
//! the login and questions it asks in dialogs, showing the place once connected, and
//! disconnecting.

use iced::Task;
use porpoise_engine::remote::Address;

use super::App;
use crate::dialog::{self, Dialog};
use crate::message::Message;
use crate::screen::browser::pane::PaneMsg;
use crate::servers::{Event, Then};

impl App {
    /// The servers: the connection under way and the remote places.
    pub fn servers(&self) -> &crate::servers::Servers {
        &self.servers
    }

    /// Connect to `address`, then show it as `then` says.
    pub(super) fn connect(&mut self, address: Address, then: Then) -> Task<Message> {
        self.on_servers_message(crate::servers::Message::Connect(address, then))
    }

    /// Connect to each of `servers` in turn, each then shown as its `Then` says.
    pub(super) fn connect_in_turn(&mut self, servers: Vec<(Address, Then)>) -> Task<Message> {
        let tasks: Vec<_> = servers
            .into_iter()
            .map(|(address, then)| {
                let m = crate::servers::Message::ConnectInTurn(address, then);
                self.on_servers_message(m)
            })
            .collect();
        crate::tasks::batch(tasks)
    }

    pub(super) fn on_servers_message(&mut self, m: crate::servers::Message) -> Task<Message> {
        let (task, event) = self.servers.update(m);
        let mut tasks = vec![task.map(Message::Servers)];
        if let Some(event) = event {
            tasks.push(self.on_servers_event(event));
        }
        crate::tasks::batch(tasks)
    }

    fn on_servers_event(&mut self, event: Event) -> Task<Message> {
        match event {
            Event::Open(path, then) => self.show_connected(path, then),
            Event::Connected {
                path,
                then,
                address,
            } => {
                self.status.clear();
                let server = address.with_path(b"/").unwrap_or(address);
                self.settings.remember_server(server.uri());
                let shown = self.show_connected(path, then);
                self.places_learn_remote();
                crate::tasks::batch([shown, self.save()])
            }
            Event::AskLogin { server, ask } => {
                let (d, task) = dialog::login::Login::open(server, ask);
                self.show_dialog(Dialog::Login(d), task.map(dialog::Message::Login))
            }
            Event::AskQuestion { server, question } => {
                let d = dialog::server_question::ServerQuestion::open(server, question);
                self.show_dialog(Dialog::ServerQuestion(d), Task::none())
            }
            Event::Asked => {
                self.status.clear();
                if matches!(
                    self.dialog,
                    Some(Dialog::Login(_) | Dialog::ServerQuestion(_))
                ) {
                    self.dialog = None;
                }
                Task::none()
            }
            Event::Places => {
                self.places_learn_remote();
                Task::none()
            }
            Event::Note(note) => {
                self.status.note(crate::screen::status::Note::said(note));
                Task::none()
            }
            Event::Error(e) => {
                if matches!(
                    self.dialog,
                    Some(Dialog::Login(_) | Dialog::ServerQuestion(_))
                ) {
                    self.dialog = None;
                }
                self.status.error(e);
                Task::none()
            }
        }
    }

    /// Show `path` of a connected place: in the pane with the keyboard, or a new tab.
    fn show_connected(&mut self, path: std::path::PathBuf, then: Then) -> Task<Message> {
        match then {
            Then::Show => {
                // The typed address gives way to the place it led to.
                self.browser.pane_mut().end_location();
                self.in_browser(|b, cx| b.pane_message(PaneMsg::Navigate(path), cx))
            }
            Then::Tab => self.in_browser(|b, cx| b.open_tab(path, true, cx)),
            Then::LastTab { show } => self.in_browser(|b, cx| b.open_last_tab(path, show, cx)),
        }
    }

    /// Places and the browser learn the remote places as they are now.
    fn places_learn_remote(&mut self) {
        let remote = self.servers.places().clone();
        self.places.set_remote(&remote);
        self.browser.set_remote(std::sync::Arc::new(remote));
    }

    /// "Connect to Server…", with the recent servers.
    pub(super) fn open_connect_dialog(&mut self) -> Task<Message> {
        let (d, task) = dialog::connect::Connect::open(self.settings.recent_servers.clone());
        self.show_dialog(Dialog::Connect(d), task.map(dialog::Message::Connect))
    }
}
