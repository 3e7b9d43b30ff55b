//! The work's end of an event queue: it hands owned events over and learns when to stop
//! (the consumer cancelled or went away).

use std::time::Duration;

use crossbeam_channel::{SendTimeoutError, TrySendError};

use super::Cancel;

/// How often a send that waits for room looks at the switch.
const LOOK: Duration = Duration::from_millis(20);

/// Where a piece of work sends its events; clones send into the same queue.
pub struct Sender<T> {
    tx: crossbeam_channel::Sender<T>,
    cancel: Cancel,
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        Sender {
            tx: self.tx.clone(),
            cancel: self.cancel.clone(),
        }
    }
}

impl<T> Sender<T> {
    pub(super) fn new(tx: crossbeam_channel::Sender<T>, cancel: Cancel) -> Sender<T> {
        Sender { tx, cancel }
    }

    /// Hand `value` over, waiting while the queue is full. False (and `value` dropped)
    /// once the work was cancelled or its consumer is gone: time to stop.
    pub fn send(&self, value: T) -> bool {
        self.send_while(value, || true)
    }

    /// [`Sender::send`], which while it waits for room also gives up once `go_on` says
    /// no (the work was stopped some other way).
    pub fn send_while(&self, value: T, go_on: impl Fn() -> bool) -> bool {
        if self.is_cancelled() {
            return false;
        }
        let mut value = match self.tx.try_send(value) {
            Ok(()) => return true,
            Err(TrySendError::Disconnected(_)) => return false,
            Err(TrySendError::Full(v)) => v,
        };
        loop {
            match self.tx.send_timeout(value, LOOK) {
                Ok(()) => return true,
                Err(SendTimeoutError::Disconnected(_)) => return false,
                Err(SendTimeoutError::Timeout(v)) => {
                    if self.is_cancelled() || !go_on() {
                        return false;
                    }
                    value = v;
                }
            }
        }
    }

    /// Hand `value` over if there is room, else drop it (a snapshot the next one makes
    /// up for); never waits. False once the work was cancelled or its consumer is gone.
    pub fn offer(&self, value: T) -> bool {
        if self.is_cancelled() {
            return false;
        }
        !matches!(self.tx.try_send(value), Err(TrySendError::Disconnected(_)))
    }

    /// Hand over the work's last word (how it ended), even after a cancel; waits while
    /// the queue is full. False when the consumer is gone.
    pub fn finish(&self, value: T) -> bool {
        self.tx.send(value).is_ok()
    }

    /// The work was cancelled, or nobody holds its events any more.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// The work's switch.
    pub fn canceller(&self) -> &Cancel {
        &self.cancel
    }
}
