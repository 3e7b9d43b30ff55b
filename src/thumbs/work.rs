//! The thumbnails' work off the UI thread: starting the pool, and following its outcomes.

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
    /// Hand each outcome of the pool to the window, as long as it runs.
    Follow(Events<ThumbEvent>),
}

impl ThumbsEffect {
    /// The task that does it, its messages wrapped by `wrap` (`idle` when none comes).
    pub fn into_task<M: Clone + Send + 'static>(
        self,
        wrap: fn(ThumbsMsg) -> M,
        idle: M,
    ) -> iced::Task<M> {
        match self {
            ThumbsEffect::Start { db, env } => crate::offload::off_ui_thread(
                "the thumbnail start",
                move || Some(wrap(ThumbsMsg::Started(start(db, &env)))),
                idle,
            ),
            ThumbsEffect::Follow(events) => {
                iced::Task::run(crate::stream::stream(events), move |e| {
                    wrap(ThumbsMsg::Made(e))
                })
            }
        }
    }

    /// Do the work here (headless tests): no pool is started there, since it would
    /// write to the cache of whoever runs the tests and its outcomes never end; the
    /// tests of the real window see thumbnails.
    pub fn run_blocking(self) -> Vec<ThumbsMsg> {
        match self {
            ThumbsEffect::Start { .. } => vec![ThumbsMsg::Started(None)],
            ThumbsEffect::Follow(_) => Vec::new(),
        }
    }
}

/// The pool on this desktop's cache and thumbnailers.
fn start(db: Arc<MimeDb>, env: &Env) -> Option<(Pool, Events<ThumbEvent>)> {
    let cache = ThumbCache::in_env(env)?;
    let setup = Setup::new(cache, db, Thumbnailers::in_env(env));
    let (pool, events) = Thumbnailer::start(setup);
    Some((Pool(Arc::new(pool)), events))
}
