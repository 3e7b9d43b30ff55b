//! Copying: a walker thread opens folders fd-relative, creates the destination folders and
//! hands chunks of files to worker threads; conflicts are resolved by the job's policy. A
//! source copied into its own folder becomes a duplicate beside itself ("a (copy).txt").

use std::ffi::{CStr, CString, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_channel::{Sender, bounded};

use rustix::fs::{FileType, Mode, RawDir};
use rustix::io::Errno;

use crate::error::Op;

use super::conflict::ConflictPolicy;
use super::events::{JobEvent, JobState};
use super::fit::{self, Fit, Fitted};
use super::flusher::Flusher;
use super::fsops::{self, Meta, meta_at, open_dir_at};
use super::progress::{Counters, Tally};
use super::resolve::{Resolution, Resolver, free_copy_target, free_target};
use super::runner::Ctx;
use super::sink::Sink;
use super::writeback::{self, Durability};
use super::{JobSpec, Refusal};

mod chunk;
mod links;
mod rest;
mod verify;
mod worker;

use chunk::Chunk;

/// What a copy achieved for each top-level source.
pub(crate) struct Outcome {
    /// Per source: copied whole (nothing inside failed or was skipped).
    pub whole: Vec<bool>,
    pub aborted: bool,
    /// Putting the copies on the device failed: none of them can be trusted.
    pub flush_failed: bool,
    /// The copies were put on the device (windows and a final flush ran and succeeded).
    pub on_device: bool,
    /// Per source: its details when the copy began.
    pub seen: Vec<Option<Meta>>,
}

impl Outcome {
    /// Nothing achieved yet, for `n` top-level sources.
    pub fn new(n: usize) -> Outcome {
        Outcome {
            whole: vec![false; n],
            aborted: false,
            flush_failed: false,
            on_device: false,
            seen: vec![None; n],
        }
    }

    pub fn state(&self, ctx: &Ctx) -> JobState {
        if self.aborted && !ctx.control.is_cancelled() {
            JobState::Failed
        } else {
            ctx.final_state()
        }
    }
}

/// What to do with a top-level source whose folder is the destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Beside {
    /// Copy it beside itself under a free "name (copy)" (a copy job).
    Duplicate,
    /// Leave it to the conflict rule, which refuses a file onto itself (a move's copies).
    Conflict,
}

/// Two folders open side by side: where entries come from and where they go. When the
/// last chunk of a copied folder is done, the copy gets its source's mode and times.
struct DirPair {
    src: OwnedFd,
    /// Shared with the flusher, which syncs the folders of large files.
    dst: Arc<OwnedFd>,
    src_path: PathBuf,
    /// Where the copies go, as a path: failures there name the file they are about.
    dst_path: PathBuf,
    /// The source folder's details, to give the copy (none for a job's own target folder).
    finish: Option<Meta>,
    top: usize,
    shared: Arc<Shared>,
}

impl Drop for DirPair {
    fn drop(&mut self) {
        if let Some(m) = &self.finish {
            match fsops::finish_dir(&self.src, &self.dst, m) {
                Ok(true) => {}
                Ok(false) => self.shared.attributes_lost.store(true, Ordering::Relaxed),
                Err(e) => {
                    self.shared.item_failed(self.top);
                    self.shared.report_failure(self.src_path.clone(), e);
                }
            }
        }
    }
}

/// State all threads of one copy share.
struct Shared {
    ctx_failed: Mutex<Vec<(PathBuf, fsops::OpError)>>,
    /// Per top-level source: how many items inside failed, were skipped or left undone.
    troubles: Vec<AtomicU64>,
    /// Per top-level source: the walk went through all of it (no cancel in between).
    walked: Vec<AtomicBool>,
    /// Per top-level source: its details when the copy began.
    seen: Vec<Mutex<Option<Meta>>>,
    /// The folder the job copies into.
    dest: PathBuf,
    /// The destination is full (or went read-only): nothing more is tried.
    stopped: AtomicBool,
    /// Whose turn it is to create files (see [`worker`]).
    turn: worker::Turn,
    /// Where the first names of multiply-linked files were copied to.
    links: links::Copied,
    /// The hold on the one file read from a server in parts at a time.
    in_parts: super::parts::InParts,
    /// A copied folder's extended attributes were not all kept.
    attributes_lost: AtomicBool,
    /// The files to read back, when the job verifies its copies.
    checks: Option<verify::Checks>,
}

impl Shared {
    /// Go on with the next item: not stopped, not cancelled (waits while paused).
    fn go_on(&self, ctx: &Ctx) -> bool {
        !self.stopped.load(Ordering::Relaxed) && ctx.control.checkpoint()
    }

    /// Stop the whole copy when an error means no further item can succeed: the
    /// destination is full or read-only, or putting data on the device failed.
    fn stop_if_hopeless(&self, (op, err): &fsops::OpError) {
        if *op == Op::Flush
            || matches!(
                err.raw_os_error(),
                Some(libc::ENOSPC | libc::EDQUOT | libc::EROFS)
            )
        {
            self.stopped.store(true, Ordering::Relaxed);
        }
    }

    fn item_failed(&self, top: usize) {
        if let Some(t) = self.troubles.get(top) {
            t.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// `path` was not copied because the copy stopped (or what it depends on failed):
    /// named, unless the job was cancelled.
    fn not_arrived(&self, ctx: &Ctx, path: PathBuf) {
        if !ctx.control.is_cancelled() {
            ctx.not_copied(path);
        }
    }

    fn report_failure(&self, path: PathBuf, e: fsops::OpError) {
        let mut v = self.ctx_failed.lock().unwrap_or_else(|p| p.into_inner());
        v.push((path, e));
    }
}

/// Subfolders of a folder still to copy: name, name at the destination, details.
type Subdirs = Vec<(CString, CString, Meta)>;

/// Copy the given (index, source) pairs of `spec`.
pub(crate) fn copy_some(
    ctx: &Ctx,
    spec: &JobSpec,
    sources: &[(usize, &PathBuf)],
    beside: Beside,
) -> Outcome {
    ctx.state(JobState::Scanning);
    let mut outcome = Outcome::new(spec.sources.len());
    let dest = match crate::sys::open_dir(&spec.dest) {
        Ok(fd) => Arc::new(fd),
        Err(e) => {
            ctx.failed(spec.dest.clone(), (Op::OpenDir, e));
            outcome.aborted = true;
            return outcome;
        }
    };
    let paths: Vec<PathBuf> = sources.iter().map(|(_, p)| (*p).clone()).collect();
    let Some(fit) = fit::gate(ctx, spec, &paths) else {
        outcome.aborted = true;
        return outcome;
    };
    let shared = Arc::new(Shared {
        ctx_failed: Mutex::new(Vec::new()),
        troubles: (0..spec.sources.len()).map(|_| AtomicU64::new(0)).collect(),
        walked: (0..spec.sources.len())
            .map(|_| AtomicBool::new(false))
            .collect(),
        seen: (0..spec.sources.len()).map(|_| Mutex::new(None)).collect(),
        dest: spec.dest.clone(),
        stopped: AtomicBool::new(false),
        turn: worker::Turn::default(),
        links: links::Copied::default(),
        in_parts: super::parts::InParts::default(),
        attributes_lost: AtomicBool::new(false),
        checks: spec.verify.then(verify::Checks::default),
    });
    let resolver = Resolver::new(spec.on_conflict);
    let durability = writeback::durability_of(&spec.dest, spec.writeback);
    let flusher = durability
        .cap()
        .map(|_| Flusher::new(durability, &ctx.counters));
    let sink = Sink {
        control: &ctx.control,
        counters: &ctx.counters,
        flusher: flusher.as_ref(),
    };
    std::thread::scope(|outer| {
        if let Some(f) = &flusher {
            outer.spawn(|| f.serve());
        }
        let walk = Walk {
            resolver: &resolver,
            fit,
            beside,
        };
        run_walk_and_workers(ctx, spec, sources, &dest, &shared, walk, &sink);
        if let Some(f) = &flusher {
            // What is left goes out now; the job says so while it waits.
            ctx.state(JobState::WritingToDevice);
            f.close();
        }
    });
    if let Some(f) = &flusher {
        let flushed = f.result().and_then(|()| match durability {
            // One barrier for everything written to a removable disk (data and metadata).
            Durability::Windows { .. } => rustix::fs::syncfs(&*dest).map_err(Into::into),
            // Every file was fsynced; syncfs would not wait for FUSE anyway.
            Durability::FsyncFiles { .. } | Durability::Plain => Ok(()),
        });
        match flushed {
            Ok(()) => outcome.on_device = true,
            Err(e) => {
                ctx.failed(spec.dest.clone(), (Op::Flush, e));
                outcome.flush_failed = true;
            }
        }
    }
    if let Some(checks) = &shared.checks {
        if outcome.flush_failed || shared.stopped.load(Ordering::Relaxed) {
            // Nothing to trust, nothing to compare; the folders get their times now.
            checks.discard();
        } else {
            verify::run(ctx, checks, &shared, &dest);
            // The folders got their times after the flush: those go out too.
            if outcome.on_device
                && let Err(e) = rustix::fs::syncfs(&*dest)
            {
                ctx.failed(spec.dest.clone(), (Op::Flush, e.into()));
                outcome.flush_failed = true;
            }
        }
    }
    let late = std::mem::take(&mut *shared.ctx_failed.lock().unwrap_or_else(|p| p.into_inner()));
    for (path, e) in late {
        ctx.failed(path, e);
    }
    if shared.attributes_lost.load(Ordering::Relaxed) {
        ctx.counters.attributes_lost.store(true, Ordering::Relaxed);
    }
    let stopped = shared.stopped.load(Ordering::Relaxed);
    // After a stop or a failed flush, no source counts as whole: a move keeps them all.
    // After a cancel, sources copied whole before it still count.
    for &(top, _) in sources {
        outcome.whole[top] = shared.troubles[top].load(Ordering::Relaxed) == 0
            && shared.walked[top].load(Ordering::Relaxed)
            && !stopped
            && !outcome.flush_failed;
    }
    outcome.aborted |= stopped || outcome.flush_failed;
    for (slot, seen) in shared.seen.iter().zip(outcome.seen.iter_mut()) {
        *seen = *slot.lock().unwrap_or_else(|p| p.into_inner());
    }
    outcome
}

/// The rules a walk follows.
struct Walk<'a> {
    resolver: &'a Resolver,
    fit: Fit,
    beside: Beside,
}

/// Walk the sources on this thread while workers copy the files it finds.
fn run_walk_and_workers(
    ctx: &Ctx,
    spec: &JobSpec,
    sources: &[(usize, &PathBuf)],
    dest: &Arc<OwnedFd>,
    shared: &Arc<Shared>,
    walk: Walk<'_>,
    sink: &Sink<'_>,
) {
    let Walk {
        resolver,
        fit,
        beside,
    } = walk;
    let (tx, rx) = bounded::<Chunk>(64);
    let later = std::thread::scope(|s| {
        for _ in 0..super::workers() {
            s.spawn(|| worker::worker(ctx, &rx, resolver, shared, sink));
        }
        ctx.state(JobState::Copying);
        let mut walker = Walker {
            ctx,
            tx,
            resolver,
            shared,
            fit,
            beside,
            buf: vec![MaybeUninit::uninit(); 64 * 1024],
            links: links::Links::default(),
        };
        for &(top, src) in sources {
            if !shared.go_on(ctx) {
                walker.name_source(src);
                continue;
            }
            walker.source(top, src, &spec.dest, dest);
            // Walked to its end: every item of it was handed to the workers.
            if !ctx.control.is_cancelled() {
                shared.walked[top].store(true, Ordering::Relaxed);
            }
        }
        let later = walker.links.take();
        // Closing the channel lets the workers finish.
        drop(walker);
        later
    });
    links::link_later(ctx, later, resolver, shared, sink);
}

/// Walks the sources, creating folders and sending chunks of files.
struct Walker<'a> {
    ctx: &'a Ctx,
    tx: Sender<Chunk>,
    resolver: &'a Resolver,
    shared: &'a Arc<Shared>,
    fit: Fit,
    beside: Beside,
    buf: Vec<MaybeUninit<u8>>,
    links: links::Links,
}

impl Walker<'_> {
    fn trouble(&self, top: usize, path: PathBuf, e: fsops::OpError) {
        self.shared.stop_if_hopeless(&e);
        self.shared.item_failed(top);
        self.ctx.failed(path, e);
    }

    /// The value, or `None` once the failure of `op` is the item's trouble.
    fn or_trouble<T>(&self, top: usize, path: &Path, op: Op, r: Result<T, Errno>) -> Option<T> {
        r.map_err(|e| self.trouble(top, path.to_owned(), (op, e.into())))
            .ok()
    }

    /// Copy one top-level source into `dest`.
    fn source(&mut self, top: usize, src: &Path, dest_path: &Path, dest: &Arc<OwnedFd>) {
        let Some((parent, name)) = crate::place::folder_and_name(src) else {
            self.trouble(top, src.to_owned(), (Op::Open, Errno::INVAL.into()));
            return;
        };
        let Ok(cname) = CString::new(name.as_bytes()) else {
            return;
        };
        let src_dir = match crate::sys::open_dir(parent) {
            Ok(fd) => fd,
            Err(e) => return self.trouble(top, src.to_owned(), (Op::OpenDir, e)),
        };
        let meta = match meta_at(&src_dir, &cname) {
            Ok(m) => m,
            Err(e) => return self.trouble(top, src.to_owned(), (Op::Stat, e.into())),
        };
        if let Some(slot) = self.shared.seen.get(top) {
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(meta);
        }
        if meta.kind == FileType::Directory && is_inside(dest_path, src) {
            self.shared.item_failed(top);
            self.ctx.refused(src.to_owned(), Refusal::IntoItself);
            return;
        }
        let mut target = match self.fit.item(&cname, &meta) {
            Fitted::Keep => cname.clone(),
            Fitted::RenameTo(t) => t,
            Fitted::Skip(why) => {
                self.shared.item_failed(top);
                self.ctx.skipped(src.to_owned(), why);
                return;
            }
        };
        let dst_dir = match rustix::io::dup(&**dest) {
            Ok(fd) => fd,
            Err(e) => return self.trouble(top, dest_path.to_owned(), (Op::OpenDir, e.into())),
        };
        let is_dir = meta.kind == FileType::Directory;
        let duplicate = self.beside == Beside::Duplicate && same_folder(&src_dir, &dst_dir);
        if duplicate {
            target = free_copy_target(&dst_dir, &target, is_dir);
        }
        let pair = Arc::new(DirPair {
            src: src_dir,
            dst: Arc::new(dst_dir),
            src_path: parent.to_owned(),
            dst_path: dest_path.to_owned(),
            finish: None,
            top,
            shared: self.shared.clone(),
        });
        if is_dir {
            let found = if duplicate {
                Some((target, true))
            } else {
                self.top_dir_target(&pair, &target, &meta, src)
            };
            let Some((target, new)) = found else {
                return;
            };
            let _ = self.ctx.tx.send(JobEvent::Placed {
                source: src.to_owned(),
                target: dest_path.join(OsStr::from_bytes(target.to_bytes())),
                new,
            });
            self.tree(top, &pair, &cname, &target, meta, src.to_owned());
        } else if !self.links.defer(self.ctx, &pair, &cname, &target, &meta) {
            let mut chunk = Chunk::new(pair);
            chunk.push(&cname, (target != cname).then_some(target), meta);
            send_counted(self.ctx, &self.tx, chunk);
        }
    }

    /// Where a top-level folder goes: `name` (merging into an existing folder of that
    /// name), or a free name when the rule is to keep both; and whether it is new.
    fn top_dir_target(
        &self,
        pair: &DirPair,
        name: &CStr,
        meta: &Meta,
        src: &Path,
    ) -> Option<(CString, bool)> {
        match meta_at(&pair.dst, name) {
            Err(_) => Some((name.to_owned(), true)),
            Ok(existing) if existing.same_file(meta) => {
                if self.resolver.policy() == ConflictPolicy::Rename {
                    Some((free_target(&pair.dst, name), true))
                } else {
                    self.shared.item_failed(pair.top);
                    self.ctx.refused(src.to_owned(), Refusal::OntoItself);
                    None
                }
            }
            Ok(existing) if existing.kind == FileType::Directory => {
                let dst = (&*pair.dst, pair.dst_path.as_path());
                match self
                    .resolver
                    .folder_onto_folder(self.ctx, src, dst, name, meta)
                {
                    Resolution::Replace => Some((name.to_owned(), false)),
                    Resolution::RenameTo(other) => Some((other, true)),
                    Resolution::Skip => {
                        // Skipped or cancelled: a move keeps this source.
                        self.shared.item_failed(pair.top);
                        None
                    }
                }
            }
            Ok(_) if self.resolver.policy() == ConflictPolicy::Rename => {
                Some((free_target(&pair.dst, name), true))
            }
            Ok(_) => Some((name.to_owned(), false)),
        }
    }

    /// Copy the folder `name` of `parent` as `target`, depth first, one open folder pair
    /// per level.
    fn tree(
        &mut self,
        top: usize,
        parent: &Arc<DirPair>,
        name: &CStr,
        target: &CStr,
        meta: Meta,
        path: PathBuf,
    ) {
        let Some(first) = self.open_pair(top, parent, name, target, meta, path.clone()) else {
            self.name_rest_if_stopped(&parent.src, name, path);
            return;
        };
        let mut stack: Vec<(Arc<DirPair>, Subdirs)> = Vec::new();
        let subdirs = self.read_level(&first);
        stack.push((first, subdirs));
        while let Some((pair, subdirs)) = stack.last_mut() {
            if !self.shared.go_on(self.ctx) {
                // What the walk did not reach is named, folder by folder.
                for (pair, subdirs) in std::mem::take(&mut stack) {
                    for (sub, _, _) in subdirs {
                        let p = pair.src_path.join(OsStr::from_bytes(sub.to_bytes()));
                        self.name_rest_if_stopped(&pair.src, &sub, p);
                    }
                }
                return;
            }
            let Some((sub, sub_target, sub_meta)) = subdirs.pop() else {
                stack.pop();
                continue;
            };
            let pair = pair.clone();
            let sub_path = pair.src_path.join(OsStr::from_bytes(sub.to_bytes()));
            match self.open_pair(top, &pair, &sub, &sub_target, sub_meta, sub_path.clone()) {
                Some(next) => {
                    let subdirs = self.read_level(&next);
                    stack.push((next, subdirs));
                }
                None => self.name_rest_if_stopped(&pair.src, &sub, sub_path),
            }
        }
    }

    /// After a stop, name what is at `path` (`name` of `dir`) as not copied.
    fn name_rest_if_stopped(&mut self, dir: &OwnedFd, name: &CStr, path: PathBuf) {
        if self.shared.stopped.load(Ordering::Relaxed) {
            rest::name_rest(self.ctx, self.shared, dir, name, path, &mut self.buf);
        }
    }

    /// A top-level source the copy stopped before: named as not copied.
    fn name_source(&mut self, src: &Path) {
        let (Some(parent), Some(name)) = (src.parent(), src.file_name()) else {
            return;
        };
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        if let (Ok(dir), Ok(cname)) = (crate::sys::open_dir(parent), CString::new(name.as_bytes()))
        {
            self.name_rest_if_stopped(&dir, &cname, src.to_owned());
        }
    }

    /// Create (or reuse) the destination folder and open both sides.
    fn open_pair(
        &self,
        top: usize,
        parent: &Arc<DirPair>,
        name: &CStr,
        target: &CStr,
        meta: Meta,
        path: PathBuf,
    ) -> Option<Arc<DirPair>> {
        let src = self.or_trouble(top, &path, Op::OpenDir, open_dir_at(&parent.src, name))?;
        // Folders count apart from files: a folder of 20 files is 20 files and 1 folder.
        self.ctx.counters.add_total(Tally::Folder, 1);
        self.ctx.counters.set_current(path.clone());
        let made = match rustix::fs::mkdirat(&parent.dst, target, Mode::from_raw_mode(0o700)) {
            Err(Errno::EXIST) => Ok(()),
            other => other,
        };
        self.or_trouble(top, &path, Op::Create, made)?;
        // Fails where a file stands where the folder should go.
        let dst = self.or_trouble(top, &path, Op::Create, open_dir_at(&parent.dst, target))?;
        self.ctx.counters.add_done(Tally::Folder, 1);
        Some(Arc::new(DirPair {
            src,
            dst: Arc::new(dst),
            src_path: path,
            dst_path: parent.dst_path.join(OsStr::from_bytes(target.to_bytes())),
            finish: Some(meta),
            top,
            shared: self.shared.clone(),
        }))
    }

    /// Read one source folder: files go to workers in chunks, subfolders are returned.
    fn read_level(&mut self, pair: &Arc<DirPair>) -> Subdirs {
        let mut subdirs = Vec::new();
        let mut chunk = Chunk::new(pair.clone());
        let mut failures = Vec::new();
        let mut skipped = Vec::new();
        let mut raw = RawDir::new(&pair.src, &mut self.buf);
        while let Some(entry) = raw.next() {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    failures.push((pair.src_path.clone(), (Op::ReadDir, e.into())));
                    break;
                }
            };
            let name = entry.file_name();
            if matches!(name.to_bytes(), b"." | b"..") {
                continue;
            }
            let meta = match meta_at(&pair.src, name) {
                Ok(m) => m,
                Err(e) => {
                    let p = pair.src_path.join(OsStr::from_bytes(name.to_bytes()));
                    failures.push((p, (Op::Stat, e.into())));
                    continue;
                }
            };
            let fitted = match self.fit.item(name, &meta) {
                Fitted::Keep => None,
                Fitted::RenameTo(t) => Some(t),
                Fitted::Skip(why) => {
                    let p = pair.src_path.join(OsStr::from_bytes(name.to_bytes()));
                    skipped.push((p, why));
                    continue;
                }
            };
            if meta.kind == FileType::Directory {
                let target = fitted.unwrap_or_else(|| name.to_owned());
                subdirs.push((name.to_owned(), target, meta));
                continue;
            }
            let target = fitted.as_deref().unwrap_or(name);
            if self.links.defer(self.ctx, pair, name, target, &meta) {
                continue;
            }
            chunk.push(name, fitted, meta);
            if chunk.is_full() {
                let full = std::mem::replace(&mut chunk, Chunk::new(pair.clone()));
                send_counted(self.ctx, &self.tx, full);
            }
        }
        for (p, e) in failures {
            self.trouble(pair.top, p, e);
        }
        for (p, why) in skipped {
            self.shared.item_failed(pair.top);
            self.ctx.skipped(p, why);
        }
        if !chunk.items.is_empty() {
            send_counted(self.ctx, &self.tx, chunk);
        }
        subdirs
    }
}

/// Hand files to the workers, counting them into the plan's totals (once per chunk: the
/// counters are shared with the workers). A chunk holds no folders.
fn send_counted(ctx: &Ctx, tx: &Sender<Chunk>, chunk: Chunk) {
    Counters::add(&ctx.counters.files_total, chunk.items.len() as u64);
    Counters::add(&ctx.counters.bytes_total, chunk.bytes);
    let _ = tx.send(chunk);
}

/// Are two open folders the same folder (same device and inode)?
pub(crate) fn same_folder(a: &OwnedFd, b: &OwnedFd) -> bool {
    match (rustix::fs::fstat(a), rustix::fs::fstat(b)) {
        (Ok(a), Ok(b)) => a.st_dev == b.st_dev && a.st_ino == b.st_ino,
        _ => false,
    }
}

/// Is `inner` the folder `outer` or inside it (by canonical paths)?
pub(crate) fn is_inside(inner: &Path, outer: &Path) -> bool {
    match (std::fs::canonicalize(inner), std::fs::canonicalize(outer)) {
        (Ok(i), Ok(o)) => i.starts_with(o),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
