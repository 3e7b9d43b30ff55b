//! A pane's entries' types: which of the rows it shows are still to be told (asked for
//! once each, off the UI thread), and taking what was told.

use porpoise_engine::entry::Entry;
use porpoise_engine::mime::Facts;
use porpoise_engine::mounts::MountClass;

use super::Pane;
use crate::settings::ViewShape;

impl Pane {
    /// The entries in view whose type is neither told nor asked for, with what is known
    /// of them; they count as asked from now on. Content is read to tell a type only on
    /// local and removable disks, never on a network share.
    pub fn untold_in_view(&mut self, view: ViewShape) -> Vec<(Vec<u8>, Facts)> {
        if self.trash.is_some() {
            return Vec::new();
        }
        let sniff = self.lister.class() != MountClass::Network;
        let (first, end) = self.rows_in_view(view);
        let mut untold = Vec::new();
        let rows = self.rows();
        for i in first..end {
            let Some((entry, name)) = rows.get(i) else {
                break;
            };
            if self.types.known_or_asked(&name) {
                continue;
            }
            if let Some(facts) = facts(entry, sniff) {
                untold.push((name.into_owned(), facts));
            }
        }
        for (name, _) in &untold {
            self.types.mark_asked(name);
        }
        untold
    }

    /// The shown entries drawn now (and the few built around them), first and end.
    pub(crate) fn rows_in_view(&self, view: ViewShape) -> (usize, usize) {
        let len = self.rows().len();
        let cols = self.columns(view);
        let w = self.viewport.window(len.div_ceil(cols), view.row_height());
        (w.first * cols, (w.end * cols).min(len))
    }
}

/// What an entry's type is told from; `None` where the window says it itself (folders,
/// broken links) or nothing is known yet (details still on their way).
fn facts(entry: &Entry, sniff: bool) -> Option<Facts> {
    use porpoise_engine::entry::State;
    if entry.state() != State::Complete || entry.is_dir_like() || entry.is_broken_link() {
        return None;
    }
    Some(Facts {
        kind: entry.kind(),
        size: entry.size,
        sniff,
    })
}
