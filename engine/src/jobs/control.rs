//! The handle a job is steered through (pause, resume, cancel, answer a conflict) and
//! the receiving end of its events.

use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::conflict::Answer;
use super::events::JobEvent;
use super::preflight::PreflightChoice;

/// Shared between a job's threads and whoever steers it.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    /// Mirrors `paused`, so the threads of a running job check it without taking the lock
    /// (they do for every file).
    pausing: AtomicBool,
    paused: Mutex<bool>,
    resumed: Condvar,
    answers: Mutex<Option<Answer>>,
    answered: Condvar,
    preflight: Mutex<Option<PreflightChoice>>,
    /// A condvar serves one mutex only, so the pre-flight answer has its own.
    preflight_answered: Condvar,
}

impl Control {
    pub fn new() -> Arc<Control> {
        Arc::new(Control::default())
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        // Wake anything waiting so it sees the cancel.
        // Holding each lock while notifying: a waiter between its check and its wait
        // cannot miss the wake-up.
        self.set_paused(false);
        {
            let _g = self.answers.lock().unwrap_or_else(|e| e.into_inner());
            self.answered.notify_all();
        }
        let _g = self.preflight.lock().unwrap_or_else(|e| e.into_inner());
        self.preflight_answered.notify_all();
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
        self.pausing.store(p, Ordering::Release);
        if !p {
            self.resumed.notify_all();
        }
    }

    pub fn is_paused(&self) -> bool {
        *self.paused.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Block while paused. Returns false when the job was cancelled.
    pub fn checkpoint(&self) -> bool {
        if !self.pausing.load(Ordering::Acquire) {
            return !self.is_cancelled();
        }
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

    /// Say what to do about the problems of a `Preflight` event.
    pub fn answer_preflight(&self, c: PreflightChoice) {
        let mut g = self.preflight.lock().unwrap_or_else(|e| e.into_inner());
        *g = Some(c);
        self.preflight_answered.notify_all();
    }

    /// Wait for the pre-flight answer; `None` when the job was cancelled meanwhile.
    pub(crate) fn wait_preflight(&self) -> Option<PreflightChoice> {
        let mut g = self.preflight.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if self.is_cancelled() {
                return None;
            }
            if let Some(c) = g.take() {
                return Some(c);
            }
            g = self
                .preflight_answered
                .wait(g)
                .unwrap_or_else(|e| e.into_inner());
        }
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
