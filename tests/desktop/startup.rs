//! The desktop's side of a launch (x11rb, a connection of its own): the server time a
//! launcher puts in a startup ID, the startup notification messages sent to the root
//! window (reassembled from their 20-byte pieces), the active window, and a window's
//! `_NET_STARTUP_ID`.

use std::time::Instant;

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{
    Atom, AtomEnum, ChangeWindowAttributesAux, ConnectionExt, CreateWindowAux, EventMask, PropMode,
    Window, WindowClass,
};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use super::PATIENCE;

pub struct StartupWatch {
    conn: RustConnection,
    root: Window,
    own: Window,
    begin: Atom,
    more: Atom,
    /// The message being put together, and those complete.
    partial: Vec<u8>,
    pub messages: Vec<String>,
    /// Every event read, by kind, for a failure's message.
    events: Vec<String>,
}

impl StartupWatch {
    /// Listen on `display`'s root window from now on.
    pub fn start(display: &str) -> StartupWatch {
        let (conn, screen) = x11rb::connect(Some(display)).expect("connect to the display");
        let root = conn.setup().roots[screen].root;
        let atom = |name: &str| {
            conn.intern_atom(false, name.as_bytes())
                .expect("intern")
                .reply()
                .expect("intern")
                .atom
        };
        let (begin, more) = (atom("_NET_STARTUP_INFO_BEGIN"), atom("_NET_STARTUP_INFO"));
        conn.change_window_attributes(
            root,
            &ChangeWindowAttributesAux::new().event_mask(EventMask::PROPERTY_CHANGE),
        )
        .expect("listen on the root window")
        .check()
        .expect("listen on the root window");
        let own = conn.generate_id().expect("an id");
        conn.create_window(
            x11rb::COPY_DEPTH_FROM_PARENT,
            own,
            root,
            -10,
            -10,
            1,
            1,
            0,
            WindowClass::INPUT_ONLY,
            x11rb::COPY_FROM_PARENT,
            &CreateWindowAux::new().event_mask(EventMask::PROPERTY_CHANGE),
        )
        .expect("a window")
        .check()
        .expect("a window");
        conn.flush().expect("flush");
        StartupWatch {
            conn,
            root,
            own,
            begin,
            more,
            partial: Vec::new(),
            messages: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The server's time now, as a launcher reads it off the click that launched.
    pub fn server_time(&mut self) -> u32 {
        let stamp = self.atom("PORPOISE_TEST_TIME");
        self.conn
            .change_property8(PropMode::APPEND, self.own, stamp, AtomEnum::STRING, &[])
            .expect("change a property");
        self.conn.flush().expect("flush");
        let started = Instant::now();
        while started.elapsed() < PATIENCE {
            match self.conn.wait_for_event().expect("an event") {
                Event::PropertyNotify(e) if e.window == self.own && e.atom == stamp => {
                    return e.time;
                }
                other => self.take(other),
            }
        }
        panic!("no time from the server");
    }

    /// Wait until a startup notification message equal to `wanted` was sent.
    pub fn wait_message(&mut self, wanted: &str) {
        let started = Instant::now();
        while !self.messages.iter().any(|m| m == wanted) {
            assert!(
                started.elapsed() < PATIENCE,
                "no startup message {wanted:?}; seen: {:?}; events: {:?}",
                self.messages,
                self.events
            );
            match self.conn.poll_for_event().expect("an event") {
                Some(e) => self.take(e),
                None => {
                    // A round trip reads in whatever the server sent before it.
                    self.conn
                        .get_input_focus()
                        .expect("ask the server")
                        .reply()
                        .expect("the server answers");
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
            }
        }
    }

    /// The window the window manager says is active.
    pub fn active_window(&self) -> Option<Window> {
        let active = self.atom("_NET_ACTIVE_WINDOW");
        let reply = self
            .conn
            .get_property(false, self.root, active, AtomEnum::WINDOW, 0, 1)
            .ok()?
            .reply()
            .ok()?;
        reply.value32()?.next().filter(|&w| w != 0)
    }

    /// `window`'s `_NET_STARTUP_ID`, empty when it has none.
    pub fn startup_id_of(&self, window: Window) -> String {
        let (property, utf8) = (self.atom("_NET_STARTUP_ID"), self.atom("UTF8_STRING"));
        self.conn
            .get_property(false, window, property, utf8, 0, 1024)
            .ok()
            .and_then(|c| c.reply().ok())
            .map(|r| String::from_utf8_lossy(&r.value).into_owned())
            .unwrap_or_default()
    }

    fn atom(&self, name: &str) -> Atom {
        self.conn
            .intern_atom(false, name.as_bytes())
            .expect("intern")
            .reply()
            .expect("intern")
            .atom
    }

    /// Keep the pieces of startup messages among `event`.
    fn take(&mut self, event: Event) {
        let Event::ClientMessage(m) = event else {
            self.events
                .push(format!("{event:?}").chars().take(60).collect());
            return;
        };
        self.events
            .push(format!("client message {} format {}", m.type_, m.format));
        if m.type_ == self.begin {
            self.partial.clear();
        } else if m.type_ != self.more {
            return;
        }
        for &b in m.data.as_data8().iter() {
            if b == 0 {
                let done = std::mem::take(&mut self.partial);
                self.messages
                    .push(String::from_utf8_lossy(&done).into_owned());
                break;
            }
            self.partial.push(b);
        }
    }
}
