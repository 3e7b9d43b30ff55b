//! The one shape in which the engine hands out a stream of events: [`Events`], a bounded
//! queue that the work fills and the consumer empties, with a switch ([`Cancel`]) that
//! stops the work. Dropping the last handle cancels the work, so nothing runs on for
//! nobody. The work holds the other end, a [`Sender`], whose `send` says when to stop.

mod cancel;
mod changes;
mod sender;

pub use cancel::{Cancel, CancelOnDrop};
pub use sender::Sender;

pub(crate) use changes::{Watching, watch_changes};

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, TryRecvError};

/// What waiting for an event gave.
#[derive(Debug)]
pub enum Next<T> {
    Event(T),
    /// Nothing yet; the work is still there.
    Waiting,
    /// The work has finished and every event was taken: no more will come.
    Ended,
}

/// The consumer's end of a piece of work: its events, and the switch that stops it.
/// Clones share the queue (each event goes to one of them) and the switch; the work is
/// cancelled when the last clone is dropped, or at once by [`Events::cancel`].
pub struct Events<T> {
    rx: Receiver<T>,
    owner: Arc<Owner>,
    /// After a cancel, the queued events this picks are passed over.
    skip: Option<fn(&T) -> bool>,
}

/// Cancels the work when the last handle is gone.
struct Owner {
    cancel: Cancel,
}

impl Drop for Owner {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

/// A queue of `depth` events between a piece of work and its consumer.
pub fn channel<T>(depth: usize) -> (Sender<T>, Events<T>) {
    channel_with(depth, Cancel::new())
}

/// [`channel`], stopped by `cancel` as well (a switch whoever starts the work keeps).
pub fn channel_with<T>(depth: usize, cancel: Cancel) -> (Sender<T>, Events<T>) {
    let (tx, rx) = crossbeam_channel::bounded(depth);
    let events = Events {
        rx,
        owner: Arc::new(Owner {
            cancel: cancel.clone(),
        }),
        skip: None,
    };
    (Sender::new(tx, cancel), events)
}

impl<T> Events<T> {
    /// Wait for the next event; `None` once the work has finished and everything was
    /// taken.
    pub fn next(&self) -> Option<T> {
        loop {
            let ev = self.rx.recv().ok()?;
            if !self.skips(&ev) {
                return Some(ev);
            }
        }
    }

    /// Wait at most `limit` for the next event.
    pub fn next_timeout(&self, limit: Duration) -> Next<T> {
        let deadline = Instant::now() + limit;
        loop {
            match self.rx.recv_deadline(deadline) {
                Ok(ev) if self.skips(&ev) => {}
                Ok(ev) => return Next::Event(ev),
                Err(RecvTimeoutError::Timeout) => return Next::Waiting,
                Err(RecvTimeoutError::Disconnected) => return Next::Ended,
            }
        }
    }

    /// The next event if one is queued, without waiting.
    pub fn try_next(&self) -> Next<T> {
        loop {
            match self.rx.try_recv() {
                Ok(ev) if self.skips(&ev) => {}
                Ok(ev) => return Next::Event(ev),
                Err(TryRecvError::Empty) => return Next::Waiting,
                Err(TryRecvError::Disconnected) => return Next::Ended,
            }
        }
    }

    /// Every event to the end, waiting for each.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        std::iter::from_fn(|| self.next())
    }

    /// Stop the work now. What it sends as its last word (how it ended) still comes.
    pub fn cancel(&self) {
        self.owner.cancel.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.owner.cancel.is_cancelled()
    }

    /// The work's switch, for whoever keeps it apart from the events. Holding it does
    /// not keep the work running.
    pub fn canceller(&self) -> Cancel {
        self.owner.cancel.clone()
    }

    /// The queue itself, for a consumer that waits on several things (`select!`). Events
    /// taken from it directly are never passed over.
    pub fn receiver(&self) -> &Receiver<T> {
        &self.rx
    }

    /// Keep `guard` until the work is cancelled (a watch that stops when dropped).
    pub fn guarded(self, guard: impl Send + 'static) -> Self {
        self.on_cancel(move || drop(guard))
    }

    /// Run `f` when the work is cancelled (or now, if it was).
    pub fn on_cancel(self, f: impl FnOnce() + Send + 'static) -> Self {
        self.owner.cancel.on_cancel(f);
        self
    }

    /// Once cancelled, pass over the queued events `skip` picks (results nobody wants
    /// any more), so only the last word comes.
    pub fn skipping_when_cancelled(mut self, skip: fn(&T) -> bool) -> Self {
        self.skip = Some(skip);
        self
    }

    fn skips(&self, ev: &T) -> bool {
        self.skip
            .is_some_and(|skip| self.is_cancelled() && skip(ev))
    }
}

impl<T> Clone for Events<T> {
    fn clone(&self) -> Self {
        Events {
            rx: self.rx.clone(),
            owner: self.owner.clone(),
            skip: self.skip,
        }
    }
}

impl<T> fmt::Debug for Events<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Events")
            .field("queued", &self.rx.len())
            .field("cancelled", &self.is_cancelled())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_the_last_handle_cancels() {
        let (tx, events) = channel::<u32>(4);
        let other = events.clone();
        assert!(tx.send(1));
        drop(events);
        assert!(!tx.is_cancelled(), "a clone still listens");
        assert_eq!(other.next(), Some(1));
        drop(other);
        assert!(tx.is_cancelled());
        assert!(!tx.send(2));
    }

    #[test]
    fn the_last_word_comes_after_a_cancel_and_results_are_passed_over() {
        let (tx, events) = channel::<i32>(8);
        let events = events.skipping_when_cancelled(|v| *v > 0);
        assert!(tx.send(1) && tx.send(2));
        events.cancel();
        assert!(!tx.send(3), "nothing more after a cancel");
        assert!(tx.finish(-1));
        drop(tx);
        assert_eq!(events.iter().collect::<Vec<_>>(), [-1]);
        assert!(matches!(events.next_timeout(Duration::ZERO), Next::Ended));
    }

    #[test]
    fn guards_and_hooks_go_with_the_cancel() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let ran = Arc::new(AtomicUsize::new(0));
        struct Guard(Arc<AtomicUsize>);
        impl Drop for Guard {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::Relaxed);
            }
        }
        let (_tx, events) = channel::<()>(1);
        let hook = ran.clone();
        let events = events.guarded(Guard(ran.clone())).on_cancel(move || {
            hook.fetch_add(10, Ordering::Relaxed);
        });
        assert_eq!(ran.load(Ordering::Relaxed), 0);
        assert!(matches!(events.try_next(), Next::Waiting));
        drop(events);
        assert_eq!(ran.load(Ordering::Relaxed), 11);
    }

    #[test]
    fn a_full_queue_holds_the_sender_until_the_consumer_goes() {
        let (tx, events) = channel::<u32>(1);
        assert!(tx.send(1));
        assert!(tx.offer(2), "a full queue drops an offer");
        let t = std::thread::spawn(move || tx.send(3));
        std::thread::sleep(Duration::from_millis(50));
        events.cancel();
        assert!(
            !t.join().expect("the sender"),
            "a cancel frees a waiting send"
        );
    }
}
