//! Resolving a name conflict by the job's rule, asking (and waiting) when the rule is to
//! ask; an answer "for all" becomes the rule, and a name typed in the answer is taken
//! for that item. A folder meeting a folder is asked about too: merge, skip or rename.

use std::ffi::{CStr, CString, OsStr, OsString};
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rustix::fs::{AtFlags, FileType, StatxFlags};

use crate::error::{IoError, Op};

use super::Refusal;
use super::conflict::{Answer, Choice, ConflictPolicy, free_copy_name, free_name, is_entry_name};
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

/// How a worker's turn to ask went.
enum Turn {
    /// No question was needed: the rule, as it was then.
    Settled(ConflictPolicy),
    Answered(Followed),
    /// The job was cancelled (by the answer or meanwhile).
    Cancelled,
}

/// What an answer comes to for its item.
enum Followed {
    /// Go by this rule.
    Rule(ConflictPolicy),
    /// Take this name.
    Named(OsString),
}

pub struct Resolver {
    policy: Mutex<ConflictPolicy>,
    /// "Merge" was answered for all: folders go into folders without asking.
    merge_all: AtomicBool,
    /// One question at a time, whichever worker meets the conflict.
    asking: Mutex<()>,
}

impl Resolver {
    pub fn new(policy: ConflictPolicy) -> Resolver {
        Resolver {
            policy: Mutex::new(policy),
            merge_all: AtomicBool::new(false),
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
        let asked = || self.ask(ctx, path, target, meta, existing.as_ref());
        let policy = match self.in_turn(|p| p != ConflictPolicy::Ask, asked) {
            Turn::Settled(p) | Turn::Answered(Followed::Rule(p)) => p,
            Turn::Answered(Followed::Named(name)) => {
                return self.named(ctx, path, (dst, dst_path), &name, meta);
            }
            Turn::Cancelled => return Resolution::Skip,
        };
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

    /// A folder `path` meets the folder `target` of `dst`: `Replace` is to merge into it.
    /// Asked when the rule is to ask (once per folder: "Apply to all" merges the rest);
    /// under any other rule it merges, or with Rename goes to a free name.
    pub fn folder_onto_folder(
        &self,
        ctx: &Ctx,
        path: &Path,
        (dst, dst_path): (&OwnedFd, &Path),
        target: &CStr,
        meta: &Meta,
    ) -> Resolution {
        let settled = |p| p != ConflictPolicy::Ask || self.merge_all.load(Ordering::Relaxed);
        let asked = || {
            let existing = meta_at(dst, target).ok();
            self.ask(ctx, path, target, meta, existing.as_ref())
        };
        match self.in_turn(settled, asked) {
            Turn::Cancelled => Resolution::Skip,
            Turn::Answered(Followed::Named(name)) => {
                self.named(ctx, path, (dst, dst_path), &name, meta)
            }
            Turn::Settled(ConflictPolicy::Rename)
            | Turn::Answered(Followed::Rule(ConflictPolicy::Rename)) => {
                Resolution::RenameTo(free_target(dst, target))
            }
            Turn::Answered(Followed::Rule(ConflictPolicy::Skip)) => {
                ctx.skipped(path.to_owned(), SkipReason::Conflict);
                Resolution::Skip
            }
            // Merged: by the rule, by "Merge" (for all too), or by the command's rules.
            Turn::Settled(_) | Turn::Answered(Followed::Rule(_)) => Resolution::Replace,
        }
    }

    /// One question at a time, whichever worker meets a conflict: `settled` says from the
    /// rule whether no question is needed, and is asked again once this worker's turn has
    /// come (an answer "for all" may have settled it meanwhile). The answer becomes the
    /// rule before the next worker's turn.
    fn in_turn(
        &self,
        settled: impl Fn(ConflictPolicy) -> bool,
        ask: impl FnOnce() -> Option<Answer>,
    ) -> Turn {
        let policy = self.policy();
        if settled(policy) {
            return Turn::Settled(policy);
        }
        let _one_at_a_time = self.asking.lock().unwrap_or_else(|p| p.into_inner());
        let policy = self.policy();
        if settled(policy) {
            return Turn::Settled(policy);
        }
        match ask() {
            Some(answer) => Turn::Answered(self.follow(answer)),
            None => Turn::Cancelled,
        }
    }

    /// Ask about `target` and wait; `None` when the job was cancelled (by the answer or
    /// meanwhile).
    fn ask(
        &self,
        ctx: &Ctx,
        path: &Path,
        target: &CStr,
        meta: &Meta,
        existing: Option<&Meta>,
    ) -> Option<Answer> {
        let conflict = Conflict {
            source: path.to_owned(),
            target: Path::new(OsStr::from_bytes(target.to_bytes())).to_owned(),
            source_is_dir: meta.kind == FileType::Directory,
            target_is_dir: existing.is_some_and(|m| m.kind == FileType::Directory),
            source_size: meta.size,
            source_mtime: meta.mtime.0,
            target_size: existing.map(|m| m.size).unwrap_or(0),
            target_mtime: existing.map(|m| m.mtime.0).unwrap_or(0),
        };
        let _ = ctx.tx.send(JobEvent::Conflict(conflict));
        let answer = ctx.control.wait_answer()?;
        if answer.choice == Choice::Cancel {
            ctx.control.cancel();
            return None;
        }
        Some(answer)
    }

    /// What an answer means for this item, and for the rest when it is for all.
    fn follow(&self, answer: Answer) -> Followed {
        let rule = answer.choice.as_policy().unwrap_or(ConflictPolicy::Skip);
        match answer.choice {
            // "Merge" for all is for folders alone: files are still asked.
            Choice::Merge if answer.for_all => self.merge_all.store(true, Ordering::Relaxed),
            _ if answer.for_all => *self.policy.lock().unwrap_or_else(|e| e.into_inner()) = rule,
            _ => {}
        }
        match answer.new_name {
            Some(name) if answer.choice == Choice::Rename => Followed::Named(name),
            _ => Followed::Rule(rule),
        }
    }

    /// The incoming item takes the name the person typed; a name that is taken too is
    /// asked about again, and one no folder can hold fails the item.
    fn named(
        &self,
        ctx: &Ctx,
        path: &Path,
        (dst, dst_path): (&OwnedFd, &Path),
        name: &OsStr,
        meta: &Meta,
    ) -> Resolution {
        let named = dst_path.join(name);
        let cname = match CString::new(name.as_bytes()) {
            Ok(c) if is_entry_name(name) => c,
            _ => {
                let invalid = std::io::Error::from(rustix::io::Errno::INVAL);
                ctx.failed_with(path.to_owned(), IoError::new(Op::Create, &named, invalid));
                return Resolution::Skip;
            }
        };
        match meta_at(dst, &cname) {
            Err(_) => Resolution::RenameTo(cname),
            Ok(there) if meta.kind == FileType::Directory && there.kind == FileType::Directory => {
                self.folder_onto_folder(ctx, path, (dst, dst_path), &cname, meta)
            }
            Ok(_) => self.resolve(ctx, path, (dst, dst_path), &cname, meta),
        }
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
