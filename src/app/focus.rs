//! The keyboard among the window's parts: Tab and Shift+Tab move it; while Places has
//! it, the arrows move among the places and Enter opens one; on the main menu's button,
//! Enter, Space or Down opens the menu.

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::actions::ActionMsg;
use crate::effects::Effect;
use crate::focus::{self, Part};
use crate::message::{KeyPress, Message};
use crate::pane::Mode;
use crate::pane::PaneMsg;
use crate::places::{Place, PlaceKind};

impl App {
    /// The part that has the keyboard now (the location bar only while it is edited).
    pub fn focused(&self) -> Part {
        match self.focus {
            Part::Location if self.pane.location().is_none() => Part::View,
            Part::Jobs if self.jobs.entries.is_empty() => Part::View,
            Part::Places if self.places_width() <= 0.0 => Part::View,
            part => part,
        }
    }

    /// The part that wears the focus ring, if the keyboard moved it there.
    pub fn focus_ring(&self) -> Option<Part> {
        self.focus_visible.then(|| self.focused())
    }

    /// The place the keyboard is on in Places, while Places has it.
    pub fn places_cursor(&self) -> Option<usize> {
        (self.focus_ring() == Some(Part::Places)).then_some(self.places_cursor)
    }

    /// The places in the order Places shows them.
    pub fn places_in_order(&self) -> Vec<&Place> {
        let mounts = &self.mount_places;
        self.user_places
            .iter()
            .chain(self.bookmarks.places.iter())
            .chain(mounts.iter().filter(|p| p.kind != PlaceKind::Network))
            .chain(mounts.iter().filter(|p| p.kind == PlaceKind::Network))
            .collect()
    }

    /// Keys that belong to the parts: Tab anywhere, and the arrows and Enter in Places.
    pub(super) fn focus_key(&mut self, k: &KeyPress) -> Option<Vec<Effect>> {
        // A menu or a question of the Trash view has the keyboard while it is open.
        let asking = self
            .pane
            .trash
            .as_ref()
            .is_some_and(|t| t.confirm_empty || t.confirm_purge);
        if asking || matches!(self.pane.mode(), Mode::Menu(_) | Mode::Drop(_)) {
            return None;
        }
        let m = k.modifiers;
        if k.key == Key::Named(Named::Tab) && !m.control() && !m.alt() {
            return Some(self.move_focus(!m.shift()));
        }
        if self.focused() == Part::Menu && !m.control() && !m.alt() {
            return match k.key.as_ref() {
                Key::Named(Named::Enter | Named::Space | Named::ArrowDown) => {
                    Some(self.open_main_menu(true))
                }
                Key::Named(Named::Escape) => {
                    self.focus = Part::View;
                    Some(Vec::new())
                }
                _ => None,
            };
        }
        if self.focused() == Part::Jobs && !m.control() && !m.alt() {
            // The panel has the keyboard: Escape gives it back to the view, and the keys
            // that move in the view do not move it unseen.
            return match k.key.as_ref() {
                Key::Named(Named::Escape) => {
                    self.focus = Part::View;
                    Some(Vec::new())
                }
                Key::Named(
                    Named::ArrowUp
                    | Named::ArrowDown
                    | Named::ArrowLeft
                    | Named::ArrowRight
                    | Named::PageUp
                    | Named::PageDown
                    | Named::Home
                    | Named::End
                    | Named::Enter,
                ) => Some(Vec::new()),
                _ => None,
            };
        }
        if self.focused() != Part::Places || m.control() || m.alt() {
            return None;
        }
        let count = self.places_in_order().len();
        match k.key.as_ref() {
            Key::Named(Named::ArrowUp) => {
                self.places_cursor = self.places_cursor.saturating_sub(1);
                Some(Vec::new())
            }
            Key::Named(Named::ArrowDown) => {
                self.places_cursor = (self.places_cursor + 1).min(count.saturating_sub(1));
                Some(Vec::new())
            }
            Key::Named(Named::Home) => {
                self.places_cursor = 0;
                Some(Vec::new())
            }
            Key::Named(Named::End) => {
                self.places_cursor = count.saturating_sub(1);
                Some(Vec::new())
            }
            Key::Named(Named::Enter | Named::Space) => {
                let place = self.places_in_order().get(self.places_cursor).copied();
                let message = match place {
                    Some(p) if p.kind == PlaceKind::Trash => Message::Action(ActionMsg::OpenTrash),
                    Some(p) => Message::Pane(PaneMsg::Navigate(p.path.clone())),
                    None => return Some(Vec::new()),
                };
                Some(self.handle(message))
            }
            _ => None,
        }
    }

    fn move_focus(&mut self, forward: bool) -> Vec<Effect> {
        let from = self.focused();
        // In split view the round passes both panes, the left one first.
        if let Some(beside) = &self.beside {
            let on_left = !beside.left;
            if from == Part::View && on_left == forward {
                self.focus_beside();
                self.focus_visible = true;
                return Vec::new();
            }
        }
        let places = self.places_width() > 0.0;
        let to = focus::next(from, forward, places, !self.jobs.entries.is_empty());
        self.focus_visible = true;
        self.focus = to;
        let mut effects = Vec::new();
        if from == Part::Location && to != Part::Location {
            self.pane.end_location();
        }
        if let Some(beside) = &self.beside
            && to == Part::View
            && beside.left == forward
        {
            // Coming round to the panes: the left one first, or the right one backwards.
            self.focus_beside();
        }
        match to {
            Part::Location => effects = self.pane_message(PaneMsg::EditLocation),
            Part::Places => {
                let here = self.pane.lister.path().to_owned();
                let in_trash = self.pane.trash.is_some();
                self.places_cursor = self
                    .places_in_order()
                    .iter()
                    .position(|p| {
                        if in_trash {
                            p.kind == PlaceKind::Trash
                        } else {
                            p.path == here && p.kind != PlaceKind::Trash
                        }
                    })
                    .unwrap_or(0);
            }
            Part::Menu | Part::View | Part::Jobs => {}
        }
        effects
    }

    /// The mouse took the view: the keyboard goes with it, without a ring.
    pub(super) fn focus_view_by_mouse(&mut self) {
        self.focus = Part::View;
        self.focus_visible = false;
    }
}
