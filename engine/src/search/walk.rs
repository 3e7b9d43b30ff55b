//! A searching thread's part of the walk: each folder opened relative to its parent
//! (never through a symlink) and decided on name by name from what getdents gives (name,
//! type, inode) without a stat; files whose content is searched go to a thread with
//! nothing to do in chunks. Results are gathered per folder and sent in batches: at once
//! for the thread's first, then every few milliseconds.

use std::ffi::{CStr, OsStr};
use std::fs::File;
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustix::fs::FileType;

use crate::entry::{Batch, Entry, Kind};
use crate::error::Op;
use crate::sys;
use crate::walk::{self, Chunk, Entries, Subfolders, Visit};

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
    /// Results waiting to be sent, and how many.
    out: Vec<Found>,
    out_len: usize,
    sent_any: bool,
    last_sent: Instant,
    entries: u64,
    folders: u64,
}

impl Visit<Dir> for Searcher<'_, '_> {
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
        }))
    }

    /// Read a folder, deciding on each name.
    fn read(
        &mut self,
        dir: &Arc<Dir>,
        buf: &mut [MaybeUninit<u8>],
        found: &mut Subfolders<'_, '_, Dir>,
    ) {
        self.folders += 1;
        let mut entries = Entries::new(&dir.fd, buf);
        let mut hits = Batch::default();
        let mut chunk = Chunk::new(SHARE_CHUNK);
        while let Some(entry) = entries.next(&self.shared.problems, &dir.path) {
            if entry.dot {
                continue;
            }
            if entry.check {
                if self.shared.stack.cancelled() {
                    return;
                }
                self.keep(dir, &mut hits);
                self.send(false);
            }
            let item = entry.item;
            let name = item.file_name();
            let bytes = name.to_bytes();
            if !self.rules.hidden && bytes.first() == Some(&b'.') {
                continue;
            }
            let mut ft = item.file_type();
            if ft == FileType::Unknown {
                // Some filesystems leave the type out of getdents.
                match sys::statx_at(&dir.fd, name, false) {
                    Ok(st) => ft = FileType::from_raw_mode(u32::from(st.stx_mode)),
                    Err(_) => continue,
                }
            }
            if ft == FileType::Directory {
                found.folder(dir, name);
            }
            if !self.names.is_match(bytes) {
                continue;
            }
            if self.content.is_some() {
                if ft != FileType::RegularFile {
                    continue;
                }
                if found.someone_idle() {
                    if let Some(names) = chunk.add(name) {
                        found.hand_over(dir, names);
                    }
                    continue;
                }
                if !self.holds_match(dir, name) {
                    continue;
                }
            }
            self.hit(dir, &mut hits, name, Kind::from_file_type(ft), item.ino());
        }
        self.entries += entries.seen();
        // What was gathered but not handed over: done here.
        self.look_all_into(dir, &chunk.rest(), &mut hits);
        self.keep(dir, &mut hits);
    }

    /// Search the content of the files `names` of `dir`.
    fn look(&mut self, dir: &Arc<Dir>, names: &[u8], _: &mut Subfolders<'_, '_, Dir>) {
        let mut hits = Batch::default();
        self.look_all_into(dir, names, &mut hits);
        self.keep(dir, &mut hits);
    }

    fn after_task(&mut self) {
        self.send(false);
    }

    fn before_wait(&mut self) {
        self.send(true);
    }
}

impl Searcher<'_, '_> {
    fn look_all_into(&mut self, dir: &Arc<Dir>, names: &[u8], hits: &mut Batch) {
        for name in walk::names(names) {
            if self.shared.stack.cancelled() {
                return;
            }
            if self.holds_match(dir, name) {
                self.hit(dir, hits, name, Kind::File, 0);
            }
        }
    }

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

    /// Add a result to `hits`, with its details when they are asked for.
    fn hit(&mut self, dir: &Dir, hits: &mut Batch, name: &CStr, kind: Kind, ino: u64) {
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
    fn keep(&mut self, dir: &Dir, hits: &mut Batch) {
        if hits.is_empty() {
            return;
        }
        self.out_len += hits.len();
        self.out.push(Found {
            dir: dir.path.clone(),
            entries: std::mem::take(hits),
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
