//! Running a permissions job ([`super::modes`] says what it does): fd-relative, one open
//! folder per level, links never followed nor changed; each changed item's mode before is
//! reported once at the end, for undo.

use std::ffi::{CStr, CString, OsStr};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rustix::fs::{AtFlags, Dir, FileType, Mode};
use rustix::io::Errno;

use crate::error::Op;

use super::control::{Control, Job};
use super::events::{JobEvent, JobState};
use super::modes::{ModeChange, ModeJob, PERMISSION_BITS};
use super::progress::Tally;
use super::runner::{Ctx, spawn};

/// Run `job` on `sources` (a restore names its own paths).
pub(super) fn modes_with(
    sources: Vec<PathBuf>,
    job: Option<ModeJob>,
    control: Arc<Control>,
) -> Job {
    spawn("modes", control, move |ctx| {
        ctx.state(JobState::ChangingPermissions);
        match job {
            Some(ModeJob::Change(change)) => {
                let before = Mutex::new(Vec::new());
                for (source, _) in ctx.items(&sources) {
                    change_source(ctx, source, change, &before);
                }
                let before = before.into_inner().unwrap_or_else(|p| p.into_inner());
                let _ = ctx.tx.send(JobEvent::ModesSet {
                    before: before.into(),
                });
            }
            Some(ModeJob::Restore(items)) => restore(ctx, &items),
            None => {}
        }
        ctx.final_state()
    })
}

/// Give each item its recorded mode back. Each is planned as a file and moves to the
/// folders to do when it turns out to be one (its stat is taken anyway).
fn restore(ctx: &Ctx, items: &[(PathBuf, u32)]) {
    ctx.counters.add_total(Tally::File, items.len() as u64);
    for (i, (path, mode)) in items.iter().enumerate() {
        if i.is_multiple_of(64) && !ctx.control.checkpoint() {
            return;
        }
        let done = parent_and_name(path).and_then(|(dir, name)| {
            let dir = crate::sys::open_dir(dir)?;
            let st = crate::sys::statx_at(&dir, &name, false)?;
            let kind = FileType::from_raw_mode(st.stx_mode.into());
            let tally = Tally::of(kind);
            if tally == Tally::Folder {
                ctx.counters.file_was_folder();
            }
            if kind == FileType::Symlink {
                return Ok(tally);
            }
            rustix::fs::chmodat(
                &dir,
                &*name,
                Mode::from_raw_mode(*mode & PERMISSION_BITS),
                AtFlags::empty(),
            )?;
            Ok(tally)
        });
        match done {
            Ok(tally) => ctx.counters.add_done(tally, 1),
            Err(e) => ctx.failed(path.clone(), (Op::SetMetadata, e)),
        }
    }
}

/// The folder `path` is in, and its name.
fn parent_and_name(path: &Path) -> std::io::Result<(&Path, CString)> {
    let Some((parent, name)) = crate::place::folder_and_name(path) else {
        return Err(Errno::INVAL.into());
    };
    Ok((parent, CString::new(name.as_bytes())?))
}

/// Change one source, and what is inside it when it is a folder and the change says so.
fn change_source(
    ctx: &Ctx,
    source: &Path,
    change: ModeChange,
    before: &Mutex<Vec<(PathBuf, u32)>>,
) {
    let walked = parent_and_name(source).and_then(|(dir, name)| {
        let dir = crate::sys::open_dir(dir)?;
        Walk {
            ctx,
            change,
            before,
        }
        .item(&dir, &name, source, true);
        Ok(())
    });
    if let Err(e) = walked {
        ctx.failed(source.to_owned(), (Op::SetMetadata, e));
    }
}

/// One change under way.
struct Walk<'a> {
    ctx: &'a Ctx,
    change: ModeChange,
    before: &'a Mutex<Vec<(PathBuf, u32)>>,
}

/// A folder being gone through, and the mode it gets once its contents are done (when
/// giving it first would lock the walk out).
struct Level {
    dir: Dir,
    /// The folder's own descriptor, for its entries' calls.
    fd: Arc<OwnedFd>,
    path: PathBuf,
    /// Its mode before and after, when it changes last.
    last: Option<(u32, u32)>,
}

impl Walk<'_> {
    /// Change `name` in `dir` (found at `path`); a source takes the whole change.
    fn item(&self, dir: &OwnedFd, name: &CStr, path: &Path, source: bool) {
        let st = match crate::sys::statx_at(dir, name, false) {
            Ok(st) => st,
            Err(e) => return self.ctx.failed(path.to_owned(), (Op::Stat, e)),
        };
        let kind = FileType::from_raw_mode(st.stx_mode.into());
        let old = u32::from(st.stx_mode) & PERMISSION_BITS;
        match kind {
            FileType::Symlink => self.ctx.counters.add_done(Tally::File, 1),
            FileType::Directory if self.change.recursive => self.tree(dir, name, path, old),
            _ => {
                let new = self
                    .change
                    .apply(old, source || kind == FileType::Directory);
                let set =
                    rustix::fs::chmodat(dir, name, Mode::from_raw_mode(new), AtFlags::empty());
                let item = (path, Tally::of(kind));
                self.changed(item, old, new, set.map_err(Into::into));
            }
        }
    }

    /// Record how changing `path` (a file or a folder) from `old` to `new` went.
    fn changed(
        &self,
        (path, tally): (&Path, Tally),
        old: u32,
        new: u32,
        result: std::io::Result<()>,
    ) {
        match result {
            Ok(()) => {
                self.ctx.counters.add_done(tally, 1);
                if old != new {
                    self.before
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((path.to_owned(), old));
                }
            }
            Err(e) => self.ctx.failed(path.to_owned(), (Op::SetMetadata, e)),
        }
    }

    /// Change the folder `name` and everything in it, depth first with one open folder
    /// per level. A folder that keeps its owner's read and search bits is changed before
    /// its contents; one that loses them, after (else its contents could not be reached).
    fn tree(&self, dir: &OwnedFd, name: &CStr, path: &Path, old: u32) {
        let mut levels = Vec::new();
        self.enter(dir, name, path.to_owned(), old, &mut levels);
        let mut seen = 0u64;
        while let Some(level) = levels.last_mut() {
            seen += 1;
            if seen.is_multiple_of(64) && !self.ctx.control.checkpoint() {
                break;
            }
            match level.dir.read() {
                Some(Ok(entry)) => {
                    let child = entry.file_name();
                    if child == c"." || child == c".." {
                        continue;
                    }
                    let child_path = level.path.join(OsStr::from_bytes(child.to_bytes()));
                    let child = child.to_owned();
                    let fd = level.fd.clone();
                    if entry.file_type() == FileType::Directory
                        || entry.file_type() == FileType::Unknown
                    {
                        self.nested(&fd, &child, child_path, &mut levels);
                    } else {
                        self.ctx.counters.add_total(Tally::File, 1);
                        self.item(&fd, &child, &child_path, false);
                    }
                }
                Some(Err(e)) => {
                    let path = level.path.clone();
                    levels.pop();
                    self.ctx.failed(path, (Op::ReadDir, e.into()));
                }
                None => {
                    let Some(done) = levels.pop() else { break };
                    if let Some((old, new)) = done.last {
                        let set = rustix::fs::fchmod(&*done.fd, Mode::from_raw_mode(new));
                        let folder = (done.path.as_path(), Tally::Folder);
                        self.changed(folder, old, new, set.map_err(Into::into));
                    }
                }
            }
        }
    }

    /// An entry inside a folder that may be a folder: gone into, or changed as a file
    /// (and planned as what it is).
    fn nested(&self, dir: &OwnedFd, name: &CStr, path: PathBuf, levels: &mut Vec<Level>) {
        let counters = &self.ctx.counters;
        match crate::sys::statx_at(dir, name, false) {
            Ok(st) if FileType::from_raw_mode(st.stx_mode.into()) == FileType::Directory => {
                counters.add_total(Tally::Folder, 1);
                let old = u32::from(st.stx_mode) & PERMISSION_BITS;
                self.enter(dir, name, path, old, levels);
            }
            Ok(_) => {
                counters.add_total(Tally::File, 1);
                self.item(dir, name, &path, false);
            }
            Err(e) => {
                counters.add_total(Tally::File, 1);
                self.ctx.failed(path, (Op::Stat, e));
            }
        }
    }

    /// Go into the folder `name`: give it its new mode now or after its contents.
    fn enter(&self, dir: &OwnedFd, name: &CStr, path: PathBuf, old: u32, levels: &mut Vec<Level>) {
        let new = self.change.apply(old, true);
        let reachable = new & 0o500 == 0o500;
        if reachable {
            let set = rustix::fs::chmodat(dir, name, Mode::from_raw_mode(new), AtFlags::empty());
            let ok = set.is_ok();
            self.changed((&path, Tally::Folder), old, new, set.map_err(Into::into));
            if !ok {
                return;
            }
        }
        let opened = crate::sys::open_dir_at(dir, name).and_then(|fd| {
            let own = fd.as_fd().try_clone_to_owned()?;
            Ok((Dir::new(fd)?, own))
        });
        match opened {
            Ok((dir, own)) => {
                self.ctx.counters.set_current(path.clone());
                levels.push(Level {
                    dir,
                    fd: Arc::new(own),
                    last: (!reachable).then_some((old, new)),
                    path,
                });
            }
            Err(e) => {
                if !reachable {
                    // Its contents stay as they are; the folder itself still changes.
                    let set =
                        rustix::fs::chmodat(dir, name, Mode::from_raw_mode(new), AtFlags::empty());
                    self.changed((&path, Tally::Folder), old, new, set.map_err(Into::into));
                }
                self.ctx.failed(path, (Op::OpenDir, e));
            }
        }
    }
}
