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
use porpoise_engine::events::Events;
use porpoise_engine::mime::MimeDb;
use porpoise_engine::thumbs::{
    Request, SkipReason, ThumbEvent, ThumbOutcome, ThumbSize, Thumbnailer,
};

pub use work::ThumbsEffect;

mod work;

/// The pool, shared with the message that brings it.
#[derive(Clone)]
pub struct Pool(pub(crate) Arc<Thumbnailer>);

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
    Started(Option<(Pool, Events<ThumbEvent>)>),
    /// What came of a request.
    Made(ThumbEvent),
}

/// A picture to draw for a file: made for its file as it was then.
#[derive(Debug, Clone)]
struct Picture {
    size: ThumbSize,
    mtime: i64,
    handle: image::Handle,
    /// Bytes of its pixels.
    bytes: usize,
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
    /// The pool's outcomes, followed while it runs.
    outcomes: Option<Events<ThumbEvent>>,
    /// The pool is being started (or could not be).
    started: bool,
    pictures: HashMap<PathBuf, Picture>,
    /// Bytes of all the pictures' pixels.
    bytes: usize,
    /// Asked for, not answered yet: at which size, for which modification time.
    asked: HashMap<PathBuf, (ThumbSize, i64)>,
    /// None will come for the file as it was at this modification time.
    none: HashMap<PathBuf, i64>,
    /// Files on network shares are asked for too (the setting, as last wanted).
    slow_mounts: bool,
}

/// A regular file, or a link to one: what has a thumbnail.
pub fn shows_a_file(entry: &porpoise_engine::entry::Entry) -> bool {
    use porpoise_engine::entry::Kind;
    match entry.kind() {
        Kind::File => true,
        Kind::Symlink => !entry.is_dir_like() && !entry.is_broken_link(),
        _ => false,
    }
}

/// Pictures out of view are kept up to this many bytes of pixels (about 500 of the
/// 128-pixel ones); past it only those in view stay.
const KEEP_BYTES: usize = 32 << 20;

impl Thumbs {
    /// The effect that starts the pool on `env`'s cache and thumbnailers, the first time
    /// the types database is there.
    pub fn start(&mut self, db: Option<&Arc<MimeDb>>, env: &Env) -> Option<ThumbsEffect> {
        let db = db.filter(|_| !self.started)?;
        self.started = true;
        Some(ThumbsEffect::Start {
            db: db.clone(),
            env: Box::new(env.clone()),
        })
    }

    /// The pool, once started.
    pub fn pool(&self) -> Option<&Pool> {
        self.pool.as_ref()
    }

    /// Take the started pool and its outcomes, which [`Thumbs::subscription`] follows.
    pub fn started(&mut self, pool: Pool, outcomes: Events<ThumbEvent>) {
        self.pool = Some(pool);
        self.outcomes = Some(outcomes);
    }

    /// The pool's outcomes as they come, while it runs.
    pub fn subscription(&self) -> iced::Subscription<ThumbsMsg> {
        match &self.outcomes {
            Some(events) => work::outcomes(events),
            None => iced::Subscription::none(),
        }
    }

    /// The pool runs.
    pub fn running(&self) -> bool {
        self.pool.is_some()
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
        if slow_mounts != self.slow_mounts {
            // The setting changed: what was left out, or asked for under the old one, is
            // asked for again.
            self.slow_mounts = slow_mounts;
            self.none.clear();
            for path in self.asked.keys() {
                pool.0.cancel(path);
            }
            self.asked.clear();
        }
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
        if self.bytes > KEEP_BYTES {
            self.pictures.retain(|path, _| now.contains(path.as_path()));
            self.bytes = self.pictures.values().map(|p| p.bytes).sum();
        }
    }

    /// Take an outcome: a picture to draw, or none to come for the file as it is.
    pub fn made(&mut self, event: ThumbEvent) {
        if self.slow_mounts && matches!(event.outcome, ThumbOutcome::Skipped(SkipReason::SlowMount))
        {
            // The answer to a request made before network shares were allowed; the one
            // asked since will come.
            return;
        }
        let mtime = match self.asked.get(&event.path) {
            Some(&(size, mtime)) if size == event.size => mtime,
            // Cancelled meanwhile, or asked again at another size: that one will come.
            _ => return,
        };
        self.asked.remove(&event.path);
        match event.outcome {
            ThumbOutcome::Ready(thumb) => {
                let bytes = thumb.rgba.len();
                let handle = image::Handle::from_rgba(thumb.width, thumb.height, thumb.rgba);
                let picture = Picture {
                    size: event.size,
                    mtime,
                    handle,
                    bytes,
                };
                self.bytes += bytes;
                if let Some(old) = self.pictures.insert(event.path, picture) {
                    self.bytes -= old.bytes;
                }
            }
            ThumbOutcome::Failed(_) | ThumbOutcome::Skipped(_) => {
                self.none.insert(event.path, mtime);
            }
        }
    }

    /// Requests not answered yet.
    pub fn pending(&self) -> usize {
        self.asked.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use porpoise_engine::events::{Events, Next};
    use porpoise_engine::thumbs::{Setup, ThumbCache, Thumbnailers};
    use std::time::{Duration, Instant};

    /// A window's thumbnails over a real pool whose cache is in `dir`.
    fn thumbs_in(dir: &Path) -> (Thumbs, Events<ThumbEvent>) {
        let cache = ThumbCache::new(dir.join("cache"));
        let setup = Setup::new(cache, Arc::new(MimeDb::load()), Thumbnailers::none());
        let (pool, events) = Thumbnailer::start(setup);
        let mut thumbs = Thumbs::default();
        thumbs.started(Pool(Arc::new(pool)), events.clone());
        (thumbs, events)
    }

    fn wanted(path: &Path, mtime: i64) -> Wanted {
        Wanted {
            path: path.to_owned(),
            mtime,
            priority: 1,
        }
    }

    /// Hand the pool's outcomes to `thumbs` until nothing is pending.
    fn take_all(thumbs: &mut Thumbs, events: &Events<ThumbEvent>) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while thumbs.pending() > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            let Next::Event(event) = events.next_timeout(left) else {
                panic!("no outcome in time");
            };
            thumbs.made(event);
        }
    }

    #[test]
    fn a_wanted_picture_is_drawn_for_the_file_as_it_is_and_a_broken_one_is_not_asked_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let png = dir.path().join("tiny.png");
        ::image::RgbaImage::from_pixel(40, 30, ::image::Rgba([200, 40, 40, 255]))
            .save(&png)
            .expect("write a picture");
        let broken = dir.path().join("broken.png");
        std::fs::write(&broken, b"not a picture").expect("write");
        let (mut thumbs, events) = thumbs_in(dir.path());
        assert!(thumbs.can_make("image/png"));

        let both = [wanted(&png, 7), wanted(&broken, 7)];
        thumbs.want(&both, ThumbSize::Normal, false);
        assert_eq!(thumbs.pending(), 2);
        thumbs.want(&both, ThumbSize::Normal, false);
        assert_eq!(thumbs.pending(), 2, "asked once");
        take_all(&mut thumbs, &events);
        assert!(thumbs.picture(&png, 7).is_some());
        assert!(
            thumbs.picture(&png, 8).is_none(),
            "a changed file is not the same"
        );
        assert!(thumbs.picture(&broken, 7).is_none());
        thumbs.want(&both, ThumbSize::Normal, false);
        assert_eq!(thumbs.pending(), 0, "neither is asked again");
        // Changed: asked again.
        thumbs.want(&[wanted(&png, 8)], ThumbSize::Normal, false);
        assert_eq!(thumbs.pending(), 1);
        // Out of view before it came: cancelled, and its outcome is not taken.
        thumbs.want(&[], ThumbSize::Normal, false);
        assert_eq!(thumbs.pending(), 0);
    }
}
