//! Writing one archive entry beneath its landing folder: its path fitted to the
//! destination's name rules, a name already there resolved by the job's conflict rule, a
//! file's content written through the job's sink (progress, pause, cancel, writeback
//! windows) and never past the size the archive states, nor past the free space when it
//! states none.

use std::ffi::{CStr, CString, OsStr};
use std::io::Read;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{AtFlags, FileType};
use rustix::io::Errno;

use crate::archive::beneath::{Beneath, new_file_at, set_mtime};
use crate::archive::list::Kind;
use crate::archive::names::inside;
use crate::archive::read::{Flow, Head};
use crate::error::{ArchiveTrouble, IoError, Op};

use super::super::data_sink::DataSink;
use super::super::events::SkipReason;
use super::super::fit::Fit;
use super::super::fsops::{Meta, write_all};
use super::super::progress::{CURRENT_FILE_MIN, Tally};
use super::super::resolve::{Resolution, Resolver};
use super::super::runner::Ctx;
use super::super::sink::Sink;
use super::written::Written;

/// Where one archive's entries go, and the job's tools for writing them.
pub struct Place<'a> {
    pub beneath: &'a Beneath,
    /// The destination folder.
    pub dest: &'a Path,
    /// The landing folder, relative to the destination.
    pub folder: &'a Path,
    /// The folder the entries are shown in, in reports: the landing folder in the
    /// destination, or where they are expected to land when that is known only at the
    /// end.
    pub shown_in: &'a Path,
    /// The entries share a top folder, which the landing folder stands for.
    pub strip_top: bool,
    /// Only these entries are written (see [`super::plan::picked`]).
    pub pick: Option<&'a [PathBuf]>,
    pub archive: &'a Path,
    pub fit: &'a Fit,
    pub resolver: &'a Resolver,
    pub sink: &'a Sink<'a>,
    /// The most a file whose size the archive does not state may grow to.
    pub unstated_bound: u64,
}

/// Bytes read from an entry at once, at most and at least.
const BUF: usize = 256 * 1024;
const MIN_BUF: usize = 4096;

/// Why writing an entry ended the archive's extraction early.
pub enum Stop {
    /// The job was cancelled.
    Cancelled,
    /// The destination failed in a way the next entries would too (full, gone).
    Destination,
}

impl Place<'_> {
    /// Write the entry `head` with its `content`; what was made goes into `written`.
    pub fn write(
        &self,
        ctx: &Ctx,
        head: &Head,
        content: &mut dyn Read,
        written: &mut Written,
    ) -> Result<(), Stop> {
        if !ctx.control.checkpoint() {
            return Err(Stop::Cancelled);
        }
        let checked = inside(&head.raw_name);
        let checked = match (self.pick, checked) {
            (None, c) => c,
            // What was not picked is passed over, whatever its name.
            (Some(pick), Ok(path)) => match super::plan::picked(&path, pick) {
                Some(rel) => Ok(rel),
                None => return Ok(()),
            },
            (Some(_), Err(_)) => return Ok(()),
        };
        let shown = self.shown(&head.raw_name);
        let Ok(path) = checked else {
            let leaves = ArchiveTrouble::NameLeaves.io();
            ctx.failed_with(shown.clone(), IoError::new(Op::Create, shown, leaves));
            return Ok(());
        };
        let mut parts = path.iter();
        if self.strip_top {
            parts.next();
        }
        let is_dir = head.kind == Kind::Folder;
        let Some(rel) = self.fitted(ctx, parts, is_dir, head.size, &shown) else {
            return Ok(());
        };
        let shown = self
            .shown_in
            .join(rel.strip_prefix(self.folder).unwrap_or(&rel));
        let made_before = written.len();
        let done = match (&head.kind, &head.link) {
            (Kind::Folder, _) => self.folder(ctx, head, &rel, &shown, written),
            (Kind::File, _) => self.file(ctx, head, content, &rel, &shown, written),
            (Kind::Symlink, Some(target)) => self.link(ctx, head, target, &rel, &shown, written),
            (Kind::HardLink, Some(target)) => self.hard_link(ctx, target, &rel, &shown, written),
            (Kind::Symlink | Kind::HardLink, None) => {
                let damaged = ArchiveTrouble::Damaged.io();
                ctx.failed_with(shown, IoError::new(Op::ReadArchive, self.archive, damaged));
                Ok(())
            }
            (Kind::Other, _) => {
                ctx.skipped(shown, SkipReason::SpecialFile);
                Ok(())
            }
        };
        // A folder there already counts as done; a file or link when it was made.
        if done.is_ok() && (is_dir || written.len() > made_before) {
            ctx.counters
                .add_done(if is_dir { Tally::Folder } else { Tally::File }, 1);
        }
        done
    }

    /// An entry's name as a path to show (a name that leaves the folder shown as if it
    /// were inside it: it is never written there or anywhere).
    fn shown(&self, raw: &[u8]) -> PathBuf {
        let lossy = String::from_utf8_lossy(raw);
        let mut name = lossy.trim_start_matches('/');
        if self.strip_top {
            // The top folder is the landing folder.
            name = name.split_once('/').map_or("", |(_, rest)| rest);
        }
        self.shown_in.join(name)
    }

    /// The entry's path inside the destination: the landing folder, then each part
    /// fitted to the destination's rules; `None` when the entry is left out for them.
    fn fitted<'p>(
        &self,
        ctx: &Ctx,
        parts: impl Iterator<Item = &'p OsStr>,
        is_dir: bool,
        size: u64,
        shown: &Path,
    ) -> Option<PathBuf> {
        let parts: Vec<&OsStr> = parts.collect();
        let mut rel = self.folder.to_owned();
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            match self.fit.part(part.as_bytes(), is_dir || !last, size) {
                Ok(None) => rel.push(part),
                Ok(Some(fixed)) => rel.push(OsStr::from_bytes(&fixed)),
                Err(why) => {
                    ctx.skipped(shown.to_owned(), why);
                    return None;
                }
            }
        }
        Some(rel)
    }

    fn folder(
        &self,
        ctx: &Ctx,
        head: &Head,
        rel: &Path,
        shown: &Path,
        written: &mut Written,
    ) -> Result<(), Stop> {
        let mut made = Vec::new();
        let new = self
            .beneath
            .folder(rel, head.mode.unwrap_or(0o755), &mut made);
        written.made_on_the_way(made);
        match new {
            Ok(new) => {
                if new {
                    written.made(rel, true);
                }
                written.folder_entry(rel, head.mode.unwrap_or(0o755), head.mtime);
                Ok(())
            }
            Err(e) => self.write_failed(ctx, shown, Op::Create, e),
        }
    }

    fn file(
        &self,
        ctx: &Ctx,
        head: &Head,
        content: &mut dyn Read,
        rel: &Path,
        shown: &Path,
        written: &mut Written,
    ) -> Result<(), Stop> {
        let mode = head.mode.unwrap_or(0o644);
        let meta = Meta::stated(FileType::RegularFile, head.size, head.mtime);
        let make = |parent: &OwnedFd, name: &CStr| new_file_at(parent, name, mode);
        let Some((parent, name, out)) = self.make_new(ctx, rel, shown, &meta, written, make)?
        else {
            return Ok(());
        };
        let out = Arc::new(out);
        let made = rel.with_file_name(OsStr::from_bytes(name.to_bytes()));
        written.made(&made, false);
        if head.size >= CURRENT_FILE_MIN {
            ctx.counters.set_current(shown.to_owned());
        }
        let bound = if head.size > 0 {
            head.size
        } else {
            self.unstated_bound
        };
        match self.content(content, &out, bound, head.size) {
            Ok(handed) => {
                if let Err(e) = set_mtime(&out, head.mtime) {
                    tracing::debug!("cannot set the time of {}: {e}", shown.display());
                }
                if let Err((op, e)) = self.sink.complete(&out, handed.0, handed.1, &parent) {
                    return self.write_failed(ctx, shown, op, e);
                }
                Ok(())
            }
            Err(Fault::Cancelled) => Err(Stop::Cancelled),
            Err(Fault::Read(e)) => {
                // What could not be read is not kept half-written.
                let _ = rustix::fs::unlinkat(&parent, &name, AtFlags::empty());
                ctx.failed_with(
                    shown.to_owned(),
                    IoError::new(Op::ReadArchive, self.archive, e),
                );
                Ok(())
            }
            Err(Fault::Write(op, e)) => {
                let _ = rustix::fs::unlinkat(&parent, &name, AtFlags::empty());
                self.write_failed(ctx, shown, op, e)
            }
        }
    }

    /// Copy `content` into `out`, at most `bound` bytes; the bytes handed to the device
    /// and written in all.
    fn content(
        &self,
        content: &mut dyn Read,
        out: &Arc<OwnedFd>,
        bound: u64,
        size: u64,
    ) -> Result<(u64, u64), Fault> {
        // Sized for the entry: most are small, and a zeroed buffer costs its size.
        let mut buf = vec![
            0u8;
            usize::try_from(size)
                .map_or(BUF, |s| s.saturating_add(1).clamp(MIN_BUF, BUF))
        ];
        let (mut total, mut handed) = (0u64, 0u64);
        loop {
            let n = match content.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Fault::Read(e)),
            };
            total += n as u64;
            if total > bound {
                return Err(Fault::Read(ArchiveTrouble::LargerThanStated.io()));
            }
            write_all(out, &buf[..n]).map_err(|e| Fault::Write(Op::Write, e))?;
            self.sink
                .wrote(out, n as u64, total, &mut handed, size)
                .map_err(|(op, e)| Fault::Write(op, e))?;
            if !self.sink.proceed() {
                return Err(Fault::Cancelled);
            }
        }
        if total < size {
            // Cut short: the archive ends inside this entry.
            return Err(Fault::Read(ArchiveTrouble::Damaged.io()));
        }
        Ok((handed, total))
    }

    fn link(
        &self,
        ctx: &Ctx,
        head: &Head,
        target: &[u8],
        rel: &Path,
        shown: &Path,
        written: &mut Written,
    ) -> Result<(), Stop> {
        let meta = Meta::stated(FileType::Symlink, 0, head.mtime);
        let make = |parent: &OwnedFd, name: &CStr| {
            rustix::fs::symlinkat(target, parent, name).map_err(std::io::Error::from)
        };
        if let Some((_, name, ())) = self.make_new(ctx, rel, shown, &meta, written, make)? {
            written.made(
                &rel.with_file_name(OsStr::from_bytes(name.to_bytes())),
                false,
            );
        }
        Ok(())
    }

    /// A second name `rel` for the file `target` names in the archive, written before it
    /// (a target outside the folder, or not there, fails alone; nothing is written
    /// through the link: it is only a name).
    fn hard_link(
        &self,
        ctx: &Ctx,
        target: &[u8],
        rel: &Path,
        shown: &Path,
        written: &mut Written,
    ) -> Result<(), Stop> {
        let Some(target) = self.written_as(target) else {
            let leaves = ArchiveTrouble::NameLeaves.io();
            ctx.failed_with(shown.to_owned(), IoError::new(Op::Create, shown, leaves));
            return Ok(());
        };
        let (from, from_name) = match self.beneath.walk_to_parent(&target) {
            Ok(found) => found,
            Err(e) => return self.write_failed(ctx, shown, Op::Create, e),
        };
        let meta = Meta::stated(FileType::RegularFile, 0, 0);
        let make = |parent: &OwnedFd, name: &CStr| {
            rustix::fs::linkat(&from, &from_name, parent, name, AtFlags::empty())
                .map_err(std::io::Error::from)
        };
        if let Some((_, name, ())) = self.make_new(ctx, rel, shown, &meta, written, make)? {
            written.made(
                &rel.with_file_name(OsStr::from_bytes(name.to_bytes())),
                false,
            );
        }
        Ok(())
    }

    /// Where the entry named `raw` in the archive was written, relative to the
    /// destination (as [`Place::write`] places it, without reporting anything); `None`
    /// when it is not placed in the folder at all.
    fn written_as(&self, raw: &[u8]) -> Option<PathBuf> {
        let path = inside(raw).ok()?;
        let path = match self.pick {
            None => path,
            Some(pick) => super::plan::picked(&path, pick)?,
        };
        let mut parts: Vec<&OsStr> = path.iter().collect();
        if self.strip_top && !parts.is_empty() {
            parts.remove(0);
        }
        let mut rel = self.folder.to_owned();
        for (i, part) in parts.iter().enumerate() {
            match self.fit.part(part.as_bytes(), i + 1 < parts.len(), 0) {
                Ok(None) => rel.push(part),
                Ok(Some(fixed)) => rel.push(OsStr::from_bytes(&fixed)),
                Err(_) => return None,
            }
        }
        (rel != self.folder).then_some(rel)
    }

    /// Make `rel` new with `make` (given its folder and a name): under its own name, or,
    /// when that is taken, under what the conflict rule gives (what is there replaced:
    /// removed first). The folder, the name it took and what `make` gave; `None` when the
    /// entry is left out or could not be made (reported).
    fn make_new<T>(
        &self,
        ctx: &Ctx,
        rel: &Path,
        shown: &Path,
        meta: &Meta,
        written: &mut Written,
        make: impl Fn(&OwnedFd, &CStr) -> std::io::Result<T>,
    ) -> Result<Option<(Arc<OwnedFd>, CString, T)>, Stop> {
        let mut made = Vec::new();
        let found = self.beneath.parent_of(rel, &mut made);
        written.made_on_the_way(made);
        let (parent, name) = match found {
            Ok(found) => found,
            Err(e) => return self.write_failed(ctx, shown, Op::Create, e).map(|()| None),
        };
        let e = match make(&parent, &name) {
            Ok(t) => return Ok(Some((parent, name, t))),
            Err(e) => e,
        };
        if e.raw_os_error() != Some(libc::EEXIST) {
            return self.write_failed(ctx, shown, Op::Create, e).map(|()| None);
        }
        let folder = shown.parent().unwrap_or(self.dest).to_owned();
        let name = match self
            .resolver
            .resolve(ctx, shown, (&parent, &folder), &name, meta)
        {
            Resolution::Skip => return Ok(None),
            Resolution::RenameTo(other) => other,
            Resolution::Replace => match rustix::fs::unlinkat(&parent, &name, AtFlags::empty()) {
                Ok(()) | Err(Errno::NOENT) => name,
                Err(e) => {
                    return self
                        .write_failed(ctx, shown, Op::Remove, e.into())
                        .map(|()| None);
                }
            },
        };
        match make(&parent, &name) {
            Ok(t) => Ok(Some((parent, name, t))),
            Err(e) => self.write_failed(ctx, shown, Op::Create, e).map(|()| None),
        }
    }

    /// Report a failed write of `shown`; a destination that is full or gone stops the
    /// archive's extraction (every next entry would fail the same way).
    fn write_failed(&self, ctx: &Ctx, shown: &Path, op: Op, e: std::io::Error) -> Result<(), Stop> {
        let fatal = matches!(
            e.raw_os_error(),
            Some(libc::ENOSPC | libc::EDQUOT | libc::EROFS | libc::EIO | libc::ENOTCONN)
        );
        ctx.failed_with(shown.to_owned(), IoError::new(op, shown, e));
        if fatal {
            Err(Stop::Destination)
        } else {
            Ok(())
        }
    }
}

/// How copying a file's content failed.
enum Fault {
    Cancelled,
    Read(std::io::Error),
    Write(Op, std::io::Error),
}

/// The entry walk's answer for how an entry went.
pub fn flow(r: &Result<(), Stop>) -> Flow {
    match r {
        Ok(()) => Flow::Next,
        Err(_) => Flow::Stop,
    }
}
