//! The one way engine events reach the window: the engine's [`Events`] as an iced stream,
//! forwarded on a blocking thread. When the window drops the stream (a task aborted, a
//! subscription gone), the thread notices and drops the events, which cancels the work.

use std::time::Duration;

use iced::futures::Stream;
use iced::futures::channel::mpsc::Sender;
use porpoise_engine::events::{Events, Next};

/// Events that may wait in the window's stream before the forwarding thread waits.
const DEPTH: usize = 16;

/// How often a forwarding thread with nothing to forward looks whether the window still
/// listens (the runtime waits for its blocking threads when the window closes).
const LOOK: Duration = Duration::from_millis(250);

/// The work's events as a stream, until the work ends or the stream is dropped.
pub fn stream<T: Send + 'static>(events: Events<T>) -> impl Stream<Item = T> + Send + 'static {
    starting(move || Some(events))
}

/// [`stream`] of the events `start` gives, which runs on the blocking thread too
/// (starting the work may read the mount table or set up a watch); `None`: no events.
pub fn starting<T, F>(start: F) -> impl Stream<Item = T> + Send + 'static
where
    T: Send + 'static,
    F: FnOnce() -> Option<Events<T>> + Send + 'static,
{
    iced::stream::channel(DEPTH, move |mut out: Sender<T>| async move {
        use iced::futures::executor::block_on;
        use iced::futures::sink::SinkExt;
        let forward = move || {
            let Some(events) = start() else {
                return;
            };
            loop {
                match events.next_timeout(LOOK) {
                    Next::Event(item) => {
                        if block_on(out.send(item)).is_err() {
                            return;
                        }
                    }
                    Next::Waiting if out.is_closed() => return,
                    Next::Waiting => {}
                    Next::Ended => return,
                }
            }
        };
        if tokio::task::spawn_blocking(forward).await.is_err() {
            tracing::error!("a forwarding thread panicked");
        }
    })
}
