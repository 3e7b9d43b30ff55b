//! What the walk of an upload and the files on their way share, all on the job's thread:
//! how each top-level source fared, whether the copy stopped, and what the server keeps
//! of a file's details.

use std::cell::{Cell, RefCell};
use std::io;
use std::path::{Path, PathBuf};

use crate::error::{IoError, Op};

use super::super::fsops::Meta;
use super::super::parts::InParts;
use super::super::runner::Ctx;
use super::piece::Held;
use crate::remote::Settable;

/// What the walk and the files on their way share; all on the job's thread.
pub(super) struct Shared {
    /// Per top-level source: how many items inside failed, were skipped or left undone.
    pub troubles: Vec<Cell<u64>>,
    /// Per top-level source: the walk handed on all of it (no cancel in between).
    pub walked: Vec<Cell<bool>>,
    /// Per top-level source: its details when the copy began.
    pub seen: RefCell<Vec<Option<Meta>>>,
    /// The folder the job copies into, as a path in the FUSE folder.
    pub dest: PathBuf,
    /// The server is full or read-only: nothing more is tried.
    pub stopped: Cell<bool>,
    /// Some mode or time the server would not take.
    pub attributes_lost: Cell<bool>,
    /// What of a file's details the server can keep.
    pub settable: Settable,
    /// What the pieces of the files on their way hold.
    pub held: Held,
    /// Whether a file on its way is being sent in parts.
    pub in_parts: InParts,
}

impl Shared {
    pub fn item_failed(&self, top: usize) {
        if let Some(t) = self.troubles.get(top) {
            t.set(t.get() + 1);
        }
    }

    /// Go on with the next item: not stopped, not cancelled (waits while paused).
    pub fn go_on(&self, ctx: &Ctx) -> bool {
        !self.stopped.get() && ctx.control.checkpoint()
    }

    /// Stop the whole copy when no further item can succeed.
    pub fn stop_if_hopeless(&self, err: &io::Error) {
        if matches!(
            err.raw_os_error(),
            Some(libc::ENOSPC | libc::EDQUOT | libc::EROFS)
        ) {
            self.stopped.set(true);
        }
    }

    /// The file `src` (of the top-level source `top`, copied to `copy`) failed with `e`
    /// at step `op`, or was cut short by a stop or a cancel.
    pub fn failed(
        &self,
        ctx: &Ctx,
        (top, src, copy): (usize, &Path, PathBuf),
        op: Op,
        e: io::Error,
    ) {
        self.item_failed(top);
        if ctx.control.is_cancelled() {
            return;
        }
        if self.stopped.get() {
            ctx.not_copied(src.to_owned());
            return;
        }
        self.stop_if_hopeless(&e);
        // A failure on the server's side names the copy it is about, not its source.
        let about = match op {
            Op::Read | Op::Open => src.to_owned(),
            _ => copy,
        };
        ctx.failed_with(src.to_owned(), IoError::new(op, about, e));
    }
}
