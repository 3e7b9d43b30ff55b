//! The listing a pane follows: which folder, under which number and options, and whether
//! it came to an end; the window lists (and watches) it for as long as some pane follows
//! it, as a subscription, and stops it once none does.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;

use iced::Subscription;
use porpoise_engine::listing::{DirEvent, ListOptions};

use crate::message::Message;

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

/// A listing as a subscription's identity: its number alone.
struct Key(Arc<Listing>);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.generation.hash(state);
    }
}

/// The subscription that lists (and watches) `listing`, its events as `Message::Dir`.
pub fn subscription(listing: &Listing) -> Subscription<Message> {
    Subscription::run_with(Key(Arc::new(listing.clone())), events)
}

fn events(key: &Key) -> impl iced::futures::Stream<Item = Message> + use<> {
    use iced::futures::StreamExt;
    let listing = key.0.clone();
    let generation = listing.generation;
    let (path, opts) = (listing.path.clone(), listing.opts.clone());
    iced::stream::channel(16, move |out| {
        crate::effects::forward_listing(path, opts, out)
    })
    .map(move |event| Message::Dir(generation, event))
}
