//! The XDND source's thread: started at the first drag, it connects to the display then
//! (and again after a failure), runs one drag at a time, looking at the pointer about 60
//! times a second, and answers each drag's requester with how it ended.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError};
use tokio::sync::oneshot;

use super::Outcome;
use super::display::Display;
use super::payload::Payload;
use super::session::Session;
use crate::serving::Served;
use crate::x11::X11Error;

/// How often the pointer is looked at during a drag.
const POLL: Duration = Duration::from_millis(16);

enum Request {
    Drag {
        own: u32,
        paths: Vec<PathBuf>,
        done: oneshot::Sender<Outcome>,
    },
    Cancel,
}

static SOURCE: Served<Request> = Served::new("porpoise-drag-out", serve);

fn send(request: Request) {
    SOURCE.send(request);
}

/// Offer `paths`, dragged in the window `own`, to the applications the pointer passes
/// over, until the button comes up; how it ended.
pub async fn drag(own: u32, paths: Vec<PathBuf>) -> Outcome {
    let (done, rx) = oneshot::channel();
    send(Request::Drag { own, paths, done });
    rx.await.unwrap_or(Outcome::Stopped)
}

/// End the drag under way, leaving the target it is over.
pub fn cancel() {
    send(Request::Cancel);
}

fn serve(rx: Receiver<Request>) {
    let mut display: Option<Display> = None;
    let mut next: Option<Request> = None;
    loop {
        let request = match next.take() {
            Some(r) => r,
            None => match rx.recv() {
                Ok(r) => r,
                Err(_) => return,
            },
        };
        // A cancel with no drag under way has nothing to end.
        let Request::Drag { own, paths, done } = request else {
            continue;
        };
        if display.is_none() {
            match Display::connect() {
                Ok(d) => display = Some(d),
                Err(e) => {
                    let _ = done.send(Outcome::Failed(Arc::new(e)));
                    continue;
                }
            }
        }
        let Some(d) = display.as_ref() else { continue };
        let outcome = match run(d, own, Payload::of(&paths), &rx, &mut next) {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!("{}", porpoise_engine::error::chain(&e));
                display = None;
                Outcome::Failed(Arc::new(e))
            }
        };
        tracing::debug!(?outcome, "a drag out ended");
        let _ = done.send(outcome);
    }
}

/// One drag, to its end; a request that came meanwhile is kept in `next`.
fn run(
    d: &Display,
    own: u32,
    payload: Payload,
    rx: &Receiver<Request>,
    next: &mut Option<Request>,
) -> Result<Outcome, X11Error> {
    let mut session = Session::start(d, own, payload)?;
    let interrupted = || !rx.is_empty();
    loop {
        match rx.recv_timeout(POLL) {
            Ok(Request::Cancel) | Err(RecvTimeoutError::Disconnected) => {
                return session.cancel();
            }
            Ok(r @ Request::Drag { .. }) => {
                *next = Some(r);
                return session.cancel();
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if let Some(outcome) = session.step(&interrupted)? {
            return Ok(outcome);
        }
    }
}
