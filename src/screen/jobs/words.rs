//! What a job row says: its title ("Copying 3 items to Music"), its progress line
//! ("38 MB of 128 MB · 2 of 3 files · 2.3 MB/s · 39 s left"), its state and its summary
//! ("Copied 12 files and 1 folder, 1 failed").

use std::time::Duration;

use porpoise_engine::jobs::JobState;

use super::entry::JobEntry;
use crate::format;
use crate::format::name_of;
use crate::i18n::fl;
use crate::request::JobKind;

/// What the job does, to what, where.
pub fn title(e: &JobEntry) -> String {
    let r = &e.request;
    let what = match r.sources.as_slice() {
        [one] => fl!("job-item", name = name_of(one)),
        many => fl!("job-items", count = many.len()),
    };
    let dest = e.dest_name.clone();
    match r.kind {
        JobKind::Copy => fl!("job-copy", what = what, dest = dest),
        JobKind::Move => fl!("job-move", what = what, dest = dest),
        JobKind::Link => fl!("job-link", what = what, dest = dest),
        JobKind::Trash => fl!("job-trash", what = what),
        JobKind::Delete => fl!("job-delete", what = what),
        JobKind::Permissions => fl!("job-permissions", what = what),
        JobKind::Rename => fl!("job-batch-rename", what = what),
        JobKind::Extract => fl!("job-extract", what = what, dest = dest),
        JobKind::Compress => fl!("job-compress", what = what, dest = dest),
    }
}

/// The state in words.
pub fn state(s: JobState) -> String {
    match s {
        JobState::Waiting => fl!("job-state-waiting"),
        JobState::Scanning => fl!("job-state-scanning"),
        JobState::Copying => fl!("job-state-copying"),
        JobState::Deleting => fl!("job-state-deleting"),
        JobState::WritingToDevice => fl!("job-state-writing"),
        JobState::Verifying => fl!("job-state-verifying"),
        JobState::RemovingSources => fl!("job-state-removing"),
        JobState::ChangingPermissions => fl!("job-state-permissions"),
        JobState::Renaming => fl!("job-state-renaming"),
        JobState::Extracting => fl!("job-state-extracting"),
        JobState::Compressing => fl!("job-state-compressing"),
        JobState::Paused => fl!("job-state-paused"),
        JobState::Done => fl!("job-state-done"),
        JobState::Failed => fl!("job-state-failed"),
        JobState::Cancelled => fl!("job-state-cancelled"),
    }
}

/// The progress line of a running job: the item at hand, bytes on the device, files,
/// speed, time left.
pub fn progress(e: &JobEntry) -> String {
    let f = &e.figures;
    let mut parts = Vec::new();
    if let Some(current) = &e.current {
        parts.push(name_of(current));
    }
    if e.state == JobState::Verifying {
        parts.push(fl!(
            "job-bytes-compared",
            done = format::size(f.bytes_verified),
            total = format::size(f.bytes_done)
        ));
    } else if f.bytes_total > 0 {
        parts.push(fl!(
            "job-bytes",
            done = format::size(f.bytes_on_device),
            total = format::size(f.bytes_total)
        ));
    }
    // Files when there are any; folders only for a job of folders alone (moving a folder
    // whole, deleting empty ones), so the line stays short.
    if e.state != JobState::Verifying {
        if f.files_total > 0 {
            parts.push(fl!("job-files", done = f.files_done, total = f.files_total));
        } else if f.folders_total > 0 {
            parts.push(fl!(
                "job-folders",
                done = f.folders_done,
                total = f.folders_total
            ));
        }
    }
    if !e.is_paused() {
        if let Some(speed) = e.speed().filter(|s| *s >= 1.0) {
            parts.push(fl!("job-speed", speed = format::size(speed as u64)));
        }
        if let Some(left) = e.time_left() {
            parts.push(fl!("job-time-left", time = duration(left)));
        }
    }
    parts.join(" · ")
}

/// What a job waiting for its device says: "Waiting for SLOWUSB… (next)"; `name` is the
/// device as Places shows it.
pub fn waiting(name: &str, place: usize) -> String {
    if place <= 1 {
        fl!("job-waiting-next", device = name)
    } else {
        fl!("job-waiting-place", device = name, place = place)
    }
}

/// What a job did, in files and folders: "20 files", "1 folder", "20 files and 1
/// folder" (no folder is named when there was none, and no file when there were only
/// folders).
pub fn files_and_folders(files: u64, folders: u64) -> String {
    let files_words = || fl!("job-files-count", count = files);
    let folders_words = || fl!("job-folders-count", count = folders);
    match (files, folders) {
        (_, 0) => files_words(),
        (0, _) => folders_words(),
        _ => fl!(
            "job-files-and-folders",
            files = files_words(),
            folders = folders_words()
        ),
    }
}

/// How a count is put in words.
type Words = fn(u64) -> String;

/// What a finished job did: "Copied 12 files and 1 folder, 1 failed". Every kind of job
/// counts files and folders apart, a folder never among its own files: a copy or a delete
/// counts everything in the folders it went through, and the folders; what goes whole (a
/// folder moved by a rename, or to the trash, or renamed) is one folder.
pub fn summary(e: &JobEntry) -> String {
    let Some(s) = &e.summary else {
        return String::new();
    };
    let files = files_and_folders(s.files_done, s.folders_done);
    let done = match e.request.kind {
        JobKind::Copy => fl!("job-done-copy", files = files),
        JobKind::Move => fl!("job-done-move", files = files),
        JobKind::Link => fl!("job-done-link", files = files),
        JobKind::Trash => fl!("job-done-trash", files = files),
        JobKind::Delete => fl!("job-done-delete", files = files),
        JobKind::Permissions => fl!("job-done-permissions", files = files),
        JobKind::Rename => fl!("job-done-batch-rename", files = files),
        JobKind::Extract => fl!("job-done-extract", files = files),
        JobKind::Compress => fl!("job-done-compress", files = files),
    };
    // What else happened, each where it did (worded only then: this runs every frame).
    let counted: [(u64, Words); 5] = [
        (s.skipped, |n| fl!("job-summary-skipped", count = n)),
        (s.failed, |n| fl!("job-summary-failed", count = n)),
        (s.not_copied, |n| fl!("job-summary-not-copied", count = n)),
        (s.verified, |n| fl!("job-summary-verified", count = n)),
        (u64::from(!s.attributes_kept), |_| {
            fl!("job-summary-attributes-lost")
        }),
    ];
    let mut out = std::iter::once(done)
        .chain(
            counted
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, words)| words(n)),
        )
        .collect::<Vec<_>>()
        .join(", ");
    if e.state != JobState::Done {
        out.push_str(" — ");
        out.push_str(&state(e.state));
    }
    out
}

/// "39 s", "2 min 5 s", "1 h 3 min".
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs() + u64::from(d.subsec_millis() >= 500);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        fl!("duration-hours", h = h, m = m)
    } else if m > 0 {
        fl!("duration-minutes", m = m, s = s)
    } else {
        fl!("duration-seconds", s = s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::JobRequest;
    use crate::screen::jobs::follow::JobRun;
    use crate::servers::RemotePlaces;
    use porpoise_engine::jobs::JobEvent;
    use porpoise_engine::jobs::events::Figures;

    const MB: u64 = 1_000_000;

    #[test]
    fn while_verifying_the_bar_and_the_line_follow_what_was_read_back() {
        let request = JobRequest {
            kind: JobKind::Copy,
            sources: vec!["/a/big.iso".into()],
            dest: "/stick".into(),
            modes: None,
            compress: None,
        };
        let run = JobRun {
            id: 1,
            kind: request.kind,
            spec: porpoise_engine::jobs::JobSpec::new(
                request.sources.clone(),
                request.dest.clone(),
            ),
            control: porpoise_engine::jobs::Control::new(),
            queue: Default::default(),
        };
        let dest_name = name_of(&request.dest);
        let mut e = JobEntry::new(request, std::sync::Arc::new(run), dest_name);
        let copied = Figures {
            files_total: 4,
            bytes_total: 80 * MB,
            files_done: 4,
            bytes_done: 80 * MB,
            bytes_on_device: 80 * MB,
            ..Figures::default()
        };
        e.apply(JobEvent::Progress(copied), &RemotePlaces::NONE);
        assert_eq!(e.fraction(), 1.0);
        assert!(progress(&e).contains("4 of 4"), "{}", progress(&e));
        e.apply(JobEvent::State(JobState::Verifying), &RemotePlaces::NONE);
        e.apply(
            JobEvent::Progress(Figures {
                bytes_verified: 20 * MB,
                ..copied
            }),
            &RemotePlaces::NONE,
        );
        assert_eq!(e.fraction(), 0.25);
        let line = progress(&e);
        assert!(line.contains("20.0 MB of 80.0 MB compared"), "{line}");
        assert!(!line.contains("4 of 4"), "{line}");
        assert_eq!(state(e.state), fl!("job-state-verifying"));
    }

    /// A job of `kind` as the panel holds it.
    fn entry(kind: JobKind) -> JobEntry {
        let request = JobRequest {
            kind,
            sources: vec!["/a/photos".into()],
            dest: "/b".into(),
            modes: None,
            compress: None,
        };
        let run = JobRun {
            id: 1,
            kind,
            spec: porpoise_engine::jobs::JobSpec::new(request.sources.clone(), "/b"),
            control: porpoise_engine::jobs::Control::new(),
            queue: Default::default(),
        };
        let dest_name = name_of(&request.dest);
        JobEntry::new(request, std::sync::Arc::new(run), dest_name)
    }

    /// A finished job of `kind` with `summary`.
    fn finished(kind: JobKind, summary: porpoise_engine::jobs::Summary) -> JobEntry {
        let mut e = entry(kind);
        e.apply(JobEvent::State(JobState::Done), &RemotePlaces::NONE);
        e.apply(
            JobEvent::Finished {
                state: JobState::Done,
                summary,
            },
            &RemotePlaces::NONE,
        );
        e
    }

    fn done(files_done: u64, folders_done: u64) -> porpoise_engine::jobs::Summary {
        porpoise_engine::jobs::Summary {
            files_done,
            folders_done,
            ..Default::default()
        }
    }

    #[test]
    fn a_summary_counts_files_and_folders_apart() {
        crate::i18n::select(&["en"]);
        // A folder of 20 files copied: the folder is not one of the files.
        assert_eq!(
            summary(&finished(JobKind::Copy, done(20, 1))),
            "Copied 20 files and 1 folder"
        );
        assert_eq!(
            summary(&finished(JobKind::Copy, done(1, 0))),
            "Copied 1 file"
        );
        // A folder moved by a rename goes whole: one folder.
        assert_eq!(
            summary(&finished(JobKind::Move, done(0, 1))),
            "Moved 1 folder"
        );
        assert_eq!(
            summary(&finished(JobKind::Delete, done(5, 2))),
            "Deleted 5 files and 2 folders"
        );
        assert_eq!(
            summary(&finished(JobKind::Trash, done(0, 1))),
            "Moved 1 folder to the trash"
        );
        assert_eq!(
            summary(&finished(JobKind::Permissions, done(3, 1))),
            "Changed the permissions of 3 files and 1 folder"
        );
        assert_eq!(
            summary(&finished(JobKind::Copy, done(0, 0))),
            "Copied 0 files"
        );
    }

    #[test]
    fn a_job_of_folders_alone_counts_folders_on_its_progress_line() {
        crate::i18n::select(&["en"]);
        let mut e = entry(JobKind::Move);
        e.apply(JobEvent::State(JobState::Copying), &RemotePlaces::NONE);
        e.apply(
            JobEvent::Progress(Figures {
                folders_total: 3,
                folders_done: 1,
                ..Figures::default()
            }),
            &RemotePlaces::NONE,
        );
        assert!(progress(&e).contains("1 of 3 folders"), "{}", progress(&e));
        // Without bytes the bar follows files and folders together.
        assert!((e.fraction() - 1.0 / 3.0).abs() < 1e-6, "{}", e.fraction());
        e.apply(
            JobEvent::Progress(Figures {
                files_total: 20,
                files_done: 5,
                folders_total: 1,
                folders_done: 1,
                ..Figures::default()
            }),
            &RemotePlaces::NONE,
        );
        let line = progress(&e);
        assert!(line.contains("5 of 20 files"), "{line}");
        assert!(!line.contains("folder"), "{line}");
    }
}
