//! A notify watch as events: one `()` each time something changed. A watch that had to
//! settle for a parent of what it was asked to watch (a folder not made yet) is set up
//! again after each change, before the change is told, so that once the folder exists
//! what happens inside it is seen too.

use crossbeam_channel::Receiver;

use super::{Events, Sender, channel};
use crate::error::IoError;

/// Changes that may wait for the consumer.
const DEPTH: usize = 64;

/// A watch set up, and whether it watches only part of what was asked.
pub(crate) struct Watching {
    /// Kept while the watch runs: dropping it stops the watch.
    pub(crate) _watcher: notify::RecommendedWatcher,
    pub(crate) partial: bool,
}

/// What a watch calls on each change.
pub(crate) type Changed = Box<dyn Fn() + Send>;

/// Set up a watch with `setup` (here: its failure is the caller's) and tell its changes
/// from a thread named `name`; `setup` is called again there while the watch is partial.
pub(crate) fn watch_changes<S>(name: &str, setup: S) -> Result<Events<()>, IoError>
where
    S: Fn(Changed) -> Result<Watching, IoError> + Send + 'static,
{
    let (wake, woken) = crossbeam_channel::unbounded::<()>();
    let waker = move || -> Changed {
        let wake = wake.clone();
        Box::new(move || {
            let _ = wake.send(());
        })
    };
    let first = setup(waker())?;
    let (tx, events) = channel(DEPTH);
    // A cancel wakes the thread, which then ends (and drops the watch).
    let stop = waker();
    let events = events.on_cancel(stop);
    let spawned = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || tell(first, &setup, &waker, &woken, &tx));
    if let Err(e) = spawned {
        tracing::error!("cannot start a thread to watch: {e}");
    }
    Ok(events)
}

fn tell<S>(
    mut watching: Watching,
    setup: &S,
    waker: &dyn Fn() -> Changed,
    woken: &Receiver<()>,
    tx: &Sender<()>,
) where
    S: Fn(Changed) -> Result<Watching, IoError>,
{
    while woken.recv().is_ok() {
        if tx.is_cancelled() {
            return;
        }
        if watching.partial {
            // The old watch goes first and what it saw is told by the change about to be
            // sent; the new one looks at the folders as they are now, and every wake it
            // gives is kept (a folder made while it was set up sets it up again).
            drop(watching);
            while woken.try_recv().is_ok() {}
            watching = match setup(waker()) {
                Ok(w) => w,
                Err(e) => {
                    tracing::info!("{}", crate::error::chain(&e));
                    return;
                }
            };
        }
        if !tx.send(()) {
            return;
        }
    }
}
