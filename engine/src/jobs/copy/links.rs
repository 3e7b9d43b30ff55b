//! Hard links inside a copy stay hard links, as `cp -a` keeps them: the first name of a
//! multiply-linked file met by the walk is copied as usual; every later name of the same
//! file waits until the workers are done and is then linked to that copy. Their data is
//! counted once. Where the destination has no hard links (FAT, exFAT, some FUSE), each
//! later name becomes a copy of its own, as before.

use std::collections::{HashMap, HashSet};
use std::ffi::{CStr, CString, OsStr};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::{Arc, Mutex};

use rustix::fs::{AtFlags, FileType};
use rustix::io::Errno;

use crate::error::Op;

use super::super::events::JobEvent;
use super::super::fsops::{self, Meta};
use super::super::progress::Counters;
use super::super::resolve::{Resolution, Resolver};
use super::super::runner::Ctx;
use super::super::sink::Sink;
use super::{DirPair, Shared};

/// A file by device and inode.
type Key = ((u32, u32), u64);

fn key(m: &Meta) -> Option<Key> {
    (m.kind == FileType::RegularFile && m.nlink > 1).then_some((m.dev, m.ino))
}

/// Where the first name of each multiply-linked file was copied to (its folder and name).
#[derive(Default)]
pub(super) struct Copied {
    at: Mutex<HashMap<Key, (Arc<OwnedFd>, CString)>>,
}

impl Copied {
    /// The copy of `meta` is whole at `target` in `dst` (called by the workers).
    pub fn record(&self, meta: &Meta, dst: &Arc<OwnedFd>, target: &CStr) {
        if let Some(k) = key(meta) {
            let mut at = self.at.lock().unwrap_or_else(|p| p.into_inner());
            at.entry(k)
                .or_insert_with(|| (dst.clone(), target.to_owned()));
        }
    }

    fn get(&self, k: &Key) -> Option<(Arc<OwnedFd>, CString)> {
        let at = self.at.lock().unwrap_or_else(|p| p.into_inner());
        at.get(k).cloned()
    }
}

/// A later name of a file already handed to the workers, to link once they are done.
pub(super) struct Later {
    /// Holds its folders open (and the destination folder's times unset) until then.
    pair: Arc<DirPair>,
    name: CString,
    target: CString,
    meta: Meta,
}

/// The walk's side: which files with several links it has met.
#[derive(Default)]
pub(super) struct Links {
    met: HashSet<Key>,
    later: Vec<Later>,
}

impl Links {
    /// Whether `name` of `pair` is a later name of a file met before; if so it is kept
    /// for [`link_later`] (and counted as a file to do, with no bytes).
    pub fn defer(
        &mut self,
        ctx: &Ctx,
        pair: &Arc<DirPair>,
        name: &CStr,
        target: &CStr,
        meta: &Meta,
    ) -> bool {
        let Some(k) = key(meta) else { return false };
        if self.met.insert(k) {
            return false;
        }
        Counters::add(&ctx.counters.files_total, 1);
        self.later.push(Later {
            pair: pair.clone(),
            name: name.to_owned(),
            target: target.to_owned(),
            meta: *meta,
        });
        true
    }

    pub fn take(&mut self) -> Vec<Later> {
        std::mem::take(&mut self.later)
    }
}

/// With the workers done: link each later name to the copy of its file's first name.
pub(super) fn link_later(
    ctx: &Ctx,
    later: Vec<Later>,
    resolver: &Resolver,
    shared: &Shared,
    sink: &Sink<'_>,
) {
    for l in later {
        let path = l.pair.src_path.join(OsStr::from_bytes(l.name.to_bytes()));
        if !shared.go_on(ctx) {
            shared.item_failed(l.pair.top);
            shared.not_arrived(ctx, path);
            continue;
        }
        let Some((from_dir, from_name)) = key(&l.meta).and_then(|k| shared.links.get(&k)) else {
            // Its first name was not copied (that failure is reported): neither is this.
            shared.item_failed(l.pair.top);
            shared.not_arrived(ctx, path);
            continue;
        };
        link_one(
            ctx,
            &l,
            &path,
            (&from_dir, &from_name),
            resolver,
            shared,
            sink,
        );
    }
}

fn link_one(
    ctx: &Ctx,
    l: &Later,
    path: &Path,
    (from_dir, from_name): (&OwnedFd, &CStr),
    resolver: &Resolver,
    shared: &Shared,
    sink: &Sink<'_>,
) {
    let dst = &l.pair.dst;
    let mut target = l.target.clone();
    let mut replace = false;
    loop {
        if replace {
            let _ = rustix::fs::unlinkat(&**dst, &target, AtFlags::empty());
        }
        match rustix::fs::linkat(from_dir, from_name, &**dst, &target, AtFlags::empty()) {
            Ok(()) => return placed(ctx, l, path, shared, &target, replace),
            Err(Errno::EXIST) if !replace => {
                match resolver.resolve(ctx, path, (dst, &l.pair.dst_path), &target, &l.meta) {
                    Resolution::Replace => replace = true,
                    Resolution::RenameTo(t) => target = t,
                    Resolution::Skip => {
                        shared.item_failed(l.pair.top);
                        return;
                    }
                }
            }
            // No hard links here: a copy of its own, as `cp -r` makes.
            Err(Errno::PERM | Errno::OPNOTSUPP | Errno::MLINK | Errno::XDEV | Errno::NOSYS) => {
                Counters::add(&ctx.counters.bytes_total, l.meta.size);
                // Nothing is at `target` now (a replaced file was removed above).
                let made = fsops::create_copy(&l.meta, dst, &target, false).and_then(|created| {
                    let source = fsops::Source {
                        dir: &l.pair.src,
                        name: &l.name,
                        meta: &l.meta,
                        remote: None,
                    };
                    fsops::fill_copy(created, &source, dst, &target, sink)
                });
                if let Err(e) = made {
                    shared.stop_if_hopeless(&e);
                    shared.item_failed(l.pair.top);
                    ctx.failed(path.to_owned(), e);
                    return;
                }
                // A copy of its own is read back as any other.
                if let Some(checks) = &shared.checks {
                    checks.add(&l.pair, &l.name, &target);
                }
                return placed(ctx, l, path, shared, &target, replace);
            }
            Err(e) => {
                let e = (Op::Create, e.into());
                shared.stop_if_hopeless(&e);
                shared.item_failed(l.pair.top);
                ctx.failed(path.to_owned(), e);
                return;
            }
        }
    }
}

/// The later name `l` is at `target` (`replaced`: over an existing file).
fn placed(ctx: &Ctx, l: &Later, path: &Path, shared: &Shared, target: &CStr, replaced: bool) {
    Counters::add(&ctx.counters.files_done, 1);
    if l.pair.finish.is_none() {
        let _ = ctx.tx.send(JobEvent::Placed {
            source: path.to_owned(),
            target: shared.dest.join(OsStr::from_bytes(target.to_bytes())),
            new: !replaced,
        });
    }
}
