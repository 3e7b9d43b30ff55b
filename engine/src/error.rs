//! Typed errors of the engine: each keeps the operation, the path and the OS cause.
//! A message says what failed and where; the cause is only its source (shown by
//! [`chain`], or by anyhow's `{:#}`), so it is never printed twice.

use std::path::PathBuf;
use std::sync::Arc;

/// What the engine was doing when the OS said no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    OpenDir,
    ReadDir,
    Stat,
    ReadMountTable,
    Watch,
    StatFs,
    Open,
    Create,
    Read,
    Write,
    Remove,
    Rename,
    ReadLink,
    SetMetadata,
    Trash,
    /// Putting a trashed item back where it was.
    Restore,
    /// Putting written data on the device (`sync_file_range`, `fsync`, `syncfs`).
    Flush,
    /// Reading a copy back to compare it with its source.
    Verify,
    /// Reading an archive's entries (its format, its names, its content).
    ReadArchive,
}

impl Op {
    /// A short, stable word for logs and the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::OpenDir => "open folder",
            Op::ReadDir => "read folder",
            Op::Stat => "read details of",
            Op::ReadMountTable => "read the mount table",
            Op::Watch => "watch",
            Op::StatFs => "read free space of",
            Op::Open => "open",
            Op::Create => "create",
            Op::Read => "read",
            Op::Write => "write",
            Op::Remove => "remove",
            Op::Rename => "rename",
            Op::ReadLink => "read the link",
            Op::SetMetadata => "set the mode and time of",
            Op::Trash => "move to the trash",
            Op::Restore => "restore",
            Op::Flush => "write to the device",
            Op::Verify => "verify",
            Op::ReadArchive => "read the archive",
        }
    }
}

/// An I/O failure with the path it concerned. `Clone` (the cause is shared), so events
/// that carry one can be handed on as messages are.
#[derive(Debug, Clone, thiserror::Error)]
#[error("cannot {} {}", op.as_str(), path.display())]
pub struct IoError {
    pub op: Op,
    pub path: PathBuf,
    #[source]
    pub source: Arc<std::io::Error>,
}

impl IoError {
    pub fn new(op: Op, path: impl Into<PathBuf>, source: impl Into<std::io::Error>) -> Self {
        IoError {
            op,
            path: path.into(),
            source: Arc::new(source.into()),
        }
    }

    /// The OS error number, when there is one.
    pub fn errno(&self) -> Option<i32> {
        self.source.raw_os_error()
    }

    /// What kind of failure this is, for the UI to word.
    pub fn reason(&self) -> Reason {
        Reason::from_io(&self.source)
    }
}

/// The failure kinds a person is told about in their own words; the rest are `Other`,
/// told by their error number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    PermissionDenied,
    NotFound,
    NotADirectory,
    IsADirectory,
    NoSpace,
    ReadOnly,
    Exists,
    NotEmpty,
    Busy,
    NameTooLong,
    /// Too many levels of symbolic links (a loop).
    LinkLoop,
    /// The device reported a read or write error (EIO).
    DeviceError,
    /// A network filesystem's server does not answer, or the mount went stale.
    Unreachable,
    /// The filesystem cannot do this (EOPNOTSUPP, EINVAL from it).
    NotSupported,
    /// Stopped on purpose (a cancelled job).
    Interrupted,
    /// A copy read back from the device differs from its source ([`Mismatch`]).
    Differs,
    /// The file ended before the size it had when the copy looked ([`Shrank`]).
    Shrank,
    /// An archive said something its format does not allow, or was cut short
    /// ([`ArchiveTrouble`]).
    Archive(ArchiveTrouble),
    Other,
}

/// What is wrong with an archive or one of its entries, as an I/O error's cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ArchiveTrouble {
    #[error("the archive is damaged")]
    Damaged,
    #[error("not an archive this can read")]
    NotAnArchive,
    #[error("a password is needed")]
    NeedsPassword,
    #[error("the password is wrong")]
    WrongPassword,
    /// The entry's name would put it outside the folder (absolute, `..`).
    #[error("the name would put it outside the folder")]
    NameLeaves,
    /// A device node or a hard link: never made from an archive.
    #[error("an archive does not make this kind of item")]
    KindRefused,
    /// The entry holds more than the archive states.
    #[error("the entry holds more than the archive states")]
    LargerThanStated,
}

impl ArchiveTrouble {
    /// As an I/O error (what job events carry).
    pub fn io(self) -> std::io::Error {
        std::io::Error::other(self)
    }
}

/// A copy read back from the device is not what its source holds.
#[derive(Debug, thiserror::Error)]
#[error("the copy read back from the device differs from its source")]
pub struct Mismatch;

/// A file read in parts ended before one of its parts did: it grew shorter since the
/// copy looked at it, so what was read of it is not the file.
#[derive(Debug, thiserror::Error)]
#[error("the file grew shorter while it was copied")]
pub struct Shrank;

impl Shrank {
    /// As an I/O error, for where one is expected.
    pub fn io(self) -> std::io::Error {
        std::io::Error::other(self)
    }
}

impl Reason {
    pub fn from_io(e: &std::io::Error) -> Reason {
        match e.raw_os_error() {
            Some(libc::EACCES | libc::EPERM) => Reason::PermissionDenied,
            Some(libc::ENOENT) => Reason::NotFound,
            Some(libc::ENOTDIR) => Reason::NotADirectory,
            Some(libc::EISDIR) => Reason::IsADirectory,
            Some(libc::ENOSPC | libc::EDQUOT) => Reason::NoSpace,
            Some(libc::EROFS) => Reason::ReadOnly,
            Some(libc::EEXIST) => Reason::Exists,
            Some(libc::ENOTEMPTY) => Reason::NotEmpty,
            Some(libc::EBUSY | libc::ETXTBSY) => Reason::Busy,
            Some(libc::ENAMETOOLONG) => Reason::NameTooLong,
            Some(libc::ELOOP) => Reason::LinkLoop,
            Some(libc::EIO) => Reason::DeviceError,
            Some(
                libc::ENOTCONN
                | libc::ETIMEDOUT
                | libc::EHOSTDOWN
                | libc::EHOSTUNREACH
                | libc::ENETUNREACH
                | libc::ECONNABORTED
                | libc::ECONNRESET
                | libc::ESTALE,
            ) => Reason::Unreachable,
            Some(libc::EOPNOTSUPP | libc::ENOSYS) => Reason::NotSupported,
            Some(libc::EINTR) => Reason::Interrupted,
            _ if e.kind() == std::io::ErrorKind::Interrupted => Reason::Interrupted,
            _ if e.get_ref().is_some_and(|i| i.is::<Mismatch>()) => Reason::Differs,
            _ if e.get_ref().is_some_and(|i| i.is::<Shrank>()) => Reason::Shrank,
            _ => match e.get_ref().and_then(|i| i.downcast_ref::<ArchiveTrouble>()) {
                Some(t) => Reason::Archive(*t),
                None => Reason::Other,
            },
        }
    }
}

pub type Result<T, E = IoError> = std::result::Result<T, E>;

/// An error's message followed by each of its causes, joined with ": ", for where it is
/// shown on its own (a status line, a log line).
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cause_is_shown_once() {
        let e = IoError::new(
            Op::OpenDir,
            "/nonexistent",
            std::io::Error::from_raw_os_error(libc::ENOENT),
        );
        assert_eq!(e.to_string(), "cannot open folder /nonexistent");
        assert_eq!(
            chain(&e),
            "cannot open folder /nonexistent: No such file or directory (os error 2)"
        );
    }
}
