//! The window's side of AccessKit's AT-SPI adapter: the adapter calls its handlers on a
//! thread of its own; they pass what they are told (an assistive technology came or went,
//! an action on a node) to the window as [`Request`]s through one stream.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use accesskit::{ActionHandler, ActionRequest, ActivationHandler, DeactivationHandler, TreeUpdate};
use iced::futures::Stream;
use iced::futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};

/// What the adapter tells the window.
#[derive(Debug, Clone)]
pub enum Request {
    /// An assistive technology listens now: the window sends its whole tree.
    Activated,
    /// None listens any more.
    Deactivated,
    /// An action on a node.
    Action(ActionRequest),
}

/// The requests' receiver, taken by the first stream that asks.
static RECEIVER: OnceLock<Mutex<Option<UnboundedReceiver<Request>>>> = OnceLock::new();

/// The adapter and whether an assistive technology listens.
pub struct Bridge {
    adapter: accesskit_unix::Adapter,
    active: Arc<AtomicBool>,
}

impl std::fmt::Debug for Bridge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bridge")
            .field("active", &self.is_active())
            .finish()
    }
}

impl Bridge {
    /// Start the adapter (it watches the session bus for an assistive technology on a
    /// thread of its own). One per process: a second one's requests go nowhere.
    pub fn start() -> Bridge {
        let (tx, rx) = unbounded();
        let cell = RECEIVER.get_or_init(|| Mutex::new(None));
        let mut slot = cell.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(rx);
        }
        let active = Arc::new(AtomicBool::new(false));
        let adapter = accesskit_unix::Adapter::new(
            Activation {
                tx: tx.clone(),
                active: Arc::clone(&active),
            },
            Actions { tx: tx.clone() },
            Deactivation {
                tx,
                active: Arc::clone(&active),
            },
        );
        Bridge { adapter, active }
    }

    /// Whether an assistive technology listens (only then is a tree built).
    pub fn is_active(&self) -> bool {
        self.active.load(Ordering::Acquire)
    }

    /// Hand the adapter the tree (it tells the listeners what changed).
    pub fn publish(&mut self, update: TreeUpdate) {
        self.adapter.update_if_active(|| update);
    }

    /// Whether the window has the desktop's keyboard.
    pub fn window_focused(&mut self, focused: bool) {
        self.adapter.update_window_focus_state(focused);
    }
}

/// The adapter's requests, from the first call on; empty for any later call.
pub fn requests() -> impl Stream<Item = Request> {
    use iced::futures::StreamExt;
    let rx = RECEIVER
        .get()
        .and_then(|cell| cell.lock().unwrap_or_else(|p| p.into_inner()).take());
    match rx {
        Some(rx) => rx.left_stream(),
        None => iced::futures::stream::empty().right_stream(),
    }
}

struct Activation {
    tx: UnboundedSender<Request>,
    active: Arc<AtomicBool>,
}

impl ActivationHandler for Activation {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        // The tree is built from the window's state on its own thread: it is asked for
        // there and sent with the next update.
        self.active.store(true, Ordering::Release);
        let _ = self.tx.unbounded_send(Request::Activated);
        None
    }
}

struct Actions {
    tx: UnboundedSender<Request>,
}

impl ActionHandler for Actions {
    fn do_action(&mut self, request: ActionRequest) {
        let _ = self.tx.unbounded_send(Request::Action(request));
    }
}

struct Deactivation {
    tx: UnboundedSender<Request>,
    active: Arc<AtomicBool>,
}

impl DeactivationHandler for Deactivation {
    fn deactivate_accessibility(&mut self) {
        self.active.store(false, Ordering::Release);
        let _ = self.tx.unbounded_send(Request::Deactivated);
    }
}
