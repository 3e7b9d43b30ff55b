//! What the file operations know of the job they work for: the [`DataSink`] a copy's data
//! is reported to, and the [`OpError`] a step fails with. No I/O here, so the file
//! operations and the ways of copying data (`sparse`) share it without depending on
//! each other.

use std::os::fd::OwnedFd;
use std::sync::Arc;

/// A failed step: what was being done and why it failed.
pub type OpError = (crate::error::Op, std::io::Error);

/// Where a copy's data is reported as it moves: the job checks for cancel and pause,
/// counts the bytes and hands full windows to the device. The file operations know the
/// job only through this. A file copied in parts at once reports from several threads.
pub trait DataSink: Sync {
    /// Whether to go on: waits while the job is paused; false once it is cancelled.
    fn proceed(&self) -> bool;
    /// How much to copy in one call.
    fn chunk(&self) -> usize;
    /// The destination did not take some extended attributes of a copy.
    fn attributes_lost(&self);
    /// `n` more bytes written to `output`, ending at `total` in a file of `size` (0 where
    /// unknown; through one stream `total` is the bytes so far); the bytes from where the
    /// writer began to `*handed` were already handed on.
    fn wrote(
        &self,
        output: &Arc<OwnedFd>,
        n: u64,
        total: u64,
        handed: &mut u64,
        size: u64,
    ) -> Result<(), OpError>;
    /// The range of `output` from `from` to `to` is written whole (a part of a file copied
    /// in parts at once): what of it was not handed on yet is handed on now.
    fn range_written(
        &self,
        output: &Arc<OwnedFd>,
        from: u64,
        to: u64,
        size: u64,
    ) -> Result<(), OpError>;
    /// The file is whole at `total` bytes and under its name in `dst`: the bytes from
    /// `handed` on are handed on too.
    fn complete(
        &self,
        output: &Arc<OwnedFd>,
        handed: u64,
        total: u64,
        dst: &Arc<OwnedFd>,
    ) -> Result<(), OpError>;
}
