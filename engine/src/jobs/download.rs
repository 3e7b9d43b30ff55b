//! Which files of a copy are read from their server through GIO rather than through
//! GVfs's FUSE folder, and their reading: the big ones. Through FUSE a file comes in the
//! kernel's pieces, each a question to gvfsd-fuse and on to the protocol's backend;
//! through GIO the copy asks the backend itself, the biggest files in parts at once
//! ([`parts`]; `cargo bench --bench remote`, 256 MiB from a share over loopback: SMB
//! 0.39 s against 1.05 s for `cp` from the FUSE folder, SFTP 1.04 s against 1.88 s). The
//! copy it goes into is written as any other ([`super::fsops::fill_copy`]): its bytes are
//! counted, and flushed to its device, the same way.

mod parts;

use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::Arc;

use gio::prelude::*;

use crate::error::Op;
use crate::mounts::gvfs::io_error;

use super::control::Control;
use super::data_sink::{DataSink, OpError};
use super::fsops::Meta;
use super::parts::InParts;

/// Files at least this big are read through GIO: the big files are where the kernel's
/// pieces cost (the bench's row); smaller ones keep the way through the FUSE folder.
const FROM: u64 = 1 << 20;

/// A file on a server that GVfs mounted, read through GIO from the protocol's backend,
/// what cancels its reading, and the copy's hold on its one file in parts.
pub struct Remote<'a> {
    pub(crate) file: gio::File,
    pub(crate) cancel: gio::Cancellable,
    pub(crate) in_parts: &'a InParts,
}

/// The server's own file for the file at `path` with `meta`, when it is a big regular
/// file in GVfs's FUSE folder that GIO reaches; its reading is cancelled with the job.
pub(super) fn remote_source<'a>(
    meta: &Meta,
    path: impl FnOnce() -> PathBuf,
    control: &Control,
    in_parts: &'a InParts,
) -> Option<Remote<'a>> {
    if meta.kind != rustix::fs::FileType::RegularFile || meta.size < FROM {
        return None;
    }
    let file = crate::mounts::gvfs::daemon_file(&path())?;
    Some(Remote {
        file,
        cancel: control.gio_cancellable(),
        in_parts,
    })
}

/// Copy the data of the file on a server, `size` bytes when the copy looked, into
/// `output`, as GIO reads it: in parts at once where that is faster ([`parts`]), else
/// through one stream. Returns the bytes copied and how many of them were already handed
/// on. The streams are closed as they go, cancelled or not.
pub(super) fn copy(
    remote: &Remote<'_>,
    size: u64,
    output: &Arc<OwnedFd>,
    sink: &impl DataSink,
) -> Result<(u64, u64), OpError> {
    let cancel = Some(&remote.cancel);
    let stream = remote
        .file
        .read(cancel)
        .map_err(|e| (Op::Open, io_error(&e)))?;
    // A file in parts keeps the copy's one hold on parts until it has been read.
    if let Some(_in_parts) = parts::wanted(remote, size, &stream) {
        return parts::copy(remote, size, stream, output, sink);
    }
    super::fsops::read_write(
        |buf| {
            stream
                .read(buf, cancel)
                .map_err(|e| (Op::Read, io_error(&e)))
        },
        output,
        sink,
    )
}
