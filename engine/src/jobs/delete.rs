//! Deleting: many separate paths are grouped by folder and spread over worker threads;
//! folders are removed as trees (`tree.rs`); a symlink is never followed.

mod tree;

use std::collections::BTreeMap;
use std::ffi::{CStr, CString, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{AtFlags, FileType};
use rustix::io::Errno;

use crate::error::Op;

use super::control::{Control, Job};
use super::events::JobState;
use super::progress::{Counters, Tally};
use super::runner::{Ctx, spawn};

/// Delete `paths` for good (files, links, whole folders).
pub(super) fn delete_with(paths: Vec<PathBuf>, control: Arc<Control>) -> Job {
    spawn("delete", control, move |ctx| {
        ctx.state(JobState::Deleting);
        delete_paths(ctx, &paths, &ctx.counters, Stop::OnCancel);
        ctx.final_state()
    })
}

/// Whether a cancel stops the deleting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    OnCancel,
    /// Finish regardless: a cancelled move still removes the sources it moved whole.
    Never,
}

impl Stop {
    fn go_on(self, ctx: &Ctx) -> bool {
        self == Stop::Never || ctx.control.checkpoint()
    }
}

/// Delete each path, on several threads when there are many.
/// Progress goes to `counters` (a move keeps its removals out of its copy figures). Each
/// path is planned as a file at first (telling the kinds apart up front would cost a stat
/// each); one that turns out to be a folder moves to the folders to do when it is met.
pub(crate) fn delete_paths(ctx: &Ctx, paths: &[PathBuf], counters: &Counters, stop: Stop) {
    counters.add_total(Tally::File, paths.len() as u64);
    // Group by folder: each folder is opened once.
    let mut groups: BTreeMap<&Path, Vec<&OsStr>> = BTreeMap::new();
    for p in paths {
        match crate::place::folder_and_name(p) {
            Some((parent, name)) => groups.entry(parent).or_default().push(name),
            None => ctx.failed(p.clone(), (Op::Remove, Errno::INVAL.into())),
        }
    }
    let work: Vec<(&Path, &OsStr)> = groups
        .iter()
        .flat_map(|(d, names)| names.iter().map(move |n| (*d, *n)))
        .collect();
    let threads = if work.len() >= 64 {
        super::workers()
    } else {
        1
    };
    let per = work.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for part in work.chunks(per) {
            s.spawn(move || delete_group(ctx, counters, part, stop));
        }
    });
}

/// Delete names that come sorted by folder, opening each folder once.
fn delete_group(ctx: &Ctx, counters: &Counters, items: &[(&Path, &OsStr)], stop: Stop) {
    let mut buf = vec![MaybeUninit::<u8>::uninit(); 64 * 1024];
    let mut open: Option<(&Path, OwnedFd)> = None;
    for (i, &(dir, name)) in items.iter().enumerate() {
        if i % 64 == 0 && !stop.go_on(ctx) {
            return;
        }
        if open.as_ref().map(|(d, _)| *d) != Some(dir) {
            match crate::sys::open_dir(dir) {
                Ok(fd) => open = Some((dir, fd)),
                Err(e) => {
                    ctx.failed(dir.join(name), (Op::OpenDir, e));
                    open = None;
                    continue;
                }
            }
        }
        let Some((_, fd)) = &open else { continue };
        let Ok(cname) = CString::new(name.as_bytes()) else {
            continue;
        };
        let path = dir.join(name);
        remove_entry(ctx, counters, (fd, &cname, &path), None, &mut buf, stop);
    }
}

/// Remove `name` in `dir` (found at `path`): a file or link at once, a folder with
/// everything in it. Without a `kind`, the entry was planned as a file.
fn remove_entry(
    ctx: &Ctx,
    counters: &Counters,
    (dir, name, path): (&OwnedFd, &CStr, &Path),
    kind: Option<FileType>,
    buf: &mut [MaybeUninit<u8>],
    stop: Stop,
) {
    if kind != Some(FileType::Directory) {
        match rustix::fs::unlinkat(dir, name, AtFlags::empty()) {
            Ok(()) => {
                counters.add_done(Tally::File, 1);
                return;
            }
            // A folder (EPERM where a filesystem says so for folders).
            Err(Errno::ISDIR) | Err(Errno::PERM) if kind.is_none() => counters.file_was_folder(),
            Err(e) => {
                ctx.failed(path.to_owned(), (Op::Remove, e.into()));
                return;
            }
        }
    }
    tree::remove_tree(ctx, counters, (dir, name, path), buf, stop);
}
