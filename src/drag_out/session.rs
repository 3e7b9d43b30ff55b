//! One drag over XDND (protocol version 5): entering and leaving the targets the pointer
//! passes over, telling each where it is and what the keys ask for (one position at a
//! time, each answered by a status), and at the release either the drop, followed by the
//! target reading the files and saying it is finished, or leaving.

use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{Atom, ClientMessageEvent, ConnectionExt, KeyButMask, Timestamp};

use super::display::Display;
use super::find::{Target, Under};
use super::payload::Payload;
use super::{DropAction, FINISH_WAIT, Outcome, STATUS_WAIT};
use crate::x11::X11Error;

/// How often a wait looks at the display again.
const LOOK_AGAIN: Duration = Duration::from_millis(5);

/// A position: root coordinates and the action asked for.
type Position = (i16, i16, Atom);

/// The target the pointer is over, and where the talk with it stands.
struct Current {
    target: Target,
    /// When the position waiting for its status was sent.
    awaiting: Option<Instant>,
    /// The newest position, sent once the status of the one before came.
    pending: Option<Position>,
    last_sent: Option<Position>,
    /// Its last status: it would take a drop here, with this action.
    accepted: bool,
    action: Atom,
    /// Its answer to the drop: taken, with this action.
    finished: Option<(bool, Atom)>,
}

pub struct Session<'d> {
    d: &'d Display,
    /// The window the drag started in.
    own: u32,
    payload: Payload,
    /// When the selection was taken; every message carries it.
    time: Timestamp,
    current: Option<Current>,
    /// The action the keys asked for at the last look while the button was held: the
    /// drop keeps it, as the keys may come up a moment after the button.
    held_action: Option<Atom>,
}

impl<'d> Session<'d> {
    /// Take `XdndSelection` for `payload`, for a drag that started in `own`.
    pub fn start(d: &'d Display, own: u32, payload: Payload) -> Result<Self, X11Error> {
        // Answers of an earlier drag's targets that came late mean nothing now.
        let time = d.server_time(|_| {})?;
        d.conn
            .set_selection_owner(d.source, d.atoms.selection, time)?;
        d.conn.flush()?;
        Ok(Session {
            d,
            own,
            payload,
            time,
            current: None,
            held_action: None,
        })
    }

    /// Look at the pointer once: follow it from target to target; at the release, drop
    /// or leave and say how it ended. `interrupted` tells whether the wait for a target
    /// that reads the files should stop (another request came).
    pub fn step(&mut self, interrupted: &dyn Fn() -> bool) -> Result<Option<Outcome>, X11Error> {
        self.read_events()?;
        let pointer = self.d.pointer()?;
        let held = pointer.mask.contains(KeyButMask::BUTTON1);
        let action = match self.held_action.filter(|_| !held) {
            Some(action) => action,
            None => self.action_atom(DropAction::from_keys(
                pointer.mask.contains(KeyButMask::SHIFT),
                pointer.mask.contains(KeyButMask::CONTROL),
            )),
        };
        if held {
            self.held_action = Some(action);
        }
        // Where the pointer is now decides, even when the button came up since the last
        // look: a release back over the window is the window's own drop.
        match self.d.under(&pointer, self.own)? {
            Under::Target(target) => {
                if self.current.as_ref().map(|c| c.target) != Some(target) {
                    self.leave()?;
                    self.enter(target)?;
                }
                self.position((pointer.x, pointer.y, action))?;
            }
            Under::Own | Under::Nothing => self.leave()?,
        }
        if !held {
            return self.release(interrupted).map(Some);
        }
        Ok(None)
    }

    /// The window's drag was cancelled: leave the target.
    pub fn cancel(mut self) -> Result<Outcome, X11Error> {
        self.leave()?;
        Ok(Outcome::Cancelled)
    }

    fn enter(&mut self, target: Target) -> Result<(), X11Error> {
        let a = &self.d.atoms;
        self.d.send(
            target.deliver_to,
            target.window,
            a.enter,
            [self.d.source, target.version << 24, a.uri_list, a.text, 0],
        )?;
        self.current = Some(Current {
            target,
            awaiting: None,
            pending: None,
            last_sent: None,
            accepted: false,
            action: x11rb::NONE,
            finished: None,
        });
        Ok(())
    }

    fn leave(&mut self) -> Result<(), X11Error> {
        if let Some(c) = self.current.take() {
            let t = c.target;
            self.d.send(
                t.deliver_to,
                t.window,
                self.d.atoms.leave,
                [self.d.source, 0, 0, 0, 0],
            )?;
        }
        Ok(())
    }

    /// Tell the target where the pointer is, unless it knows; one position at a time.
    fn position(&mut self, at: Position) -> Result<(), X11Error> {
        let Some(c) = self.current.as_mut() else {
            return Ok(());
        };
        if c.awaiting
            .is_some_and(|since| since.elapsed() > STATUS_WAIT)
        {
            // A target that never answers takes nothing; the talk goes on without it.
            c.awaiting = None;
            c.accepted = false;
        }
        if c.awaiting.is_some() {
            c.pending = (c.last_sent != Some(at)).then_some(at);
            return Ok(());
        }
        if c.last_sent == Some(at) {
            return Ok(());
        }
        let (x, y, action) = at;
        let xy = (u32::from(x as u16) << 16) | u32::from(y as u16);
        let t = c.target;
        c.last_sent = Some(at);
        c.pending = None;
        c.awaiting = Some(Instant::now());
        self.d.send(
            t.deliver_to,
            t.window,
            self.d.atoms.position,
            [self.d.source, 0, xy, self.time, action],
        )
    }

    /// Handle what the display sent: targets' statuses and answers, requests for the
    /// files.
    fn read_events(&mut self) -> Result<(), X11Error> {
        while let Some(event) = self.d.conn.poll_for_event()? {
            match event {
                Event::SelectionRequest(r) => self.d.answer(&r, &mut self.payload)?,
                Event::ClientMessage(m) => self.message(&m)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn message(&mut self, m: &ClientMessageEvent) -> Result<(), X11Error> {
        let a = self.d.atoms;
        let data = m.data.as_data32();
        let Some(c) = self.current.as_mut().filter(|c| c.target.window == data[0]) else {
            return Ok(());
        };
        if m.type_ == a.status {
            c.accepted = data[1] & 1 == 1;
            c.action = if c.accepted { data[4] } else { x11rb::NONE };
            c.awaiting = None;
            if let Some(at) = c.pending.take() {
                self.position(at)?;
            }
        } else if m.type_ == a.finished {
            // Before version 5 a finished drop says nothing more.
            let taken = c.target.version < 5 || data[1] & 1 == 1;
            let action = if c.target.version >= 5 && data[2] != x11rb::NONE {
                data[2]
            } else {
                c.action
            };
            c.finished = Some((taken, action));
        }
        Ok(())
    }

    /// The button came up: drop where the target takes the files, else leave.
    fn release(&mut self, interrupted: &dyn Fn() -> bool) -> Result<Outcome, X11Error> {
        if self.current.is_none() {
            return Ok(Outcome::NotDropped);
        }
        // The last position's status decides.
        self.wait(STATUS_WAIT, interrupted, |c| {
            c.awaiting.is_none() && c.pending.is_none()
        })?;
        let Some(c) = self
            .current
            .as_ref()
            .filter(|c| c.accepted && c.awaiting.is_none())
        else {
            self.leave()?;
            return Ok(Outcome::Refused);
        };
        let t = c.target;
        self.d.send(
            t.deliver_to,
            t.window,
            self.d.atoms.drop,
            [self.d.source, 0, self.time, 0, 0],
        )?;
        self.wait(FINISH_WAIT, interrupted, |c| c.finished.is_some())?;
        let finished = self.current.take().and_then(|c| c.finished);
        Ok(match finished {
            Some((true, action)) => Outcome::Taken(self.drop_action(action)),
            Some((false, _)) => Outcome::Refused,
            None => Outcome::Unconfirmed,
        })
    }

    /// Read events until `done` holds of the target, `limit` passed, or `interrupted`.
    fn wait(
        &mut self,
        limit: Duration,
        interrupted: &dyn Fn() -> bool,
        done: impl Fn(&Current) -> bool,
    ) -> Result<(), X11Error> {
        let until = Instant::now() + limit;
        loop {
            self.read_events()?;
            let over = self.current.as_ref().is_none_or(&done);
            if over || Instant::now() >= until || interrupted() {
                return Ok(());
            }
            std::thread::sleep(LOOK_AGAIN);
        }
    }

    fn action_atom(&self, action: DropAction) -> Atom {
        let a = &self.d.atoms;
        match action {
            DropAction::Move => a.move_,
            DropAction::Link => a.link,
            DropAction::Copy | DropAction::Other => a.copy,
        }
    }

    fn drop_action(&self, atom: Atom) -> DropAction {
        let a = &self.d.atoms;
        match atom {
            x if x == a.copy => DropAction::Copy,
            x if x == a.move_ => DropAction::Move,
            x if x == a.link => DropAction::Link,
            _ => DropAction::Other,
        }
    }
}
