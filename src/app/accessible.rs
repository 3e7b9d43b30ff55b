//! The window's accessibility tree: built from every part's state after each change while
//! a screen reader listens (never otherwise), and the actions it asks for done as the
//! parts' own messages.

use std::time::Instant;

use iced::Task;

use super::App;
use crate::accessible::bridge::Request;
use crate::accessible::{ROOT, Tree, Turn};
use crate::focus::Part;
use crate::message::Message;

impl App {
    /// Publish the window's tree, if a screen reader listens: now, or (after one went
    /// moments ago) once its turn comes, with what changed until then.
    pub(super) fn publish_tree(&mut self) -> Task<Message> {
        if !self.access.is_listening() {
            return Task::none();
        }
        let now = Instant::now();
        match self.access.turn(now) {
            Turn::Now => {
                let tree = self.accessible_tree();
                self.access.publish(tree, now);
                // Where the parts were drawn: nodes with bounds take focus requests.
                crate::accessible::bounds::measure().map(Message::AccessibleBounds)
            }
            Turn::After(wait) => {
                Task::perform(tokio::time::sleep(wait), |()| Message::AccessibleDue)
            }
            Turn::Asked => Task::none(),
        }
    }

    /// The tree of what the window shows now.
    fn accessible_tree(&self) -> Tree<Message> {
        let mut tree = Tree::new(&self.title());
        let mut root = tree.part(ROOT);
        let keyboard = self.keyboard.part;
        let pane = self.browser.pane();
        if self.places_width() > 0.0 {
            let around = crate::screen::places::accessible::Around {
                here: pane.path(),
                in_trash: pane.in_trash(),
                keyboard: keyboard == Part::Places,
                jobs: &self.jobs,
                connecting: self.servers.connecting_to(),
                bounds: self.access.bounds(),
            };
            root.map(&Message::Places, |p| self.places.accessible(p, &around));
        }
        let show = crate::screen::browser::view::Show {
            browser: &self.browser,
            look: self.browser_look(),
        };
        root.map(&Message::Browser, |p| {
            crate::screen::browser::accessible::build(show, p, keyboard, self.access.bounds())
        });
        root.map(&Message::Jobs, |p| {
            self.jobs
                .accessible(p, keyboard == Part::Jobs, self.access.bounds())
        });
        root.map(&Message::Status, |p| self.status.accessible(p, pane));
        if let Some(d) = &self.dialog {
            root.map(&Message::Dialog, |p| {
                d.accessible(p, &self.settings, &self.types)
            });
        }
        tree
    }

    /// What the adapter asks: a tree (sent after this update), or an action on a node,
    /// done as the message the node's part sends for it.
    pub(super) fn on_accessible(&mut self, request: Request) -> Task<Message> {
        match request {
            Request::Activated | Request::Deactivated => Task::none(),
            Request::Action(action) => match self.access.target(&action) {
                Some(m) => self.handle_message(m),
                None => Task::none(),
            },
        }
    }
}
