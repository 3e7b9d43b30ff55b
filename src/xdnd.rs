//! The words of XDND, the X11 drag-and-drop protocol, both ways: its version and the
//! atoms a drag source ([`crate::drag_out`]) and a drop target ([`crate::drop_in`]) speak.

use x11rb::protocol::xproto::{Atom, ConnectionExt};
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
