//! The walk of an upload: it goes through the sources depth first, makes their folders on
//! the server as it meets them (one question each, before anything goes inside), and
//! hands on the files one by one, as the senders ask for the next.

use std::ffi::{CStr, CString, OsStr};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gio::prelude::*;
use rustix::fs::FileType;
use rustix::io::Errno;

use crate::error::Op;
use crate::mounts::gvfs::io_error;

use super::super::Refusal;
use super::super::conflict::ConflictPolicy;
use super::super::copy::{Beside, is_inside, same_folder};
use super::super::events::{JobEvent, SkipReason};
use super::super::fit::{Fit, Fitted};
use super::super::fsops::{Meta, meta_at};
use super::super::progress::{Counters, Tally};
use super::super::resolve::{Resolution, Resolver, free_copy_target, free_target};
use super::super::runner::Ctx;
use super::shared::Shared;

/// A file to send: where it comes from and where it goes.
pub(super) struct Item {
    pub src: PathBuf,
    /// The folder it is in, open, and its name there: it is opened relative to them.
    pub src_dir: Arc<OwnedFd>,
    pub src_name: CString,
    /// The folder it goes into, on the server and as a path in the FUSE folder.
    pub dst_dir: gio::File,
    pub dst_dir_path: PathBuf,
    /// Its name there.
    pub name: CString,
    pub meta: Meta,
    pub top: usize,
    /// A top-level source: its arrival is told with a `Placed` event.
    pub is_top: bool,
}

impl Item {
    /// The copy on the server.
    pub fn target(&self) -> gio::File {
        self.dst_dir.child(OsStr::from_bytes(self.name.to_bytes()))
    }

    /// Where the copy goes, as a path in the FUSE folder.
    pub fn dst_path(&self) -> PathBuf {
        self.dst_dir_path
            .join(OsStr::from_bytes(self.name.to_bytes()))
    }
}

/// What the walk follows and reports to.
pub(super) struct Rules<'a> {
    pub ctx: &'a Ctx,
    pub shared: &'a Shared,
    pub resolver: &'a Resolver,
    pub fit: Fit,
    pub beside: Beside,
}

/// One folder being walked: its entries still to go and where they go.
struct Level {
    top: usize,
    src: Arc<OwnedFd>,
    src_path: PathBuf,
    names: std::vec::IntoIter<CString>,
    dst: gio::File,
    dst_path: PathBuf,
}

pub(super) struct Walk<'a> {
    rules: Rules<'a>,
    tops: std::vec::IntoIter<(usize, PathBuf)>,
    levels: Vec<Level>,
    dest_fd: OwnedFd,
    dest: gio::File,
}

impl<'a> Walk<'a> {
    pub fn new(
        rules: Rules<'a>,
        sources: Vec<(usize, PathBuf)>,
        dest_fd: OwnedFd,
        dest: gio::File,
    ) -> Walk<'a> {
        Walk {
            rules,
            tops: sources.into_iter(),
            levels: Vec::new(),
            dest_fd,
            dest,
        }
    }

    /// The next file to send; `None` once everything was handed on, or the copy stopped
    /// or was cancelled.
    pub fn next(&mut self) -> Option<Item> {
        let (ctx, shared) = (self.rules.ctx, self.rules.shared);
        loop {
            if !shared.go_on(ctx) {
                self.name_the_rest();
                return None;
            }
            let Some(level) = self.levels.last_mut() else {
                let (top, src) = self.tops.next()?;
                let item = self.source(top, &src);
                // A file is handed on whole; a folder entered is walked on.
                self.walked_if_done(top);
                match item {
                    Some(item) => return Some(item),
                    None => continue,
                }
            };
            let Some(name) = level.names.next() else {
                let top = level.top;
                self.levels.pop();
                Counters::add(&ctx.counters.folders_done, 1);
                self.walked_if_done(top);
                continue;
            };
            if let Some(item) = self.entry(name) {
                return Some(item);
            }
        }
    }

    /// The walk went through all of `top`, unless it is still inside it.
    fn walked_if_done(&self, top: usize) {
        if self.levels.is_empty()
            && !self.rules.ctx.control.is_cancelled()
            && let Some(w) = self.rules.shared.walked.get(top)
        {
            w.set(true);
        }
    }

    fn trouble(&self, top: usize, path: PathBuf, op: Op, e: std::io::Error) {
        self.rules.shared.stop_if_hopeless(&e);
        self.rules.shared.item_failed(top);
        self.rules.ctx.failed(path, (op, e));
    }

    /// One top-level source: a file to send, or its folder made and entered.
    fn source(&mut self, top: usize, src: &Path) -> Option<Item> {
        let Rules { ctx, shared, .. } = self.rules;
        let Some((parent, name)) = crate::place::folder_and_name(src) else {
            self.trouble(top, src.to_owned(), Op::Open, Errno::INVAL.into());
            return None;
        };
        let cname = CString::new(name.as_bytes()).ok()?;
        let src_dir = match crate::sys::open_dir(parent) {
            Ok(fd) => Arc::new(fd),
            Err(e) => {
                self.trouble(top, src.to_owned(), Op::OpenDir, e);
                return None;
            }
        };
        let meta = match meta_at(&src_dir, &cname) {
            Ok(m) => m,
            Err(e) => {
                self.trouble(top, src.to_owned(), Op::Stat, e.into());
                return None;
            }
        };
        if let Some(slot) = shared.seen.borrow_mut().get_mut(top) {
            *slot = Some(meta);
        }
        let is_dir = meta.kind == FileType::Directory;
        if is_dir && is_inside(&shared.dest, src) {
            shared.item_failed(top);
            ctx.refused(src.to_owned(), Refusal::IntoItself);
            return None;
        }
        let mut target = match self.rules.fit.item(&cname, &meta) {
            Fitted::Keep => cname.clone(),
            Fitted::RenameTo(t) => t,
            Fitted::Skip(why) => {
                shared.item_failed(top);
                ctx.skipped(src.to_owned(), why);
                return None;
            }
        };
        let duplicate =
            self.rules.beside == Beside::Duplicate && same_folder(&src_dir, &self.dest_fd);
        if duplicate {
            target = free_copy_target(&self.dest_fd, &target, is_dir);
        }
        if !is_dir {
            return self.file(
                top,
                (src, &src_dir, &cname),
                &meta,
                (&self.dest.clone(), &shared.dest.clone()),
                target,
                true,
            );
        }
        let (target, new) = if duplicate {
            (target, true)
        } else {
            self.top_folder_target(top, src, &target, &meta)?
        };
        let dst_path = shared.dest.join(OsStr::from_bytes(target.to_bytes()));
        let _ = ctx.tx.send(JobEvent::Placed {
            source: src.to_owned(),
            target: dst_path.clone(),
            new,
        });
        let dst = self.dest.child(OsStr::from_bytes(target.to_bytes()));
        self.enter(top, (src.to_owned(), &src_dir, &cname), dst, dst_path, new)
    }

    /// Where a top-level folder goes: `name` (merging into an existing folder), or a free
    /// name when the rule is to keep both; and whether it is new.
    fn top_folder_target(
        &self,
        top: usize,
        src: &Path,
        name: &CStr,
        meta: &Meta,
    ) -> Option<(CString, bool)> {
        let Rules {
            ctx,
            shared,
            resolver,
            ..
        } = self.rules;
        match meta_at(&self.dest_fd, name) {
            Err(_) => Some((name.to_owned(), true)),
            Ok(existing) if existing.same_file(meta) => {
                if resolver.policy() == ConflictPolicy::Rename {
                    Some((free_target(&self.dest_fd, name), true))
                } else {
                    shared.item_failed(top);
                    ctx.refused(src.to_owned(), Refusal::OntoItself);
                    None
                }
            }
            Ok(existing) if existing.kind == FileType::Directory => {
                let dst = (&self.dest_fd, shared.dest.as_path());
                match resolver.folder_onto_folder(ctx, src, dst, name, meta) {
                    Resolution::Replace => Some((name.to_owned(), false)),
                    Resolution::RenameTo(other) => Some((other, true)),
                    Resolution::Skip => {
                        shared.item_failed(top);
                        None
                    }
                }
            }
            Ok(_) if resolver.policy() == ConflictPolicy::Rename => {
                Some((free_target(&self.dest_fd, name), true))
            }
            Ok(_) => Some((name.to_owned(), false)),
        }
    }

    /// Make the folder `dst` on the server (unless it is there to merge into) and walk
    /// the source folder `src` (the folder `name` in the open folder `parent`) into it.
    fn enter(
        &mut self,
        top: usize,
        (src, parent, name): (PathBuf, &OwnedFd, &CStr),
        dst: gio::File,
        dst_path: PathBuf,
        new: bool,
    ) -> Option<Item> {
        let ctx = self.rules.ctx;
        ctx.counters.add_total(Tally::Folder, 1);
        let made = match new || !dst_path.is_dir() {
            true => dst.make_directory(gio::Cancellable::NONE),
            false => Ok(()),
        };
        // A folder already there is merged into.
        if let Err(e) = made
            && !e.matches(gio::IOErrorEnum::Exists)
        {
            self.trouble(top, src.clone(), Op::Create, io_error(&e));
            return None;
        }
        let src_fd = match crate::sys::open_dir_at(parent, name) {
            Ok(fd) => fd,
            Err(e) => {
                self.trouble(top, src, Op::OpenDir, e);
                return None;
            }
        };
        let mut names = match crate::sys::names_at(&src_fd) {
            Ok(names) => names,
            Err(e) => {
                self.trouble(top, src, Op::ReadDir, e);
                return None;
            }
        };
        names.sort();
        self.levels.push(Level {
            top,
            src: Arc::new(src_fd),
            src_path: src,
            names: names.into_iter(),
            dst,
            dst_path,
        });
        None
    }

    /// One entry of the folder being walked: a file to send, or a folder entered.
    fn entry(&mut self, name: CString) -> Option<Item> {
        let level = self.levels.last()?;
        let top = level.top;
        let src = level.src_path.join(OsStr::from_bytes(name.to_bytes()));
        let meta = match meta_at(&level.src, &name) {
            Ok(m) => m,
            Err(e) => {
                self.trouble(top, src, Op::Stat, e.into());
                return None;
            }
        };
        let target = match self.rules.fit.item(&name, &meta) {
            Fitted::Keep => name.clone(),
            Fitted::RenameTo(t) => t,
            Fitted::Skip(why) => {
                self.rules.shared.item_failed(top);
                self.rules.ctx.skipped(src, why);
                return None;
            }
        };
        let (dst, dst_path) = (level.dst.clone(), level.dst_path.clone());
        let parent = level.src.clone();
        if meta.kind == FileType::Directory {
            let sub = dst.child(OsStr::from_bytes(target.to_bytes()));
            let sub_path = dst_path.join(OsStr::from_bytes(target.to_bytes()));
            return self.enter(top, (src, &parent, &name), sub, sub_path, true);
        }
        self.file(
            top,
            (&src, &parent, &name),
            &meta,
            (&dst, &dst_path),
            target,
            false,
        )
    }

    /// A file to send as `target` in `dst`; a link is made at once, anything else that
    /// is not a regular file is left out.
    fn file(
        &self,
        top: usize,
        (src, src_dir, src_name): (&Path, &Arc<OwnedFd>, &CStr),
        meta: &Meta,
        (dst, dst_path): (&gio::File, &PathBuf),
        target: CString,
        is_top: bool,
    ) -> Option<Item> {
        let ctx = self.rules.ctx;
        match meta.kind {
            FileType::RegularFile => {
                ctx.counters.add_total(Tally::File, 1);
                Counters::add(&ctx.counters.bytes_total, meta.size);
                Some(Item {
                    src: src.to_owned(),
                    src_dir: src_dir.clone(),
                    src_name: src_name.to_owned(),
                    dst_dir: dst.clone(),
                    dst_dir_path: dst_path.clone(),
                    name: target,
                    meta: *meta,
                    top,
                    is_top,
                })
            }
            FileType::Symlink => {
                ctx.counters.add_total(Tally::File, 1);
                let name = OsStr::from_bytes(src_name.to_bytes());
                let made = crate::sys::read_link_at(&**src_dir, name)
                    .map_err(|e| (Op::ReadLink, e))
                    .and_then(|to| {
                        dst.child(OsStr::from_bytes(target.to_bytes()))
                            .make_symbolic_link(OsStr::from_bytes(&to), gio::Cancellable::NONE)
                            .map_err(|e| (Op::Create, io_error(&e)))
                    });
                match made {
                    Ok(()) => ctx.counters.add_done(Tally::File, 1),
                    Err((op, e)) => self.trouble(top, src.to_owned(), op, e),
                }
                None
            }
            _ => {
                self.rules.shared.item_failed(top);
                ctx.skipped(src.to_owned(), SkipReason::SpecialFile);
                None
            }
        }
    }

    /// After a stop (not a cancel), name what the walk did not reach as not copied.
    fn name_the_rest(&mut self) {
        let Rules { ctx, shared, .. } = self.rules;
        let named = shared.stopped.get() && !ctx.control.is_cancelled();
        for level in std::mem::take(&mut self.levels) {
            shared.item_failed(level.top);
            if named {
                for name in level.names {
                    ctx.not_copied(level.src_path.join(OsStr::from_bytes(name.to_bytes())));
                }
            }
        }
        for (top, src) in self.tops.by_ref() {
            shared.item_failed(top);
            if named {
                ctx.not_copied(src);
            }
        }
    }
}
