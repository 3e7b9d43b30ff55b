//! Waiting on the server and on the user for one file of an upload: why a file did not
//! arrive, a wait that a cancel cuts short or lets end, and a taken name settled by the
//! job's rule.

use std::ffi::CString;
use std::future::Future;
use std::time::Duration;

use futures_util::future::{Either, select};
use gio::glib;

use crate::error::Op;

use super::super::resolve::{Resolution, Resolver};
use super::super::runner::Ctx;
use super::walk::Item;

/// How often a wait on the server looks whether the job was cancelled.
const CANCEL_LOOK: Duration = Duration::from_millis(100);
/// How long a step on the server that is under way when the job is cancelled is given to
/// end by itself. Cut short, a GVfs backend can leave the file's stream unable to close
/// (so the part on the server cannot be deleted), or make the file after its part was
/// deleted.
const FINISH_WAIT: Duration = Duration::from_secs(10);

/// Why a file did not arrive.
pub(super) enum Failure {
    /// The job was cancelled while the file was on its way.
    Cancelled,
    /// The rule or the answer to a conflict left it out (already reported).
    Skipped,
    Failed(Op, std::io::Error),
}

/// The name taken by `item` is in use: `Some(new name)`, or `None` to replace the file.
pub(super) fn conflict(
    ctx: &Ctx,
    resolver: &Resolver,
    item: &Item,
) -> Result<Option<CString>, Failure> {
    let dst =
        crate::sys::open_dir(&item.dst_dir_path).map_err(|e| Failure::Failed(Op::OpenDir, e))?;
    match resolver.resolve(
        ctx,
        &item.src,
        (&dst, &item.dst_dir_path),
        &item.name,
        &item.meta,
    ) {
        Resolution::Replace => Ok(None),
        Resolution::RenameTo(name) => Ok(Some(name)),
        Resolution::Skip if ctx.control.is_cancelled() => Err(Failure::Cancelled),
        Resolution::Skip => Err(Failure::Skipped),
    }
}

/// Wait for `op`, or stop waiting (and so cancel it) once the job is cancelled.
pub(super) async fn cancellable<T>(ctx: &Ctx, op: impl Future<Output = T>) -> Result<T, Failure> {
    match select(std::pin::pin!(op), std::pin::pin!(cancelled(ctx))).await {
        Either::Left((done, _)) => Ok(done),
        Either::Right(_) => Err(Failure::Cancelled),
    }
}

/// Wait for `op` to end, letting it end by itself once the job is cancelled, for up to
/// [`FINISH_WAIT`] more; past that it is dropped (which cancels a GIO call) as cancelled.
pub(super) async fn finished<T>(ctx: &Ctx, op: impl Future<Output = T>) -> Result<T, Failure> {
    let mut op = std::pin::pin!(op);
    if let Either::Left((done, _)) = select(op.as_mut(), std::pin::pin!(cancelled(ctx))).await {
        return Ok(done);
    }
    let wait = glib::timeout_future(FINISH_WAIT);
    match select(op, wait).await {
        Either::Left((done, _)) => Ok(done),
        Either::Right(_) => Err(Failure::Cancelled),
    }
}

/// Ends once the job is cancelled.
async fn cancelled(ctx: &Ctx) {
    while !ctx.control.is_cancelled() {
        glib::timeout_future(CANCEL_LOOK).await;
    }
}
