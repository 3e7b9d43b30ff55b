//! Handing a mount or unmount job's last event over once GVfs's FUSE folder has caught up
//! with it. The folder is another process's FUSE filesystem, so it is looked at from a
//! thread of its own, never from the GIO thread.

use std::time::{Duration, Instant};

use crate::events::Sender;

/// The longest a job waits for the FUSE folder to catch up.
pub(super) const SETTLE_LIMIT: Duration = Duration::from_secs(10);
/// How often it looks.
const LOOK: Duration = Duration::from_millis(20);

/// Finish `tx` with `event` once `settled` says the FUSE folder has caught up (it may fill
/// in what the event learns meanwhile), after [`SETTLE_LIMIT`], or as soon as the job is
/// cancelled. `settled` is asked on a thread named `name`; where no thread can start, the
/// event is handed over at once.
pub(super) fn finish_when<E: Send + 'static>(
    tx: Sender<E>,
    event: E,
    name: &str,
    mut settled: impl FnMut(&mut E) -> bool + Send + 'static,
) {
    let mut last = LastWord {
        tx,
        event: Some(event),
    };
    let wait = move || {
        let start = Instant::now();
        while let Some(event) = last.event.as_mut() {
            if last.tx.is_cancelled() || start.elapsed() >= SETTLE_LIMIT || settled(event) {
                break;
            }
            std::thread::park_timeout(LOOK);
        }
        drop(last);
    };
    // A thread that cannot start drops `wait`, and with it the last word, which is then
    // handed over.
    if let Err(e) = std::thread::Builder::new().name(name.into()).spawn(wait) {
        tracing::warn!("cannot start a thread to wait for GVfs's FUSE folder: {e}");
    }
}

/// A job's last event, handed over when this is dropped, however that comes.
struct LastWord<E> {
    tx: Sender<E>,
    event: Option<E>,
}

impl<E> Drop for LastWord<E> {
    fn drop(&mut self) {
        if let Some(event) = self.event.take() {
            self.tx.finish(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn the_event_comes_once_settled() {
        let (tx, events) = events::channel::<u32>(1);
        let asked = Arc::new(AtomicU32::new(0));
        let count = asked.clone();
        finish_when(tx, 7, "settle-test", move |event| {
            *event += 1;
            count.fetch_add(1, Ordering::Relaxed) >= 2
        });
        assert_eq!(events.next(), Some(10), "what was learnt is handed over");
        assert_eq!(asked.load(Ordering::Relaxed), 3, "asked until it settled");
        assert_eq!(events.next(), None, "one event, then the end");
    }

    #[test]
    fn a_cancel_hands_the_event_over_without_waiting_out_the_limit() {
        let (tx, events) = events::channel::<u32>(1);
        events.cancel();
        let start = Instant::now();
        finish_when(tx, 7, "settle-test", |_| false);
        assert_eq!(events.next(), Some(7), "the last word comes after a cancel");
        assert!(start.elapsed() < SETTLE_LIMIT / 2);
    }
}
