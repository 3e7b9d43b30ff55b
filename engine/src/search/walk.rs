//! A searching thread's part of the walk: each folder opened relative to its parent
//! (never through a symlink) and decided on name by name from what getdents gives (name,
//! type, inode) without a stat; files whose content is searched go to a thread with
//! nothing to do in chunks. Results are gathered per folder and sent in batches: at once
//! for the thread's first, then every few milliseconds.

use std::ffi::{CStr, OsStr};
use std::fs::File;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustix::fs::{FileType, RawDirEntry};

use crate::entry::{Batch, Entry, Kind};
use crate::error::Op;
use crate::sys;
use crate::walk::{self, Problems, Subfolders, Then, Visit};

use super::Found;
use super::content::{ContentMatcher, FileSearcher};
use super::fences::Fences;
use super::name::{NameMatcher, ThreadMatcher};
use super::queue::{Dir, Shared};

/// Results wait at most this long to be sent (after a thread's first, sent at once)…
const SEND_EVERY: Duration = Duration::from_millis(8);
/// …or until there are this many.
const SEND_AT: usize = 2048;
/// Files handed at once to a thread with nothing to do, for their content.
const SHARE_CHUNK: usize = 16;

/// What every walking thread is given.
pub(super) struct Rules<'a> {
    pub(super) names: &'a NameMatcher,
    pub(super) content: Option<&'a ContentMatcher>,
    pub(super) fences: &'a Fences,
    pub(super) hidden: bool,
    pub(super) details: bool,
}

/// A walking thread: takes tasks until the search is over.
pub(super) fn walker(shared: &Shared<'_>, rules: &Rules<'_>) {
    let mut s = Searcher {
        shared,
        rules,
        names: rules.names.matcher(),
        content: rules.content.map(ContentMatcher::searcher),
        hits: Batch::default(),
        out: Vec::new(),
        out_len: 0,
        sent_any: false,
        last_sent: Instant::now(),
        entries: 0,
        folders: 0,
    };
    walk::walk(&shared.stack, &mut s, true);
    s.send(true);
    shared.counted(s.entries, s.folders);
}

struct Searcher<'s, 'a> {
    shared: &'s Shared<'a>,
    rules: &'s Rules<'a>,
    names: ThreadMatcher<'a>,
    content: Option<FileSearcher>,
    /// The results of the folder at hand.
    hits: Batch,
    /// Results waiting to be sent, and how many.
    out: Vec<Found>,
    out_len: usize,
    sent_any: bool,
    last_sent: Instant,
    entries: u64,
    folders: u64,
}

impl Visit<Dir> for Searcher<'_, '_> {
    const SHARE_CHUNK: usize = SHARE_CHUNK;

    fn problems(&self) -> &Problems {
        &self.shared.problems
    }

    fn open(&mut self, parent: &Arc<Dir>, name: &CStr) -> Option<Arc<Dir>> {
        let path = parent.path.join(OsStr::from_bytes(name.to_bytes()));
        let rel = path.as_os_str().as_bytes().get(self.shared.rel_start..);
        if rel.is_some_and(|r| self.rules.fences.keeps_out(r)) {
            return None;
        }
        let fd = self.shared.problems.open_dir(&parent.fd, name, &path)?;
        Some(Arc::new(Dir {
            fd,
            path: Arc::new(path),
            with: (),
        }))
    }

    fn entering(&mut self, _: &Arc<Dir>) {
        self.folders += 1;
    }

    /// Decide on a name: a folder is walked, a name that matches is a result, unless its
    /// content is to be searched (then it is looked at further).
    fn decide(
        &mut self,
        dir: &Arc<Dir>,
        item: &RawDirEntry<'_>,
        found: &mut Subfolders<'_, '_, Dir>,
    ) -> Then {
        let name = item.file_name();
        let bytes = name.to_bytes();
        if !self.rules.hidden && bytes.first() == Some(&b'.') {
            return Then::Done;
        }
        let mut ft = item.file_type();
        if ft == FileType::Unknown {
            // Some filesystems leave the type out of getdents.
            match sys::statx_at(&dir.fd, name, false) {
                Ok(st) => ft = FileType::from_raw_mode(u32::from(st.stx_mode)),
                Err(_) => return Then::Done,
            }
        }
        if ft == FileType::Directory {
            found.folder(dir, name);
        }
        if !self.names.is_match(bytes) {
            return Then::Done;
        }
        if self.content.is_some() {
            return if ft == FileType::RegularFile {
                Then::Look
            } else {
                Then::Done
            };
        }
        self.hit(dir, name, Kind::from_file_type(ft), item.ino());
        Then::Done
    }

    /// Search the content of the regular file `name` of `dir`.
    fn look_at(&mut self, dir: &Arc<Dir>, name: &CStr, _: &mut Subfolders<'_, '_, Dir>) {
        if self.holds_match(dir, name) {
            self.hit(dir, name, Kind::File, 0);
        }
    }

    /// [`Visit::look_at`] with the inode getdents gave.
    fn look_here(
        &mut self,
        dir: &Arc<Dir>,
        item: &RawDirEntry<'_>,
        _: &mut Subfolders<'_, '_, Dir>,
    ) {
        let name = item.file_name();
        if self.holds_match(dir, name) {
            self.hit(dir, name, Kind::File, item.ino());
        }
    }

    /// Send what was found so far, now and then within a large folder.
    fn at_check(&mut self, dir: &Arc<Dir>) {
        self.keep(dir);
        self.send(false);
    }

    fn read_all(&mut self, seen: u64) {
        self.entries += seen;
    }

    fn looked(&mut self, dir: &Arc<Dir>) {
        self.keep(dir);
    }

    fn after_task(&mut self) {
        self.send(false);
    }

    fn before_wait(&mut self) {
        self.send(true);
    }
}

impl Searcher<'_, '_> {
    /// Whether the regular file `name` of `dir` holds the content pattern; one that
    /// cannot be read is a problem.
    fn holds_match(&mut self, dir: &Dir, name: &CStr) -> bool {
        let Some(searcher) = self.content.as_mut() else {
            return true;
        };
        let problem = |op, e| {
            let path = dir.path.join(OsStr::from_bytes(name.to_bytes()));
            self.shared.problems.add(op, path, e);
            false
        };
        let file = match sys::open_file_at(&dir.fd, name) {
            Ok(fd) => File::from(fd),
            Err(e) => return problem(Op::Open, e),
        };
        match searcher.holds_match(&file) {
            Ok(m) => m,
            Err(e) => problem(Op::Read, e),
        }
    }

    /// Add a result to the folder's, with its details when they are asked for.
    fn hit(&mut self, dir: &Dir, name: &CStr, kind: Kind, ino: u64) {
        let hits = &mut self.hits;
        let at = hits.names.push(name.to_bytes());
        let entry = if self.rules.details {
            match sys::statx_at(&dir.fd, name, false) {
                Ok(st) => Entry::from_statx(at, &st),
                Err(_) => {
                    let mut e = Entry::pending(at, kind, ino);
                    e.mark_failed(true);
                    e
                }
            }
        } else {
            Entry::pending(at, kind, ino)
        };
        hits.entries.push(entry);
    }

    /// Move the results of a folder to those waiting to be sent.
    fn keep(&mut self, dir: &Dir) {
        if self.hits.is_empty() {
            return;
        }
        self.out_len += self.hits.len();
        self.out.push(Found {
            dir: dir.path.clone(),
            entries: std::mem::take(&mut self.hits),
        });
    }

    /// Send what waits when it is time (a thread's first result goes at once), or `now`.
    fn send(&mut self, now: bool) {
        if self.out.is_empty() {
            return;
        }
        let due = now
            || !self.sent_any
            || self.out_len >= SEND_AT
            || self.last_sent.elapsed() >= SEND_EVERY;
        if !due {
            return;
        }
        self.sent_any = true;
        self.out_len = 0;
        self.last_sent = Instant::now();
        self.shared.send(std::mem::take(&mut self.out));
    }
}
