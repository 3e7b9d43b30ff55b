//! Deleting: fd-relative tree removal (`openat` + `unlinkat`), one open folder per level,
//! never following a symlink; many separate paths are grouped by folder and spread over
//! worker threads.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{AtFlags, FileType, RawDir};
use rustix::io::Errno;

use crate::error::Op;

use super::control::{Control, Job};
use super::events::JobState;
use super::fsops::open_dir_at;
use super::progress::Counters;
use super::runner::{Ctx, spawn};

/// Delete `paths` for good (files, links, whole folders).
pub fn delete(paths: Vec<PathBuf>) -> Job {
    delete_with(paths, Control::new())
}

/// [`delete`], steered through a given control.
pub fn delete_with(paths: Vec<PathBuf>, control: Arc<Control>) -> Job {
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
/// Progress goes to `counters` (a move keeps its removals out of its copy figures).
pub(crate) fn delete_paths(ctx: &Ctx, paths: &[PathBuf], counters: &Counters, stop: Stop) {
    Counters::add(&counters.files_total, paths.len() as u64);
    // Group by folder: each folder is opened once.
    let mut groups: BTreeMap<&Path, Vec<&OsStr>> = BTreeMap::new();
    for p in paths {
        match (p.parent(), p.file_name()) {
            (Some(parent), Some(name)) => {
                let parent = if parent.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    parent
                };
                groups.entry(parent).or_default().push(name);
            }
            _ => ctx.failed(p.clone(), (Op::Remove, Errno::INVAL.into())),
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
/// everything in it.
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
                Counters::add(&counters.files_done, 1);
                return;
            }
            Err(Errno::ISDIR) | Err(Errno::PERM) if kind.is_none() => {}
            Err(e) => {
                ctx.failed(path.to_owned(), (Op::Remove, e.into()));
                return;
            }
        }
    }
    remove_tree(ctx, counters, (dir, name, path), buf, stop);
}

/// One level of a tree being removed.
struct Level {
    fd: OwnedFd,
    name: CString,
    path: PathBuf,
    /// Subfolders still to remove.
    subdirs: Vec<CString>,
    /// Reading it again once, in case entries appeared meanwhile.
    reread: bool,
}

/// Remove the folder `name` of `parent` and everything below it, depth first, holding
/// one open folder per level (no path is resolved twice, depth costs nothing extra).
fn remove_tree(
    ctx: &Ctx,
    counters: &Counters,
    (parent, name, path): (&OwnedFd, &CStr, &Path),
    buf: &mut [MaybeUninit<u8>],
    stop: Stop,
) {
    let fd = match open_dir_at(parent, name) {
        Ok(fd) => fd,
        Err(e) => return ctx.failed(path.to_owned(), (Op::OpenDir, e.into())),
    };
    counters.set_current(path.to_owned());
    let mut stack = vec![Level {
        subdirs: Vec::new(),
        fd,
        name: name.to_owned(),
        path: path.to_owned(),
        reread: false,
    }];
    empty_files(ctx, counters, stack.last_mut(), buf);
    while let Some(top) = stack.last_mut() {
        if !stop.go_on(ctx) {
            return;
        }
        if let Some(sub) = top.subdirs.pop() {
            let sub_path = top.path.join(OsStr::from_bytes(sub.to_bytes()));
            match open_dir_at(&top.fd, &sub) {
                Ok(fd) => {
                    counters.set_current(sub_path.clone());
                    stack.push(Level {
                        fd,
                        name: sub,
                        path: sub_path,
                        subdirs: Vec::new(),
                        reread: false,
                    });
                    empty_files(ctx, counters, stack.last_mut(), buf);
                }
                Err(e) => ctx.failed(sub_path, (Op::OpenDir, e.into())),
            }
            continue;
        }
        let Some(done) = stack.pop() else { break };
        let parent_fd = stack.last().map(|l| &l.fd).unwrap_or(parent);
        match rustix::fs::unlinkat(parent_fd, &done.name, AtFlags::REMOVEDIR) {
            Ok(()) => Counters::add(&counters.files_done, 1),
            Err(Errno::NOTEMPTY) if !done.reread => {
                // Something appeared while we worked: one more pass.
                let mut again = done;
                again.reread = true;
                stack.push(again);
                empty_files(ctx, counters, stack.last_mut(), buf);
            }
            Err(e) => ctx.failed(done.path, (Op::Remove, e.into())),
        }
    }
}

/// Unlink every non-folder entry of a level and note its subfolders. The folder is read
/// whole first, then emptied (unlinking while reading makes each read slower).
fn empty_files(
    ctx: &Ctx,
    counters: &Counters,
    level: Option<&mut Level>,
    buf: &mut [MaybeUninit<u8>],
) {
    let Some(level) = level else { return };
    let mut names = crate::entry::Names::default();
    let mut files: Vec<(crate::entry::NameRef, FileType)> = Vec::new();
    let mut raw = RawDir::new(&level.fd, buf);
    while let Some(item) = raw.next() {
        let item = match item {
            Ok(i) => i,
            Err(e) => {
                ctx.failed(level.path.clone(), (Op::ReadDir, e.into()));
                break;
            }
        };
        let name = item.file_name();
        if matches!(name.to_bytes(), b"." | b"..") {
            continue;
        }
        let t = item.file_type();
        if t == FileType::Directory {
            level.subdirs.push(name.to_owned());
        } else {
            files.push((names.push(name.to_bytes_with_nul()), t));
        }
    }
    Counters::add(
        &counters.files_total,
        (files.len() + level.subdirs.len()) as u64,
    );
    let fd = &level.fd;
    let path = &level.path;
    let names = &names;
    if files.len() < PARALLEL_UNLINK {
        let found = unlink_files(ctx, counters, fd, path, names, &files);
        level.subdirs.extend(found);
        return;
    }
    let per = files.len().div_ceil(super::workers());
    let found: Vec<Vec<CString>> = std::thread::scope(|s| {
        let parts: Vec<_> = files
            .chunks(per)
            .map(|part| s.spawn(move || unlink_files(ctx, counters, fd, path, names, part)))
            .collect();
        parts
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    level.subdirs.extend(found.into_iter().flatten());
}

/// A folder with at least this many files has them unlinked on several threads.
const PARALLEL_UNLINK: usize = 2048;

/// Unlink `files` of the folder `fd`; returns the entries that turned out to be folders
/// (their type was unknown when the folder was read).
fn unlink_files(
    ctx: &Ctx,
    counters: &Counters,
    fd: &OwnedFd,
    path: &Path,
    names: &crate::entry::Names,
    files: &[(crate::entry::NameRef, FileType)],
) -> Vec<CString> {
    let mut subdirs = Vec::new();
    let mut done = 0u64;
    for &(r, t) in files {
        let Ok(name) = CStr::from_bytes_with_nul(names.get(r)) else {
            continue;
        };
        match rustix::fs::unlinkat(fd, name, AtFlags::empty()) {
            Ok(()) => done += 1,
            Err(Errno::ISDIR) | Err(Errno::PERM) if t == FileType::Unknown => {
                subdirs.push(name.to_owned())
            }
            Err(e) => ctx.failed(
                path.join(OsStr::from_bytes(name.to_bytes())),
                (Op::Remove, e.into()),
            ),
        }
        if done.is_multiple_of(256) {
            Counters::add(&counters.files_done, std::mem::take(&mut done));
        }
    }
    Counters::add(&counters.files_done, done);
    subdirs
}
