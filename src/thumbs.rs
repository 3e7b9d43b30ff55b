//! Thumbnails in the window: the engine's pool (started off the UI thread once the file
//! types are known), which entries' thumbnails are wanted and asked for (those in view of
//! the shown panes, most visible first; one that leaves the view is cancelled), and the
//! pictures the views draw, kept for the entries in view only.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::widget::image;
use porpoise_engine::apps::Env;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::thumbs::{
    Request, Setup, ThumbCache, ThumbEvent, ThumbOutcome, ThumbSize, Thumbnailer, Thumbnailers,
};

use crate::message::Message;

/// The pool, shared with the message that brings it.
#[derive(Clone)]
pub struct Pool(Arc<Thumbnailer>);

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pool")
    }
}

/// The thumbnails' messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum ThumbsMsg {
    /// The pool runs; its outcomes come from `events`. `None`: no thumbnail cache could
    /// be found (no home), so there are no thumbnails.
    Started(Option<(Pool, crossbeam_channel::Receiver<ThumbEvent>)>),
    /// What came of a request.
    Made(ThumbEvent),
}

/// The thumbnails' work off the UI thread.
#[derive(Debug, Clone)]
pub enum ThumbsEffect {
    /// Find the cache and the desktop's thumbnailers, and start the pool.
    Start(Arc<MimeDb>),
    /// Hand each outcome of the pool to the window, as long as it runs.
    Follow(crossbeam_channel::Receiver<ThumbEvent>),
}

impl ThumbsEffect {
    pub fn into_task(self) -> iced::Task<Message> {
        match self {
            ThumbsEffect::Start(db) => crate::effects::off_ui_thread("the thumbnail start", {
                move || Some(Message::Thumbs(ThumbsMsg::Started(start(db))))
            }),
            ThumbsEffect::Follow(events) => {
                let stream = iced::stream::channel(16, move |out| follow(events, out));
                iced::Task::run(stream, |e| Message::Thumbs(ThumbsMsg::Made(e)))
            }
        }
    }

    /// Do the work here (headless tests): no pool is started there, since it would
    /// write to the cache of whoever runs the tests and its outcomes never end; the
    /// tests of the real window see thumbnails.
    pub fn run_blocking(self) -> Vec<Message> {
        match self {
            ThumbsEffect::Start(_) => vec![Message::Thumbs(ThumbsMsg::Started(None))],
            ThumbsEffect::Follow(_) => Vec::new(),
        }
    }
}

/// The pool on this desktop's cache and thumbnailers.
fn start(db: Arc<MimeDb>) -> Option<(Pool, crossbeam_channel::Receiver<ThumbEvent>)> {
    let env = Env::from_env();
    let cache = ThumbCache::in_env(&env)?;
    let setup = Setup::new(cache, db, Thumbnailers::in_env(&env));
    let (pool, events) = Thumbnailer::start(setup);
    Some((Pool(Arc::new(pool)), events))
}

/// Move the pool's outcomes into the window's stream, on a blocking thread.
async fn follow(
    events: crossbeam_channel::Receiver<ThumbEvent>,
    mut out: iced::futures::channel::mpsc::Sender<ThumbEvent>,
) {
    use iced::futures::executor::block_on;
    use iced::futures::sink::SinkExt;
    let _ = tokio::task::spawn_blocking(move || {
        for event in events.iter() {
            if block_on(out.send(event)).is_err() {
                return;
            }
        }
    })
    .await;
}

/// A picture to draw for a file: made for its file as it was then.
#[derive(Debug, Clone)]
struct Picture {
    size: ThumbSize,
    mtime: i64,
    handle: image::Handle,
}

/// An entry whose thumbnail the views want now.
#[derive(Debug, Clone)]
pub struct Wanted {
    pub path: PathBuf,
    /// Its modification time (a changed file wants a new thumbnail).
    pub mtime: i64,
    /// Higher first: the rows higher in the view.
    pub priority: i32,
}

/// The window's thumbnails.
#[derive(Debug, Default)]
pub struct Thumbs {
    pool: Option<Pool>,
    /// The pool is being started (or could not be).
    started: bool,
    pictures: HashMap<PathBuf, Picture>,
    /// Asked for, not answered yet: at which size, for which modification time.
    asked: HashMap<PathBuf, (ThumbSize, i64)>,
    /// None will come for the file as it was at this modification time.
    none: HashMap<PathBuf, i64>,
}

/// At most this many pictures are kept while they are out of view.
const KEEP: usize = 400;

impl Thumbs {
    /// The effect that starts the pool, the first time the types database is there.
    pub fn start(&mut self, db: Option<&Arc<MimeDb>>) -> Option<ThumbsEffect> {
        let db = db.filter(|_| !self.started)?;
        self.started = true;
        Some(ThumbsEffect::Start(db.clone()))
    }

    /// Take the started pool; its outcomes are to be followed.
    pub fn started(&mut self, pool: Pool) {
        self.pool = Some(pool);
    }

    /// The pool can make a thumbnail of this type.
    pub fn can_make(&self, mime: &str) -> bool {
        self.pool.as_ref().is_some_and(|p| p.0.can_make(mime))
    }

    /// The picture of `path`, when one was made for it as it is (`mtime`).
    pub fn picture(&self, path: &Path, mtime: i64) -> Option<&image::Handle> {
        self.pictures
            .get(path)
            .filter(|p| p.mtime == mtime)
            .map(|p| &p.handle)
    }

    /// Ask for what `wanted` lacks at `size` (`slow_mounts`: network shares too); cancel
    /// what was asked for and is no longer wanted, and forget pictures out of view when
    /// there are many.
    pub fn want(&mut self, wanted: &[Wanted], size: ThumbSize, slow_mounts: bool) {
        let Some(pool) = &self.pool else { return };
        let now: HashSet<&Path> = wanted.iter().map(|w| w.path.as_path()).collect();
        self.asked.retain(|path, _| {
            let keep = now.contains(path.as_path());
            if !keep {
                pool.0.cancel(path);
            }
            keep
        });
        for w in wanted {
            let has = |p: &Picture| p.mtime == w.mtime && p.size >= size;
            let done = self.pictures.get(&w.path).is_some_and(has)
                || self.none.get(&w.path) == Some(&w.mtime)
                || self
                    .asked
                    .get(&w.path)
                    .is_some_and(|&(s, m)| s >= size && m == w.mtime);
            if done {
                continue;
            }
            self.asked.insert(w.path.clone(), (size, w.mtime));
            pool.0.request(
                Request::new(w.path.clone(), size)
                    .priority(w.priority)
                    .on_slow_mounts(slow_mounts),
            );
        }
        if self.pictures.len() > KEEP {
            self.pictures.retain(|path, _| now.contains(path.as_path()));
        }
    }

    /// Take an outcome: a picture to draw, or none to come for the file as it is.
    pub fn made(&mut self, event: ThumbEvent) {
        let mtime = match self.asked.get(&event.path) {
            Some(&(size, mtime)) if size == event.size => mtime,
            // Cancelled meanwhile, or asked again at another size: that one will come.
            _ => return,
        };
        self.asked.remove(&event.path);
        match event.outcome {
            ThumbOutcome::Ready(thumb) => {
                let handle = image::Handle::from_rgba(thumb.width, thumb.height, thumb.rgba);
                self.pictures.insert(
                    event.path,
                    Picture {
                        size: event.size,
                        mtime,
                        handle,
                    },
                );
            }
            ThumbOutcome::Failed(_) | ThumbOutcome::Skipped(_) => {
                self.none.insert(event.path, mtime);
            }
        }
    }

    /// Ask again for what was left out (the network setting changed).
    pub fn forget_missing(&mut self) {
        self.none.clear();
    }

    /// Requests not answered yet.
    pub fn pending(&self) -> usize {
        self.asked.len()
    }
}
