//! Waiting on the server and on the user for one file of an upload: why a file did not
//! arrive, a wait that a cancel cuts short or lets end, and a taken name settled by the
//! job's rule.

use std::cell::RefCell;
use std::ffi::CString;
use std::future::Future;
use std::pin::Pin;
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
/// How long an upload, once its files are done, waits for the calls it kept ([`park`]).
const DRAIN_WAIT: Duration = Duration::from_secs(60);

thread_local! {
    /// GIO calls this thread's upload no longer waits for, but whose answers must still
    /// come to this thread (see [`park`]).
    static PARKED: RefCell<Vec<Pin<Box<dyn Future<Output = ()>>>>> = const { RefCell::new(Vec::new()) };
}

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

/// Keep `op`, a GIO call the upload no longer waits for, until the upload ends
/// ([`drain`]). GIO answers a call on the main context it was made on (GLib's default
/// one, which uploads run in turns), and hands the answer to the thread that made it:
/// dropped, or left for the next upload's thread to run, its answer would come on
/// another thread, which aborts the program.
pub(super) fn park(op: impl Future<Output = ()> + 'static) {
    PARKED.with(|parked| parked.borrow_mut().push(Box::pin(op)));
}

/// Wait for the calls kept by [`park`] to end, up to [`DRAIN_WAIT`]; ones still under
/// way then are left as they are (neither dropped nor waited for).
pub(super) async fn drain() {
    let parked = PARKED.with(|parked| parked.take());
    if parked.is_empty() {
        return;
    }
    let all = Box::pin(futures_util::future::join_all(parked));
    if let Either::Right((_, all)) =
        select(all, std::pin::pin!(glib::timeout_future(DRAIN_WAIT))).await
    {
        tracing::error!("a call to the server did not end after the upload: left under way");
        std::mem::forget(all);
    }
}
