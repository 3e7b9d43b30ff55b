//! Removing one folder tree: depth first, fd-relative, one open folder per level (depth
//! costs nothing extra, no path is resolved twice). A helper thread unlinks the files of
//! the levels the walker has read while the walker reads the next ones (small levels go
//! over together, so a deep chain of small folders is shared out too), and takes half of a
//! very large folder.

use std::ffi::{CStr, CString, OsStr};
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::Scope;

use crossbeam_channel::{Sender, TrySendError, bounded};
use rustix::fs::{AtFlags, FileType, RawDir};
use rustix::io::Errno;

use crate::entry::{NameRef, Names};
use crate::error::Op;

use super::super::fsops::open_dir_at;
use super::super::progress::{Counters, Tally};
use super::super::runner::Ctx;
use super::Stop;

/// Files gathered (from one level or several) before they go to the helper.
const HAND_OFF_MIN: usize = 256;
/// A level with at least this many files is split between the walker and the helper.
const SPLIT_MIN: usize = 2048;

/// One level of a tree being removed.
struct Level {
    fd: Arc<OwnedFd>,
    name: CString,
    path: PathBuf,
    /// Subfolders still to remove.
    subdirs: Vec<CString>,
    /// Files handed to the helper: the folder is removed only once they are gone.
    handed: Vec<Arc<Handoff>>,
    /// Reading it again once, in case entries appeared meanwhile.
    reread: bool,
}

/// Files of one level to unlink; the entries that were folders are reported to `done`.
struct Part {
    fd: Arc<OwnedFd>,
    path: PathBuf,
    names: Arc<Names>,
    files: Vec<(NameRef, FileType)>,
    done: Arc<Handoff>,
}

impl Part {
    fn unlink(&self, ctx: &Ctx, counters: &Counters) {
        let found = unlink_files(
            ctx,
            counters,
            &self.fd,
            &self.path,
            &self.names,
            &self.files,
        );
        self.done.finish(found);
    }
}

/// Parts handed to the helper at once.
type Batch = Vec<Part>;

/// Whether a batch is done, and the folders it found among entries of unknown type.
#[derive(Default)]
struct Handoff {
    found: Mutex<Option<Vec<CString>>>,
    finished: Condvar,
    /// Someone waits on `finished` (set under the lock): only then is it worth a wake-up
    /// call, one per level of a deep tree otherwise.
    waited: AtomicBool,
}

impl Handoff {
    fn finish(&self, dirs: Vec<CString>) {
        let mut g = self.found.lock().unwrap_or_else(|p| p.into_inner());
        *g = Some(dirs);
        if self.waited.load(Ordering::Relaxed) {
            self.finished.notify_all();
        }
    }

    fn wait(&self) -> Vec<CString> {
        let mut g = self.found.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(dirs) = g.take() {
                return dirs;
            }
            self.waited.store(true, Ordering::Relaxed);
            g = self.finished.wait(g).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// The helper thread, started the first time there is enough to hand over, and the parts
/// gathered for it.
struct Helper<'scope, 'env> {
    scope: &'scope Scope<'scope, 'env>,
    ctx: &'env Ctx,
    counters: &'env Counters,
    tx: Option<Sender<Batch>>,
    gathered: Batch,
    gathered_files: usize,
}

impl<'scope, 'env> Helper<'scope, 'env> {
    fn sender(&mut self) -> &Sender<Batch> {
        let (ctx, counters, scope) = (self.ctx, self.counters, self.scope);
        self.tx.get_or_insert_with(|| {
            let (tx, rx) = bounded::<Batch>(1);
            scope.spawn(move || {
                for batch in rx {
                    batch.iter().for_each(|p| p.unlink(ctx, counters));
                }
            });
            tx
        })
    }

    /// Add a level's files; once enough are gathered they go to the helper, or are
    /// unlinked here when the helper is still busy.
    fn gather(&mut self, part: Part) {
        self.gathered_files += part.files.len();
        self.gathered.push(part);
        if self.gathered_files < HAND_OFF_MIN {
            return;
        }
        let batch = self.take();
        if let Err(TrySendError::Full(b) | TrySendError::Disconnected(b)) =
            self.sender().try_send(batch)
        {
            b.iter().for_each(|p| p.unlink(self.ctx, self.counters));
        }
    }

    /// Hand over everything gathered and `part` (a large folder's half), waiting for room.
    fn send(&mut self, part: Part) {
        let mut batch = self.take();
        batch.push(part);
        if let Err(e) = self.sender().send(batch) {
            e.0.iter().for_each(|p| p.unlink(self.ctx, self.counters));
        }
    }

    /// Unlink here what is gathered: a level is about to wait for its files.
    fn finish_gathered(&mut self) {
        for p in self.take() {
            p.unlink(self.ctx, self.counters);
        }
    }

    /// Give up what is gathered (the job stops): nothing more is unlinked.
    fn drop_gathered(&mut self) {
        for p in self.take() {
            p.done.finish(Vec::new());
        }
    }

    fn take(&mut self) -> Batch {
        self.gathered_files = 0;
        std::mem::take(&mut self.gathered)
    }
}

/// Remove the folder `name` of `parent` (found at `path`) and everything below it.
pub(super) fn remove_tree(
    ctx: &Ctx,
    counters: &Counters,
    (parent, name, path): (&OwnedFd, &CStr, &Path),
    buf: &mut [MaybeUninit<u8>],
    stop: Stop,
) {
    let fd = match open_level(parent, name) {
        Ok(fd) => Arc::new(fd),
        Err(failure) => return ctx.failed(path.to_owned(), failure),
    };
    counters.set_current(path.to_owned());
    std::thread::scope(|scope| {
        let mut helper = Helper {
            scope,
            ctx,
            counters,
            tx: None,
            gathered: Vec::new(),
            gathered_files: 0,
        };
        let first = Level {
            fd,
            name: name.to_owned(),
            path: path.to_owned(),
            subdirs: Vec::new(),
            handed: Vec::new(),
            reread: false,
        };
        walk(ctx, counters, parent, first, buf, stop, &mut helper);
        // Closing the channel ends the helper; the scope joins it.
        helper.tx = None;
    });
}

/// Open the folder `name` of `parent` to empty it. A folder another filesystem is
/// mounted on is not a part of the tree: what the mount holds is never deleted, and the
/// folder fails as removing it would (busy).
fn open_level(parent: &OwnedFd, name: &CStr) -> Result<OwnedFd, (Op, std::io::Error)> {
    let fd = open_dir_at(parent, name).map_err(|e| (Op::OpenDir, e.into()))?;
    match crate::sys::is_mount_root(parent, &fd) {
        Ok(false) => Ok(fd),
        Ok(true) => Err((Op::Remove, Errno::BUSY.into())),
        Err(e) => Err((Op::Stat, e)),
    }
}

fn walk(
    ctx: &Ctx,
    counters: &Counters,
    parent: &OwnedFd,
    first: Level,
    buf: &mut [MaybeUninit<u8>],
    stop: Stop,
    helper: &mut Helper<'_, '_>,
) {
    let mut stack = vec![first];
    if let Some(top) = stack.last_mut() {
        empty_files(ctx, counters, top, buf, helper);
    }
    while let Some(top) = stack.last_mut() {
        if !stop.go_on(ctx) {
            // Let the helper finish what it holds before the folders close.
            helper.drop_gathered();
            stack
                .iter()
                .flat_map(|l| &l.handed)
                .for_each(|h| drop(h.wait()));
            return;
        }
        if let Some(sub) = top.subdirs.pop() {
            let sub_path = top.path.join(OsStr::from_bytes(sub.to_bytes()));
            match open_level(&top.fd, &sub) {
                Ok(fd) => {
                    counters.set_current(sub_path.clone());
                    stack.push(Level {
                        fd: Arc::new(fd),
                        name: sub,
                        path: sub_path,
                        subdirs: Vec::new(),
                        handed: Vec::new(),
                        reread: false,
                    });
                    if let Some(new) = stack.last_mut() {
                        empty_files(ctx, counters, new, buf, helper);
                    }
                }
                Err(failure) => ctx.failed(sub_path, failure),
            }
            continue;
        }
        // The helper's part of this level must be gone (and may have found folders).
        if !top.handed.is_empty() {
            helper.finish_gathered();
            let found: Vec<CString> = top.handed.drain(..).flat_map(|h| h.wait()).collect();
            if !found.is_empty() {
                top.subdirs.extend(found);
                continue;
            }
        }
        let Some(done) = stack.pop() else { break };
        let parent_fd: &OwnedFd = stack.last().map(|l| &*l.fd).unwrap_or(parent);
        match rustix::fs::unlinkat(parent_fd, &done.name, AtFlags::REMOVEDIR) {
            Ok(()) => counters.add_done(Tally::Folder, 1),
            Err(Errno::NOTEMPTY) if !done.reread => {
                // Something appeared while we worked: one more pass.
                let mut again = done;
                again.reread = true;
                empty_files(ctx, counters, &mut again, buf, helper);
                stack.push(again);
            }
            Err(e) => ctx.failed(done.path, (Op::Remove, e.into())),
        }
    }
}

/// Read a level whole (unlinking while reading makes each read slower), note its
/// subfolders, and unlink its other entries: here, on the helper, or split between both.
fn empty_files(
    ctx: &Ctx,
    counters: &Counters,
    level: &mut Level,
    buf: &mut [MaybeUninit<u8>],
    helper: &mut Helper<'_, '_>,
) {
    let mut names = Names::default();
    let mut files: Vec<(NameRef, FileType)> = Vec::new();
    let mut raw = RawDir::new(&*level.fd, buf);
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
    // Entries of unknown type count as files until they turn out to be folders.
    counters.add_total(Tally::File, files.len() as u64);
    counters.add_total(Tally::Folder, level.subdirs.len() as u64);
    if files.is_empty() {
        return;
    }
    let names = Arc::new(names);
    let part = |files: Vec<(NameRef, FileType)>, done: &Arc<Handoff>| Part {
        fd: level.fd.clone(),
        path: level.path.clone(),
        names: names.clone(),
        files,
        done: done.clone(),
    };
    let done = Arc::new(Handoff::default());
    level.handed.push(done.clone());
    if files.len() >= SPLIT_MIN {
        // A very large folder: half to the helper, half here.
        let mine = files.split_off(files.len() / 2);
        helper.send(part(files, &done));
        let found = unlink_files(ctx, counters, &level.fd, &level.path, &names, &mine);
        level.subdirs.extend(found);
        return;
    }
    helper.gather(part(files, &done));
}

/// Unlink `files` of the folder `fd`; returns the entries that turned out to be folders
/// (their type was unknown when the folder was read).
fn unlink_files(
    ctx: &Ctx,
    counters: &Counters,
    fd: &OwnedFd,
    path: &Path,
    names: &Names,
    files: &[(NameRef, FileType)],
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
                counters.file_was_folder();
                subdirs.push(name.to_owned())
            }
            Err(e) => ctx.failed(
                path.join(OsStr::from_bytes(name.to_bytes())),
                (Op::Remove, e.into()),
            ),
        }
        if done.is_multiple_of(256) {
            counters.add_done(Tally::File, std::mem::take(&mut done));
        }
    }
    counters.add_done(Tally::File, done);
    subdirs
}
