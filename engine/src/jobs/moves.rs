//! Moving: `rename` per top-level item where it can; across filesystems (or to merge into
//! an existing folder) copy, then delete only the sources whose copies are complete.

use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{FileType, RenameFlags};
use rustix::io::Errno;

use crate::error::Op;
use crate::place::folder_and_name;

use super::conflict::ConflictPolicy;
use super::control::{Control, Job};
use super::events::{JobEvent, JobState, SkipReason};
use super::fsops::{Meta, meta_at};
use super::progress::{Counters, Tally};
use super::resolve::{Resolution, Resolver};
use super::runner::{Ctx, spawn};
use super::{JobSpec, Refusal, copy, copying, delete};

/// Move `spec.sources` into the folder `spec.dest`.
pub(super) fn move_with(spec: JobSpec, control: Arc<Control>) -> Job {
    spawn("move", control, move |ctx| run(ctx, &spec))
}

fn run(ctx: &Ctx, spec: &JobSpec) -> JobState {
    let dest = match crate::sys::open_dir(&spec.dest) {
        Ok(fd) => fd,
        Err(e) => {
            ctx.failed(spec.dest.clone(), (Op::OpenDir, e));
            return JobState::Failed;
        }
    };
    ctx.state(JobState::Copying);
    let resolver = Resolver::new(spec.on_conflict);
    let mut by_copy: Vec<(usize, &PathBuf)> = Vec::new();
    for (i, src) in spec.sources.iter().enumerate() {
        if !ctx.control.checkpoint() {
            break;
        }
        if rename_one(ctx, src, &spec.dest, &dest, &resolver) == Renamed::NeedsCopy {
            by_copy.push((i, src));
        }
    }
    if by_copy.is_empty() || ctx.control.is_cancelled() {
        return ctx.final_state();
    }
    let mut outcome = copying::copy_some(ctx, spec, &by_copy, copy::Beside::Conflict);
    if !outcome.on_device && !outcome.flush_failed && outcome.whole.contains(&true) {
        // A local disk got no windows: one flush before any source goes.
        ctx.state(JobState::WritingToDevice);
        if let Err(e) = rustix::fs::syncfs(&dest) {
            ctx.failed(spec.dest.clone(), (Op::Flush, e.into()));
            outcome.whole.iter_mut().for_each(|w| *w = false);
            outcome.aborted = true;
        }
    }
    // Only sources copied whole and on the device are removed; the others stay, and so
    // does a source that changed since its copy began.
    let done: Vec<PathBuf> = by_copy
        .iter()
        .filter(|(i, _)| outcome.whole[*i])
        .filter(|(i, p)| {
            let same = unchanged(p, outcome.seen[*i].as_ref());
            if !same {
                ctx.skipped((*p).clone(), SkipReason::ChangedMeanwhile);
            }
            same
        })
        .map(|(_, p)| (*p).clone())
        .collect();
    if !done.is_empty() {
        ctx.state(JobState::RemovingSources);
        // A cancel during the copy does not stop this: these sources were moved whole.
        delete::delete_paths(ctx, &done, &Counters::default(), delete::Stop::Never);
    }
    outcome.state(ctx)
}

/// Is the source at `path` still what the copy saw (same file, size and times)? A folder
/// counts as changed when entries were added to it or removed from it.
fn unchanged(path: &Path, seen: Option<&Meta>) -> bool {
    let Some(seen) = seen else { return false };
    let Some((parent, name)) = folder_and_name(path) else {
        return false;
    };
    let (Ok(cname), Ok(dir)) = (CString::new(name.as_bytes()), crate::sys::open_dir(parent)) else {
        return false;
    };
    meta_at(&dir, &cname)
        .is_ok_and(|now| now.same_file(seen) && now.size == seen.size && now.mtime == seen.mtime)
}

#[derive(Debug, PartialEq, Eq)]
enum Renamed {
    Done,
    NeedsCopy,
}

/// Try to move one source by renaming it.
fn rename_one(
    ctx: &Ctx,
    src: &Path,
    dest_path: &Path,
    dest: &std::os::fd::OwnedFd,
    resolver: &Resolver,
) -> Renamed {
    let Some((parent, name)) = folder_and_name(src) else {
        ctx.failed(src.to_owned(), (Op::Rename, Errno::INVAL.into()));
        return Renamed::Done;
    };
    let (Ok(cname), Ok(parent_fd)) = (CString::new(name.as_bytes()), crate::sys::open_dir(parent))
    else {
        ctx.failed(src.to_owned(), (Op::OpenDir, Errno::NOENT.into()));
        return Renamed::Done;
    };
    let meta = match meta_at(&parent_fd, &cname) {
        Ok(m) => m,
        Err(e) => {
            ctx.failed(src.to_owned(), (Op::Stat, e.into()));
            return Renamed::Done;
        }
    };
    let is_dir = meta.kind == FileType::Directory;
    if is_dir && copy::is_inside(dest_path, src) {
        ctx.refused(src.to_owned(), Refusal::IntoItself);
        return Renamed::Done;
    }
    let mut target = cname.clone();
    let mut flags = RenameFlags::NOREPLACE;
    loop {
        match rustix::fs::renameat_with(&parent_fd, &cname, dest, &target, flags) {
            Ok(()) => {
                // Counted only here: an item that falls back to a copy is counted there.
                // A folder renamed whole counts as one folder, whatever it holds.
                let tally = Tally::of(meta.kind);
                ctx.counters.add_total(tally, 1);
                ctx.counters.add_done(tally, 1);
                let _ = ctx.tx.send(JobEvent::Placed {
                    source: src.to_owned(),
                    target: dest_path.join(OsStr::from_bytes(target.as_bytes())),
                    new: flags == RenameFlags::NOREPLACE,
                });
                return Renamed::Done;
            }
            Err(Errno::XDEV) => return Renamed::NeedsCopy,
            Err(Errno::EXIST) if flags == RenameFlags::NOREPLACE => {
                let existing_dir = meta_at(dest, &target)
                    .map(|m| m.kind == FileType::Directory && !m.same_file(&meta))
                    .unwrap_or(false);
                if is_dir && existing_dir && resolver.policy() != ConflictPolicy::Rename {
                    // Folders merge: entry by entry, through a copy.
                    return Renamed::NeedsCopy;
                }
                match resolver.resolve(ctx, src, (dest, dest_path), &target, &meta) {
                    Resolution::Replace => flags = RenameFlags::empty(),
                    Resolution::RenameTo(t) => target = t,
                    Resolution::Skip => return Renamed::Done,
                }
            }
            Err(e) => {
                ctx.failed(src.to_owned(), (Op::Rename, e.into()));
                return Renamed::Done;
            }
        }
    }
}
