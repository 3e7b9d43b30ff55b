//! The harness's own X connection (x11rb): finding a process's window, reading its title
//! and class, pinging it as a window manager does, reading its pixels, and the pointer's
//! moves and buttons through XTest, as a real mouse's reach the server.

use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ChangeWindowAttributesAux, ClientMessageEvent, ConnectionExt, EventMask,
    ImageFormat, MapState, Window,
};
use x11rb::protocol::xtest::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;

use super::Shot;

pub struct X {
    conn: RustConnection,
    root: Window,
    atoms: Atoms,
    /// The last ping's number, so an answer is matched to its question.
    pings: std::cell::Cell<u32>,
}

struct Atoms {
    net_wm_pid: Atom,
    net_wm_name: Atom,
    net_client_list: Atom,
    net_supporting_wm_check: Atom,
    net_wm_ping: Atom,
    wm_protocols: Atom,
    utf8_string: Atom,
}

impl X {
    pub fn connect(display: &str) -> Result<X, Box<dyn std::error::Error>> {
        let (conn, screen) = x11rb::connect(Some(display))?;
        let root = conn.setup().roots[screen].root;
        let atom = |name: &str| -> Result<Atom, Box<dyn std::error::Error>> {
            Ok(conn.intern_atom(false, name.as_bytes())?.reply()?.atom)
        };
        let atoms = Atoms {
            net_wm_pid: atom("_NET_WM_PID")?,
            net_wm_name: atom("_NET_WM_NAME")?,
            net_client_list: atom("_NET_CLIENT_LIST")?,
            net_supporting_wm_check: atom("_NET_SUPPORTING_WM_CHECK")?,
            net_wm_ping: atom("_NET_WM_PING")?,
            wm_protocols: atom("WM_PROTOCOLS")?,
            utf8_string: atom("UTF8_STRING")?,
        };
        // Answers to pings are sent to the root window: for those selecting
        // SubstructureNotify there (winit, GTK), or StructureNotify (Qt).
        conn.change_window_attributes(
            root,
            &ChangeWindowAttributesAux::new()
                .event_mask(EventMask::SUBSTRUCTURE_NOTIFY | EventMask::STRUCTURE_NOTIFY),
        )?
        .check()?;
        Ok(X {
            conn,
            root,
            atoms,
            pings: std::cell::Cell::new(0),
        })
    }

    fn property(&self, window: Window, property: Atom, kind: impl Into<Atom>) -> Vec<u8> {
        self.conn
            .get_property(false, window, property, kind, 0, 1 << 16)
            .ok()
            .and_then(|c| c.reply().ok())
            .map(|r| r.value)
            .unwrap_or_default()
    }

    fn words(&self, window: Window, property: Atom, kind: impl Into<Atom>) -> Vec<u32> {
        self.property(window, property, kind)
            .chunks_exact(4)
            .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// A window manager has announced itself on the root window.
    pub fn has_window_manager(&self) -> bool {
        !self
            .words(
                self.root,
                self.atoms.net_supporting_wm_check,
                AtomEnum::WINDOW,
            )
            .is_empty()
    }

    /// A mapped top-level window whose `_NET_WM_PID` is `pid`, managed or not.
    pub fn shown_window_of_pid(&self, pid: u32) -> Option<Window> {
        let tree = self.conn.query_tree(self.root).ok()?.reply().ok()?;
        tree.children.into_iter().find(|&w| {
            let shown = self
                .conn
                .get_window_attributes(w)
                .ok()
                .and_then(|c| c.reply().ok())
                .is_some_and(|a| a.map_state == MapState::VIEWABLE);
            shown
                && self
                    .words(w, self.atoms.net_wm_pid, AtomEnum::CARDINAL)
                    .first()
                    == Some(&pid)
        })
    }

    /// The managed, mapped window whose `_NET_WM_PID` is `pid`.
    pub fn window_of_pid(&self, pid: u32) -> Option<Window> {
        self.words(self.root, self.atoms.net_client_list, AtomEnum::WINDOW)
            .into_iter()
            .find(|&w| {
                self.words(w, self.atoms.net_wm_pid, AtomEnum::CARDINAL)
                    .first()
                    == Some(&pid)
            })
    }

    /// A managed window whose title is `title`.
    pub fn window_titled(&self, title: &str) -> Option<Window> {
        self.words(self.root, self.atoms.net_client_list, AtomEnum::WINDOW)
            .into_iter()
            .find(|&w| self.title(w) == title)
    }

    pub fn title(&self, window: Window) -> String {
        let bytes = self.property(window, self.atoms.net_wm_name, self.atoms.utf8_string);
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// `WM_CLASS`: (instance, class).
    pub fn wm_class(&self, window: Window) -> (String, String) {
        let bytes = self.property(window, AtomEnum::WM_CLASS.into(), AtomEnum::STRING);
        let mut parts = bytes
            .split(|&b| b == 0)
            .map(|p| String::from_utf8_lossy(p).into_owned());
        (
            parts.next().unwrap_or_default(),
            parts.next().unwrap_or_default(),
        )
    }

    /// The inside of `window`: its top-left corner on the screen and its size.
    pub fn geometry(&self, window: Window) -> (i32, i32, u32, u32) {
        let g = self
            .conn
            .get_geometry(window)
            .expect("ask for the geometry")
            .reply()
            .expect("the geometry");
        let t = self
            .conn
            .translate_coordinates(window, self.root, 0, 0)
            .expect("ask for the position")
            .reply()
            .expect("the position");
        (
            i32::from(t.dst_x),
            i32::from(t.dst_y),
            u32::from(g.width),
            u32::from(g.height),
        )
    }

    /// Send `_NET_WM_PING` and wait up to `limit` for the answer; how long it took.
    pub fn ping(&self, window: Window, limit: Duration) -> Option<Duration> {
        let n = self.pings.get().wrapping_add(1);
        self.pings.set(n);
        let ping = ClientMessageEvent::new(
            32,
            window,
            self.atoms.wm_protocols,
            [self.atoms.net_wm_ping, n, window, 0, 0],
        );
        let start = Instant::now();
        self.conn
            .send_event(false, window, EventMask::NO_EVENT, ping)
            .expect("send the ping");
        self.conn.flush().expect("flush the ping");
        while start.elapsed() < limit {
            match self.conn.poll_for_event() {
                Ok(Some(Event::ClientMessage(e)))
                    if e.type_ == self.atoms.wm_protocols && {
                        let d = e.data.as_data32();
                        d[0] == self.atoms.net_wm_ping && d[1] == n
                    } =>
                {
                    return Some(start.elapsed());
                }
                Ok(Some(_)) => {}
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(e) => panic!("the X connection broke: {e}"),
            }
        }
        None
    }

    /// Move the pointer to `(x, y)` on the screen.
    pub fn move_pointer(&self, x: i32, y: i32) {
        self.fake(x11rb::protocol::xproto::MOTION_NOTIFY_EVENT, 0, (x, y));
    }

    /// Press (`down`) or release a pointer button (1 left, 3 right, 4/5 the wheel).
    pub fn button(&self, button: u8, down: bool) {
        let kind = if down {
            x11rb::protocol::xproto::BUTTON_PRESS_EVENT
        } else {
            x11rb::protocol::xproto::BUTTON_RELEASE_EVENT
        };
        self.fake(kind, button, (0, 0));
    }

    /// One XTest event, and a round trip so the server has handled it.
    fn fake(&self, kind: u8, detail: u8, (x, y): (i32, i32)) {
        self.conn
            .xtest_fake_input(kind, detail, 0, self.root, x as i16, y as i16, 0)
            .expect("send the input");
        self.conn
            .get_input_focus()
            .expect("ask for a round trip")
            .reply()
            .expect("a round trip");
    }

    /// The pixels of `window` as drawn now.
    pub fn shot(&self, window: Window) -> Shot {
        let (_, _, width, height) = self.geometry(window);
        let reply = self
            .conn
            .get_image(
                ImageFormat::Z_PIXMAP,
                window,
                0,
                0,
                width as u16,
                height as u16,
                !0,
            )
            .expect("ask for the pixels")
            .reply()
            .expect("the pixels");
        Shot::from_bgrx(width as usize, height as usize, &reply.data)
    }
}
