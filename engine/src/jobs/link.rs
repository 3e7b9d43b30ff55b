//! Linking: a symbolic link to each source, made in the destination folder; a name that
//! is taken gets the first free numbered name ("a (1).txt").

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::Op;

use super::JobSpec;
use super::conflict::free_name;
use super::control::{Control, Job};
use super::events::{JobEvent, JobState};
use super::runner::{Ctx, spawn};

/// Link `spec.sources` into the folder `spec.dest` (conflicts always keep both).
pub(super) fn link_with(spec: JobSpec, control: Arc<Control>) -> Job {
    spawn("link", control, move |ctx| run(ctx, &spec))
}

fn run(ctx: &Ctx, spec: &JobSpec) -> JobState {
    ctx.state(JobState::Copying);
    // Each link counts as what it links to: a folder, or a file.
    for (source, tally) in ctx.items(&spec.sources) {
        match link_one(source, &spec.dest) {
            Ok(target) => {
                ctx.counters.add_done(tally, 1);
                let _ = ctx.tx.send(JobEvent::Placed {
                    source: source.clone(),
                    target,
                    new: true,
                });
            }
            Err(e) => ctx.failed(source.clone(), e),
        }
    }
    ctx.final_state()
}

/// Make one link to `source` in `dest`; returns where it was made.
fn link_one(source: &Path, dest: &Path) -> Result<PathBuf, super::fsops::OpError> {
    let name = source.file_name().ok_or_else(|| {
        (
            Op::Create,
            std::io::Error::from(std::io::ErrorKind::InvalidInput),
        )
    })?;
    let taken = |n: &std::ffi::OsStr| dest.join(n).symlink_metadata().is_ok();
    let mut target = dest.join(name);
    // A name taken between the check and the link is tried again with the next free one.
    for _ in 0..100 {
        if taken(name) {
            target = dest.join(free_name(name, taken));
        }
        match std::os::unix::fs::symlink(source, &target) {
            Ok(()) => return Ok(target),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err((Op::Create, e)),
        }
    }
    Err((
        Op::Create,
        std::io::Error::from(std::io::ErrorKind::AlreadyExists),
    ))
}
