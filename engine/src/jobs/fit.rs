//! The pre-flight step of a copy: check the destination before any byte moves, report the
//! problems, wait for the answer, and fit each item to the destination's rules after it.

use std::ffi::{CStr, CString};
use std::path::PathBuf;

use rustix::fs::FileType;

use super::JobSpec;
use super::events::{JobEvent, SkipReason};
use super::fsops::Meta;
use super::preflight::{self, FsRules, PreflightChoice, Problem, fix_name, name_problem};
use super::runner::Ctx;

/// How items are fitted to the destination once the pre-flight answer is known.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Fit {
    rules: FsRules,
    /// Replace what a name cannot hold (else: leave such items out).
    fix_names: bool,
    /// False when the check found nothing: every item goes as it is.
    active: bool,
}

impl Fit {
    /// One part of an archive entry's path (`is_dir` for the folders on its way) against
    /// the rules: the name it gets, or why the entry is left out.
    pub fn part(
        &self,
        name: &[u8],
        is_dir: bool,
        size: u64,
    ) -> Result<Option<Vec<u8>>, SkipReason> {
        let kind = if is_dir {
            FileType::Directory
        } else {
            FileType::RegularFile
        };
        let Ok(cname) = CString::new(name) else {
            return Err(SkipReason::NameNotAllowed);
        };
        match self.item(&cname, &Meta::stated(kind, size, 0)) {
            Fitted::Keep => Ok(None),
            Fitted::RenameTo(fixed) => Ok(Some(fixed.into_bytes())),
            Fitted::Skip(why) => Err(why),
        }
    }
}

/// What becomes of one item.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Fitted {
    Keep,
    RenameTo(CString),
    Skip(SkipReason),
}

impl Fit {
    /// The item `name`, described by `meta`, against the rules.
    pub fn item(&self, name: &CStr, meta: &Meta) -> Fitted {
        if !self.active {
            return Fitted::Keep;
        }
        if meta.kind == FileType::RegularFile
            && let Some(limit) = self.rules.max_file_size
            && meta.size > limit
        {
            return Fitted::Skip(SkipReason::TooLarge);
        }
        if self.rules.windows_names && name_problem(name.to_bytes()).is_some() {
            if !self.fix_names {
                return Fitted::Skip(SkipReason::NameNotAllowed);
            }
            // A fixed name never holds a NUL: it only replaces bytes with `_`.
            if let Ok(fixed) = CString::new(fix_name(name.to_bytes())) {
                return Fitted::RenameTo(fixed);
            }
        }
        Fitted::Keep
    }
}

/// Check `spec`'s destination before copying. The full walk runs when the destination
/// has name or size rules (FAT, exFAT, NTFS, or `spec.rules`); otherwise only a read-only
/// mount is looked for, so copies between Linux filesystems pay nothing. `None` means the
/// job must stop (cancelled, or it cannot proceed).
pub(crate) fn gate(ctx: &Ctx, spec: &JobSpec, sources: &[PathBuf]) -> Option<Fit> {
    let rules = match spec.rules {
        Some(r) => r,
        None => preflight::rules_of(&spec.dest).unwrap_or_default(),
    };
    let problems = if rules == FsRules::default() {
        match preflight::read_only(&spec.dest) {
            Ok(true) => vec![Problem::ReadOnly],
            // An unreadable destination fails later with its own clear error.
            Ok(false) | Err(_) => Vec::new(),
        }
    } else {
        match preflight::check_with(sources, &spec.dest, rules) {
            Ok(report) => report.problems,
            Err(e) => {
                tracing::debug!("pre-flight check: {}", crate::error::chain(&e));
                Vec::new()
            }
        }
    };
    let can_proceed = !problems.contains(&Problem::ReadOnly);
    decide(ctx, spec, rules, problems, can_proceed)
}

/// Report `problems` (none: every item goes as it is) and wait for the answer, unless
/// `spec` holds it or the job cannot proceed. `None` means the job must stop.
pub(crate) fn decide(
    ctx: &Ctx,
    spec: &JobSpec,
    rules: FsRules,
    problems: Vec<Problem>,
    can_proceed: bool,
) -> Option<Fit> {
    if problems.is_empty() {
        return Some(Fit::default());
    }
    let _ = ctx.tx.send(JobEvent::Preflight {
        problems,
        can_proceed,
    });
    if !can_proceed {
        return None;
    }
    let choice = match spec.on_problem {
        Some(c) => Some(c),
        None => ctx.control.wait_preflight(),
    };
    match choice {
        None | Some(PreflightChoice::Cancel) => {
            ctx.control.cancel();
            None
        }
        Some(c) => Some(Fit {
            rules,
            fix_names: c == PreflightChoice::ReplaceCharacters,
            active: true,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(kind: FileType, size: u64) -> Meta {
        Meta {
            kind,
            mode: 0o644,
            size,
            atime: (0, 0),
            mtime: (0, 0),
            dev: (0, 0),
            ino: 1,
            nlink: 1,
            blocks: size.div_ceil(512),
            rdev: (0, 0),
        }
    }

    fn c(s: &str) -> CString {
        CString::new(s).expect("no NUL")
    }

    #[test]
    fn fitting_follows_the_answer() {
        let fat = FsRules::for_fs_type("vfat");
        let fix = Fit {
            rules: fat,
            fix_names: true,
            active: true,
        };
        let skip = Fit {
            fix_names: false,
            ..fix
        };
        let file = meta(FileType::RegularFile, 10);
        assert_eq!(fix.item(&c("ok.txt"), &file), Fitted::Keep);
        assert_eq!(fix.item(&c("a:b"), &file), Fitted::RenameTo(c("a_b")));
        assert_eq!(
            skip.item(&c("a:b"), &file),
            Fitted::Skip(SkipReason::NameNotAllowed)
        );
        let huge = meta(FileType::RegularFile, 5 << 30);
        assert_eq!(
            fix.item(&c("big"), &huge),
            Fitted::Skip(SkipReason::TooLarge)
        );
        // A folder's size is no file size.
        assert_eq!(
            fix.item(&c("dir"), &meta(FileType::Directory, 5 << 30)),
            Fitted::Keep
        );
        assert_eq!(Fit::default().item(&c("a:b"), &huge), Fitted::Keep);
    }
}
