//! Work off the UI thread, handed back as messages: a blocking piece of work that ends in
//! one message (the engine's streams of events come through [`crate::stream`]).

use iced::Task;

/// Run `f` on tokio's blocking pool; `None` if it panicked.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

/// The task that does `work` off the UI thread and hands its message back; no message,
/// or a worker that panicked (logged as `what`), comes back as `idle`.
pub fn off_ui_thread<M: Clone + Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> Option<M> + Send + 'static,
    idle: M,
) -> Task<M> {
    Task::perform(blocking(work), move |m| match m {
        Some(Some(m)) => m,
        Some(None) => idle.clone(),
        None => {
            tracing::error!("{what} panicked");
            idle.clone()
        }
    })
}
