//! Extracting a compressed tar in one pass. Its entries are known only by decompressing
//! all of it, so listing it first would decompress it twice; where nothing needs asking
//! before a byte is written, it is written as it is read instead: into a hidden folder of
//! its own beside where it lands, renamed into place at the end (as its one top folder,
//! or as the folder named after the archive), once where it lands is known. The space
//! the entries state is checked as each is met, so a disk is never filled; progress runs
//! on how much of the archive was read.

use std::ffi::{CString, OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::archive::format::{Format, format_of};
use crate::archive::landing::{Landing, Tops, stem};
use crate::archive::list::Kind;
use crate::archive::names::{inside, top_of};
use crate::archive::read::{Flow, ReadOptions, each_entry, each_entry_counted};
use crate::error::{IoError, Op};

use super::super::JobSpec;
use super::super::events::JobEvent;
use super::super::preflight::{FsRules, Problem};
use super::super::progress::{Counters, Tally};
use super::super::resolve::free_target;
use super::super::runner::Ctx;
use super::Tools;
use super::entry::{self, Place, Stop};
use super::plan::read_failure;
use super::written::Written;

/// Whether `archive` is extracted in one pass: a compressed tar, taken whole, into a
/// destination whose rules ask nothing of names or sizes, where neither folder it may
/// land as (its first entry's top folder, the folder named after it) is there already.
pub fn streamable(spec: &JobSpec, rules: FsRules, archive: &Path) -> bool {
    if spec.pick.is_some() || rules.windows_names || rules.max_file_size.is_some() {
        return false;
    }
    let compressed_tar = matches!(
        format_of(archive),
        Ok(Some(
            Format::TarGzip | Format::TarBzip2 | Format::TarXz | Format::TarZstd | Format::TarLz4
        ))
    );
    if !compressed_tar {
        return false;
    }
    let mut first_top = None;
    let read = each_entry(archive, ReadOptions::default(), &mut |head, _| {
        first_top = inside(&head.raw_name)
            .ok()
            .and_then(|p| top_of(&p).map(OsStr::to_owned));
        Flow::Stop
    });
    let name = archive.file_name().unwrap_or(archive.as_os_str());
    let free = |n: &OsStr| std::fs::symlink_metadata(spec.dest.join(n)).is_err();
    read.is_ok() && free(&stem(name)) && first_top.is_none_or(|top| free(&top))
}

/// Extract the compressed tar `archive` in one pass. `Err` when the destination failed
/// so that the job stops.
pub fn one(ctx: &Ctx, spec: &JobSpec, archive: &Path, tools: &Tools<'_>) -> Result<(), Stop> {
    ctx.counters.set_current(archive.to_owned());
    let name = archive.file_name().unwrap_or(archive.as_os_str());
    let Some(staging) = staging_folder(ctx, spec, name, tools) else {
        return Ok(());
    };
    let mut landing = Written::default();
    landing.made(&staging, true);
    let place = Place {
        beneath: tools.beneath,
        dest: &spec.dest,
        folder: &staging,
        // Shown where an archive with one top folder lands (most do).
        shown_in: &spec.dest,
        strip_top: false,
        pick: None,
        archive,
        fit: tools.fit,
        resolver: tools.resolver,
        sink: tools.sink,
        unstated_bound: tools.unstated_bound,
    };
    let mut written = Written::default();
    let mut tops = Tops::default();
    let mut stop = None;
    let mut progress = Progress::new(&ctx.counters, archive);
    let mut too_large = None;
    let walked = each_entry_counted(
        archive,
        ReadOptions {
            content: true,
            password: None,
        },
        Some(progress.consumed.clone()),
        &mut |head, content| {
            let is_dir = head.kind == Kind::Folder;
            if let Ok(path) = inside(&head.raw_name) {
                tops.add(&path, is_dir);
            }
            if !is_dir {
                progress.stated = progress.stated.saturating_add(head.size);
                if progress.stated > tools.unstated_bound {
                    // It would not fit: stopped before the disk is full.
                    too_large = Some(progress.stated);
                    return Flow::Stop;
                }
            }
            ctx.counters
                .add_total(if is_dir { Tally::Folder } else { Tally::File }, 1);
            let r = place.write(ctx, head, content, &mut written);
            progress.entry_done();
            let flow = entry::flow(&r);
            stop = r.err();
            flow
        },
    );
    progress.end();
    if let Some(needed) = too_large {
        // As the check before writing says it: not enough space, nothing kept.
        let _ = ctx.tx.send(JobEvent::Preflight {
            problems: vec![Problem::NoSpace {
                needed,
                free: tools.unstated_bound,
            }],
            can_proceed: false,
        });
        written.remove(tools.beneath);
        landing.remove(tools.beneath);
        return Err(Stop::Destination);
    }
    match walked {
        Ok(()) => {}
        Err(e) if ctx.control.is_cancelled() => tracing::debug!("after a cancel: {e}"),
        Err(e) => {
            // A damaged archive keeps what could be read; what could not is named.
            ctx.failed_with(archive.to_owned(), read_failure(&e));
        }
    }
    if ctx.control.is_cancelled() || matches!(stop, Some(Stop::Cancelled)) || written.is_empty() {
        written.remove(tools.beneath);
        landing.remove(tools.beneath);
        return Ok(());
    }
    let (from, target) = match into_place(tools, &staging, tops.landing(name)) {
        Ok(placed) => placed,
        Err(e) => {
            let shown = spec.dest.join(&staging);
            ctx.failed_with(shown.clone(), IoError::new(Op::Rename, shown, e));
            return Ok(());
        }
    };
    written.moved(&from, &target);
    for (rel, e) in written.finish(tools.beneath) {
        let shown = spec.dest.join(&rel);
        ctx.failed_with(shown.clone(), IoError::new(Op::SetMetadata, shown, e));
    }
    let _ = ctx.tx.send(JobEvent::Placed {
        source: archive.to_owned(),
        target: spec.dest.join(&target),
        new: true,
    });
    match stop {
        Some(Stop::Destination) => Err(Stop::Destination),
        _ => Ok(()),
    }
}

/// A new hidden folder for the archive named `name` in the destination; `None` when none
/// can be made (reported).
fn staging_folder(ctx: &Ctx, spec: &JobSpec, name: &OsStr, tools: &Tools<'_>) -> Option<PathBuf> {
    let mut last = None;
    for attempt in 0..16u32 {
        let mut staging = OsString::from(".");
        staging.push(name);
        staging.push(format!(
            ".partial-{:x}{attempt}",
            std::process::id() ^ nanos()
        ));
        let staging = PathBuf::from(staging);
        match tools.beneath.folder(&staging, 0o755, &mut Vec::new()) {
            Ok(true) => return Some(staging),
            Ok(false) => continue,
            Err(e) => {
                last = Some(e);
                break;
            }
        }
    }
    let e = last.unwrap_or_else(|| std::io::Error::from_raw_os_error(libc::EEXIST));
    let shown = spec.dest.join(name);
    ctx.failed_with(shown.clone(), IoError::new(Op::Create, shown, e));
    None
}

fn nanos() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos())
}

/// Rename what was written in `staging` to where it lands: its one top folder, or the
/// whole staging folder as the folder named after the archive (under another free name
/// when that was taken meanwhile). What was renamed, and the name it took, relative to
/// the destination.
fn into_place(
    tools: &Tools<'_>,
    staging: &Path,
    landing: Landing,
) -> std::io::Result<(PathBuf, PathBuf)> {
    let (from, name) = match landing {
        Landing::AsItsFolder(top) => (staging.join(&top), top),
        Landing::IntoNewFolder(folder) => (staging.to_owned(), folder),
    };
    let name = CString::new(name.into_vec())
        .map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL))?;
    let placed = match tools.beneath.rename_to_top(&from, &name) {
        Err(e) if e.raw_os_error() == Some(libc::EEXIST) => {
            let other = free_target(tools.beneath.root(), &name);
            tools.beneath.rename_to_top(&from, &other).map(|()| other)
        }
        other => other.map(|()| name),
    }?;
    if from != staging {
        // Its top folder moved out: the staging folder is empty.
        tools.beneath.remove(staging, true)?;
    }
    Ok((from, PathBuf::from(OsStr::from_bytes(placed.as_bytes()))))
}

/// The job's byte totals while an archive whose sizes are not known ahead is read: what
/// its entries stated so far, or, when more, what the part of the archive read so far
/// says the whole will hold.
struct Progress<'a> {
    counters: &'a Counters,
    consumed: Arc<AtomicU64>,
    /// The archive's size on disk.
    length: u64,
    /// The job's byte total before this archive, and its bytes done then.
    total_before: u64,
    done_before: u64,
    /// The bytes the entries met so far state.
    stated: u64,
}

impl<'a> Progress<'a> {
    fn new(counters: &'a Counters, archive: &Path) -> Progress<'a> {
        Progress {
            counters,
            consumed: Arc::default(),
            length: std::fs::metadata(archive).map_or(0, |m| m.len()),
            total_before: counters.bytes_total.load(Ordering::Relaxed),
            done_before: counters.bytes_done.load(Ordering::Relaxed),
            stated: 0,
        }
    }

    fn entry_done(&mut self) {
        let read = self.consumed.load(Ordering::Relaxed).max(1);
        let done = self
            .counters
            .bytes_done
            .load(Ordering::Relaxed)
            .saturating_sub(self.done_before);
        let foreseen = u128::from(done) * u128::from(self.length.max(read)) / u128::from(read);
        let whole = u64::try_from(foreseen).unwrap_or(u64::MAX).max(self.stated);
        self.counters
            .bytes_total
            .store(self.total_before.saturating_add(whole), Ordering::Relaxed);
    }

    /// The archive is read: its total is what its entries stated.
    fn end(&self) {
        self.counters.bytes_total.store(
            self.total_before.saturating_add(self.stated),
            Ordering::Relaxed,
        );
    }
}
