//! A walking thread of a search: it takes folders off the shared stack, opens each
//! relative to its parent (never through a symlink), reads it with getdents64 and decides
//! on each name from what getdents gives (name, type, inode) without a stat; it goes on
//! with a subfolder it found itself, and hands the rest to threads with nothing to do.
//! Results are gathered per folder and sent in batches: at once for the thread's first,
//! then every few milliseconds.

use std::ffi::{CStr, OsStr};
use std::fs::File;
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rustix::fs::{FileType, RawDir};

use crate::entry::{Batch, Entry, Kind};
use crate::error::Op;
use crate::sys;

use super::Found;
use super::content::{ContentMatcher, FileSearcher};
use super::fences::Fences;
use super::name::{NameMatcher, ThreadMatcher};
use super::queue::{Dir, Next, Shared, Task};

/// getdents64 buffer of each thread: large, so a folder takes few calls.
const DIRENT_BUFFER: usize = 128 * 1024;
/// Entries between two looks at the cancel flag (and at results waiting to go out).
const CHECK_EVERY: u32 = 256;
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
    let mut buf = vec![MaybeUninit::<u8>::uninit(); DIRENT_BUFFER];
    let mut w = Walker {
        shared,
        rules,
        names: rules.names.matcher(),
        content: rules.content.map(ContentMatcher::searcher),
        found: Vec::new(),
        out: Vec::new(),
        out_len: 0,
        sent_any: false,
        last_sent: Instant::now(),
        entries: 0,
        folders: 0,
    };
    // A subfolder this thread found and goes on with itself.
    let mut mine: Option<Task> = None;
    let mut holding = false;
    loop {
        if shared.cancelled() {
            mine = None;
        }
        let task = match mine.take() {
            Some(t) => t,
            None => match shared.next_task(holding, false) {
                Next::Task(t) => t,
                Next::Done => break,
                Next::Wait => {
                    // What it holds goes out before it waits.
                    w.send(true);
                    match shared.next_task(false, true) {
                        Next::Task(t) => t,
                        Next::Wait | Next::Done => break,
                    }
                }
            },
        };
        holding = true;
        match task {
            Task::Read(dir) => w.read(&dir, &mut buf),
            Task::Open { parent, name } => {
                if let Some(dir) = w.open(&parent, &name) {
                    w.read(&dir, &mut buf);
                }
            }
            Task::Look { dir, names } => w.look_all(&dir, &names),
        }
        w.send(false);
        mine = w.found.pop();
        shared.push(&mut w.found);
    }
    w.send(true);
    shared.counted(w.entries, w.folders);
}

struct Walker<'s, 'a> {
    shared: &'s Shared<'a>,
    rules: &'s Rules<'a>,
    names: ThreadMatcher<'a>,
    content: Option<FileSearcher>,
    /// Subfolders found, to go on the shared stack.
    found: Vec<Task>,
    /// Results waiting to be sent, and how many.
    out: Vec<Found>,
    out_len: usize,
    sent_any: bool,
    last_sent: Instant,
    entries: u64,
    folders: u64,
}

impl Walker<'_, '_> {
    fn open(&mut self, parent: &Dir, name: &CStr) -> Option<Arc<Dir>> {
        let path = parent.path.join(OsStr::from_bytes(name.to_bytes()));
        let rel = path.as_os_str().as_bytes().get(self.shared.rel_start..);
        if rel.is_some_and(|r| self.rules.fences.keeps_out(r)) {
            return None;
        }
        match sys::open_dir_at(&parent.fd, name) {
            Ok(fd) => Some(Arc::new(Dir {
                fd,
                path: Arc::new(path),
            })),
            Err(e) => {
                self.shared.problem(Op::OpenDir, path, e);
                None
            }
        }
    }

    /// Read a folder, deciding on each name.
    fn read(&mut self, dir: &Arc<Dir>, buf: &mut [MaybeUninit<u8>]) {
        self.folders += 1;
        let mut raw = RawDir::new(&dir.fd, buf);
        let mut hits = Batch::default();
        let mut chunk: Vec<u8> = Vec::new();
        let mut in_chunk = 0;
        let mut n = 0u32;
        while let Some(item) = raw.next() {
            let item = match item {
                Ok(i) => i,
                Err(e) => {
                    self.shared.problem(Op::ReadDir, dir.path.to_path_buf(), e);
                    break;
                }
            };
            let name = item.file_name();
            let bytes = name.to_bytes();
            if matches!(bytes, b"." | b"..") {
                continue;
            }
            n += 1;
            if n.is_multiple_of(CHECK_EVERY) {
                if self.shared.cancelled() {
                    return;
                }
                self.keep(dir, &mut hits);
                self.send(false);
            }
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
                self.found.push(Task::Open {
                    parent: dir.clone(),
                    name: name.to_owned(),
                });
                if self.found.len() > 1 && self.shared.idle.load(Ordering::Relaxed) > 0 {
                    // Another thread has nothing to do: it gets all but one at once.
                    let keep = self.found.swap_remove(0);
                    self.shared.push(&mut self.found);
                    self.found.push(keep);
                }
            }
            if !self.names.is_match(bytes) {
                continue;
            }
            if self.content.is_some() {
                if ft != FileType::RegularFile {
                    continue;
                }
                if self.shared.idle.load(Ordering::Relaxed) > 0 {
                    chunk.extend_from_slice(name.to_bytes_with_nul());
                    in_chunk += 1;
                    if in_chunk >= SHARE_CHUNK {
                        in_chunk = 0;
                        let names = std::mem::take(&mut chunk);
                        self.shared.push(&mut vec![Task::Look {
                            dir: dir.clone(),
                            names,
                        }]);
                    }
                    continue;
                }
                if !self.holds_match(dir, name) {
                    continue;
                }
            }
            self.hit(dir, &mut hits, name, Kind::from_file_type(ft), item.ino());
        }
        self.entries += u64::from(n);
        // What was gathered but not handed over: done here.
        self.look_all_into(dir, &chunk, &mut hits);
        self.keep(dir, &mut hits);
    }

    /// Search the content of the files `names` of `dir`.
    fn look_all(&mut self, dir: &Arc<Dir>, names: &[u8]) {
        let mut hits = Batch::default();
        self.look_all_into(dir, names, &mut hits);
        self.keep(dir, &mut hits);
    }

    fn look_all_into(&mut self, dir: &Arc<Dir>, names: &[u8], hits: &mut Batch) {
        for name in names.split_inclusive(|b| *b == 0) {
            if self.shared.cancelled() {
                return;
            }
            if let Ok(name) = CStr::from_bytes_with_nul(name)
                && self.holds_match(dir, name)
            {
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
            self.shared.problem(op, path, e);
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
