//! Reading one directory: getdents64 into a reused buffer, statx relative to the folder fd,
//! delivered in growing batches; names first on slow mounts.

use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::time::{Duration, Instant};

use rustix::fs::{RawDir, RawDirEntry};

use crate::entry::{Batch, Entry, Kind, Names};
use crate::error::{IoError, Op};
use crate::mounts::MountClass;
use crate::sys;

use super::gvfs::Wanted;
use super::sort::{Sort, SortKey, compare};
use super::stat::stat_entry;
use super::watch::Changes;

/// How a folder is listed.
#[derive(Debug, Clone)]
pub struct ListOptions {
    /// Names first, details after. `None`: decided by the mount's class.
    pub names_first: Option<bool>,
    /// Entries in the first batch; later batches double up to `max_batch`.
    pub first_batch: usize,
    pub max_batch: usize,
    /// A batch is sent at the latest this long after the previous one.
    pub batch_interval: Duration,
    /// The folder's mtime as last seen: if it still matches, nothing is listed.
    pub known_mtime: Option<(i64, u32)>,
    /// Keep watching the folder after the listing and send single-entry changes.
    pub watch: bool,
    /// Sort each batch in this order on the worker, so the consumer only merges.
    pub sort: Option<Sort>,
}

impl Default for ListOptions {
    fn default() -> Self {
        ListOptions {
            names_first: None,
            first_batch: 1000,
            max_batch: 16384,
            batch_interval: Duration::from_millis(50),
            known_mtime: None,
            watch: true,
            sort: None,
        }
    }
}

/// What a listing reports, in order: `Opened`, then `Unchanged` or batches and `Complete`
/// (or `Failed`), then `Changed` while watched.
#[derive(Debug, Clone)]
pub enum DirEvent {
    Opened {
        mtime: (i64, u32),
        class: MountClass,
        names_first: bool,
        /// Every `Batch` of this listing comes sorted in this order.
        sorted: Option<Sort>,
    },
    /// The folder is listed again from scratch (the watcher lost track): drop what is held.
    Restart,
    /// The folder's mtime matched `known_mtime`: the caller's copy is current.
    Unchanged,
    /// New entries (complete, or pending when names come first).
    Batch(Batch),
    /// Details of entries sent pending before, matched by name.
    Details(Batch),
    Complete,
    Failed(IoError),
    /// Single-entry changes seen by the watcher.
    Changed(Changes),
}

/// A whole listing at once, for the CLI and benchmarks.
#[derive(Debug, Default)]
pub struct Listing {
    pub entries: Vec<Entry>,
    pub names: Names,
}

impl Listing {
    pub fn name(&self, e: &Entry) -> &[u8] {
        self.names.name_of(e)
    }
}

/// List a folder completely (details included): names first, then details on two threads.
pub fn list_all(path: &Path) -> Result<Listing, IoError> {
    list_as(path, Wanted::Details)
}

/// List a folder for a listing that shows names alone (sorted with folders first): on a
/// server through GIO only names and kinds are asked for, and the entries stay pending;
/// anywhere else as [`list_all`], whose details cost little there.
pub fn list_kinds(path: &Path) -> Result<Listing, IoError> {
    list_as(path, Wanted::Kinds)
}

/// A whole listing, through GIO as far as `wanted` on a server.
fn list_as(path: &Path, wanted: Wanted) -> Result<Listing, IoError> {
    let dir = sys::open_dir(path).map_err(|e| IoError::new(Op::OpenDir, path, e))?;
    let class = crate::mounts::mount_of(path).map_or(MountClass::Local, |m| m.class);
    if let Some(folder) = super::gvfs::daemon_file(path, class) {
        let batch = super::gvfs::read_all(&folder, path, wanted)?;
        return Ok(Listing {
            entries: batch.entries,
            names: batch.names,
        });
    }
    let mut batch = Batch::default();
    let mut buf = vec![MaybeUninit::<u8>::uninit(); 64 * 1024];
    let mut raw = RawDir::new(&dir, &mut buf);
    while let Some(item) = raw.next() {
        let item = item.map_err(|e| IoError::new(Op::ReadDir, path, e))?;
        push_pending(&mut batch, &item);
    }
    stat_batch(&dir, &mut batch, false);
    Ok(Listing {
        entries: batch.entries,
        names: batch.names,
    })
}

/// The entry at `path` alone, as `ls FILE` shows a file: named as `path` is written, its
/// details read relative to its folder.
pub fn list_one(path: &Path) -> Result<Listing, IoError> {
    use std::os::unix::ffi::OsStrExt;
    let invalid = || {
        IoError::new(
            Op::Stat,
            path,
            std::io::Error::from(std::io::ErrorKind::InvalidInput),
        )
    };
    let name = path.file_name().ok_or_else(invalid)?;
    let folder = crate::place::folder_of(path);
    let dir = sys::open_dir(folder).map_err(|e| IoError::new(Op::OpenDir, folder, e))?;
    let name = std::ffi::CString::new(name.as_bytes()).map_err(|_| invalid())?;
    sys::statx_at(&dir, &name, false).map_err(|e| IoError::new(Op::Stat, path, e))?;
    let mut names = Names::default();
    let r = names.push(path.as_os_str().as_bytes());
    let entry = stat_entry(&dir, &name, r, Kind::Unknown, 0, false);
    Ok(Listing {
        entries: vec![entry],
        names,
    })
}

/// Below this many entries a second thread costs more than it saves.
const PARALLEL_FROM: usize = 512;

/// Fill in the details of every pending entry of `batch`, splitting the work over two
/// threads when the batch is large (statx is the cost of a listing).
pub(crate) fn stat_batch(dir: &OwnedFd, batch: &mut Batch, dont_sync: bool) {
    stat_and_sort(dir, batch, dont_sync, None);
}

/// [`stat_batch`], then put the batch in `order`; each thread sorts the half it looked at
/// and the halves are merged.
fn stat_and_sort(dir: &OwnedFd, batch: &mut Batch, dont_sync: bool, order: Option<Sort>) {
    let Batch { entries, names } = batch;
    let names: &Names = names;
    let sort = |part: &mut [Entry]| {
        if let Some(sort) = order {
            part.sort_unstable_by(|a, b| compare(a, names.name_of(a), b, names.name_of(b), sort));
        }
    };
    if entries.len() < PARALLEL_FROM {
        stat_all(dir, entries, names, dont_sync);
        sort(entries);
        return;
    }
    let mid = entries.len() / 2;
    let (first, second) = entries.split_at_mut(mid);
    let from_helper = std::thread::scope(|s| {
        let half: &[Entry] = second;
        let helper = std::thread::Builder::new()
            .name("porpoise-statx".into())
            .spawn_scoped(s, move || {
                let mut done = half.to_vec();
                stat_all(dir, &mut done, names, dont_sync);
                sort(&mut done);
                done
            });
        stat_all(dir, first, names, dont_sync);
        sort(first);
        helper.ok().and_then(|h| h.join().ok())
    });
    match from_helper {
        Some(done) => second.copy_from_slice(&done),
        // No second thread to be had: do its half here.
        None => {
            stat_all(dir, second, names, dont_sync);
            sort(second);
        }
    }
    if let Some(sort) = order {
        let (a, b) = entries.split_at(mid);
        let mut merged = Vec::with_capacity(entries.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let (x, y) = (&a[i], &b[j]);
            if compare(x, names.name_of(x), y, names.name_of(y), sort).is_le() {
                merged.push(*x);
                i += 1;
            } else {
                merged.push(*y);
                j += 1;
            }
        }
        merged.extend_from_slice(&a[i..]);
        merged.extend_from_slice(&b[j..]);
        *entries = merged;
    }
}

fn stat_all(dir: &OwnedFd, entries: &mut [Entry], names: &Names, dont_sync: bool) {
    let mut cname = Vec::with_capacity(256);
    for e in entries {
        cname.clear();
        cname.extend_from_slice(names.name_of(e));
        cname.push(0);
        let Ok(c) = CStr::from_bytes_with_nul(&cname) else {
            e.mark_failed(false);
            continue;
        };
        *e = stat_entry(dir, c, e.name_ref(), e.kind(), e.ino, dont_sync);
    }
}

fn is_dot(name: &CStr) -> bool {
    matches!(name.to_bytes(), b"." | b"..")
}

/// Add the entry `item` to `batch` as getdents gives it, its details still to come; its
/// kind, or `None` for `.` and `..`, which are passed over.
fn push_pending(batch: &mut Batch, item: &RawDirEntry<'_>) -> Option<Kind> {
    let name = item.file_name();
    if is_dot(name) {
        return None;
    }
    let r = batch.names.push(name.to_bytes());
    let kind = Kind::from_file_type(item.file_type());
    batch.entries.push(Entry::pending(r, kind, item.ino()));
    Some(kind)
}

/// Sends batches that start small (the view fills at once) and double (merging stays linear).
pub(super) struct Batcher<'a> {
    opts: &'a ListOptions,
    next_size: usize,
    last_sent: Instant,
    pub(super) batch: Batch,
}

impl<'a> Batcher<'a> {
    pub(super) fn new(opts: &'a ListOptions) -> Self {
        Batcher {
            opts,
            next_size: opts.first_batch.max(1),
            last_sent: Instant::now(),
            batch: Batch::with_capacity(opts.first_batch.max(1)),
        }
    }

    pub(super) fn due(&self) -> bool {
        let n = self.batch.len();
        // The clock is read every 64 entries, not per entry.
        n >= self.next_size
            || (n.is_multiple_of(64)
                && n > 0
                && self.last_sent.elapsed() >= self.opts.batch_interval)
    }

    pub(super) fn take(&mut self) -> Batch {
        self.next_size = (self.next_size * 2).min(self.opts.max_batch.max(1));
        self.last_sent = Instant::now();
        std::mem::replace(&mut self.batch, Batch::with_capacity(self.next_size))
    }
}

/// List `path`, calling `send` with each event; stops early when `send` returns false.
/// Returns the open folder (for watching) when the listing got through.
pub fn read_dir(
    path: &Path,
    class: MountClass,
    opts: &ListOptions,
    send: &mut dyn FnMut(DirEvent) -> bool,
) -> Option<OwnedFd> {
    let dir = match sys::open_dir(path) {
        Ok(d) => d,
        Err(e) => {
            send(DirEvent::Failed(IoError::new(Op::OpenDir, path, e)));
            return None;
        }
    };
    let through_gio = super::gvfs::daemon_file(path, class);
    let names_first = through_gio.is_none() && opts.names_first.unwrap_or(class.is_slow());
    let mtime = match rustix::fs::fstat(&dir) {
        Ok(st) => (st.st_mtime, st.st_mtime_nsec as u32),
        Err(e) => {
            send(DirEvent::Failed(IoError::new(Op::Stat, path, e)));
            return None;
        }
    };
    // Details arrive after names on slow mounts: only name order can be decided early.
    let sorted = opts.sort.filter(|s| !names_first || s.key == SortKey::Name);
    if !send(DirEvent::Opened {
        mtime,
        class,
        names_first,
        sorted,
    }) {
        return None;
    }
    if opts.known_mtime == Some(mtime) {
        return send(DirEvent::Unchanged).then_some(dir);
    }
    let ok = if let Some(folder) = &through_gio {
        super::gvfs::read(folder, path, opts, sorted, send)
    } else if names_first {
        read_names_then_details(&dir, path, opts, sorted, send)
    } else {
        read_complete(&dir, path, opts, sorted, send)
    };
    (ok && send(DirEvent::Complete)).then_some(dir)
}

fn read_complete(
    dir: &OwnedFd,
    path: &Path,
    opts: &ListOptions,
    sorted: Option<Sort>,
    send: &mut dyn FnMut(DirEvent) -> bool,
) -> bool {
    let mut buf = vec![MaybeUninit::<u8>::uninit(); 64 * 1024];
    let mut raw = RawDir::new(dir, &mut buf);
    let mut out = Batcher::new(opts);
    while let Some(item) = raw.next() {
        let item = match item {
            Ok(i) => i,
            Err(e) => {
                stat_batch(dir, &mut out.batch, false);
                return fail_after(out, path, e, send);
            }
        };
        if push_pending(&mut out.batch, &item).is_some() && out.due() {
            stat_and_sort(dir, &mut out.batch, false, sorted);
            if !send(DirEvent::Batch(out.take())) {
                return false;
            }
        }
    }
    stat_and_sort(dir, &mut out.batch, false, sorted);
    out.batch.is_empty() || send(DirEvent::Batch(out.take()))
}

/// Put a batch in the listing's order (on the worker, off the consumer's thread).
pub(super) fn sort_batch(mut batch: Batch, order: Option<Sort>) -> Batch {
    if let Some(sort) = order {
        let names = &batch.names;
        batch
            .entries
            .sort_unstable_by(|a, b| compare(a, names.name_of(a), b, names.name_of(b), sort));
    }
    batch
}

fn fail_after(
    mut out: Batcher<'_>,
    path: &Path,
    e: rustix::io::Errno,
    send: &mut dyn FnMut(DirEvent) -> bool,
) -> bool {
    if !out.batch.is_empty() {
        send(DirEvent::Batch(out.take()));
    }
    send(DirEvent::Failed(IoError::new(Op::ReadDir, path, e)));
    false
}

fn read_names_then_details(
    dir: &OwnedFd,
    path: &Path,
    opts: &ListOptions,
    sorted: Option<Sort>,
    send: &mut dyn FnMut(DirEvent) -> bool,
) -> bool {
    // Names first: getdents only, the type comes with the name.
    let mut all = Names::default();
    let mut kinds: Vec<(crate::entry::NameRef, Kind, u64)> = Vec::new();
    {
        let mut buf = vec![MaybeUninit::<u8>::uninit(); 64 * 1024];
        let mut raw = RawDir::new(dir, &mut buf);
        let mut out = Batcher::new(opts);
        while let Some(item) = raw.next() {
            let item = match item {
                Ok(i) => i,
                Err(e) => return fail_after(out, path, e, send),
            };
            let Some(kind) = push_pending(&mut out.batch, &item) else {
                continue;
            };
            kinds.push((all.push(item.file_name().to_bytes()), kind, item.ino()));
            if out.due() && !send(DirEvent::Batch(sort_batch(out.take(), sorted))) {
                return false;
            }
        }
        if !out.batch.is_empty() && !send(DirEvent::Batch(sort_batch(out.take(), sorted))) {
            return false;
        }
    }
    // Then details, from the client's cache where the filesystem allows it.
    let mut out = Batcher::new(opts);
    let mut cname = Vec::with_capacity(256);
    for (r, kind, ino) in kinds {
        let bytes = all.get(r);
        cname.clear();
        cname.extend_from_slice(bytes);
        cname.push(0);
        let Ok(c) = CStr::from_bytes_with_nul(&cname) else {
            continue;
        };
        let nr = out.batch.names.push(bytes);
        let e = stat_entry(dir, c, nr, kind, ino, true);
        out.batch.entries.push(e);
        if out.due() && !send(DirEvent::Details(out.take())) {
            return false;
        }
    }
    out.batch.is_empty() || send(DirEvent::Details(out.take()))
}
