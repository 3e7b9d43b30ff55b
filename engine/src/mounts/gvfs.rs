//! Paths in GVfs's FUSE folder as GVfs's own files (so their I/O goes to the server's
//! backend through GIO, not question by question through FUSE), and GIO's errors as the
//! system errors the FUSE folder would have given.

use std::io;
use std::path::Path;

use gio::glib;
use gio::prelude::*;

/// The filesystem type of GVfs's FUSE folder in the mount table.
pub const FUSE_TYPE: &str = "fuse.gvfsd-fuse";

/// `path` as GVfs's own file, when it lies in GVfs's FUSE folder and GIO reaches GVfs;
/// `None` for any other path.
pub fn daemon_file(path: &Path) -> Option<gio::File> {
    let mount = super::mount_of(path)?;
    if mount.fs_type != FUSE_TYPE {
        return None;
    }
    let file = gio::File::for_path(path);
    (!file.has_uri_scheme("file")).then_some(file)
}

/// The system error GIO's error stands for (GIO's own words go to the log).
pub fn io_error(e: &glib::Error) -> io::Error {
    use gio::IOErrorEnum as E;
    tracing::info!("GVfs: {}", e.message());
    io::Error::from_raw_os_error(match e.kind::<E>() {
        Some(E::NotFound) => libc::ENOENT,
        Some(E::Exists) => libc::EEXIST,
        Some(E::PermissionDenied) => libc::EACCES,
        Some(E::NotDirectory) => libc::ENOTDIR,
        Some(E::IsDirectory) => libc::EISDIR,
        Some(E::NoSpace) => libc::ENOSPC,
        Some(E::ReadOnly) => libc::EROFS,
        Some(E::TimedOut) => libc::ETIMEDOUT,
        Some(E::HostUnreachable | E::NetworkUnreachable) => libc::EHOSTUNREACH,
        Some(E::ConnectionRefused) => libc::ECONNREFUSED,
        Some(E::NotMounted) => libc::ENOTCONN,
        Some(E::Cancelled) => libc::ECANCELED,
        Some(E::NotSupported) => libc::EOPNOTSUPP,
        Some(E::InvalidFilename) => libc::EINVAL,
        Some(E::FilenameTooLong) => libc::ENAMETOOLONG,
        _ => libc::EIO,
    })
}
