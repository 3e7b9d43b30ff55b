//! The handle a job is steered through (pause, resume, cancel, answer a conflict) and
//! the receiving end of its events.

use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::conflict::Answer;
use super::events::JobEvent;

/// Shared between a job's threads and whoever steers it.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    paused: Mutex<bool>,
    resumed: Condvar,
    answers: Mutex<Option<Answer>>,
    answered: Condvar,
}

impl Control {
    pub fn new() -> Arc<Control> {
        Arc::new(Control::default())
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        // Wake anything waiting so it sees the cancel.
        self.set_paused(false);
        self.answered.notify_all();
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    pub fn pause(&self) {
        self.set_paused(true);
    }

    pub fn resume(&self) {
        self.set_paused(false);
    }

    fn set_paused(&self, p: bool) {
        let mut g = self.paused.lock().unwrap_or_else(|e| e.into_inner());
        *g = p;
        if !p {
            self.resumed.notify_all();
        }
    }

    pub fn is_paused(&self) -> bool {
        *self.paused.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Block while paused. Returns false when the job was cancelled.
    pub fn checkpoint(&self) -> bool {
        let mut g = self.paused.lock().unwrap_or_else(|e| e.into_inner());
        while *g && !self.is_cancelled() {
            g = self.resumed.wait(g).unwrap_or_else(|e| e.into_inner());
        }
        !self.is_cancelled()
    }

    /// Give the answer to the conflict the job is waiting on.
    pub fn answer(&self, a: Answer) {
        let mut g = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        *g = Some(a);
        self.answered.notify_all();
    }

    /// Wait for an answer; `None` when the job was cancelled meanwhile.
    pub(crate) fn wait_answer(&self) -> Option<Answer> {
        let mut g = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if self.is_cancelled() {
                return None;
            }
            if let Some(a) = g.take() {
                return Some(a);
            }
            g = self.answered.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// A running job: its events and its controls.
pub struct Job {
    pub events: Receiver<JobEvent>,
    pub control: Arc<Control>,
}

impl Job {
    /// The next event; `None` when the job's threads are gone.
    pub fn next(&self) -> Option<JobEvent> {
        self.events.recv().ok()
    }

    /// The next event within `limit`; `Err(true)` when the job is over, `Err(false)` on
    /// time-out.
    pub fn next_timeout(&self, limit: Duration) -> Result<JobEvent, bool> {
        match self.events.recv_timeout(limit) {
            Ok(ev) => Ok(ev),
            Err(RecvTimeoutError::Timeout) => Err(false),
            Err(RecvTimeoutError::Disconnected) => Err(true),
        }
    }
}
