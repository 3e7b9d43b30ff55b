//! Split view: a second pane beside the first (F3), each with its own folder and location
//! bar; a click in the other pane gives it the keyboard; files dragged onto the other pane
//! drop there (F5 and F6 are keys: see `input`).

use super::pane::{Pane, PaneMsg};
use super::tab::Beside;
use super::{Browser, Context, Event, Message};
use crate::actions::ActionMsg;
use iced::Task;

impl Browser {
    /// F3: a second pane beside this one at the same folder, or back to one pane (the one
    /// with the keyboard stays).
    pub(super) fn toggle_split(&mut self, cx: &mut Context) -> Task<Message> {
        if let Some(beside) = self.beside.take() {
            let peers = super::panes::all(&self.pane, &self.beside, &self.tabs);
            beside.pane.close(&mut self.cache, &peers);
            // The pane that stays is drawn alone now, its view built anew: back to where
            // it was scrolled.
            self.save_tabs(cx);
            return self.pane.scroll_back();
        }
        let here = self.pane.path().to_owned();
        self.split_at(here, cx)
    }

    /// Split view with the other pane, on the right, at `folder` (there is no other pane
    /// yet).
    pub fn split_at(&mut self, folder: std::path::PathBuf, cx: &mut Context) -> Task<Message> {
        let viewport = self.pane.viewport().scrolled_to_top();
        let pane = Pane::open(folder, viewport, self.around(cx));
        self.beside = Some(Beside { pane, left: false });
        self.save_tabs(cx);
        // This pane is drawn as the left of two now, its view built anew: back to where it
        // was scrolled.
        self.pane.scroll_back()
    }

    /// The close button of a pane in split view (`left`: the left one); the other stays.
    pub(super) fn close_pane(&mut self, left: bool, cx: &mut Context) -> Task<Message> {
        let Some(beside) = &self.beside else {
            return Task::none();
        };
        if beside.left != left {
            // The pane with the keyboard goes: the other takes it.
            self.focus_beside(cx);
        }
        self.toggle_split(cx)
    }

    /// The other pane takes the keyboard (and the place of "this pane" in every message).
    pub fn focus_beside(&mut self, cx: &mut Context) {
        let Some(beside) = &mut self.beside else {
            return;
        };
        std::mem::swap(&mut self.pane, &mut beside.pane);
        beside.left = !beside.left;
        // Menus, drags and a name entry belonged to the pane left.
        beside.pane.end_mode();
        self.marks.left_folder();
        cx.tell(Event::LeftFolder);
    }

    /// A message from the pane beside the one with the keyboard. Scrolling it and a drag
    /// passing over it leave the keyboard where it is; anything else gives it the
    /// keyboard first, as a click does.
    pub(super) fn on_beside_message(&mut self, m: Message, cx: &mut Context) -> Task<Message> {
        match m {
            Message::Pane(PaneMsg::Scrolled(v)) => {
                if let Some(b) = &mut self.beside {
                    *b.pane.viewport_mut() = v;
                }
                Task::none()
            }
            Message::Action(
                a @ (ActionMsg::Hover(_) | ActionMsg::Unhover(_) | ActionMsg::ReleasedOn(_)),
            ) => self.action(a, cx),
            other => {
                self.focus_beside(cx);
                self.update(other, cx)
            }
        }
    }

    /// In split view: whether the pane beside the one with the keyboard is on the left.
    pub fn beside_on_left(&self) -> Option<bool> {
        self.beside.as_ref().map(|b| b.left)
    }

    /// In split view, the pane beside the one with the keyboard.
    pub fn beside(&self) -> Option<&Pane> {
        self.beside.as_ref().map(|b| &b.pane)
    }

    /// The shown panes from left to right (one without split view).
    pub fn shown_panes(&self) -> Vec<&Pane> {
        super::tab::TabPanes::of(&self.pane, self.beside.as_ref())
            .left_to_right()
            .collect()
    }

    /// The shown panes, to change (to tell their types).
    pub fn shown_panes_mut(&mut self) -> impl Iterator<Item = &mut Pane> {
        std::iter::once(&mut self.pane).chain(self.beside.as_mut().map(|b| &mut b.pane))
    }

    /// `pane` is the one with the keyboard.
    pub fn is_focused(&self, pane: &Pane) -> bool {
        std::ptr::eq(pane, &self.pane)
    }
}
