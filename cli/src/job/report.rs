//! What a job tells the person on stderr, in words: each item that failed or was refused,
//! one line each as it happens (as `cp` and `rm` do), the items left out when a bar is
//! shown, and a last line saying what was not done. Names are escaped as `porpoise ls`
//! prints them. (JSON lines keep their codes for scripts.)

use std::path::{Path, PathBuf};

use porpoise_engine::error::chain;
use porpoise_engine::jobs::events::SkipReason;
use porpoise_engine::jobs::preflight::{NameProblem, Problem};
use porpoise_engine::jobs::{JobEvent, JobState, Refusal, Summary};

use crate::format::{cannot, escaped_path};

/// The job, for its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    Copy,
    Move,
    Delete,
    Extract,
    Compress,
    Trash,
}

impl Doing {
    /// "cannot copy NAME", "cannot move NAME to the trash".
    fn cannot(self, path: &Path) -> String {
        let name = escaped_path(path);
        match self {
            Doing::Copy => format!("cannot copy {name}"),
            Doing::Move => format!("cannot move {name}"),
            Doing::Delete => format!("cannot remove {name}"),
            Doing::Extract => format!("cannot extract {name}"),
            Doing::Compress => format!("cannot compress {name}"),
            Doing::Trash => format!("cannot move {name} to the trash"),
        }
    }

    fn done(self) -> &'static str {
        match self {
            Doing::Copy => "copied",
            Doing::Move => "moved",
            Doing::Delete => "removed",
            Doing::Extract => "extracted",
            Doing::Compress => "compressed",
            Doing::Trash => "moved to the trash",
        }
    }
}

/// Counts what a job said, and words it.
pub struct Report {
    doing: Doing,
    /// The folder copies and moves go into; a failure about it is worded as its own.
    dest: Option<PathBuf>,
    /// Items the job planned so far (files and folders together).
    planned: u64,
    /// Items that failed or were refused, as the events said.
    failed: u64,
    /// Items that did not arrive because the job stopped before them.
    not_copied: u64,
    /// Items left out because the destination cannot hold their names or sizes.
    left_out: u64,
    /// Such items count as not done (no one chose to leave them out: the default without
    /// a terminal, as `cp` fails the names it cannot create).
    pub problems_fail: bool,
    /// Something failed about the destination itself (it cannot be opened or flushed).
    dest_failed: bool,
}

impl Report {
    pub fn new(doing: Doing, dest: Option<PathBuf>) -> Report {
        Report {
            doing,
            dest,
            planned: 0,
            failed: 0,
            not_copied: 0,
            left_out: 0,
            problems_fail: false,
            dest_failed: false,
        }
    }

    /// Take note of `ev`; the line to print for it, if any. Items left out on purpose are
    /// only named when `all` (a bar is shown, so a person watches).
    pub fn line(&mut self, ev: &JobEvent, all: bool) -> Option<String> {
        let text = match ev {
            JobEvent::Planned { files, folders, .. } => {
                self.planned = self.planned.max(files + folders);
                return None;
            }
            JobEvent::ItemFailed { path, error } => {
                self.failed += 1;
                if self.dest.as_deref() == Some(path.as_path()) || error.path != *path {
                    // The destination itself, or the copy where the item failed: what was
                    // done to it says more (as `cp`: "cannot create regular file …").
                    self.dest_failed |= self.dest.as_deref() == Some(path.as_path());
                    cannot(error)
                } else {
                    format!("{}: {}", self.doing.cannot(path), chain(&error.source))
                }
            }
            JobEvent::Refused { path, why } => {
                self.failed += 1;
                let onto = match why {
                    Refusal::IntoItself => "into itself",
                    Refusal::OntoItself => "onto itself",
                };
                format!("{} {onto}", self.doing.cannot(path))
            }
            JobEvent::NotCopied { path } => {
                self.not_copied += 1;
                format!(
                    "not {} {}: stopped before it",
                    self.doing.done(),
                    escaped_path(path)
                )
            }
            JobEvent::ItemSkipped {
                why: SkipReason::NameNotAllowed | SkipReason::TooLarge,
                ..
            } if !all => {
                // Named with its rule by the pre-flight lines before.
                self.left_out += 1;
                return None;
            }
            JobEvent::ItemSkipped { path, why } if all => {
                if matches!(why, SkipReason::NameNotAllowed | SkipReason::TooLarge) {
                    self.left_out += 1;
                }
                let why = match why {
                    SkipReason::Conflict => "the name exists at the destination",
                    SkipReason::SpecialFile => "it is a special file this copy cannot make",
                    SkipReason::NameNotAllowed => "the destination cannot hold its name",
                    SkipReason::TooLarge => "it is too large for the destination",
                    SkipReason::ChangedMeanwhile => {
                        "it changed while it was copied, so it stays where it was"
                    }
                };
                format!("skipped {}: {why}", escaped_path(path))
            }
            _ => return None,
        };
        Some(format!("porpoise: {text}"))
    }

    /// The last line when not everything was done (without `porpoise: `); `None` when it
    /// was.
    pub fn summary(&self, state: JobState, summary: &Summary) -> Option<String> {
        let left_out = if self.problems_fail { self.left_out } else { 0 };
        // Items are files and folders together: a failure may be either.
        let done_items = summary.files_done + summary.folders_done;
        let failed = summary.failed.max(self.failed) + summary.not_copied.max(self.not_copied);
        let seen = done_items + summary.skipped + failed;
        let failed = failed + left_out;
        let total = self.planned.max(seen);
        let done = self.doing.done();
        let items = |n: u64| if n == 1 { "item" } else { "items" };
        match state {
            JobState::Cancelled if done_items == 0 => {
                Some(format!("cancelled; nothing was {done}"))
            }
            // The sources were never reached: they are not what failed.
            _ if self.dest_failed && done_items == 0 => Some(format!("nothing was {done}")),
            JobState::Cancelled => Some(format!(
                "cancelled; {done_items} of {total} {} {} {done}",
                items(total),
                if done_items == 1 { "was" } else { "were" },
            )),
            _ if failed > 0 => Some(format!(
                "{failed} of {total} {} could not be {done}",
                items(total)
            )),
            JobState::Done => None,
            _ => Some(format!("not everything could be {done}")),
        }
    }
}

/// A path as one safe line: control characters and bytes that are not UTF-8 escaped.
/// A problem the pre-flight check found, in words ("a:b.txt: the name has a character
/// the destination forbids").
pub fn problem(p: &Problem) -> String {
    match p {
        Problem::BadName { path, why } => {
            let why = match why {
                NameProblem::ForbiddenCharacter => "has a character the destination forbids",
                NameProblem::ControlCharacter => "has a control character",
                NameProblem::TrailingDotOrSpace => "ends with a dot or a space",
                NameProblem::ReservedName => "is a name the destination reserves",
            };
            format!("{}: the name {why}", escaped_path(path))
        }
        Problem::TooLarge { path, size, limit } => format!(
            "{}: {size} bytes, larger than the destination holds ({limit} bytes)",
            escaped_path(path)
        ),
        Problem::NoSpace { needed, free } => {
            format!("the destination has {free} bytes free, the copy needs {needed}")
        }
        Problem::ReadOnly => "the destination is read-only".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use porpoise_engine::error::{IoError, Op};
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    fn failed(path: impl Into<PathBuf>, op: Op, errno: i32) -> JobEvent {
        let path = path.into();
        JobEvent::ItemFailed {
            error: IoError::new(op, &path, std::io::Error::from_raw_os_error(errno)),
            path,
        }
    }

    #[test]
    fn a_failed_item_is_named_with_its_reason_once() {
        let mut r = Report::new(Doing::Copy, Some("/dest".into()));
        assert_eq!(
            r.line(&failed("/src/a.txt", Op::Read, libc::EACCES), false)
                .as_deref(),
            Some("porpoise: cannot copy /src/a.txt: Permission denied (os error 13)")
        );
        assert_eq!(
            r.line(&failed("/dest", Op::OpenDir, libc::ENOENT), false)
                .as_deref(),
            Some("porpoise: cannot open folder /dest: No such file or directory (os error 2)")
        );
        let one = Summary {
            failed: 1,
            ..Summary::default()
        };
        assert_eq!(
            r.summary(JobState::Failed, &one).as_deref(),
            Some("nothing was copied")
        );
        let mut r = Report::new(Doing::Trash, None);
        assert_eq!(
            r.line(&failed("/a/b", Op::Trash, libc::EXDEV), false)
                .as_deref(),
            Some(
                "porpoise: cannot move /a/b to the trash: Invalid cross-device link (os error 18)"
            )
        );
    }

    #[test]
    fn refusals_are_words() {
        let mut r = Report::new(Doing::Move, Some("/a/x/in".into()));
        let ev = JobEvent::Refused {
            path: "/a/x".into(),
            why: Refusal::IntoItself,
        };
        assert_eq!(
            r.line(&ev, false).as_deref(),
            Some("porpoise: cannot move /a/x into itself")
        );
    }

    #[test]
    fn names_are_escaped() {
        let mut r = Report::new(Doing::Delete, None);
        let ev = failed(OsStr::from_bytes(b"/t/caf\xe9\nx"), Op::Remove, libc::EPERM);
        assert_eq!(
            r.line(&ev, false).as_deref(),
            Some("porpoise: cannot remove /t/caf\\xe9\\nx: Operation not permitted (os error 1)")
        );
    }

    #[test]
    fn skipped_items_are_named_only_with_a_bar() {
        let mut r = Report::new(Doing::Copy, None);
        let ev = JobEvent::ItemSkipped {
            path: "/s/sock".into(),
            why: SkipReason::SpecialFile,
        };
        assert_eq!(r.line(&ev, false), None);
        assert_eq!(
            r.line(&ev, true).as_deref(),
            Some("porpoise: skipped /s/sock: it is a special file this copy cannot make")
        );
    }

    #[test]
    fn the_summary_says_what_was_not_done() {
        let mut r = Report::new(Doing::Copy, None);
        // A folder of 4 files: 5 items, the folder among them.
        let planned = JobEvent::Planned {
            files: 4,
            folders: 1,
            bytes: 0,
        };
        r.line(&planned, false);
        let summary = Summary {
            files_done: 2,
            folders_done: 1,
            bytes_done: 0,
            skipped: 0,
            failed: 2,
            ..Summary::default()
        };
        assert_eq!(
            r.summary(JobState::Failed, &summary).as_deref(),
            Some("2 of 5 items could not be copied")
        );
        assert_eq!(
            r.summary(JobState::Cancelled, &summary).as_deref(),
            Some("cancelled; 3 of 5 items were copied")
        );
        let all = Summary {
            files_done: 4,
            folders_done: 1,
            ..Summary::default()
        };
        assert_eq!(r.summary(JobState::Done, &all), None);
        let r = Report::new(Doing::Delete, None);
        let one = Summary {
            failed: 1,
            ..Summary::default()
        };
        assert_eq!(
            r.summary(JobState::Failed, &one).as_deref(),
            Some("1 of 1 item could not be removed")
        );
        assert_eq!(
            r.summary(JobState::Cancelled, &Summary::default())
                .as_deref(),
            Some("cancelled; nothing was removed")
        );
    }
}
