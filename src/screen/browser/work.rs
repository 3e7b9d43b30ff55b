//! The work the browser follows for as long as it lasts: the listing of every folder a
//! pane shows (and its watch; a folder inside an archive read from the archive), as
//! subscriptions; a listing no pane follows any more stops.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use iced::Subscription;
use porpoise_engine::archive::browse;

use super::pane::listing::Listing;
use super::{Browser, Message};

impl Browser {
    /// The listings of the folders its panes show; the clock that tells when one keeps
    /// silent too long, while one is asked for.
    pub fn subscription(&self) -> Subscription<Message> {
        let listings = self.listings_followed().into_iter().map(listing);
        let waiting = self.pane.is_waiting_for_answer()
            || self
                .beside
                .as_ref()
                .is_some_and(|b| b.pane.is_waiting_for_answer());
        let clock = match waiting {
            true => {
                iced::time::every(std::time::Duration::from_millis(500)).map(Message::AnswerClock)
            }
            false => Subscription::none(),
        };
        Subscription::batch(listings.chain([clock]))
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
pub fn listing(listing: &Listing) -> Subscription<Message> {
    Subscription::run_with(Key(Arc::new(listing.clone())), events)
}

fn events(key: &Key) -> impl iced::futures::Stream<Item = Message> + use<> {
    use iced::futures::StreamExt;
    let listing = key.0.clone();
    let generation = listing.generation;
    let (path, opts) = (listing.path.clone(), listing.opts.clone());
    // Opening reads the mount table (or an archive): on the stream's thread.
    crate::stream::starting(move || Some(browse::open(path, opts)))
        .map(move |event| Message::Dir(generation, event))
}
