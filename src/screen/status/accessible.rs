//! The status bar as a screen reader reads it: a live status line (the counts of the
//! folder and the selection, or what went wrong), the last note, the free space and the
//! history of finished jobs behind a button. A screen reader hears a new message without
//! moving there.

use accesskit::{Live, Role};

use super::{Message, Status};
use crate::accessible::{self, Part, labelled};
use crate::format;
use crate::i18n::fl;
use crate::screen::browser::pane::Pane;

impl Status {
    /// Add the status bar's nodes under `part`, for the folder `pane` shows.
    pub fn accessible(&self, part: &mut Part<'_, Message>, pane: &Pane) {
        let line = match &self.error {
            Some(e) => e.clone(),
            None => super::view::summary(pane),
        };
        let mut bar = labelled(Role::Status, line);
        bar.set_live(match self.error {
            Some(_) => Live::Assertive,
            None => Live::Polite,
        });
        let mut bar = part.child("status", bar);
        if let Some(n) = &self.note {
            let mut note = accessible::said(n.text.clone());
            note.set_live(Live::Polite);
            bar.add("note", note);
        }
        if let Some((free, _)) = pane.space() {
            accessible::label(
                &mut bar,
                "free",
                &fl!("status-free", size = format::size(free)),
            );
        }
        if !self.history.is_empty() {
            let id = accessible::button(
                &mut bar,
                "history",
                &fl!("status-history", count = self.history.len()),
                Some(Message::ToggleHistory),
            );
            if self.history_open {
                let mut list = bar.under(id);
                let mut list =
                    list.child("list", labelled(Role::List, fl!("status-history-title")));
                for (i, f) in self.history.iter().rev().enumerate() {
                    let mut item = labelled(Role::ListItem, f.what.clone());
                    item.set_description(f.outcome.clone());
                    item.set_position_in_set(i);
                    list.add(("done", i), item);
                }
            }
        }
    }
}
