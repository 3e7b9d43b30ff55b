//! Files dropped into the window by other applications (another file manager, a
//! browser's downloads, a mail's attachments). On X11 the window's drop target is one of
//! its own: an unmapped window named as the window's XDND proxy, served by a thread with
//! its own connection to the display ([`target`]). So any `text/uri-list` is taken as it
//! came: names of any bytes, and files on a server (`smb://nas/photos/a.jpg`, as file
//! managers on GVfs offer them) through GVfs's FUSE folder while the server is connected.
//! Elsewhere (Wayland) the windowing library's drops, if any, arrive as before.

mod target;

use std::path::PathBuf;

use iced::{Subscription, Task};

use crate::clipboard::DecodeError;

/// What one drop brought: its files as local paths, or why it brought none.
pub type Dropped = Result<Vec<PathBuf>, DecodeError>;

/// The drop target's messages (one variant of the app's `Message`).
#[derive(Debug, Clone)]
pub enum DropInMsg {
    /// The window's X11 id (`None`: it is no X11 window, drops are the windowing
    /// library's).
    Window(Option<u32>),
    /// Something was dropped on the window.
    Dropped(Dropped),
}

/// The drop target of the window: which X11 window it takes drops for.
#[derive(Debug, Default)]
pub struct DropIn {
    window: Option<u32>,
}

impl DropIn {
    /// Learn the window's X11 id (once the window exists): the target starts then.
    pub fn start() -> Task<DropInMsg> {
        iced::window::latest()
            .and_then(|id| iced::window::run(id, crate::x11::window_id))
            .map(DropInMsg::Window)
    }

    /// Take a message; what was dropped, if it was a drop.
    pub fn update(&mut self, m: DropInMsg) -> Option<Dropped> {
        match m {
            DropInMsg::Window(window) => {
                self.window = window;
                None
            }
            DropInMsg::Dropped(dropped) => Some(dropped),
        }
    }

    /// The drops, for as long as the window is an X11 window.
    pub fn subscription(&self) -> Subscription<DropInMsg> {
        match self.window {
            Some(window) => Subscription::run_with(window, drops).map(DropInMsg::Dropped),
            None => Subscription::none(),
        }
    }
}

/// The drops on the X11 window `window`: a thread takes them for as long as the display
/// lasts (a display that cannot be used is logged, and the stream ends).
fn drops(window: &u32) -> impl iced::futures::Stream<Item = Dropped> + use<> {
    let window = *window;
    let (tx, rx) = iced::futures::channel::mpsc::unbounded();
    let spawned = std::thread::Builder::new()
        .name("porpoise-drop-in".into())
        .spawn(move || {
            if let Err(e) = target::serve(window, &tx) {
                tracing::warn!("drops: {}", porpoise_engine::error::chain(&e));
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("drops: no thread for them: {e}");
    }
    rx
}
