//! A thread of its own that serves one kind of request in order, started by the first
//! request (the clipboard's owner, the drag-out source).

use std::sync::OnceLock;

use crossbeam_channel::{Receiver, Sender};

/// Requests of type `R` served in order by `serve` on a thread named `name`.
pub struct Served<R> {
    name: &'static str,
    serve: fn(Receiver<R>),
    tx: OnceLock<Sender<R>>,
}

impl<R: Send + 'static> Served<R> {
    pub const fn new(name: &'static str, serve: fn(Receiver<R>)) -> Self {
        Served {
            name,
            serve,
            tx: OnceLock::new(),
        }
    }

    /// Hand `request` to the thread, starting it the first time. Where it could not start
    /// or has stopped, the request is dropped, and with it any reply sender inside: the
    /// caller hears that it stopped.
    pub fn send(&self, request: R) {
        let tx = self.tx.get_or_init(|| {
            let (tx, rx) = crossbeam_channel::unbounded();
            let serve = self.serve;
            let spawned = std::thread::Builder::new()
                .name(self.name.into())
                .spawn(move || serve(rx));
            if let Err(e) = spawned {
                tracing::warn!("cannot start the thread {}: {e}", self.name);
            }
            tx
        });
        let _ = tx.send(request);
    }
}
