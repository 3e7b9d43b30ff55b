//! The XDND source's own connection to the X display: the atoms it speaks, the small
//! unmapped window that owns `XdndSelection` and receives the targets' answers, a
//! timestamp from the server, and sending a target an XDND message.

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{
    Atom, ClientMessageEvent, ConnectionExt, EventMask, PropMode, Timestamp, Window,
};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use crate::x11::X11Error;
use crate::xdnd::Atoms;

/// The connection and what the source keeps on it.
pub struct Display {
    pub conn: RustConnection,
    pub root: Window,
    /// The source's own window: unmapped, owner of `XdndSelection`.
    pub source: Window,
    pub atoms: Atoms,
}

impl Display {
    /// Connect to the display `DISPLAY` names and make the source's window.
    pub fn connect() -> Result<Display, X11Error> {
        let (conn, screen) = x11rb::connect(None).map_err(X11Error::Connect)?;
        let root = conn.setup().roots[screen].root;
        let atoms = Atoms::intern(&conn)?;
        let source = crate::xdnd::hidden_window(&conn, root, EventMask::PROPERTY_CHANGE)?;
        // Targets that read more than three types look here.
        conn.change_property32(
            PropMode::REPLACE,
            source,
            atoms.type_list,
            x11rb::protocol::xproto::AtomEnum::ATOM,
            &[atoms.uri_list, atoms.text],
        )?;
        conn.flush()?;
        Ok(Display {
            conn,
            root,
            source,
            atoms,
        })
    }

    /// A timestamp from the server (that of a property change on the source's window),
    /// for owning the selection and for the drop. Other events read meanwhile are handed
    /// to `other`.
    pub fn server_time(&self, mut other: impl FnMut(Event)) -> Result<Timestamp, X11Error> {
        self.conn.change_property8(
            PropMode::APPEND,
            self.source,
            self.atoms.timestamp,
            self.atoms.timestamp,
            &[],
        )?;
        self.conn.flush()?;
        loop {
            match self.conn.wait_for_event()? {
                Event::PropertyNotify(e)
                    if e.window == self.source && e.atom == self.atoms.timestamp =>
                {
                    return Ok(e.time);
                }
                e => other(e),
            }
        }
    }

    /// Send an XDND message about `target` to `deliver_to` (the target, or its proxy).
    pub fn send(
        &self,
        deliver_to: Window,
        target: Window,
        kind: Atom,
        data: [u32; 5],
    ) -> Result<(), X11Error> {
        let event = ClientMessageEvent::new(32, target, kind, data);
        self.conn
            .send_event(false, deliver_to, EventMask::NO_EVENT, event)?;
        self.conn.flush()?;
        Ok(())
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.conn.destroy_window(self.source);
        let _ = self.conn.flush();
    }
}
