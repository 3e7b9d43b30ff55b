//! Resolving a name conflict by the job's rule, asking (and waiting) when the rule is to
//! ask; an answer "for all" becomes the rule.

use std::ffi::{CStr, CString, OsStr, OsString};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Mutex;

use rustix::fs::{AtFlags, FileType, StatxFlags};

use crate::error::{IoError, Op};

use super::Refusal;
use super::conflict::{ConflictPolicy, free_copy_name, free_name};
use super::events::{Conflict, JobEvent, SkipReason};
use super::fsops::{Meta, meta_at};
use super::runner::Ctx;

/// What to do with one conflicting item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Replace,
    RenameTo(CString),
    /// Leave it out (already reported as skipped, failed or refused).
    Skip,
}

pub struct Resolver {
    policy: Mutex<ConflictPolicy>,
    /// One question at a time, whichever worker meets the conflict.
    asking: Mutex<()>,
}

impl Resolver {
    pub fn new(policy: ConflictPolicy) -> Resolver {
        Resolver {
            policy: Mutex::new(policy),
            asking: Mutex::new(()),
        }
    }

    pub fn policy(&self) -> ConflictPolicy {
        *self.policy.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `target` exists in `dst`; the source `path` is described by `meta`.
    pub fn resolve(
        &self,
        ctx: &Ctx,
        path: &Path,
        (dst, dst_path): (&OwnedFd, &Path),
        target: &CStr,
        meta: &Meta,
    ) -> Resolution {
        let existing = meta_at(dst, target).ok();
        if let Some(ex) = &existing
            && ex.same_file(meta)
            && self.policy() != ConflictPolicy::Rename
        {
            ctx.refused(path.to_owned(), Refusal::OntoItself);
            return Resolution::Skip;
        }
        let mut policy = self.policy();
        if policy == ConflictPolicy::Ask {
            let _one_at_a_time = self.asking.lock().unwrap_or_else(|p| p.into_inner());
            policy = self.policy();
            if policy == ConflictPolicy::Ask {
                match self.ask(ctx, path, dst, target, meta, existing.as_ref()) {
                    Some(p) => policy = p,
                    None => return Resolution::Skip,
                }
            }
        }
        let copy = dst_path.join(OsStr::from_bytes(target.to_bytes()));
        self.apply(
            policy,
            ctx,
            path,
            (dst, &copy),
            target,
            meta,
            existing.as_ref(),
        )
    }

    fn ask(
        &self,
        ctx: &Ctx,
        path: &Path,
        _dst: &OwnedFd,
        target: &CStr,
        meta: &Meta,
        existing: Option<&Meta>,
    ) -> Option<ConflictPolicy> {
        let conflict = Conflict {
            source: path.to_owned(),
            target: Path::new(OsStr::from_bytes(target.to_bytes())).to_owned(),
            source_is_dir: meta.kind == FileType::Directory,
            source_size: meta.size,
            source_mtime: meta.mtime.0,
            target_size: existing.map(|m| m.size).unwrap_or(0),
            target_mtime: existing.map(|m| m.mtime.0).unwrap_or(0),
        };
        let _ = ctx.tx.send(JobEvent::Conflict(conflict));
        let answer = ctx.control.wait_answer()?;
        let Some(p) = answer.choice.as_policy() else {
            ctx.control.cancel();
            return None;
        };
        if answer.for_all {
            *self.policy.lock().unwrap_or_else(|e| e.into_inner()) = p;
        }
        Some(p)
    }

    #[allow(clippy::too_many_arguments)]
    fn apply(
        &self,
        policy: ConflictPolicy,
        ctx: &Ctx,
        path: &Path,
        (dst, copy): (&OwnedFd, &Path),
        target: &CStr,
        meta: &Meta,
        existing: Option<&Meta>,
    ) -> Resolution {
        // A failure names the file that is in the way, not the source.
        let in_the_way =
            |errno: rustix::io::Errno| IoError::new(Op::Create, copy, std::io::Error::from(errno));
        let existing_is_dir = existing.is_some_and(|m| m.kind == FileType::Directory);
        match policy {
            ConflictPolicy::Skip => {
                ctx.skipped(path.to_owned(), SkipReason::Conflict);
                Resolution::Skip
            }
            ConflictPolicy::Fail | ConflictPolicy::Ask => {
                ctx.failed_with(path.to_owned(), in_the_way(rustix::io::Errno::EXIST));
                Resolution::Skip
            }
            ConflictPolicy::Overwrite | ConflictPolicy::OverwriteIfOlder if existing_is_dir => {
                // A folder is never replaced by a file.
                ctx.failed_with(path.to_owned(), in_the_way(rustix::io::Errno::ISDIR));
                Resolution::Skip
            }
            ConflictPolicy::Overwrite => Resolution::Replace,
            ConflictPolicy::OverwriteIfOlder => {
                if existing.is_some_and(|m| m.mtime < meta.mtime) {
                    Resolution::Replace
                } else {
                    ctx.skipped(path.to_owned(), SkipReason::Conflict);
                    Resolution::Skip
                }
            }
            ConflictPolicy::Rename => Resolution::RenameTo(free_target(dst, target)),
        }
    }
}

/// A free "name (n)" in `dir`.
pub fn free_target(dir: &OwnedFd, name: &CStr) -> CString {
    free_in(dir, name, |name, taken| free_name(name, taken))
}

/// A free "name (copy)", "name (copy 2)", … in `dir`, for a duplicate beside `name`.
pub fn free_copy_target(dir: &OwnedFd, name: &CStr, is_dir: bool) -> CString {
    free_in(dir, name, |name, taken| free_copy_name(name, is_dir, taken))
}

/// The name `rule` finds for `name`, asking `dir` which names are taken.
fn free_in(
    dir: &OwnedFd,
    name: &CStr,
    rule: impl FnOnce(&OsStr, &mut dyn FnMut(&OsStr) -> bool) -> OsString,
) -> CString {
    let mut taken = |c: &OsStr| {
        CString::new(c.as_bytes())
            .map(|c| {
                rustix::fs::statx(dir, &c, AtFlags::SYMLINK_NOFOLLOW, StatxFlags::TYPE).is_ok()
            })
            .unwrap_or(true)
    };
    let free = rule(OsStr::from_bytes(name.to_bytes()), &mut taken);
    CString::new(free.as_bytes()).unwrap_or_else(|_| name.to_owned())
}
