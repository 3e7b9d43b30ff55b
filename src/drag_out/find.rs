//! What is under the pointer, as XDND finds a target: from the root window down through
//! the child under the pointer at each level, the first window that says it is
//! `XdndAware` (or whose `XdndProxy` is), unless the window's own comes first.

use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, KeyButMask, Window};

use super::display::Display;
use crate::x11::X11Error;
use crate::xdnd::VERSION;

/// The pointer, as one query from the root saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pointer {
    pub x: i16,
    pub y: i16,
    pub mask: KeyButMask,
    /// The top-level window under it (0: none).
    child: Window,
}

/// A window that takes XDND drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The window the messages are about.
    pub window: Window,
    /// Where they are sent: the window itself, or its proxy.
    pub deliver_to: Window,
    /// The protocol version both speak.
    pub version: u32,
}

/// What the pointer is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Under {
    /// The window the drag started in: its own drag goes on there.
    Own,
    Target(Target),
    /// A window that takes no drops, or the bare screen.
    Nothing,
}

/// How deep the search goes (frames, toplevels and their children are a few levels).
const MAX_DEPTH: usize = 16;

impl Display {
    pub fn pointer(&self) -> Result<Pointer, X11Error> {
        let r = self.conn.query_pointer(self.root)?.reply()?;
        Ok(Pointer {
            x: r.root_x,
            y: r.root_y,
            mask: r.mask,
            child: r.child,
        })
    }

    /// What is under `pointer`; `own` is the window the drag started in.
    pub fn under(&self, pointer: &Pointer, own: Window) -> Result<Under, X11Error> {
        let mut window = pointer.child;
        for _ in 0..MAX_DEPTH {
            if window == x11rb::NONE {
                return Ok(Under::Nothing);
            }
            if window == own {
                return Ok(Under::Own);
            }
            if let Some(target) = self.target(window)? {
                return Ok(Under::Target(target));
            }
            window = self.conn.query_pointer(window)?.reply()?.child;
        }
        Ok(Under::Nothing)
    }

    /// `window` as a drop target, if it is one (through its proxy, if it names one that
    /// names itself).
    fn target(&self, window: Window) -> Result<Option<Target>, X11Error> {
        let mut deliver_to = window;
        if let Some(&proxy) = self
            .words(window, self.atoms.proxy, AtomEnum::WINDOW)?
            .first()
            && self
                .words(proxy, self.atoms.proxy, AtomEnum::WINDOW)?
                .first()
                == Some(&proxy)
        {
            deliver_to = proxy;
        }
        let Some(&theirs) = self
            .words(deliver_to, self.atoms.aware, AtomEnum::ATOM)?
            .first()
        else {
            return Ok(None);
        };
        // Versions before 3 are not spoken (as GTK and Qt do).
        Ok((theirs >= 3).then(|| Target {
            window,
            deliver_to,
            version: theirs.min(VERSION),
        }))
    }

    /// A 32-bit property's values; none when it is not there, or the window went away.
    fn words(&self, window: Window, property: u32, kind: AtomEnum) -> Result<Vec<u32>, X11Error> {
        let reply = match self
            .conn
            .get_property(false, window, property, kind, 0, 64)?
            .reply()
        {
            Ok(r) => r,
            // A window that is gone (destroyed between two looks) has no property.
            Err(x11rb::errors::ReplyError::X11Error(_)) => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        Ok(reply.value32().map(|v| v.collect()).unwrap_or_default())
    }
}
