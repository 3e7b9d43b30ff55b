//! What the engine watches and reports through a callback (the Trash folders, the
//! bookmarks file), as a stream of one message per change. The watch is set up when the
//! stream is first polled, on the runtime's threads, not the UI's.

use iced::futures::channel::mpsc::{UnboundedReceiver, unbounded};
use iced::futures::{Stream, StreamExt};
use porpoise_engine::error::{IoError, chain};

/// A watch the engine keeps up while it lives.
pub trait EngineWatch: Send + 'static {
    /// Part of what was asked is missing yet (a folder not made), so its parent is watched
    /// instead: after a change there the watch starts again, to reach inside.
    fn is_partial(&self) -> bool;
}

impl EngineWatch for porpoise_engine::jobs::trash::TrashWatch {
    fn is_partial(&self) -> bool {
        self.is_partial()
    }
}

impl EngineWatch for porpoise_engine::bookmarks::BookmarksWatch {
    fn is_partial(&self) -> bool {
        self.is_partial()
    }
}

/// The watch `start` sets up (calling the callback it is given on each change), as a
/// stream of `message`. A watch that cannot be set up ends the stream, and is logged.
pub fn changes<W: EngineWatch, M: Clone + Send + 'static>(
    start: impl Fn(Box<dyn Fn() + Send>) -> Result<W, IoError> + Send + 'static,
    message: M,
) -> impl Stream<Item = M> {
    let begin = move || -> Option<(W, UnboundedReceiver<()>)> {
        let (tx, rx) = unbounded();
        let changed = Box::new(move || {
            let _ = tx.unbounded_send(());
        });
        match start(changed) {
            Ok(watch) => Some((watch, rx)),
            Err(e) => {
                tracing::info!("{}", chain(&e));
                None
            }
        }
    };
    let watching: Option<(W, UnboundedReceiver<()>)> = None;
    iced::futures::stream::unfold((begin, watching), move |(begin, watching)| {
        let message = message.clone();
        async move {
            let (mut watch, mut rx) = match watching {
                Some(w) => w,
                None => begin()?,
            };
            rx.next().await?;
            if EngineWatch::is_partial(&watch) {
                (watch, rx) = begin()?;
            }
            Some((message, (begin, Some((watch, rx)))))
        }
    })
}
