//! Work off the UI thread, handed back as messages: a blocking piece of work that ends in
//! one message, and a channel of a worker's results forwarded into the window's stream.

use std::time::Duration;

use iced::Task;

/// Run `f` on tokio's blocking pool; `None` if it panicked.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// Hand what `rx` brings to the window's stream `out`, on a blocking thread, until either
/// side is gone. The window's side is looked at every quarter second, so a closing window
/// never waits on a quiet channel (the runtime waits for its blocking threads to end).
pub async fn forward<T: Send + 'static>(
    rx: crossbeam_channel::Receiver<T>,
    out: iced::futures::channel::mpsc::Sender<T>,
) {
    forward_from(move || rx, out).await;
}

/// [`forward`] what the channel `open` gives brings; `open` runs on the blocking thread
/// too (starting the work may block).
pub async fn forward_from<T: Send + 'static>(
    open: impl FnOnce() -> crossbeam_channel::Receiver<T> + Send + 'static,
    mut out: iced::futures::channel::mpsc::Sender<T>,
) {
    use crossbeam_channel::RecvTimeoutError;
    use iced::futures::executor::block_on;
    use iced::futures::sink::SinkExt;
    let run = move || {
        let rx = open();
        loop {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(item) => {
                    if block_on(out.send(item)).is_err() {
                        return;
                    }
                }
                Err(RecvTimeoutError::Timeout) if out.is_closed() => return,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    };
    if tokio::task::spawn_blocking(run).await.is_err() {
        tracing::error!("a forwarding thread panicked");
    }
}

/// The task that does `work` off the UI thread and hands its message back (none when the
/// worker panicked, which is logged as `what`).
pub fn work<M: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> M + Send + 'static,
) -> Task<M> {
    Task::future(async move {
        let done = blocking(work).await;
        if done.is_none() {
            tracing::error!("{what} panicked");
        }
        done
    })
    .and_then(Task::done)
}
