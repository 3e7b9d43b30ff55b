//! The quick preview and the information panel in the window: what they look at (the item
//! under the cursor, else the one selected; for the panel, else the shown folder), the
//! keys while the preview is open, and following the selection as it changes.

use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::key_press::KeyPress;
use crate::message::Message;
use crate::screen::info::{self, Subject};
use crate::screen::preview::{self, Asked, Preview, Target};

impl App {
    /// Space: the preview of the item under the cursor (or the one selected).
    pub(super) fn open_preview(&mut self) -> Task<Message> {
        let Some(target) = self.looked_at() else {
            return Task::none();
        };
        let (p, task) = Preview::open(self.asked(target, self.preview_box(), false));
        self.preview = Some(p);
        task.map(Message::Preview)
    }

    pub(super) fn on_preview_message(&mut self, m: preview::Message) -> Task<Message> {
        let Some(p) = self.preview.as_mut() else {
            return Task::none();
        };
        let (task, event) = p.update(m);
        if event == Some(preview::Event::Close) {
            self.preview = None;
        }
        task.map(Message::Preview)
    }

    /// Keys while the preview is open: Space and Escape close it; Enter opens the item
    /// (and closes it); the keys that move the cursor move it, and the preview follows;
    /// any other key closes it and does what it does. `None`: the browser takes the key.
    pub(super) fn preview_key(&mut self, k: &KeyPress) -> Option<Task<Message>> {
        let m = k.modifiers;
        match k.key.as_ref() {
            Key::Named(Named::Space | Named::Escape) if !m.control() && !m.alt() => {
                self.preview = None;
                Some(Task::none())
            }
            _ if k.moves() && !m.alt() => None,
            _ => {
                self.preview = None;
                None
            }
        }
    }

    /// After every change: the preview follows the cursor (and closes when nothing is
    /// under it); the panel, while shown, follows the selection. Nothing is read when
    /// they show that already.
    pub(super) fn follow_selection(&mut self) -> Task<Message> {
        let mut tasks = Vec::new();
        if let Some(shown) = self.preview.as_ref().map(|p| p.target().path.clone()) {
            match self.looked_at() {
                None => self.preview = None,
                Some(t) if t.path == shown => {}
                Some(t) => {
                    let asked = self.asked(t, self.preview_box(), false);
                    if let Some(p) = self.preview.as_mut() {
                        tasks.push(p.look(asked).map(Message::Preview));
                    }
                }
            }
        }
        if crate::layout::info_width(self.settings.window_width, self.settings.show_info) > 0.0 {
            let subject = self.info_subject();
            if self.info.subject() != Some(&subject) {
                let asked = match &subject {
                    Subject::One(t) => Some(self.asked(t.clone(), info::PICTURE, true)),
                    Subject::Several { .. } => None,
                };
                tasks.push(self.info.follow(subject, asked).map(Message::Info));
            }
        } else if self.info.subject().is_some() {
            self.info.hide();
        }
        crate::tasks::batch(tasks)
    }

    /// The item under the cursor, else the one selected (of the pane with the keyboard).
    fn looked_at(&self) -> Option<Target> {
        let pane = self.browser.pane();
        if pane.in_trash() || pane.in_archive() {
            return None;
        }
        let selection = pane.selection();
        let name = selection
            .cursor()
            .filter(|n| selection.is_selected(n))
            .or_else(|| selection.names().next())?;
        Some(self.target(pane.path().join(std::ffi::OsStr::from_bytes(name))))
    }

    /// What the panel shows: the selected item, several, or the shown folder.
    fn info_subject(&self) -> Subject {
        let pane = self.browser.pane();
        match pane.selection().len() {
            0 | 1 => match self.looked_at() {
                Some(t) => Subject::One(t),
                None => Subject::One(self.target(pane.path().to_owned())),
            },
            count => {
                let (_, _, bytes) = pane.selection().summary(&pane.rows());
                Subject::Several { count, bytes }
            }
        }
    }

    fn target(&self, path: PathBuf) -> Target {
        let mime = self.told_type(&path);
        Target { path, mime }
    }

    fn asked(&self, target: Target, box_px: u32, facts: bool) -> Asked {
        Asked {
            target,
            box_px,
            on_network: self.settings.previews_on_network,
            facts,
            db: self.types.db().cloned(),
            pool: self.thumbs.pool().cloned(),
        }
    }

    /// The longest side of the preview's picture in the window as it is now.
    fn preview_box(&self) -> u32 {
        preview::picture_box(self.window_size())
    }

    pub(super) fn window_size(&self) -> iced::Size {
        iced::Size::new(self.settings.window_width, self.settings.window_height)
    }
}
