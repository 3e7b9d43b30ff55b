//! The thumbnails' work off the UI thread: starting the pool, and following its outcomes
//! for as long as it runs (a subscription).

use std::sync::Arc;

use porpoise_engine::apps::Env;
use porpoise_engine::events::Events;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::thumbs::{Setup, ThumbCache, ThumbEvent, Thumbnailer, Thumbnailers};

use super::{Pool, ThumbsMsg};

/// The thumbnails' work off the UI thread.
#[derive(Debug, Clone)]
pub enum ThumbsEffect {
    /// Find the cache and the desktop's thumbnailers where `env` says, and start the pool.
    Start { db: Arc<MimeDb>, env: Box<Env> },
}

impl ThumbsEffect {
    /// The task that does it.
    pub fn into_task(self) -> iced::Task<ThumbsMsg> {
        let ThumbsEffect::Start { db, env } = self;
        crate::offload::work("the thumbnail start", move || {
            ThumbsMsg::Started(start(db, &env))
        })
    }
}

/// The pool's outcomes as a subscription's identity: there is one pool.
struct Outcomes(Events<ThumbEvent>);

impl std::hash::Hash for Outcomes {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        "thumbnail outcomes".hash(state);
    }
}

/// The subscription that hands each outcome of the pool to the window while it runs.
pub fn outcomes(events: &Events<ThumbEvent>) -> iced::Subscription<ThumbsMsg> {
    iced::Subscription::run_with(Outcomes(events.clone()), |o| {
        let events = o.0.clone();
        iced::futures::StreamExt::map(crate::stream::stream(events), ThumbsMsg::Made)
    })
}

/// The pool on this desktop's cache and thumbnailers.
fn start(db: Arc<MimeDb>, env: &Env) -> Option<(Pool, Events<ThumbEvent>)> {
    let cache = ThumbCache::in_env(env)?;
    let setup = Setup::new(cache, db, Thumbnailers::in_env(env));
    let (pool, events) = Thumbnailer::start(setup);
    Some((Pool(Arc::new(pool)), events))
}
