//! Compressing as a job: the sources walked first (the job's totals), then read into a
//! new archive on the job thread with progress in source bytes read and items put in,
//! pause and cancel. The archive is written beside its place and renamed in only when
//! complete: a cancel or a failure leaves nothing, and an archive already there is never
//! overwritten (the job fails, naming it).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::archive::compress::{CompressError, Compressed, Watch, compress_watched};
use crate::error::{IoError, Op};

use super::JobSpec;
use super::control::{Control, Job};
use super::events::{JobEvent, JobState};
use super::runner::{Ctx, spawn};

/// Put `spec.sources` into a new archive at `spec.dest`, made as `spec.compress` says.
pub(super) fn compress_with(spec: JobSpec, control: Arc<Control>) -> Job {
    spawn("compress", control, move |ctx| run(ctx, &spec))
}

fn run(ctx: &Ctx, spec: &JobSpec) -> JobState {
    ctx.state(JobState::Scanning);
    let out = &spec.dest;
    let Some(options) = &spec.compress else {
        ctx.failed_with(out.clone(), unsupported(out));
        return JobState::Failed;
    };
    let mut watch = JobWatch { ctx };
    match compress_watched(&spec.sources, out, options, &mut watch) {
        Ok(done) => {
            watch.show(&done);
            set(&ctx.counters.skipped, done.skipped);
            if let Some(first) = spec.sources.first() {
                let _ = ctx.tx.send(JobEvent::Placed {
                    source: first.clone(),
                    target: out.clone(),
                    new: true,
                });
            }
            ctx.final_state()
        }
        Err(CompressError::Stopped { .. }) => JobState::Cancelled,
        Err(e) => {
            let (path, error) = failure(out, e);
            ctx.failed_with(path, error);
            JobState::Failed
        }
    }
}

/// Set one of the job's counters to `n`.
fn set(c: &AtomicU64, n: u64) {
    c.store(n, Ordering::Relaxed);
}

/// The job's side of a compression: totals and progress into its counters, and the
/// pause and cancel asked between reads.
struct JobWatch<'a> {
    ctx: &'a Ctx,
}

impl JobWatch<'_> {
    /// Show `done` as the job's figures (links count as files, as everywhere in a job).
    fn show(&self, done: &Compressed) {
        let c = &self.ctx.counters;
        set(&c.bytes_done, done.bytes);
        set(&c.files_done, done.files + done.links);
        set(&c.folders_done, done.folders);
    }
}

impl Watch for JobWatch<'_> {
    fn planned(&mut self, totals: &Compressed) {
        let c = &self.ctx.counters;
        set(&c.bytes_total, totals.bytes);
        set(&c.files_total, totals.files + totals.links);
        set(&c.folders_total, totals.folders);
        self.ctx.state(JobState::Compressing);
    }

    fn progress(&mut self, done: &Compressed) -> bool {
        self.show(done);
        // Blocks while the job is paused; false once it is cancelled.
        self.ctx.control.checkpoint()
    }
}

/// The item a compression's failure is about, and the failure as a job reports it.
fn failure(out: &Path, e: CompressError) -> (std::path::PathBuf, IoError) {
    let errno = |n| std::io::Error::from_raw_os_error(n);
    match e {
        CompressError::Exists { path } => {
            let error = IoError::new(Op::Create, path.clone(), errno(libc::EEXIST));
            (path, error)
        }
        CompressError::Read { path, source } => {
            let error = IoError::new(Op::Read, path.clone(), source);
            (path, error)
        }
        CompressError::Write { path, source } => {
            let source = match source.downcast::<std::io::Error>() {
                Ok(io) => *io,
                Err(other) => std::io::Error::other(other),
            };
            (path.clone(), IoError::new(Op::Write, path, source))
        }
        CompressError::NoPassword { .. } | CompressError::NoSources { .. } => {
            (out.to_owned(), unsupported(out))
        }
        CompressError::Stopped { path } => {
            let error = IoError::new(Op::Write, path.clone(), errno(libc::EINTR));
            (path, error)
        }
    }
}

/// The failure of a compression asked for what it cannot do.
fn unsupported(out: &Path) -> IoError {
    IoError::new(
        Op::Create,
        out,
        std::io::Error::from_raw_os_error(libc::EOPNOTSUPP),
    )
}
