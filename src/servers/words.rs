//! What went wrong with an address or a server, in the person's words (Fluent): a bad
//! address, a scheme nothing serves, GVfs missing, a login refused, a server not there.

use porpoise_engine::remote::{AddressError, Failure, RemoteError};

use crate::i18n::fl;

/// Why the typed text is not an address that can be opened.
pub fn address_error(e: &AddressError) -> String {
    match e {
        AddressError::UnknownScheme { uri, scheme } => fl!(
            "server-unknown-scheme",
            address = uri.clone(),
            scheme = scheme.clone()
        ),
        AddressError::NoHost { uri } => fl!("server-no-host", address = uri.clone()),
        AddressError::BadPort { uri } => fl!("server-bad-port", address = uri.clone()),
        AddressError::PasswordInAddress { uri } => {
            fl!("server-password-in-address", address = uri.clone())
        }
        AddressError::DotDot { uri } => fl!("server-dot-dot", address = uri.clone()),
        AddressError::TooLong { .. } => fl!("server-too-long"),
        AddressError::NoScheme { uri }
        | AddressError::BadHost { uri }
        | AddressError::BadUser { uri }
        | AddressError::BadEscape { uri }
        | AddressError::QueryOrFragment { uri } => {
            fl!("server-bad-address", address = uri.clone())
        }
    }
}

/// A failed connection in words; `None` when the person cancelled it.
pub fn failed(e: &RemoteError) -> Option<String> {
    match e.failure() {
        Some(Failure::Cancelled) => None,
        _ => Some(remote_error(e)),
    }
}

/// What went wrong reaching a server.
pub fn remote_error(e: &RemoteError) -> String {
    tracing::info!("{}", porpoise_engine::error::chain(e));
    match e {
        RemoteError::Address(a) => address_error(a),
        RemoteError::NoGvfs { uri } => fl!("server-no-gvfs", address = uri.clone()),
        RemoteError::NoBackend { uri, scheme } => fl!(
            "server-no-backend",
            address = uri.clone(),
            scheme = scheme.to_string()
        ),
        RemoteError::NoFusePath { uri } => fl!("server-no-fuse", address = uri.clone()),
        RemoteError::Failed { uri, why, .. } => {
            let address = uri.clone();
            match why {
                Failure::Denied => fl!("server-denied", address = address),
                Failure::Unreachable => fl!("server-unreachable", address = address),
                Failure::NoSuchShare => fl!("server-no-share", address = address),
                Failure::Cancelled => fl!("server-cancelled", address = address),
                Failure::NotMounted => fl!("server-not-connected", address = address),
                Failure::Busy => fl!("server-busy", address = address),
                Failure::Other => fl!("server-failed", address = address),
            }
        }
        RemoteError::Thread(_) | RemoteError::Stopped { .. } => fl!("server-gvfs-stopped"),
    }
}
