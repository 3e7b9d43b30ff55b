//! Watching a shown folder (notify/inotify) and turning each change into a single-entry update.

use std::collections::HashSet;
use std::ffi::CString;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::entry::{Batch, Kind};
use crate::error::{IoError, Op};

use super::stat::stat_entry;

/// Changes to a watched folder, each for one entry.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// Entries created or changed, with their fresh details.
    pub upserts: Batch,
    /// Names that are gone.
    pub removed: Vec<Vec<u8>>,
    /// The watcher lost events; the folder must be listed again.
    pub rescan: bool,
    /// Entries renamed inside the folder, old name and new (also among `removed` and
    /// `upserts`): what was selected can follow its entry.
    pub renamed: Vec<(Vec<u8>, Vec<u8>)>,
    /// The folder itself was deleted or moved away.
    pub gone: bool,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.upserts.is_empty() && self.removed.is_empty() && !self.rescan && !self.gone
    }
}

/// How long changes are gathered before they are sent together.
const GATHER: Duration = Duration::from_millis(40);
/// At most this many names per message, so a flood still moves in steps.
const MAX_NAMES: usize = 4096;

/// An inotify watch on one folder, started before the folder is read so that no change
/// between the listing and the watch is lost.
pub struct DirWatcher {
    _watcher: notify::RecommendedWatcher,
    rx: std::sync::mpsc::Receiver<notify::Result<notify::Event>>,
}

impl DirWatcher {
    pub fn start(path: &Path) -> Result<DirWatcher, IoError> {
        let (tx, rx) = std::sync::mpsc::channel::<notify::Result<notify::Event>>();
        let mut watcher = notify::recommended_watcher(tx)
            .map_err(|e| IoError::new(Op::Watch, path, std::io::Error::other(e)))?;
        watcher
            .watch(path, RecursiveMode::NonRecursive)
            .map_err(|e| IoError::new(Op::Watch, path, std::io::Error::other(e)))?;
        Ok(DirWatcher {
            _watcher: watcher,
            rx,
        })
    }

    /// Send changes of `path` (open as `dir`) until `send` returns false or `closed()`
    /// says nobody listens any more. `changed_elsewhere` is asked every half second
    /// without events: when it says so, a rescan is sent (a change no event told of).
    pub fn run(
        self,
        dir: &OwnedFd,
        path: &Path,
        send: &mut dyn FnMut(Changes) -> bool,
        changed_elsewhere: &mut dyn FnMut() -> bool,
        closed: &dyn Fn() -> bool,
    ) {
        let rx = self.rx;
        loop {
            let first = match rx.recv_timeout(Duration::from_millis(500)) {
                Ok(ev) => ev,
                Err(RecvTimeoutError::Timeout) => {
                    if closed() {
                        return;
                    }
                    if changed_elsewhere() {
                        let rescan = Changes {
                            rescan: true,
                            ..Changes::default()
                        };
                        if !send(rescan) {
                            return;
                        }
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return,
            };
            let mut gathered = Gathered::default();
            gathered.take(path, first);
            let until = Instant::now() + GATHER;
            while gathered.names.len() < MAX_NAMES {
                let left = until.saturating_duration_since(Instant::now());
                match rx.recv_timeout(left) {
                    Ok(ev) => gathered.take(path, ev),
                    Err(_) => break,
                }
            }
            let mut changes = stat_names(dir, gathered.names, gathered.rescan);
            changes.renamed = gathered.renamed;
            changes.gone =
                (gathered.self_touched || !changes.removed.is_empty()) && !still_there(dir, path);
            let gone = changes.gone;
            if (!changes.is_empty() && !send(changes)) || gone {
                return;
            }
        }
    }
}

/// Names touched by a burst of events, each once, in the order first seen.
#[derive(Default)]
struct Gathered {
    names: Vec<Vec<u8>>,
    seen: HashSet<Vec<u8>>,
    rescan: bool,
    renamed: Vec<(Vec<u8>, Vec<u8>)>,
    /// An event was about the folder itself (deleted, moved).
    self_touched: bool,
}

impl Gathered {
    fn take(&mut self, dir: &Path, ev: notify::Result<notify::Event>) {
        let ev = match ev {
            Ok(ev) => ev,
            Err(_) => {
                self.rescan = true;
                return;
            }
        };
        // The folder itself opened counts too: a folder deleted while shown stays open
        // here, so the kernel tells of its deletion only once it is let go, and the
        // deleting program's look inside (`rm -r` reads it first) is the sign there is.
        if ev.paths.iter().any(|p| p == dir) {
            self.self_touched = true;
        }
        if is_only_a_look(&ev.kind) {
            return;
        }
        self.rescan |= ev.need_rescan();
        if let notify::EventKind::Modify(notify::event::ModifyKind::Name(
            notify::event::RenameMode::Both,
        )) = ev.kind
            && let [from, to] = ev.paths.as_slice()
            && from.parent() == Some(dir)
            && to.parent() == Some(dir)
            && let (Some(a), Some(b)) = (from.file_name(), to.file_name())
        {
            self.renamed
                .push((a.as_bytes().to_vec(), b.as_bytes().to_vec()));
        }
        for p in &ev.paths {
            if p.parent() == Some(dir)
                && let Some(n) = p.file_name()
                && self.seen.insert(n.as_bytes().to_vec())
            {
                self.names.push(n.as_bytes().to_vec());
            }
        }
    }
}

/// An entry opened, read or closed without writing changes nothing shown. Such events
/// must be dropped: looking into a subfolder to count it, sniffing a file's type or
/// making its thumbnail opens it, and a change for each look would start the look again,
/// for ever.
fn is_only_a_look(kind: &notify::EventKind) -> bool {
    use notify::event::{AccessKind, AccessMode};
    matches!(kind, notify::EventKind::Access(a) if *a != AccessKind::Close(AccessMode::Write))
}

/// Is the folder open as `dir` still the one at `path`? Deleted, its path leads nowhere;
/// moved away, it leads elsewhere (or to another folder made in its place).
fn still_there(dir: &OwnedFd, path: &Path) -> bool {
    let (Ok(open), Ok(named)) = (rustix::fs::fstat(dir), rustix::fs::stat(path)) else {
        return false;
    };
    open.st_nlink > 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
}

/// Look each name up again: present ones become upserts, missing ones removals.
fn stat_names(dir: &OwnedFd, names: Vec<Vec<u8>>, rescan: bool) -> Changes {
    let mut changes = Changes {
        rescan,
        ..Changes::default()
    };
    for name in names {
        let Ok(c) = CString::new(name.clone()) else {
            continue;
        };
        let r = changes.upserts.names.push(&name);
        let e = stat_entry(dir, &c, r, Kind::Unknown, 0, false);
        if e.state() == crate::entry::State::Vanished {
            changes.removed.push(name);
        } else {
            changes.upserts.entries.push(e);
        }
    }
    changes
}
