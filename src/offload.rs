//! Work off the UI thread, handed back as messages: a blocking piece of work that ends in
//! one message (the engine's streams of events come through [`crate::stream`]).

use iced::Task;

/// Run `f` on tokio's blocking pool; `None` if it panicked.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// The task that does `work` off the UI thread and hands its message back (none when the
/// worker panicked, which is logged as `what`).
pub fn work<M: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> M + Send + 'static,
) -> Task<M> {
    Task::future(logged(what, work)).and_then(Task::done)
}

/// The task that does `work` off the UI thread and hands its message back, or
/// `panicked` when the worker panicked (logged as `what`): for a caller whose state waits
/// on an answer either way.
pub fn work_or<M: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> M + Send + 'static,
    panicked: M,
) -> Task<M> {
    Task::future(async move { logged(what, work).await.unwrap_or(panicked) })
}

/// Run `work` on the blocking pool; `None`, logged as `what`, if it panicked.
async fn logged<M: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> M + Send + 'static,
) -> Option<M> {
    let done = blocking(work).await;
    if done.is_none() {
        tracing::error!("{what} panicked");
    }
    done
}
