//! A copy's worker threads: each takes chunks of files from the walker and copies them.
//! Creating a file takes its folder's lock, and two threads queueing on that lock slow
//! each other down. So the workers create in turns: the one holding the turn creates a
//! run of copies (empty) while the others fill copies they created earlier. A worker
//! keeps up to [`AHEAD`] copies created and not yet filled.

use std::collections::VecDeque;
use std::ffi::{CStr, CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;
use rustix::fs::{AtFlags, FileType};

use crate::error::{IoError, Op};

use super::super::download::remote_source;
use super::super::events::{JobEvent, SkipReason};
use super::super::fsops::{self, Created, Source};
use super::super::progress::{CURRENT_FILE_MIN, Counters};
use super::super::resolve::{Resolution, Resolver};
use super::super::runner::Ctx;
use super::super::sink::Sink;
use super::chunk::{Chunk, Item};
use super::{DirPair, Shared};

/// Most copies a worker has created and not yet filled (each holds a descriptor).
const AHEAD: usize = 64;
/// Most copies created in one turn.
const RUN: usize = 32;

/// The turn to create files, taken without waiting: a worker that finds it taken fills
/// instead. A worker with nothing to fill waits for it, and the holder lets it go after
/// its run.
#[derive(Default)]
pub(super) struct Turn {
    held: AtomicBool,
    /// Workers with nothing to fill, waiting for the turn.
    waiting: AtomicUsize,
    /// Runs ended so far: a waiting worker sees the holders make progress.
    runs: AtomicUsize,
}

impl Turn {
    fn try_take(&self) -> bool {
        self.held
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    fn give_back(&self) {
        self.runs.fetch_add(1, Ordering::Relaxed);
        self.held.store(false, Ordering::Release);
    }

    fn others_waiting(&self) -> bool {
        self.waiting.load(Ordering::Relaxed) > 0
    }
}

/// Take chunks until the walker is done, copying each item.
pub(super) fn worker(
    ctx: &Ctx,
    rx: &Receiver<Chunk>,
    resolver: &Resolver,
    shared: &Shared,
    sink: &Sink,
) {
    while let Ok(chunk) = rx.recv() {
        Batch {
            ctx,
            chunk: &chunk,
            resolver,
            shared,
            sink,
            ready: VecDeque::with_capacity(AHEAD),
            files_done: 0,
        }
        .run();
    }
}

/// A regular file whose copy is created and waits to be filled.
struct Started {
    index: usize,
    created: Created,
    /// The name it goes by, when not the item's own target (a conflict renamed it).
    renamed: Option<CString>,
    replace: bool,
}

/// What became of an item when its copy was begun.
enum Begun {
    Created(Started),
    /// Done whole (a link, a fifo), or failed or skipped (already reported).
    Finished,
    NameTaken,
}

/// One chunk being copied by one worker.
struct Batch<'a> {
    ctx: &'a Ctx,
    chunk: &'a Chunk,
    resolver: &'a Resolver,
    shared: &'a Shared,
    sink: &'a Sink<'a>,
    ready: VecDeque<Started>,
    /// Files copied, added to the job's counter once per chunk (it is shared with the
    /// other threads).
    files_done: u64,
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        Counters::add(&self.ctx.counters.files_done, self.files_done);
    }
}

impl Batch<'_> {
    fn dirs(&self) -> &DirPair {
        &self.chunk.dirs
    }

    fn run(mut self) {
        let items = &self.chunk.items;
        let mut next = 0;
        let turn = &self.shared.turn;
        let mut idle = Idle::new(turn);
        let mut just_created = false;
        while next < items.len() || !self.ready.is_empty() {
            if !self.shared.go_on(self.ctx) {
                // Left undone: created copies are removed; their sources are not copied
                // whole, and each is named (unless cancelled).
                let chunk = self.chunk;
                for s in std::mem::take(&mut self.ready) {
                    let item = &chunk.items[s.index];
                    let target = s.renamed.as_deref().unwrap_or_else(|| chunk.target(item));
                    fsops::abandon_copy(s.created, &chunk.dirs.dst, target);
                    self.shared.not_arrived(self.ctx, source_path(chunk, item));
                }
                for item in &items[next..] {
                    self.shared.not_arrived(self.ctx, source_path(chunk, item));
                }
                self.shared.item_failed(self.dirs().top);
                return;
            }
            // After a run, a worker waiting for the turn goes first.
            let may_create = next < items.len()
                && self.ready.len() < AHEAD
                && !(just_created && turn.others_waiting() && !self.ready.is_empty());
            just_created = false;
            if may_create && turn.try_take() {
                just_created = true;
                let taken = self.create_run(next);
                turn.give_back();
                next = match taken {
                    Ok(after) => after,
                    Err(index) => {
                        self.conflict(index);
                        index + 1
                    }
                };
                idle.reset();
            } else if let Some(s) = self.ready.pop_front() {
                self.fill(s);
                idle.reset();
            } else {
                // Nothing created to fill, and another worker is creating.
                idle.wait();
            }
        }
    }

    /// With the turn: begin items from `next` on, up to a run or until `AHEAD` copies
    /// wait. Returns where to go on, or the item whose name is taken (dealt with after
    /// the turn is given back: the person may be asked).
    fn create_run(&mut self, mut next: usize) -> Result<usize, usize> {
        let end = self.chunk.items.len().min(next + RUN);
        while next < end && self.ready.len() < AHEAD {
            match self.begin(next, None, false) {
                Begun::Created(s) => self.ready.push_back(s),
                Begun::Finished => {}
                Begun::NameTaken => return Err(next),
            }
            next += 1;
        }
        Ok(next)
    }

    /// Begin the item `index` under `renamed` (or its own target): a regular file's copy
    /// is created; links and fifos are made whole at once.
    fn begin(&mut self, index: usize, renamed: Option<CString>, replace: bool) -> Begun {
        let chunk = self.chunk;
        let item = &chunk.items[index];
        let dirs = &chunk.dirs;
        let target = renamed.as_deref().unwrap_or_else(|| chunk.target(item));
        if replace && item.meta.kind != FileType::RegularFile {
            let _ = rustix::fs::unlinkat(&*dirs.dst, target, AtFlags::empty());
        }
        let result = match item.meta.kind {
            FileType::RegularFile => {
                match fsops::create_copy(&item.meta, &dirs.dst, target, replace) {
                    Ok(created) => {
                        return Begun::Created(Started {
                            index,
                            created,
                            renamed,
                            replace,
                        });
                    }
                    Err(e) => Err(e),
                }
            }
            FileType::Symlink => {
                fsops::copy_symlink(&dirs.src, chunk.name(item), &item.meta, &dirs.dst, target)
            }
            // Fifos and sockets are made anew, device nodes too where allowed (as root),
            // as `cp -a` does; none is ever opened.
            FileType::Fifo
            | FileType::Socket
            | FileType::CharacterDevice
            | FileType::BlockDevice => fsops::make_special(&dirs.dst, target, &item.meta),
            FileType::Directory | FileType::Unknown => {
                self.shared.item_failed(dirs.top);
                self.ctx
                    .skipped(source_path(chunk, item), SkipReason::SpecialFile);
                return Begun::Finished;
            }
        };
        match result {
            Ok(()) => self.done(item, target, replace),
            Err((Op::Create, e)) if e.raw_os_error() == Some(libc::EEXIST) && !replace => {
                return Begun::NameTaken;
            }
            Err(e) => self.failed(item, target, e),
        }
        Begun::Finished
    }

    /// The name of item `index` is taken: the copies created before are filled first (so
    /// none waits empty under its name while the person is asked), then the conflict is
    /// resolved and the item copied as the answer says.
    fn conflict(&mut self, index: usize) {
        while let Some(s) = self.ready.pop_front() {
            self.fill(s);
        }
        let chunk = self.chunk;
        let item = &chunk.items[index];
        let dirs = &chunk.dirs;
        let path = source_path(chunk, item);
        let mut renamed: Option<CString> = None;
        loop {
            let target = renamed.as_deref().unwrap_or_else(|| chunk.target(item));
            let replace = match self.resolver.resolve(
                self.ctx,
                &path,
                (&dirs.dst, &dirs.dst_path),
                target,
                &item.meta,
            ) {
                Resolution::Replace => true,
                Resolution::RenameTo(t) => {
                    renamed = Some(t);
                    false
                }
                Resolution::Skip => {
                    self.shared.item_failed(dirs.top);
                    return;
                }
            };
            match self.begin(index, renamed.clone(), replace) {
                Begun::Created(s) => return self.fill(s),
                Begun::Finished => return,
                // The new name was taken meanwhile: ask again.
                Begun::NameTaken => {}
            }
        }
    }

    /// Fill a created copy: data, mode, times, its name.
    fn fill(&mut self, s: Started) {
        let chunk = self.chunk;
        let item = &chunk.items[s.index];
        let dirs = &chunk.dirs;
        if item.meta.size >= CURRENT_FILE_MIN {
            self.ctx.counters.set_current(source_path(chunk, item));
        }
        let source = Source {
            dir: &dirs.src,
            name: chunk.name(item),
            meta: &item.meta,
            remote: remote_source(
                &item.meta,
                || source_path(chunk, item),
                &self.ctx.control,
                &self.shared.in_parts,
            ),
        };
        let target = s.renamed.as_deref().unwrap_or_else(|| chunk.target(item));
        match fsops::fill_copy(s.created, &source, &dirs.dst, target, self.sink) {
            Ok(_) => self.done(item, target, s.replace),
            Err(e) => self.failed(item, target, e),
        }
    }

    fn done(&mut self, item: &Item, target: &CStr, replace: bool) {
        self.files_done += 1;
        let dirs = self.dirs();
        self.shared.links.record(&item.meta, &dirs.dst, target);
        if let Some(checks) = &self.shared.checks
            && item.meta.kind == FileType::RegularFile
        {
            checks.add(&self.chunk.dirs, self.chunk.name(item), target);
        }
        // Items of the job's own target folder are top-level sources.
        if dirs.finish.is_none() {
            let _ = self.ctx.tx.send(JobEvent::Placed {
                source: source_path(self.chunk, item),
                target: self.shared.dest.join(OsStr::from_bytes(target.to_bytes())),
                new: !replace,
            });
        }
    }

    fn failed(&self, item: &Item, target: &CStr, e: fsops::OpError) {
        let shared = self.shared;
        let top = self.dirs().top;
        if self.ctx.control.is_cancelled() || shared.stopped.load(Ordering::Relaxed) {
            // Cut short: not worth a failure of its own, but named when the copy
            // stopped (a cancel names nothing); its source is not copied whole.
            shared.item_failed(top);
            shared.not_arrived(self.ctx, source_path(self.chunk, item));
            return;
        }
        shared.stop_if_hopeless(&e);
        shared.item_failed(top);
        let (op, error) = e;
        let source = source_path(self.chunk, item);
        // A failure on the destination's side names the copy it is about ("cannot create
        // out/note.txt: exists"), not its source.
        let about = match at_destination(op) {
            true => self
                .dirs()
                .dst_path
                .join(OsStr::from_bytes(target.to_bytes())),
            false => source.clone(),
        };
        self.ctx.failed_with(source, IoError::new(op, about, error));
    }
}

/// Whether a failure of `op` happened on the copy's side rather than the source's.
fn at_destination(op: Op) -> bool {
    matches!(
        op,
        Op::Create | Op::Write | Op::SetMetadata | Op::Rename | Op::Flush | Op::Verify
    )
}

/// A worker waiting for the turn with nothing to fill. It yields while the holders make
/// progress (a run on a local disk takes well under a millisecond; sleeping would leave
/// the turn unused), and takes short naps once one run has lasted long (a slow
/// destination).
struct Idle<'a> {
    turn: &'a Turn,
    /// Since when, and after how many runs, it has been waiting.
    since: Option<(Instant, usize)>,
}

impl<'a> Idle<'a> {
    const PATIENCE: Duration = Duration::from_millis(2);
    const NAP: Duration = Duration::from_micros(200);

    fn new(turn: &'a Turn) -> Idle<'a> {
        Idle { turn, since: None }
    }

    fn reset(&mut self) {
        if self.since.take().is_some() {
            self.turn.waiting.fetch_sub(1, Ordering::Relaxed);
        }
    }

    fn wait(&mut self) {
        let runs = self.turn.runs.load(Ordering::Relaxed);
        let (since, seen) = match self.since {
            Some(s) => s,
            None => {
                self.turn.waiting.fetch_add(1, Ordering::Relaxed);
                (Instant::now(), runs)
            }
        };
        if seen != runs {
            // A run ended: the wait starts again.
            self.since = Some((Instant::now(), runs));
            std::thread::yield_now();
            return;
        }
        self.since = Some((since, seen));
        if since.elapsed() < Self::PATIENCE {
            std::thread::yield_now();
        } else {
            std::thread::sleep(Self::NAP);
        }
    }
}

impl Drop for Idle<'_> {
    fn drop(&mut self) {
        self.reset();
    }
}

/// Where an item is, for events and reports (built only when one is needed).
fn source_path(chunk: &Chunk, item: &Item) -> PathBuf {
    chunk
        .dirs
        .src_path
        .join(OsStr::from_bytes(chunk.name(item).to_bytes()))
}
