//! The listing a pane follows: which folder, under which number and options, and whether
//! it came to an end. The browser lists (and watches) it for as long as some pane follows
//! it, and stops it once none does.

use std::path::PathBuf;

use porpoise_engine::listing::{DirEvent, ListOptions};

/// One listing of a folder, and how far it got.
#[derive(Debug, Clone)]
pub struct Listing {
    /// Its number: events of other listings carry other numbers.
    pub generation: u64,
    pub path: PathBuf,
    pub opts: ListOptions,
    /// It was listed to its end, found unchanged, or failed (watching may go on).
    pub ended: bool,
}

impl Listing {
    /// No listing yet (a pane before its first).
    pub fn none(path: PathBuf) -> Listing {
        Listing {
            generation: 0,
            path,
            opts: ListOptions::default(),
            ended: true,
        }
    }

    /// Take an event of this listing: the end of its listing, or a start from scratch.
    pub fn take(&mut self, event: &DirEvent) {
        match event {
            DirEvent::Complete | DirEvent::Unchanged | DirEvent::Failed(_) => self.ended = true,
            DirEvent::Restart => self.ended = false,
            _ => {}
        }
    }
}
