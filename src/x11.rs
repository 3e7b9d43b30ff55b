//! The window on an X11 desktop: its X11 id (from iced's window handle), and coming to
//! the front for a launch that was handed to it: the launch's startup ID goes on the
//! window (`_NET_STARTUP_ID`), the window asks the window manager to activate it with the
//! launch's time (`_NET_ACTIVE_WINDOW`, so focus-stealing prevention lets it), and the
//! launch is told complete (startup notification's `remove`, which ends the launcher's busy
//! cursor). Blocking: run it off the UI thread.

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    ClientMessageEvent, ConnectionExt as _, EventMask, PropMode, Window,
};
use x11rb::wrapper::ConnectionExt as _;

/// Startup notification messages travel in pieces of this many bytes.
const PIECE: usize = 20;

/// What went wrong talking to the X display (bringing the window to the front, a drag
/// offered to other applications).
#[derive(Debug, thiserror::Error)]
pub enum X11Error {
    #[error("cannot connect to the X display")]
    Connect(#[source] x11rb::errors::ConnectError),
    #[error("the connection to the X display broke")]
    Connection(#[from] x11rb::errors::ConnectionError),
    #[error("the X display refused a request")]
    Reply(#[from] x11rb::errors::ReplyError),
    #[error("the X display refused to make a window")]
    Window(#[source] x11rb::errors::ReplyOrIdError),
}

/// Bring the window to the front for the launch `startup_id`: on X11 through
/// [`activate`] (off the UI thread; a failure is logged), elsewhere through the windowing
/// library's focus request.
pub fn raise<T: Send + 'static>(startup_id: String) -> iced::Task<T> {
    iced::window::latest().and_then(move |id| {
        let startup_id = startup_id.clone();
        iced::window::run(id, window_id).then(move |x11| match x11 {
            Some(window) => {
                let startup_id = startup_id.clone();
                let activated = crate::offload::blocking(move || activate(window, &startup_id));
                iced::Task::future(activated).then(|done| {
                    if let Some(Err(e)) = done {
                        tracing::warn!(
                            "coming to the front: {}",
                            porpoise_engine::error::chain(&e)
                        );
                    }
                    iced::Task::none()
                })
            }
            None => iced::window::gain_focus(id),
        })
    })
}

/// The X11 id of the window, if it is an X11 window.
pub fn window_id(window: &dyn iced::window::Window) -> Option<u32> {
    use iced::window::raw_window_handle::RawWindowHandle;
    match window.window_handle().ok()?.as_raw() {
        RawWindowHandle::Xlib(h) => u32::try_from(h.window).ok(),
        RawWindowHandle::Xcb(h) => Some(h.window.get()),
        _ => None,
    }
}

/// Bring `window` to the front for the launch `startup_id` (empty: no launch to answer).
pub fn activate(window: Window, startup_id: &str) -> Result<(), X11Error> {
    let (conn, screen) = x11rb::connect(None).map_err(X11Error::Connect)?;
    let root = conn.setup().roots[screen].root;
    let atom = |name: &str| -> Result<u32, X11Error> {
        Ok(conn.intern_atom(false, name.as_bytes())?.reply()?.atom)
    };
    if !startup_id.is_empty() {
        conn.change_property8(
            PropMode::REPLACE,
            window,
            atom("_NET_STARTUP_ID")?,
            atom("UTF8_STRING")?,
            startup_id.as_bytes(),
        )?;
    }
    // Source 1: an application's request, dated by the launch (0: no date).
    let active = ClientMessageEvent::new(
        32,
        window,
        atom("_NET_ACTIVE_WINDOW")?,
        [1, launch_time(startup_id).unwrap_or(0), 0, 0, 0],
    );
    conn.send_event(
        false,
        root,
        EventMask::SUBSTRUCTURE_REDIRECT | EventMask::SUBSTRUCTURE_NOTIFY,
        active,
    )?;
    if !startup_id.is_empty() {
        let (begin, more) = (atom("_NET_STARTUP_INFO_BEGIN")?, atom("_NET_STARTUP_INFO")?);
        let message = startup_message("remove", startup_id);
        for (i, piece) in message.chunks(PIECE).enumerate() {
            let mut data = [0u8; PIECE];
            data[..piece.len()].copy_from_slice(piece);
            let kind = if i == 0 { begin } else { more };
            let event = ClientMessageEvent::new(8, window, kind, data);
            conn.send_event(false, root, EventMask::PROPERTY_CHANGE, event)?;
        }
    }
    // A round trip: the server has done all of it before the connection closes (closing
    // right after writing can lose what was written last).
    conn.get_input_focus()?.reply()?;
    Ok(())
}

/// The X server time of the launch, which launchers put at the end of the startup ID
/// (`…_TIME12345`).
pub fn launch_time(startup_id: &str) -> Option<u32> {
    let (_, time) = startup_id.rsplit_once("_TIME")?;
    time.parse().ok()
}

/// A startup notification message (`remove: ID="…"`), NUL-terminated, its value quoted
/// as the specification asks.
pub fn startup_message(kind: &str, startup_id: &str) -> Vec<u8> {
    let mut quoted = String::with_capacity(startup_id.len() + 2);
    quoted.push('"');
    for c in startup_id.chars() {
        if c == '"' || c == '\\' {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    let mut bytes = format!("{kind}: ID={quoted}").into_bytes();
    bytes.push(0);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launch_time_is_read_off_the_startup_id() {
        assert_eq!(
            launch_time("xfce4-panel-1234-host-app_TIME98765"),
            Some(98765)
        );
        assert_eq!(launch_time("no-time-here"), None);
        assert_eq!(launch_time("bad_TIMEx"), None);
    }

    #[test]
    fn a_startup_message_quotes_its_value_and_ends_in_nul() {
        assert_eq!(
            startup_message("remove", r#"a "b"\c"#),
            b"remove: ID=\"a \\\"b\\\"\\\\c\"\0".to_vec()
        );
    }
}
