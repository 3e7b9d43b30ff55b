//! Which files of a copy are read from their server through GIO rather than through
//! GVfs's FUSE folder: the big ones. Through FUSE a file comes in the kernel's pieces,
//! each a question to gvfsd-fuse and on to the protocol's backend; through GIO the copy
//! asks the backend itself (`cargo bench --bench remote`, 256 MiB from a share over
//! loopback: SMB 0.63 s against 1.01 s for `cp` from the FUSE folder, SFTP 1.23 s against
//! 1.61 s). The copy it goes into is written as any other ([`super::fsops::fill_copy`]): its
//! bytes are counted, and flushed to its device, the same way.

use std::path::PathBuf;

use super::control::Control;
use super::fsops::{Meta, Remote};

/// Files at least this big are read through GIO: the big files are where the kernel's
/// pieces cost (the bench's row); smaller ones keep the way through the FUSE folder.
const FROM: u64 = 1 << 20;

/// The server's own file for the file at `path` with `meta`, when it is a big regular
/// file in GVfs's FUSE folder that GIO reaches; its reading is cancelled with the job.
pub(super) fn remote_source(
    meta: &Meta,
    path: impl FnOnce() -> PathBuf,
    control: &Control,
) -> Option<Remote> {
    if meta.kind != rustix::fs::FileType::RegularFile || meta.size < FROM {
        return None;
    }
    let file = crate::mounts::gvfs::daemon_file(&path())?;
    Some(Remote {
        file,
        cancel: control.gio_cancellable(),
    })
}
