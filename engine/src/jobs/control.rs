//! The handle a job is steered through (pause, resume, cancel, answer a conflict) and
//! the receiving end of its events.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

use gio::prelude::CancellableExt;

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
    answer: Reply<Answer>,
    preflight: Reply<PreflightChoice>,
    /// The password typed for an archive (`None`: none given, stop asking).
    password: Reply<Option<String>>,
    /// What the job's GIO calls wait on: cancelled with the job.
    gio: OnceLock<gio::Cancellable>,
}

/// One answer the job waits for, given from another thread: a slot and the condvar that
/// wakes the waiter (a condvar serves one mutex only, so each kind of answer has its own).
#[derive(Debug)]
struct Reply<T> {
    slot: Mutex<Option<T>>,
    given: Condvar,
}

impl<T> Default for Reply<T> {
    fn default() -> Self {
        Reply {
            slot: Mutex::new(None),
            given: Condvar::new(),
        }
    }
}

impl<T> Reply<T> {
    /// Give the answer `value` and wake the waiter.
    fn give(&self, value: T) {
        let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        *g = Some(value);
        self.given.notify_all();
    }

    /// Wake the waiter without an answer, so it looks at the cancel flag. Holding the
    /// lock while notifying: a waiter between its check and its wait cannot miss it.
    fn wake(&self) {
        let _g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        self.given.notify_all();
    }

    /// Wait for the answer; `None` once `cancelled` says so.
    fn wait(&self, cancelled: impl Fn() -> bool) -> Option<T> {
        let mut g = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if cancelled() {
                return None;
            }
            if let Some(value) = g.take() {
                return Some(value);
            }
            g = self.given.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl Control {
    pub fn new() -> Arc<Control> {
        Arc::new(Control::default())
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        // Wake anything waiting so it sees the cancel.
        self.set_paused(false);
        self.answer.wake();
        self.preflight.wake();
        self.password.wake();
        if let Some(gio) = self.gio.get() {
            gio.cancel();
        }
    }

    /// What the job's GIO calls wait on, so a cancel stops them where they wait.
    pub(crate) fn gio_cancellable(&self) -> gio::Cancellable {
        let gio = self.gio.get_or_init(gio::Cancellable::new).clone();
        if self.is_cancelled() {
            gio.cancel();
        }
        gio
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
        self.answer.give(a);
    }

    /// Say what to do about the problems of a `Preflight` event.
    pub fn answer_preflight(&self, c: PreflightChoice) {
        self.preflight.give(c);
    }

    /// Wait for the pre-flight answer; `None` when the job was cancelled meanwhile.
    pub(crate) fn wait_preflight(&self) -> Option<PreflightChoice> {
        self.preflight.wait(|| self.is_cancelled())
    }

    /// Give the password a `Password` event asked for (`None`: there is none).
    pub fn answer_password(&self, password: Option<String>) {
        self.password.give(password);
    }

    /// Wait for a password; `None` when none was given or the job was cancelled.
    pub(crate) fn wait_password(&self) -> Option<String> {
        self.password.wait(|| self.is_cancelled()).flatten()
    }

    /// Wait for an answer; `None` when the job was cancelled meanwhile.
    pub(crate) fn wait_answer(&self) -> Option<Answer> {
        self.answer.wait(|| self.is_cancelled())
    }
}

/// A running job: its events and its controls. Dropping the events (every clone of
/// them) cancels the job, as [`Control::cancel`] does.
pub struct Job {
    pub events: crate::events::Events<JobEvent>,
    pub control: Arc<Control>,
}
