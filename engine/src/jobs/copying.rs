//! Which way a copy goes: into a server's folder through GIO ([`super::upload`]), or
//! fd-relative everywhere else ([`super::copy`]).

use std::path::PathBuf;
use std::sync::Arc;

use super::JobSpec;
use super::control::{Control, Job};
use super::copy::{self, Beside, Outcome};
use super::runner::{Ctx, spawn};
use super::upload;

/// Copy `spec.sources` into the folder `spec.dest`. A source already in `spec.dest` is
/// duplicated beside itself under the next free "name (copy)", "name (copy 2)", …
pub(super) fn copy_with(spec: JobSpec, control: Arc<Control>) -> Job {
    spawn("copy", control, move |ctx| {
        let sources: Vec<(usize, &PathBuf)> = spec.sources.iter().enumerate().collect();
        let outcome = copy_some(ctx, &spec, &sources, Beside::Duplicate);
        outcome.state(ctx)
    })
}

/// Copy the given (index, source) pairs of `spec`, the way its destination takes them.
pub(crate) fn copy_some(
    ctx: &Ctx,
    spec: &JobSpec,
    sources: &[(usize, &PathBuf)],
    beside: Beside,
) -> Outcome {
    match upload::destination(spec) {
        Some(server) => upload::copy_some(ctx, spec, sources, beside, server),
        None => copy::copy_some(ctx, spec, sources, beside),
    }
}
