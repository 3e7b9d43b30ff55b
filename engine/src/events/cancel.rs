//! The switch that stops a piece of work: a flag the work looks at, and what else has to
//! happen at the cancel (a guard dropped, a job's control told, a waiting loop woken).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

type Hook = Box<dyn FnOnce() + Send>;

/// A piece of work's stop switch; clones share it. Cancelling is for good.
#[derive(Clone, Default)]
pub struct Cancel(Arc<Switch>);

#[derive(Default)]
struct Switch {
    on: AtomicBool,
    hooks: Mutex<Vec<Hook>>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Stop the work: set the flag, then run what was to happen at the cancel.
    pub fn cancel(&self) {
        self.0.on.store(true, Ordering::Relaxed);
        let hooks = std::mem::take(&mut *self.hooks());
        for hook in hooks {
            hook();
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.on.load(Ordering::Relaxed)
    }

    /// The flag itself, for work that looks at a plain flag.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.0.on
    }

    /// Run `f` at the cancel (now, when it was cancelled already).
    pub fn on_cancel(&self, f: impl FnOnce() + Send + 'static) {
        let mut hooks = self.hooks();
        if self.is_cancelled() {
            drop(hooks);
            f();
            return;
        }
        hooks.push(Box::new(f));
    }

    /// A handle that cancels when dropped, for whoever owns the work without its events.
    pub fn on_drop(self) -> CancelOnDrop {
        CancelOnDrop(self)
    }

    fn hooks(&self) -> std::sync::MutexGuard<'_, Vec<Hook>> {
        self.0.hooks.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cancel").field(&self.is_cancelled()).finish()
    }
}

/// Cancels its work when dropped.
#[derive(Debug)]
pub struct CancelOnDrop(Cancel);

impl CancelOnDrop {
    pub fn cancel(&self) {
        self.0.cancel();
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
