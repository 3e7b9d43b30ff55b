//! The keyboard among the window's parts: Tab and Shift+Tab move it; while Places has
//! it, Places takes its keys; on the main menu's button, Enter, Space or Down opens the
//! menu.

use crate::message::Message;
use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::focus::{self, Part};
use crate::key_press::KeyPress;
use crate::screen::browser::pane::PaneMsg;

impl App {
    /// The part that has the keyboard now (the location bar only while it is edited).
    pub fn focused(&self) -> Part {
        match self.keyboard.part {
            Part::Location if self.browser.pane().location().is_none() => Part::View,
            Part::Jobs if self.jobs.entries.is_empty() => Part::View,
            Part::Places if self.places_width() <= 0.0 => Part::View,
            part => part,
        }
    }

    /// The part that wears the focus ring, if the keyboard moved it there.
    pub fn focus_ring(&self) -> Option<Part> {
        self.keyboard.ring.then(|| self.focused())
    }

    /// Keys that belong to the parts: Tab anywhere, and the arrows and Enter in Places.
    pub(super) fn focus_key(&mut self, k: &KeyPress) -> Option<Task<Message>> {
        // A menu or a question of the Trash view has the keyboard while it is open.
        if self.browser.pane().asks() {
            return None;
        }
        let m = k.modifiers;
        // Tab in the location bar completes the typed path (Shift+Tab leaves it).
        if k.key == Key::Named(Named::Tab)
            && !m.control()
            && !m.alt()
            && !m.shift()
            && self.browser.pane().location().is_some()
        {
            return Some(self.in_browser(|b, cx| b.pane_message(PaneMsg::CompleteLocation, cx)));
        }
        if k.key == Key::Named(Named::Tab) && !m.control() && !m.alt() {
            return Some(self.move_focus(!m.shift()));
        }
        if self.focused() == Part::Menu && !m.control() && !m.alt() {
            return match k.key.as_ref() {
                Key::Named(Named::Enter | Named::Space | Named::ArrowDown) => {
                    self.browser.open_main_menu(true, &self.settings);
                    Some(Task::none())
                }
                Key::Named(Named::Escape) => {
                    self.keyboard.part = Part::View;
                    Some(Task::none())
                }
                _ => None,
            };
        }
        if self.focused() == Part::Jobs && !m.control() && !m.alt() {
            // The panel has the keyboard: Escape gives it back to the view, and the keys
            // that move in the view do not move it unseen.
            return match k.key.as_ref() {
                Key::Named(Named::Escape) => {
                    self.keyboard.part = Part::View;
                    Some(Task::none())
                }
                Key::Named(Named::Enter) => Some(Task::none()),
                _ if k.moves() => Some(Task::none()),
                _ => None,
            };
        }
        if self.focused() != Part::Places {
            return None;
        }
        self.places_key(k)
    }

    fn move_focus(&mut self, forward: bool) -> Task<Message> {
        let from = self.focused();
        // In split view the round passes both panes, the left one first.
        if let Some(beside_left) = self.browser.beside_on_left() {
            let on_left = !beside_left;
            if from == Part::View && on_left == forward {
                self.keyboard.ring = true;
                return self.in_browser(|b, cx| {
                    b.focus_beside(cx);
                    Task::none()
                });
            }
        }
        let places = self.places_width() > 0.0;
        let to = focus::next(from, forward, places, !self.jobs.entries.is_empty());
        let mut tasks = vec![self.keyboard_to(to)];
        if to == Part::Places {
            let pane = self.browser.pane();
            let in_trash = pane.in_trash();
            self.places.cursor_to(pane.path(), in_trash);
        }
        if self.browser.beside_on_left() == Some(forward) && to == Part::View {
            // Coming round to the panes: the left one first, or the right one backwards.
            tasks.push(self.in_browser(|b, cx| {
                b.focus_beside(cx);
                Task::none()
            }));
        }
        crate::tasks::batch(tasks)
    }

    /// The keyboard goes to `to`, which wears the ring (Tab, or a screen reader's
    /// request): the location bar is edited while it has it.
    pub(super) fn keyboard_to(&mut self, to: Part) -> Task<Message> {
        let from = self.focused();
        self.keyboard.ring = true;
        self.keyboard.part = to;
        match (from == Part::Location, to == Part::Location) {
            (true, false) => {
                self.browser.pane_mut().end_location();
                Task::none()
            }
            (false, true) => self.in_browser(|b, cx| b.pane_message(PaneMsg::EditLocation, cx)),
            _ => Task::none(),
        }
    }

    /// The mouse took the view: the keyboard goes with it, without a ring.
    pub(super) fn focus_view_by_mouse(&mut self) {
        self.keyboard.part = Part::View;
        self.keyboard.ring = false;
    }
}
