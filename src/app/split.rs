//! Split view: a second pane beside the first (F3), each with its own folder and location
//! bar; a click in the other pane gives it the keyboard; F5 copies and F6 moves the
//! selection into the other pane's folder; files dragged onto the other pane drop there.

use super::super::actions::ActionMsg;
use super::super::effects::Effect;
use super::super::message::Message;
use super::super::pane::Pane;
use super::super::request::JobKind;
use super::App;
use super::actions::job;
use super::panes::Beside;
use crate::pane::PaneMsg;

impl App {
    /// F3: a second pane beside this one at the same folder, or back to one pane (the one
    /// with the keyboard stays).
    pub(super) fn toggle_split(&mut self) -> Vec<Effect> {
        if let Some(beside) = self.beside.take() {
            let peers = super::panes::all(&self.pane, &self.beside, &self.tabs);
            beside.pane.close(&mut self.cache, &peers);
            // The pane that stays is drawn alone now, its view built anew: back to where
            // it was scrolled.
            let mut effects = vec![self.pane.scroll_back()];
            effects.extend(self.save_tabs());
            return effects;
        }
        let here = self.pane.path().to_owned();
        self.split_at(here)
    }

    /// Split view with the other pane, on the right, at `folder` (there is no other pane
    /// yet).
    pub(super) fn split_at(&mut self, folder: std::path::PathBuf) -> Vec<Effect> {
        let viewport = self.pane.viewport.scrolled_to_top();
        let (pane, mut effects) = Pane::open(folder, viewport, self.around());
        self.beside = Some(Beside { pane, left: false });
        // This pane is drawn as the left of two now, its view built anew: back to where it
        // was scrolled.
        effects.push(self.pane.scroll_back());
        effects.extend(self.save_tabs());
        effects
    }

    /// The close button of a pane in split view (`left`: the left one); the other stays.
    pub(super) fn close_pane(&mut self, left: bool) -> Vec<Effect> {
        let Some(beside) = &self.beside else {
            return Vec::new();
        };
        if beside.left != left {
            // The pane with the keyboard goes: the other takes it.
            self.focus_beside();
        }
        self.toggle_split()
    }

    /// The other pane takes the keyboard (and the place of "this pane" in every message).
    pub(super) fn focus_beside(&mut self) {
        let Some(beside) = &mut self.beside else {
            return;
        };
        std::mem::swap(&mut self.pane, &mut beside.pane);
        beside.left = !beside.left;
        // Menus, drags and a name entry belonged to the pane left.
        beside.pane.end_mode();
        self.actions.left_folder();
    }

    /// A message from the pane beside the one with the keyboard. Scrolling it and a drag
    /// passing over it leave the keyboard where it is; anything else gives it the
    /// keyboard first, as a click does.
    pub(super) fn on_beside_message(&mut self, m: Message) -> Vec<Effect> {
        match m {
            Message::Pane(PaneMsg::Scrolled(v)) => {
                if let Some(b) = &mut self.beside {
                    b.pane.viewport = v;
                }
                Vec::new()
            }
            Message::Action(
                a @ (ActionMsg::Hover(_) | ActionMsg::Unhover(_) | ActionMsg::ReleasedOn(_)),
            ) => self.action(a),
            other => {
                self.focus_beside();
                self.handle(other)
            }
        }
    }

    /// F5 and F6 in split view: copy or move the selection into the other pane's folder
    /// (as any job: the conflict dialog, undo). With one pane F5 reloads, as it always did.
    pub(super) fn send_to_other_pane(&mut self, kind: JobKind) -> Vec<Effect> {
        let Some(beside) = &self.beside else {
            return match kind {
                JobKind::Copy => self.pane_message(PaneMsg::Reload),
                _ => Vec::new(),
            };
        };
        if beside.pane.trash.is_some() || self.pane.trash.is_some() {
            return Vec::new();
        }
        let dest = beside.pane.path().to_owned();
        let sources = self.selected_paths();
        if sources.is_empty() {
            return Vec::new();
        }
        vec![job(kind, sources, dest)]
    }

    /// In split view, the pane beside the one with the keyboard.
    pub fn beside(&self) -> Option<&Pane> {
        self.beside.as_ref().map(|b| &b.pane)
    }

    /// The shown panes from left to right (one without split view).
    pub fn shown_panes(&self) -> Vec<&Pane> {
        super::TabPanes::of(&self.pane, self.beside.as_ref())
            .left_to_right()
            .collect()
    }

    /// `pane` is the one with the keyboard.
    pub fn is_focused(&self, pane: &Pane) -> bool {
        std::ptr::eq(pane, &self.pane)
    }
}
