//! The words of XDND, the X11 drag-and-drop protocol, both ways: its version and the
//! atoms a drag source ([`crate::drag_out`]) and a drop target ([`crate::drop_in`]) speak.

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    Atom, ConnectionExt, CreateWindowAux, EventMask, Window, WindowClass,
};
use x11rb::rust_connection::RustConnection;

use crate::x11::X11Error;

/// The XDND protocol version spoken.
pub const VERSION: u32 = 5;

macro_rules! atoms {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// The atoms of XDND and the selection's formats.
        #[derive(Debug, Clone, Copy)]
        pub struct Atoms { $(pub $field: Atom),* }

        impl Atoms {
            /// The atoms on `conn`.
            pub fn intern(conn: &RustConnection) -> Result<Atoms, X11Error> {
                $(let $field = conn.intern_atom(false, $name.as_bytes())?;)*
                Ok(Atoms { $($field: $field.reply()?.atom),* })
            }
        }
    };
}

atoms! {
    aware = "XdndAware",
    proxy = "XdndProxy",
    selection = "XdndSelection",
    type_list = "XdndTypeList",
    enter = "XdndEnter",
    position = "XdndPosition",
    status = "XdndStatus",
    leave = "XdndLeave",
    drop = "XdndDrop",
    finished = "XdndFinished",
    copy = "XdndActionCopy",
    move_ = "XdndActionMove",
    link = "XdndActionLink",
    uri_list = "text/uri-list",
    text = "text/plain;charset=utf-8",
    text_plain = "text/plain",
    utf8_string = "UTF8_STRING",
    targets = "TARGETS",
    delete = "DELETE",
    null = "NULL",
    timestamp = "PORPOISE_DRAG_TIME",
    dropped = "PORPOISE_DROPPED",
}

/// A small unmapped window of the protocol's own under `root` (a drag source's, or a drop
/// target's proxy), told of `events`.
pub fn hidden_window(
    conn: &RustConnection,
    root: Window,
    events: EventMask,
) -> Result<Window, X11Error> {
    let window = conn.generate_id().map_err(X11Error::Window)?;
    conn.create_window(
        x11rb::COPY_DEPTH_FROM_PARENT,
        window,
        root,
        -10,
        -10,
        1,
        1,
        0,
        WindowClass::INPUT_ONLY,
        x11rb::COPY_FROM_PARENT,
        &CreateWindowAux::new().event_mask(events),
    )
    .map_err(|e| X11Error::Window(e.into()))?
    .check()
    .map_err(|e| X11Error::Window(e.into()))?;
    Ok(window)
}
