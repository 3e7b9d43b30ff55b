//! Servers in the window: connecting to an address as the desktop does (an engine job on
//! GVfs's thread: "Connecting to nas…", a login or a question asked of the person,
//! cancellable), disconnecting, and the remote places GVfs has mounted, read again off the
//! UI thread while any can be there. What the window does with them (show the folder, ask
//! in a dialog, list the places) comes out as [`Event`]s.

pub mod shown;
mod words;

use std::path::PathBuf;
use std::time::Duration;

use iced::futures::StreamExt;
use iced::{Subscription, Task};
use porpoise_engine::remote::{
    Address, Gvfs, MountAnswers, MountEvent, Mounted, PasswordAnswer, PasswordAsk, Question,
    UnmountEvent,
};

pub use shown::{RemotePlace, RemotePlaces};
pub use words::address_error;

/// How often the remote places are read again while GVfs's FUSE folder is mounted (other
/// programs connect and disconnect too).
const LOOK_EVERY: Duration = Duration::from_secs(4);

/// Where a place goes once it is connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// The pane with the keyboard shows it.
    Show,
    /// A tab of its own shows it.
    Tab,
    /// A tab of its own after all the others; `show`: it is shown, else it waits behind
    /// the one shown.
    LastTab { show: bool },
}

/// How a connection goes, as the window takes it from the engine's job.
#[derive(Debug, Clone)]
pub enum Step {
    Password(PasswordAsk),
    Question(Question),
    Mounted(Mounted),
    /// It did not work, in words (`None`: the person cancelled it).
    Failed(Option<String>),
}

#[derive(Debug, Clone)]
pub enum Message {
    /// Connect to this address now (a connection under way is given up): the person's
    /// own asking.
    Connect(Address, Then),
    /// Connect to this address after the connections under way and waiting: one of
    /// several asked for at once (the command line, tabs coming back).
    ConnectInTurn(Address, Then),
    /// Job `id` went a step further.
    Step(u64, Step),
    /// Give up the connection under way.
    Cancel,
    /// The person's login for the connection under way.
    Login(PasswordAnswer),
    /// The person's choice for GVfs's question.
    Choose(usize),
    /// Disconnect the place whose root is this.
    Disconnect(PathBuf),
    /// A disconnection ended (the error in words, if it failed).
    Disconnected(Option<String>),
    /// Read the remote places again.
    Look,
    /// The remote places, read; `None` when they could not be (the mount table was
    /// unreadable, or the reader failed): those known are kept.
    Places(Option<Vec<RemotePlace>>),
}

/// What the window is asked to do.
#[derive(Debug, Clone)]
pub enum Event {
    /// Show this folder of a connected place.
    Open(PathBuf, Then),
    /// Ask the person for a login to `server`.
    AskLogin {
        server: String,
        ask: PasswordAsk,
    },
    /// Ask the person GVfs's question.
    AskQuestion {
        server: String,
        question: Question,
    },
    /// A login or question asked is no longer wanted (the job ended).
    Asked,
    /// Connected to `address`, which is at `path`: show it (and keep the server among
    /// the recent ones).
    Connected {
        path: PathBuf,
        then: Then,
        address: Address,
    },
    /// The remote places changed.
    Places,
    Note(String),
    Error(String),
}

/// A connection under way.
#[derive(Debug)]
struct Connecting {
    id: u64,
    address: Address,
    then: Then,
    answers: MountAnswers,
}

/// The servers' state.
#[derive(Debug, Default)]
pub struct Servers {
    /// GVfs's thread, started at the first connection.
    gvfs: Option<Gvfs>,
    connecting: Option<Connecting>,
    /// The connections asked for in turn, waiting for the one under way.
    waiting: std::collections::VecDeque<(Address, Then)>,
    places: RemotePlaces,
    /// A read of the remote places is under way (one at a time).
    reading: bool,
    next_id: u64,
}

impl Servers {
    /// The server a connection is under way to.
    pub fn connecting_to(&self) -> Option<&str> {
        self.connecting.as_ref().map(|c| c.address.host.as_str())
    }

    /// The remote places GVfs has mounted.
    pub fn places(&self) -> &RemotePlaces {
        &self.places
    }

    /// GVfs's thread, started at the first need; the error as the window says it.
    fn gvfs(&mut self) -> Result<Gvfs, Event> {
        if let Some(g) = &self.gvfs {
            return Ok(g.clone());
        }
        let g = Gvfs::start().map_err(|e| Event::Error(words::remote_error(&e)))?;
        Ok(self.gvfs.insert(g).clone())
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Connect(address, then) => self.connect(address, then),
            Message::ConnectInTurn(address, then) => match self.connecting {
                Some(_) => {
                    self.waiting.push_back((address, then));
                    (Task::none(), None)
                }
                None => self.connect(address, then),
            },
            Message::Step(id, step) if self.connecting.as_ref().is_some_and(|c| c.id == id) => {
                self.step(step)
            }
            Message::Step(..) => (Task::none(), None),
            Message::Cancel => {
                if let Some(c) = &self.connecting {
                    c.answers.cancel();
                }
                (Task::none(), None)
            }
            Message::Login(answer) => {
                if let Some(c) = &self.connecting {
                    c.answers.password(answer);
                }
                (Task::none(), None)
            }
            Message::Choose(choice) => {
                if let Some(c) = &self.connecting {
                    c.answers.question(choice);
                }
                (Task::none(), None)
            }
            Message::Disconnect(root) => self.disconnect(&root),
            Message::Disconnected(failed) => {
                let event = failed.map(Event::Error);
                (self.look(), event)
            }
            Message::Look => (self.look(), None),
            Message::Places(read) => {
                self.reading = false;
                let Some(places) = read else {
                    return (Task::none(), None);
                };
                let places = RemotePlaces::new(places);
                if places == self.places {
                    return (Task::none(), None);
                }
                self.places = places;
                (Task::none(), Some(Event::Places))
            }
        }
    }

    /// Connect to `address`: shown at once when a known place holds it, else mounted by
    /// GVfs (which says at once when it is mounted already).
    fn connect(&mut self, address: Address, then: Then) -> (Task<Message>, Option<Event>) {
        tracing::info!(address = %address, "connecting");
        if let Some(path) = self.places.path_of(&address) {
            return (Task::none(), Some(Event::Open(path, then)));
        }
        if let Some(old) = self.connecting.take() {
            old.answers.cancel();
        }
        let gvfs = match self.gvfs() {
            Ok(g) => g,
            Err(event) => return (Task::none(), Some(event)),
        };
        self.next_id += 1;
        let id = self.next_id;
        let (answers, events) = gvfs.mount(&address).into_parts();
        let note = crate::i18n::fl!("server-connecting", server = address.host.clone());
        self.connecting = Some(Connecting {
            id,
            address,
            then,
            answers,
        });
        let steps = crate::stream::stream(events).filter_map(|e| async move { step_of(e) });
        let task = Task::run(steps, move |s| Message::Step(id, s));
        (task, Some(Event::Note(note)))
    }

    fn step(&mut self, step: Step) -> (Task<Message>, Option<Event>) {
        tracing::info!(?step, "a connection's step");
        let Some(c) = &self.connecting else {
            return (Task::none(), None);
        };
        let server = c.address.host.clone();
        match step {
            Step::Password(ask) => (Task::none(), Some(Event::AskLogin { server, ask })),
            Step::Question(question) => {
                (Task::none(), Some(Event::AskQuestion { server, question }))
            }
            Step::Mounted(m) => {
                let Some(c) = self.connecting.take() else {
                    return (Task::none(), None);
                };
                let event = match m.path {
                    Some(path) => {
                        if let Some(place) = m.root.and_then(|r| root_place(r, &path, &c.address)) {
                            let mut known: Vec<RemotePlace> = self.places.iter().cloned().collect();
                            known.push(place);
                            self.places = RemotePlaces::new(known);
                        }
                        Event::Connected {
                            path,
                            then: c.then,
                            address: c.address,
                        }
                    }
                    None => Event::Error(crate::i18n::fl!(
                        "server-no-fuse",
                        address = c.address.uri()
                    )),
                };
                (Task::batch([self.look(), self.next_in_turn()]), Some(event))
            }
            Step::Failed(why) => {
                self.connecting = None;
                let event = why.map_or(Event::Asked, Event::Error);
                (self.next_in_turn(), Some(event))
            }
        }
    }

    /// The connection waiting its turn, if one does.
    fn next_in_turn(&mut self) -> Task<Message> {
        match self.waiting.pop_front() {
            Some((address, then)) => Task::done(Message::ConnectInTurn(address, then)),
            None => Task::none(),
        }
    }

    /// Read the remote places again, off the UI thread (unless a read is under way).
    fn look(&mut self) -> Task<Message> {
        if self.reading {
            return Task::none();
        }
        self.reading = true;
        let read = || Message::Places(read_places());
        crate::offload::work_or("the remote places reader", read, Message::Places(None))
    }

    /// Disconnect the place at `root`: GVfs unmounts it off the UI thread.
    fn disconnect(&mut self, root: &std::path::Path) -> (Task<Message>, Option<Event>) {
        let Some(place) = self.places.at_root(root).cloned() else {
            return (Task::none(), None);
        };
        let gvfs = match self.gvfs() {
            Ok(g) => g,
            Err(event) => return (Task::none(), Some(event)),
        };
        let events = gvfs.unmount(&place.address);
        let note = crate::i18n::fl!("server-disconnecting", place = place.label());
        let ended = crate::stream::stream(events).map(|e| {
            Message::Disconnected(match e {
                UnmountEvent::Unmounted { .. } => None,
                UnmountEvent::Failed(e) => Some(words::remote_error(&e)),
            })
        });
        (Task::run(ended, |m| m), Some(Event::Note(note)))
    }

    /// What the servers follow: the remote places, read again every few seconds while
    /// GVfs's FUSE folder is mounted (`gvfs_mounted`).
    pub fn subscription(&self, gvfs_mounted: bool) -> Subscription<Message> {
        match gvfs_mounted {
            true => iced::time::every(LOOK_EVERY).map(|_| Message::Look),
            false => Subscription::none(),
        }
    }
}

/// The remote places of the mount table as it is now; `None` when it cannot be read.
fn read_places() -> Option<Vec<RemotePlace>> {
    let table = match porpoise_engine::mounts::MountTable::read() {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(
                "the remote places are kept: {}",
                porpoise_engine::error::chain(&e)
            );
            return None;
        }
    };
    let found = porpoise_engine::remote::resolve::session_places(&table);
    Some(
        found
            .into_iter()
            .map(|(root, address)| RemotePlace { root, address })
            .collect(),
    )
}

/// The place a mount's `root` is, from where the address's own folder (`path`) is in it:
/// the address with as many parts taken off its path as `path` has under `root`.
fn root_place(root: PathBuf, path: &std::path::Path, address: &Address) -> Option<RemotePlace> {
    let below = path.strip_prefix(&root).ok()?.components().count();
    let mut parts: Vec<&[u8]> = address
        .path
        .split(|&b| b == b'/')
        .filter(|p| !p.is_empty())
        .collect();
    parts.truncate(parts.len().checked_sub(below)?);
    let mut bytes = Vec::new();
    for part in &parts {
        bytes.push(b'/');
        bytes.extend_from_slice(part);
    }
    if bytes.is_empty() {
        bytes.push(b'/');
    }
    Some(RemotePlace {
        root,
        address: address.with_path(&bytes)?,
    })
}

/// The window's step of an engine event (`Connecting` says nothing new).
fn step_of(e: MountEvent) -> Option<Step> {
    Some(match e {
        MountEvent::Connecting { .. } => return None,
        MountEvent::PasswordAsked(ask) => Step::Password(ask),
        MountEvent::QuestionAsked(q) => Step::Question(q),
        MountEvent::Mounted(m) => Step::Mounted(m),
        MountEvent::Failed(e) => Step::Failed(words::failed(&e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mount_table_not_read_keeps_the_known_places() {
        let mut servers = Servers::default();
        let place = RemotePlace {
            root: PathBuf::from("/run/user/1000/gvfs/smb-share:server=nas,share=a"),
            address: Address::parse(b"smb://nas/a").expect("an address"),
        };
        let (_, event) = servers.update(Message::Places(Some(vec![place])));
        assert!(matches!(event, Some(Event::Places)));
        // A read that failed (or whose reader panicked) changes nothing...
        servers.reading = true;
        let (_, event) = servers.update(Message::Places(None));
        assert!(event.is_none());
        assert_eq!(servers.places().iter().count(), 1, "the place is kept");
        // ...and the next look reads again.
        assert!(!servers.reading);
        // A read that found nothing is believed.
        let (_, event) = servers.update(Message::Places(Some(Vec::new())));
        assert!(matches!(event, Some(Event::Places)));
        assert_eq!(servers.places().iter().count(), 0);
    }
}
