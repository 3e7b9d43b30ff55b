//! Which of a file's details a server can keep (its time, its permissions), as GVfs's
//! backend for it says: SMB and WebDAV keep no permissions (nor FTP without SITE CHMOD),
//! SFTP and NFS do.

use std::path::Path;

use gio::prelude::*;

/// Which of a file's details the server's folder can keep.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settable {
    pub mtime: bool,
    pub mtime_usec: bool,
    pub mode: bool,
}

impl Settable {
    /// What `folder`'s backend can set; nothing when it does not answer.
    pub fn of(folder: &gio::File) -> Settable {
        let Ok(list) = folder.query_settable_attributes(gio::Cancellable::NONE) else {
            return Settable::default();
        };
        let has = |name: &str| list.lookup(name).is_some();
        Settable {
            mtime: has(gio::FILE_ATTRIBUTE_TIME_MODIFIED),
            mtime_usec: has(gio::FILE_ATTRIBUTE_TIME_MODIFIED_USEC),
            mode: has(gio::FILE_ATTRIBUTE_UNIX_MODE),
        }
    }

    /// What the server of `path`, a path in GVfs's FUSE folder, can set (GIO takes such a
    /// path to its place's backend). Blocks on the backend: never on the UI thread.
    pub fn at(path: &Path) -> Settable {
        Settable::of(&gio::File::for_path(path))
    }
}
