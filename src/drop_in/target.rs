//! The XDND target's side of drops on the window, on a connection of its own: an
//! unmapped proxy window the window's `XdndProxy` names (so sources send it the
//! protocol's messages), its answers to each position (it takes `text/uri-list`, as a
//! copy: what happens to the files is asked in the window), and on the drop the list
//! read from `XdndSelection`, made into local paths and handed on.

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ClientMessageEvent, ConnectionExt as _, EventMask, PropMode, Window,
};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use super::Dropped;
use crate::x11::X11Error;
use crate::xdnd::{Atoms, VERSION};

/// The longest list a drop may bring, in 32-bit words (4 MiB of URIs).
const LIST_WORDS: u32 = 1 << 20;

/// Where the drop target hands what was dropped.
pub type Sink = iced::futures::channel::mpsc::UnboundedSender<Dropped>;

/// The drag over the window, from its enter on.
#[derive(Debug, Clone, Copy)]
struct Over {
    source: Window,
    /// The window the source names as the target in its messages (the window, or its
    /// proxy): the answers name the same one.
    target: Window,
    /// The drag offers a `text/uri-list`.
    takes: bool,
}

/// Take drops for `window` until the display connection breaks or `sink` is gone.
pub fn serve(window: Window, sink: &Sink) -> Result<(), X11Error> {
    let (conn, screen) = x11rb::connect(None).map_err(X11Error::Connect)?;
    let root = conn.setup().roots[screen].root;
    let atoms = Atoms::intern(&conn)?;
    let proxy = make_proxy(&conn, root, window, &atoms)?;
    let hostname = porpoise_engine::host::hostname();
    let mut over: Option<Over> = None;
    // The drop whose list is being read.
    let mut dropping: Option<Over> = None;
    loop {
        match conn.wait_for_event()? {
            Event::ClientMessage(m) if m.format == 32 => {
                let data = m.data.as_data32();
                let kind = m.type_;
                if kind == atoms.enter {
                    over = Some(Over {
                        source: data[0],
                        target: m.window,
                        takes: offers_uri_list(&conn, &atoms, &data)?,
                    });
                } else if kind == atoms.position {
                    let takes = over.is_some_and(|o| o.source == data[0] && o.takes);
                    let (accept, action) = match takes {
                        true => (1, atoms.copy),
                        false => (0, x11rb::NONE),
                    };
                    // Bit 1: positions are wanted all over the window.
                    let answer = [m.window, accept | 2, 0, 0, action];
                    send(&conn, data[0], atoms.status, answer)?;
                } else if kind == atoms.leave {
                    over = None;
                } else if kind == atoms.drop {
                    match over.take().filter(|o| o.source == data[0]) {
                        Some(o) if o.takes => {
                            conn.convert_selection(
                                proxy,
                                atoms.selection,
                                atoms.uri_list,
                                atoms.dropped,
                                data[2],
                            )?;
                            conn.flush()?;
                            dropping = Some(o);
                        }
                        _ => finish(&conn, &atoms, data[0], m.window, false)?,
                    }
                }
            }
            Event::SelectionNotify(n) if n.requestor == proxy => {
                let Some(o) = dropping.take() else { continue };
                let list = match n.property {
                    x11rb::NONE => None,
                    property => read_list(&conn, proxy, property)?,
                };
                finish(&conn, &atoms, o.source, o.target, list.is_some())?;
                let dropped = match list {
                    Some(bytes) => crate::clipboard::decode_uri_list(&bytes, &hostname),
                    None => Err(crate::clipboard::DecodeError::NoFiles),
                };
                if sink.unbounded_send(dropped).is_err() {
                    return Ok(());
                }
            }
            _ => {}
        }
    }
}

/// The unmapped window that takes the protocol's messages for `window`: it and the
/// window both name it as their `XdndProxy`, and it says which XDND version it speaks.
fn make_proxy(
    conn: &RustConnection,
    root: Window,
    window: Window,
    atoms: &Atoms,
) -> Result<Window, X11Error> {
    let proxy = crate::xdnd::hidden_window(conn, root, EventMask::NO_EVENT)?;
    conn.change_property32(
        PropMode::REPLACE,
        proxy,
        atoms.aware,
        AtomEnum::ATOM,
        &[VERSION],
    )?;
    for on in [proxy, window] {
        conn.change_property32(
            PropMode::REPLACE,
            on,
            atoms.proxy,
            AtomEnum::WINDOW,
            &[proxy],
        )?;
    }
    conn.flush()?;
    Ok(proxy)
}

/// Whether the drag an enter message announces offers a `text/uri-list`: among the three
/// types in the message, or in the source's `XdndTypeList` when it has more.
fn offers_uri_list(
    conn: &RustConnection,
    atoms: &Atoms,
    data: &[u32; 5],
) -> Result<bool, X11Error> {
    if data[1] & 1 == 0 {
        return Ok(data[2..].contains(&atoms.uri_list));
    }
    let types = conn
        .get_property(false, data[0], atoms.type_list, AtomEnum::ATOM, 0, 1024)?
        .reply()?;
    Ok(types
        .value32()
        .is_some_and(|mut t| t.any(|a| a == atoms.uri_list)))
}

/// The list the source put in `property` of the proxy (deleted once read); `None` when
/// it is not there, or too long to be read in one piece.
fn read_list(
    conn: &RustConnection,
    proxy: Window,
    property: Atom,
) -> Result<Option<Vec<u8>>, X11Error> {
    let reply = conn
        .get_property(true, proxy, property, AtomEnum::ANY, 0, LIST_WORDS)?
        .reply()?;
    Ok((reply.format == 8 && reply.bytes_after == 0).then_some(reply.value))
}

/// Tell the source the drop is over: taken (as a copy) or not.
fn finish(
    conn: &RustConnection,
    atoms: &Atoms,
    source: Window,
    target: Window,
    taken: bool,
) -> Result<(), X11Error> {
    let (accepted, action) = match taken {
        true => (1, atoms.copy),
        false => (0, x11rb::NONE),
    };
    send(
        conn,
        source,
        atoms.finished,
        [target, accepted, action, 0, 0],
    )
}

/// Send the source an XDND message.
fn send(conn: &RustConnection, source: Window, kind: Atom, data: [u32; 5]) -> Result<(), X11Error> {
    let event = ClientMessageEvent::new(32, source, kind, data);
    conn.send_event(false, source, EventMask::NO_EVENT, event)?;
    conn.flush()?;
    Ok(())
}
