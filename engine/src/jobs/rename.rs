//! Running a batch rename in one folder: every rename relative to the folder's descriptor
//! with `renameat2(RENAME_NOREPLACE)`, so no rename ever replaces an item; renames that
//! wait for each other's names in the order [`crate::rename::order`] gives (a cycle
//! through a temporary name). Each renamed item is reported as placed (what undo takes
//! back); each one that could not be renamed is an item failure and keeps its name.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::Arc;

use rustix::fs::{AtFlags, FileType, RenameFlags, StatxFlags};
use rustix::io::Errno;

use crate::error::{IoError, Op};
use crate::rename::check;
use crate::rename::order::{Step, order};

use super::control::{Control, Job};
use super::events::{JobEvent, JobState};
use super::progress::Tally;
use super::runner::{Ctx, spawn};

/// What a rename job does: in the folder `dir`, each old name becomes its new name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RenameJob {
    pub dir: PathBuf,
    pub renames: Arc<[(OsString, OsString)]>,
}

impl RenameJob {
    /// The job that takes this one back: each new name becomes its old name again.
    pub fn reversed(&self) -> RenameJob {
        RenameJob {
            dir: self.dir.clone(),
            renames: self
                .renames
                .iter()
                .map(|(old, new)| (new.clone(), old.clone()))
                .collect(),
        }
    }
}

/// How many temporary names are tried before a cycle is given up.
const TEMPORARY_TRIES: u32 = 64;

/// Run `job` (a job without one renames nothing).
pub(super) fn rename_with(job: Option<RenameJob>, control: Arc<Control>) -> Job {
    spawn("rename", control, move |ctx| {
        ctx.state(JobState::Renaming);
        if let Some(job) = job {
            Renaming::run(ctx, &job);
        }
        ctx.final_state()
    })
}

/// One rename job under way.
struct Renaming<'a> {
    ctx: &'a Ctx,
    job: &'a RenameJob,
    dir: OwnedFd,
    renames: Vec<(OsString, OsString)>,
    /// What each renamed item counts as: a folder, or a file.
    tallies: Vec<Tally>,
    /// The temporary names of items that open a cycle.
    temporary: HashMap<usize, OsString>,
}

impl<'a> Renaming<'a> {
    fn run(ctx: &'a Ctx, job: &'a RenameJob) {
        let renames = checked(ctx, job);
        let dir = match crate::sys::open_dir(&job.dir) {
            Ok(dir) => dir,
            Err(e) => {
                ctx.counters.add_total(Tally::File, renames.len() as u64);
                let e = IoError::new(Op::OpenDir, &job.dir, e);
                for (old, _) in &renames {
                    ctx.failed_with(job.dir.join(old), e.clone());
                }
                return;
            }
        };
        // A folder renamed counts as one folder; an item that cannot be looked at, as a
        // file (its rename fails).
        let tallies: Vec<Tally> = renames
            .iter()
            .map(|(old, _)| match stat(&dir, old) {
                Ok(st) => Tally::of(FileType::from_raw_mode(st.stx_mode.into())),
                Err(_) => Tally::File,
            })
            .collect();
        for &t in &tallies {
            ctx.counters.add_total(t, 1);
        }
        let groups = match order(&renames) {
            Ok(groups) => groups,
            Err(e) => {
                // `checked` leaves no name twice; should it still happen, nothing is done.
                tracing::error!("batch rename refused: {e}");
                for (old, _) in &renames {
                    ctx.failed(job.dir.join(old), (Op::Rename, Errno::INVAL.into()));
                }
                return;
            }
        };
        let mut this = Renaming {
            ctx,
            job,
            dir,
            renames,
            tallies,
            temporary: HashMap::new(),
        };
        for group in groups {
            // Only between groups: a cycle, once opened, is always closed.
            if !ctx.control.checkpoint() {
                break;
            }
            for step in group {
                this.step(step);
            }
        }
    }

    fn path(&self, name: &OsStr) -> PathBuf {
        self.job.dir.join(name)
    }

    fn step(&mut self, step: Step) {
        match step {
            Step::Direct(i) => {
                let (old, new) = &self.renames[i];
                let done = rename_at(&self.dir, old, new);
                self.report(
                    i,
                    done.map_err(|e| IoError::new(Op::Rename, self.path(old), e)),
                );
            }
            Step::ToTemporary(i) => match self.to_temporary(i) {
                Ok(name) => {
                    self.temporary.insert(i, name);
                }
                Err(e) => self.report(i, Err(e)),
            },
            Step::FromTemporary(i) => {
                let Some(temporary) = self.temporary.remove(&i) else {
                    return;
                };
                let (old, new) = &self.renames[i];
                let Err(e) = rename_at(&self.dir, &temporary, new) else {
                    return self.report(i, Ok(()));
                };
                let failed = IoError::new(Op::Rename, self.path(old), e);
                // The cycle did not close: the item gets its old name back if it is free.
                let back = rename_at(&self.dir, &temporary, old);
                let failed = match back {
                    Ok(()) => failed,
                    Err(e) => IoError::new(Op::Rename, self.path(&temporary), e),
                };
                self.report(i, Err(failed));
            }
        }
    }

    /// Move item `i` to a free temporary name beside it; the name.
    fn to_temporary(&self, i: usize) -> Result<OsString, IoError> {
        let old = &self.renames[i].0;
        let pid = std::process::id();
        for k in 0..TEMPORARY_TRIES {
            let name = OsString::from(format!(".porpoise-rename-{pid}-{i}-{k}"));
            match rustix::fs::renameat_with(
                &self.dir,
                old,
                &self.dir,
                &name,
                RenameFlags::NOREPLACE,
            ) {
                Ok(()) => return Ok(name),
                Err(Errno::EXIST) => continue,
                Err(e) => return Err(IoError::new(Op::Rename, self.path(old), e)),
            }
        }
        Err(IoError::new(Op::Rename, self.path(old), Errno::EXIST))
    }

    fn report(&self, i: usize, done: Result<(), IoError>) {
        let (old, new) = &self.renames[i];
        match done {
            Ok(()) => {
                self.ctx.counters.add_done(self.tallies[i], 1);
                let _ = self.ctx.tx.send(JobEvent::Placed {
                    source: self.path(old),
                    target: self.path(new),
                    new: true,
                });
            }
            Err(e) => self.ctx.failed_with(self.path(old), e),
        }
    }
}

/// The renames that change a name into one a file can have; an item given a name no file
/// can have, a name another item is also given, or named twice, fails here (nothing of it
/// is done).
fn checked(ctx: &Ctx, job: &RenameJob) -> Vec<(OsString, OsString)> {
    use std::os::unix::ffi::OsStrExt;
    let mut targets: HashMap<&OsStr, usize> = HashMap::new();
    let mut sources: HashMap<&OsStr, usize> = HashMap::new();
    for (old, new) in job.renames.iter().filter(|(o, n)| o != n) {
        *targets.entry(new).or_default() += 1;
        *sources.entry(old).or_default() += 1;
    }
    let mut kept = Vec::new();
    for (old, new) in job.renames.iter().filter(|(o, n)| o != n) {
        let why = if check::invalid(new.as_bytes()).is_some()
            || check::invalid(old.as_bytes()).is_some()
        {
            Some(Errno::INVAL)
        } else if targets[new.as_os_str()] > 1 {
            Some(Errno::EXIST)
        } else if sources[old.as_os_str()] > 1 {
            Some(Errno::INVAL)
        } else {
            None
        };
        match why {
            Some(errno) => ctx.failed(job.dir.join(old), (Op::Rename, errno.into())),
            None => kept.push((old.clone(), new.clone())),
        }
    }
    kept
}

/// Rename `from` to `to` in `dir`, never over another item. On a filesystem that ignores
/// case, `to` may be `from` itself ("a.JPG" → "a.jpg"): that rename is done; on one
/// without `RENAME_NOREPLACE`, it is done only while `to` is free.
fn rename_at(dir: &OwnedFd, from: &OsStr, to: &OsStr) -> std::io::Result<()> {
    match rustix::fs::renameat_with(dir, from, dir, to, RenameFlags::NOREPLACE) {
        Ok(()) => Ok(()),
        Err(Errno::EXIST) if same_file(dir, from, to) => {
            Ok(rustix::fs::renameat(dir, from, dir, to)?)
        }
        Err(Errno::INVAL) if matches!(stat(dir, to), Err(Errno::NOENT)) => {
            Ok(rustix::fs::renameat(dir, from, dir, to)?)
        }
        Err(e) => Err(e.into()),
    }
}

fn stat(dir: &OwnedFd, name: &OsStr) -> rustix::io::Result<rustix::fs::Statx> {
    rustix::fs::statx(
        dir,
        name,
        AtFlags::SYMLINK_NOFOLLOW,
        StatxFlags::INO | StatxFlags::TYPE,
    )
}

/// `a` and `b` in `dir` are one item (a filesystem that ignores case).
fn same_file(dir: &OwnedFd, a: &OsStr, b: &OsStr) -> bool {
    match (stat(dir, a), stat(dir, b)) {
        (Ok(a), Ok(b)) => {
            (a.stx_ino, a.stx_dev_major, a.stx_dev_minor)
                == (b.stx_ino, b.stx_dev_major, b.stx_dev_minor)
        }
        _ => false,
    }
}
