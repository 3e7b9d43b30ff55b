//! What can go wrong reaching a remote place, typed: the address, what was being done,
//! why, and GVfs's own error as the source.

use super::address::AddressError;

/// What was asked of GVfs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Mount,
    Unmount,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Mount => "connect to",
            Action::Unmount => "disconnect from",
        }
    }
}

/// Why GVfs could not do it, as far as its error code tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The server refused the login (a wrong password, or no guest access).
    Denied,
    /// The server could not be reached (unknown name, refused connection, no route,
    /// timed out).
    Unreachable,
    /// The server has no such share or folder.
    NoSuchShare,
    /// The person (or the program) gave up: a question or password ask was aborted or
    /// the job was cancelled.
    Cancelled,
    /// The place is not mounted (unmounting it).
    NotMounted,
    /// Files on it are open (unmounting it).
    Busy,
    Other,
}

impl Failure {
    pub fn as_str(self) -> &'static str {
        match self {
            Failure::Denied => "the server refused the login",
            Failure::Unreachable => "the server cannot be reached",
            Failure::NoSuchShare => "the server has no such share or folder",
            Failure::Cancelled => "cancelled",
            Failure::NotMounted => "it is not connected",
            Failure::Busy => "files on it are in use",
            Failure::Other => "GVfs failed",
        }
    }

    /// The failure a GIO error stands for.
    pub(crate) fn of(e: &gio::glib::Error) -> Failure {
        use gio::IOErrorEnum as E;
        match e.kind::<E>() {
            Some(E::PermissionDenied) => Failure::Denied,
            Some(
                E::HostNotFound
                | E::HostUnreachable
                | E::NetworkUnreachable
                | E::ConnectionRefused
                | E::TimedOut,
            ) => Failure::Unreachable,
            Some(E::NotFound) => Failure::NoSuchShare,
            Some(E::Cancelled | E::FailedHandled) => Failure::Cancelled,
            Some(E::NotMounted) => Failure::NotMounted,
            Some(E::Busy) => Failure::Busy,
            Some(E::Failed) => Failure::from_words(e.message()),
            _ => Failure::Other,
        }
    }

    /// Some backends (SMB's) give only a generic failure, with the C library's words for
    /// the cause at the end of the message ("Failed to mount Windows share: Connection
    /// refused"): those words tell the failure, in English (in another language the
    /// failure stays [`Failure::Other`]).
    fn from_words(message: &str) -> Failure {
        const CAUSES: &[(&str, Failure)] = &[
            ("Connection refused", Failure::Unreachable),
            ("No route to host", Failure::Unreachable),
            ("Network is unreachable", Failure::Unreachable),
            ("Connection timed out", Failure::Unreachable),
            ("Host is down", Failure::Unreachable),
            ("Name or service not known", Failure::Unreachable),
            ("No such file or directory", Failure::NoSuchShare),
            ("Permission denied", Failure::Denied),
            ("Operation not permitted", Failure::Denied),
        ];
        CAUSES
            .iter()
            .find(|(words, _)| message.ends_with(words))
            .map_or(Failure::Other, |&(_, failure)| failure)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    #[error(transparent)]
    Address(#[from] AddressError),
    /// GIO has no GVfs in this session (GVfs is not installed, or its daemon and bus are
    /// not there): only local files can be opened.
    #[error("cannot open {uri}: GVfs is not running in this session")]
    NoGvfs { uri: String },
    /// GVfs runs but has no backend for the scheme (its package is not installed).
    #[error("cannot open {uri}: GVfs has no backend for {scheme}:// addresses")]
    NoBackend { uri: String, scheme: &'static str },
    /// GVfs said no.
    #[error("cannot {} {uri}: {}", action.as_str(), why.as_str())]
    Failed {
        action: Action,
        uri: String,
        why: Failure,
        #[source]
        source: gio::glib::Error,
    },
    /// Mounted, but GVfs's FUSE folder does not show it (gvfsd-fuse is not running).
    #[error("{uri} is connected, but GVfs's FUSE folder does not show it")]
    NoFusePath { uri: String },
    /// The thread that runs GIO could not be started.
    #[error("cannot start the GVfs thread")]
    Thread(#[source] std::io::Error),
    /// The thread that runs GIO ended before the job did.
    #[error("cannot {} {uri}: the GVfs thread has stopped", action.as_str())]
    Stopped { action: Action, uri: String },
}

impl RemoteError {
    /// Why GVfs said no, when it did.
    pub fn failure(&self) -> Option<Failure> {
        match self {
            RemoteError::Failed { why, .. } => Some(*why),
            _ => None,
        }
    }
}
