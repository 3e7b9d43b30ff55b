//! The properties dialog (Alt+Enter, or Properties in an entry's or the folder's menu):
//! what the selected items are, read off the UI thread, and their permissions as
//! checkboxes and in octal, which the owner can change for a single item (for a folder,
//! on everything inside it too, as a job). Escape closes it; Enter applies a change, else
//! closes it.

pub(crate) mod view;

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::error::IoError;
use porpoise_engine::events::CancelOnDrop;
use porpoise_engine::jobs::modes::{ModeChange, ModeJob};
use porpoise_engine::mounts::MountTable;
use porpoise_engine::props::Properties as Item;
use porpoise_engine::usage::{Usage, UsageEvent};

use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};
use crate::servers::RemotePlaces;
use crate::undo::UndoStep;

pub use view::OCTAL_INPUT;
pub(crate) use view::contents_words;

/// What the properties dialog asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// A permissions change Ctrl+Z can take back was made.
    Done(UndoStep),
    /// Start this job (a change of a folder and everything inside); the dialog closes.
    Job(JobRequest),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// What was read of the items (each one, or why not), and whether where they are
    /// keeps permissions.
    Read {
        items: Vec<Result<Item, IoError>>,
        keeps_modes: bool,
    },
    /// A permission checkbox: this bit on or off.
    Bit(u32, bool),
    /// The octal field's text.
    Octal(String),
    /// "Apply to everything inside" (a folder's) on or off.
    Recursive(bool),
    /// Set the permissions shown on the item.
    Apply,
    /// How much the items take, counted so far (or at the end).
    Counted(Box<Usage>),
    /// The permissions of `path` were set from `from` to `to`, or not.
    Applied {
        path: PathBuf,
        from: u32,
        to: u32,
        result: Result<(), IoError>,
    },
    Close,
}

/// The open dialog.
pub struct Properties {
    pub paths: Vec<PathBuf>,
    /// The mount table the items' filesystems are told from.
    mounts: Option<Arc<MountTable>>,
    /// The remote places, whose folders the dialog names by their addresses.
    pub remote: RemotePlaces,
    /// The type of a single item, where the pane showing it had told it.
    pub mime: Option<crate::types::Mime>,
    /// The items' properties, once read (an item that could not be read: its error).
    pub items: Option<Vec<Result<Item, Arc<IoError>>>>,
    /// The permissions as the dialog shows them (a single item's, perhaps changed).
    pub mode: Option<u32>,
    /// Where the items are keeps permissions (a remote place's server may not: SMB).
    pub keeps_modes: bool,
    /// The octal field's text while it is typed in.
    pub octal: String,
    /// A folder's change goes to everything inside it too.
    pub recursive: bool,
    /// Why setting the permissions failed, if it did.
    pub error: Option<String>,
    pub busy: bool,
    /// What the items take (folders counted recursively), as counted so far.
    pub usage: Option<Usage>,
    /// The count under way (its switch): it stops when the dialog goes.
    count: Option<Arc<CancelOnDrop>>,
}

impl std::fmt::Debug for Properties {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Properties")
            .field("paths", &self.paths)
            .field("items", &self.items)
            .field("mode", &self.mode)
            .field("usage", &self.usage)
            .finish_non_exhaustive()
    }
}

impl Properties {
    /// The dialog on `paths` (their filesystems told from `mounts`; `mime`: the type of a
    /// single one, where it is told), and the work that reads them and counts what they
    /// take.
    pub fn open(
        paths: Vec<PathBuf>,
        mounts: Option<Arc<MountTable>>,
        remote: RemotePlaces,
        mime: Option<crate::types::Mime>,
    ) -> (Properties, Task<Message>) {
        let mut dialog = Properties {
            paths,
            mounts,
            remote,
            mime,
            items: None,
            mode: None,
            keeps_modes: true,
            octal: String::new(),
            recursive: false,
            error: None,
            busy: false,
            usage: None,
            count: None,
        };
        let task = crate::tasks::batch([dialog.read_again(), dialog.start_count()]);
        (dialog, task)
    }

    pub fn update(&mut self, m: Message) -> (Task<Message>, Option<Event>) {
        match m {
            Message::Read { items, keeps_modes } => {
                self.keeps_modes = keeps_modes;
                self.read(items);
            }
            Message::Counted(usage) => self.usage = Some(*usage),
            Message::Bit(bit, on) => self.set_bit(bit, on),
            Message::Octal(text) => self.set_octal(text),
            Message::Recursive(on) => self.recursive = on,
            Message::Apply => return self.apply(),
            Message::Applied {
                path,
                from,
                to,
                result,
            } => {
                self.busy = false;
                return match result {
                    // Read again (what the item is now); Ctrl+Z sets them back.
                    Ok(()) => (
                        self.read_again(),
                        Some(Event::Done(UndoStep::ModeChanged { path, from, to })),
                    ),
                    Err(e) => {
                        self.error = Some(crate::failures::why(&e));
                        (Task::none(), None)
                    }
                };
            }
            Message::Close => return (Task::none(), Some(Event::Close)),
        }
        (Task::none(), None)
    }

    /// What a key means here: Escape closes; Enter applies a change (from the octal field
    /// too), else closes.
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            Key::Named(Named::Enter) if self.changed() => Some(Message::Apply),
            Key::Named(Named::Enter) if !k.captured => Some(Message::Close),
            _ => None,
        }
    }

    /// Read the items (again), off the UI thread.
    fn read_again(&self) -> Task<Message> {
        let (paths, mounts) = (self.paths.clone(), self.mounts.clone());
        // Only a remote place's server is asked (GVfs's backend says what it keeps).
        let remote = self
            .paths
            .first()
            .filter(|p| self.remote.root_of(p).is_some())
            .cloned();
        crate::offload::work("the properties worker", move || Message::Read {
            items: paths
                .iter()
                .map(|p| porpoise_engine::props::read(p, mounts.as_deref()))
                .collect(),
            keeps_modes: remote.is_none_or(|p| porpoise_engine::remote::Settable::at(&p).mode),
        })
    }

    /// Count what the items take, folders recursively, on the engine's threads (never
    /// into other mounts); the task follows the count until it ends or the dialog goes.
    fn start_count(&mut self) -> Task<Message> {
        let events = porpoise_engine::usage::count(self.paths.clone(), Default::default());
        self.count = Some(Arc::new(events.canceller().on_drop()));
        // Each snapshot, until the count ends or the dialog that started it goes (which
        // cancels the count).
        let stream = iced::futures::StreamExt::map(crate::stream::stream(events), |e| match e {
            UsageEvent::Progress(u) | UsageEvent::Finished(u) => u,
        });
        Task::run(stream, |u| Message::Counted(Box::new(u)))
    }

    /// Set the shown permissions on the single item shown; for a folder with "Apply to
    /// everything inside", change it and its contents as a job of the panel (the dialog
    /// closes: the panel shows how it goes, and undo takes it back).
    fn apply(&mut self) -> (Task<Message>, Option<Event>) {
        if !self.changed() || self.busy {
            return (Task::none(), None);
        }
        let (Some(p), Some(to)) = (self.single(), self.mode) else {
            return (Task::none(), None);
        };
        let (path, from) = (p.path.clone(), p.mode);
        if self.recursive && p.kind == porpoise_engine::Kind::Dir {
            let change = ModeChange::between(from, to, true);
            let request = JobRequest {
                kind: JobKind::Permissions,
                sources: vec![path],
                dest: PathBuf::new(),
                modes: Some(ModeJob::Change(change)),
                compress: None,
            };
            return (Task::none(), Some(Event::Job(request)));
        }
        self.busy = true;
        self.error = None;
        let task = crate::offload::work("the permissions worker", move || {
            let result = porpoise_engine::props::set_mode(&path, to);
            Message::Applied {
                path,
                from,
                to,
                result,
            }
        });
        (task, None)
    }

    /// The single item shown, once read.
    pub fn single(&self) -> Option<&Item> {
        match self.items.as_deref() {
            Some([Ok(p)]) => Some(p),
            _ => None,
        }
    }

    /// Take what was read.
    fn read(&mut self, items: Vec<Result<Item, IoError>>) {
        self.items = Some(items.into_iter().map(|r| r.map_err(Arc::new)).collect());
        self.mode = self.single().map(|p| p.mode);
        self.octal = self.mode.map(octal).unwrap_or_default();
    }

    /// The shown permissions differ from the item's.
    pub fn changed(&self) -> bool {
        matches!((self.single(), self.mode), (Some(p), Some(m)) if p.mode != m)
    }

    /// A checkbox: `bit` on or off.
    fn set_bit(&mut self, bit: u32, on: bool) {
        if let Some(m) = &mut self.mode {
            *m = if on { *m | bit } else { *m & !bit };
            self.octal = octal(*m);
        }
    }

    /// The octal field changed: its text stays as typed; a valid mode takes effect.
    fn set_octal(&mut self, text: String) {
        if let Ok(m) = u32::from_str_radix(text.trim(), 8)
            && m <= 0o7777
            && self.mode.is_some()
        {
            self.mode = Some(m);
        }
        self.octal = text;
    }
}

/// A mode in octal as `chmod` takes it: `644`, `1777`.
pub fn octal(mode: u32) -> String {
    format!("{:03o}", mode & 0o7777)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkboxes_and_octal_follow_each_other() {
        let (mut v, _) = Properties::open(vec![], None, RemotePlaces::NONE, None);
        v.mode = Some(0o644);
        v.set_bit(0o100, true);
        assert_eq!((v.mode, v.octal.as_str()), (Some(0o744), "744"));
        v.set_octal("600".into());
        assert_eq!(v.mode, Some(0o600));
        v.set_octal("9".into());
        assert_eq!(
            (v.mode, v.octal.as_str()),
            (Some(0o600), "9"),
            "not octal: kept as typed"
        );
        assert_eq!(octal(0o1777), "1777");
    }
}
