//! A copy's worker threads: each takes chunks of files from the walker and copies them.
//! Creating a file takes its folder's lock, so two workers creating in one folder wait
//! for each other; a worker that sees the other one creating fills a file it created
//! earlier instead (it keeps up to [`AHEAD`] created and not yet filled).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

use crossbeam_channel::Receiver;
use rustix::fs::{AtFlags, FileType};

use crate::error::Op;

use super::super::events::{JobEvent, SkipReason};
use super::super::fsops::{self, Opened, Sink};
use super::super::progress::{CURRENT_FILE_MIN, Counters};
use super::super::resolve::{Resolution, Resolver};
use super::super::runner::Ctx;
use super::{Chunk, DirPair, Item, Shared};

/// Most files a worker has created and not yet filled (each holds two descriptors).
const AHEAD: usize = 4;

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
            files_done: Cell::new(0),
        }
        .run();
    }
}

/// A regular file whose copy is created and waits to be filled.
struct Started {
    index: usize,
    opened: Opened,
    target: CString,
    replace: bool,
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
    files_done: Cell<u64>,
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        Counters::add(&self.ctx.counters.files_done, self.files_done.get());
    }
}

impl Batch<'_> {
    fn dirs(&self) -> &DirPair {
        &self.chunk.dirs
    }

    fn run(mut self) {
        let items = &self.chunk.items;
        let mut next = 0;
        while next < items.len() {
            if !self.shared.go_on(self.ctx) {
                // Left undone: created copies are removed; their sources are not copied whole.
                for s in std::mem::take(&mut self.ready) {
                    fsops::abandon_copy(s.opened, &self.dirs().dst, &s.target);
                }
                self.shared.item_failed(self.dirs().top);
                return;
            }
            let other_creating = self.shared.creating.load(Ordering::Relaxed) > 0;
            if self.ready.len() < AHEAD && (self.ready.is_empty() || !other_creating) {
                self.start(next);
                next += 1;
            } else {
                self.fill_oldest();
            }
        }
        while !self.ready.is_empty() {
            self.fill_oldest();
        }
    }

    fn fill_oldest(&mut self) {
        if let Some(s) = self.ready.pop_front() {
            self.finish(s);
        }
    }

    /// Begin the item `index`: a regular file is opened and its copy created (and kept
    /// in `ready`); links and fifos are made whole at once.
    fn start(&mut self, index: usize) {
        let item = &self.chunk.items[index];
        let dirs = &self.chunk.dirs;
        let mut target = item.target.clone();
        let mut replace = false;
        loop {
            let result = match item.meta.kind {
                FileType::RegularFile => {
                    self.shared.creating.fetch_add(1, Ordering::Relaxed);
                    let opened = fsops::open_copy(
                        &dirs.src, &item.name, &item.meta, &dirs.dst, &target, replace,
                    );
                    self.shared.creating.fetch_sub(1, Ordering::Relaxed);
                    match opened {
                        Ok(opened) => {
                            self.ready.push_back(Started {
                                index,
                                opened,
                                target,
                                replace,
                            });
                            return;
                        }
                        Err(e) => Err(e),
                    }
                }
                FileType::Symlink => {
                    if replace {
                        let _ = rustix::fs::unlinkat(&dirs.dst, &target, AtFlags::empty());
                    }
                    fsops::copy_symlink(&dirs.src, &item.name, &item.meta, &dirs.dst, &target)
                }
                FileType::Fifo => {
                    if replace {
                        let _ = rustix::fs::unlinkat(&dirs.dst, &target, AtFlags::empty());
                    }
                    fsops::make_fifo(&dirs.dst, &target, &item.meta)
                }
                _ => {
                    self.shared.item_failed(dirs.top);
                    self.ctx
                        .skipped(source_path(dirs, item), SkipReason::SpecialFile);
                    return;
                }
            };
            match result {
                Ok(()) => return self.done(item, &target, replace),
                Err((Op::Create, e)) if e.raw_os_error() == Some(libc::EEXIST) && !replace => {
                    // The person may be asked: the files created before this one are
                    // filled first, so none waits empty under its name meanwhile.
                    while !self.ready.is_empty() {
                        self.fill_oldest();
                    }
                    let path = source_path(dirs, item);
                    match self
                        .resolver
                        .resolve(self.ctx, &path, &dirs.dst, &target, &item.meta)
                    {
                        Resolution::Replace => replace = true,
                        Resolution::RenameTo(t) => target = t,
                        Resolution::Skip => {
                            self.shared.item_failed(dirs.top);
                            return;
                        }
                    }
                }
                Err(e) => return self.failed(item, e),
            }
        }
    }

    /// Fill a created copy: data, mode, times, its name.
    fn finish(&self, s: Started) {
        let item = &self.chunk.items[s.index];
        let dirs = self.dirs();
        if item.meta.size >= CURRENT_FILE_MIN {
            self.ctx.counters.set_current(source_path(dirs, item));
        }
        match fsops::fill_copy(s.opened, &item.meta, &dirs.dst, &s.target, self.sink) {
            Ok(_) => self.done(item, &s.target, s.replace),
            Err(e) => self.failed(item, e),
        }
    }

    fn done(&self, item: &Item, target: &CString, replace: bool) {
        let dirs = self.dirs();
        self.files_done.set(self.files_done.get() + 1);
        // Items of the job's own target folder are top-level sources.
        if dirs.finish.is_none() {
            let _ = self.ctx.tx.send(JobEvent::Placed {
                source: source_path(dirs, item),
                target: self.shared.dest.join(OsStr::from_bytes(target.to_bytes())),
                new: !replace,
            });
        }
    }

    fn failed(&self, item: &Item, e: fsops::OpError) {
        let shared = self.shared;
        let top = self.dirs().top;
        if self.ctx.control.is_cancelled() || shared.stopped.load(Ordering::Relaxed) {
            // Cut short, not worth a report; its source is not copied whole.
            shared.item_failed(top);
            return;
        }
        shared.stop_if_hopeless(&e);
        shared.item_failed(top);
        self.ctx.failed(source_path(self.dirs(), item), e);
    }
}

/// Where an item is, for events and reports (built only when one is needed).
fn source_path(dirs: &DirPair, item: &Item) -> PathBuf {
    dirs.src_path.join(OsStr::from_bytes(item.name.to_bytes()))
}
