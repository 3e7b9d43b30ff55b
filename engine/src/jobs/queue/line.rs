//! The lines of jobs per device: who writes to a device now, who waits and in which
//! order, and whose turn it is. Pure bookkeeping under the queue's lock.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::super::control::Control;
use super::device::DeviceKey;

/// One job in a line.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub id: u64,
    pub control: Arc<Control>,
    /// "Start now": it goes whatever the line says.
    pub forced: bool,
}

/// The jobs of one device.
#[derive(Debug, Default)]
pub struct Line {
    /// Jobs writing to the device now (usually one; more after "start now").
    pub running: Vec<u64>,
    /// Jobs waiting, the next first.
    pub waiting: Vec<Ticket>,
}

/// What a waiting job is to do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Its turn: it now counts as running.
    Go,
    /// Still waiting, at this place (1: next).
    Wait(usize),
    /// It is in no line (it was cancelled and taken out).
    Gone,
}

/// Every device's line, and whether jobs wait at all.
#[derive(Debug)]
pub struct Lines {
    pub enabled: bool,
    pub lines: HashMap<DeviceKey, Line>,
    /// Jobs started whose device is not known yet: a job started later joins its line
    /// only after them, so lines keep the order jobs were started in.
    pending: BTreeSet<u64>,
    next_id: u64,
}

impl Lines {
    pub fn new(enabled: bool) -> Lines {
        Lines {
            enabled,
            lines: HashMap::new(),
            pending: BTreeSet::new(),
            next_id: 0,
        }
    }

    /// A job was started: its id, in the order of starting.
    pub fn reserve(&mut self) -> u64 {
        self.next_id += 1;
        self.pending.insert(self.next_id);
        self.next_id
    }

    /// Is a job started before `id` still without its place?
    pub fn earlier_pending(&self, id: u64) -> bool {
        self.pending.range(..id).next().is_some()
    }

    /// The job `id` knows its device (or that it has none): later ones may join.
    pub fn settle(&mut self, id: u64) {
        self.pending.remove(&id);
    }

    /// The job `id` joins the line of `key`: it runs at once when nothing writes there
    /// (or queues are off), else waits at the end. Returns whether it may go.
    pub fn join(&mut self, key: &DeviceKey, id: u64, control: Arc<Control>) -> bool {
        self.settle(id);
        let enabled = self.enabled;
        let line = self.lines.entry(key.clone()).or_default();
        if !enabled || (line.running.is_empty() && line.waiting.is_empty()) {
            line.running.push(id);
            true
        } else {
            line.waiting.push(Ticket {
                id,
                control,
                forced: false,
            });
            false
        }
    }

    /// Where the waiting job `id` stands; when its turn has come, it moves to running.
    pub fn turn(&mut self, key: &DeviceKey, id: u64) -> Turn {
        let enabled = self.enabled;
        let Some(line) = self.lines.get_mut(key) else {
            return Turn::Gone;
        };
        let Some(at) = line.waiting.iter().position(|t| t.id == id) else {
            return Turn::Gone;
        };
        let first_free = at == 0 && line.running.is_empty();
        if !enabled || line.waiting[at].forced || first_free {
            line.waiting.remove(at);
            line.running.push(id);
            Turn::Go
        } else {
            Turn::Wait(at + 1)
        }
    }

    /// The job `id` is over (finished, failed, cancelled): out of its line.
    pub fn leave(&mut self, key: &DeviceKey, id: u64) {
        if let Some(line) = self.lines.get_mut(key) {
            line.running.retain(|r| *r != id);
            line.waiting.retain(|t| t.id != id);
            if line.running.is_empty() && line.waiting.is_empty() {
                self.lines.remove(key);
            }
        }
    }

    /// The waiting ticket steered through `control`, and its line.
    fn find(&mut self, control: &Arc<Control>) -> Option<(&mut Line, usize)> {
        self.lines.values_mut().find_map(|line| {
            let at = line
                .waiting
                .iter()
                .position(|t| Arc::ptr_eq(&t.control, control))?;
            Some((line, at))
        })
    }

    /// "Start now" for the waiting job steered through `control`; false when it waits
    /// nowhere.
    pub fn force(&mut self, control: &Arc<Control>) -> bool {
        match self.find(control) {
            Some((line, at)) => {
                line.waiting[at].forced = true;
                true
            }
            None => false,
        }
    }

    /// Move the waiting job steered through `control` one place towards the front
    /// (`up`) or the back of its line; false when it cannot move that way.
    pub fn shift(&mut self, control: &Arc<Control>, up: bool) -> bool {
        let Some((line, at)) = self.find(control) else {
            return false;
        };
        let to = if up {
            at.checked_sub(1)
        } else {
            Some(at + 1).filter(|to| *to < line.waiting.len())
        };
        match to {
            Some(to) => {
                line.waiting.swap(at, to);
                true
            }
            None => false,
        }
    }
}
