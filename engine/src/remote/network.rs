//! What the network neighbourhood shows: the entries of GVfs's `network:///` (Windows
//! shares' browser, servers announced over DNS-SD or WS-Discovery, where the desktop runs
//! what finds them), each with its name and the address it leads to. Blocking (asks GVfs's
//! daemons on the session bus, which may ask the network): call it off the UI thread; it
//! gives up after the patience it is given.

use std::time::Duration;

use gio::glib;
use gio::prelude::*;

use super::address::Address;

/// The neighbourhood's own address.
pub const NETWORK_URI: &str = "network:///";

/// The attributes read of each entry.
const ATTRIBUTES: &str = "standard::name,standard::display-name,standard::target-uri";

/// One entry of the network neighbourhood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Neighbour {
    /// The entry's name as the desktop shows it ("Windows Network", "nas").
    pub name: String,
    /// Where the entry leads (`smb:///`, `sftp://nas.local:22/`); the entry's own
    /// `network:///…` URI when GVfs gives no target.
    pub uri: String,
    /// [`Neighbour::uri`] as an address Porpoise can mount, when it is one (a browser such
    /// as `smb:///`, which names no server, is not).
    pub address: Option<Address>,
}

/// Why the neighbourhood could not be read.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// GIO has no GVfs in this session: there is no neighbourhood to read.
    #[error("cannot read {NETWORK_URI}: GVfs is not running in this session")]
    NoGvfs,
    /// GVfs runs without its network backend (`gvfsd-network`).
    #[error("cannot read {NETWORK_URI}: GVfs has no network backend")]
    NoBackend,
    /// GVfs did not answer within the patience given.
    #[error("{NETWORK_URI} did not answer within {patience:?}")]
    TimedOut { patience: Duration },
    /// GVfs said no.
    #[error("cannot read {uri}")]
    Failed {
        uri: String,
        #[source]
        source: glib::Error,
    },
}

/// The entries of GVfs's network neighbourhood, in the order GVfs gives them; an empty
/// list when the desktop finds nothing there. Blocking for at most about `patience`, after
/// which the question to GVfs is cancelled and [`NetworkError::TimedOut`] is given.
pub fn neighbours(patience: Duration) -> Result<Vec<Neighbour>, NetworkError> {
    let schemes = gio::Vfs::default().supported_uri_schemes();
    if !schemes.iter().any(|s| s.as_str() == "network") {
        let gvfs_runs = schemes
            .iter()
            .any(|s| !matches!(s.as_str(), "file" | "resource"));
        return Err(if gvfs_runs {
            NetworkError::NoBackend
        } else {
            NetworkError::NoGvfs
        });
    }
    let cancellable = gio::Cancellable::new();
    let _deadline = Deadline::start(&cancellable, patience);
    read(&cancellable).map_err(|source| {
        if cancellable.is_cancelled() {
            NetworkError::TimedOut { patience }
        } else {
            NetworkError::Failed {
                uri: NETWORK_URI.to_owned(),
                source,
            }
        }
    })
}

fn read(cancellable: &gio::Cancellable) -> Result<Vec<Neighbour>, glib::Error> {
    let folder = gio::File::for_uri(NETWORK_URI);
    let entries =
        folder.enumerate_children(ATTRIBUTES, gio::FileQueryInfoFlags::NONE, Some(cancellable))?;
    let mut found = Vec::new();
    while let Some(info) = entries.next_file(Some(cancellable))? {
        found.push(neighbour(&folder, &info));
    }
    let _ = entries.close(gio::Cancellable::NONE);
    Ok(found)
}

fn neighbour(folder: &gio::File, info: &gio::FileInfo) -> Neighbour {
    let uri = info
        .attribute_string("standard::target-uri")
        .map(|u| u.to_string())
        .unwrap_or_else(|| folder.child(info.name()).uri().to_string());
    Neighbour {
        name: info.display_name().to_string(),
        address: Address::parse(uri.as_bytes()).ok(),
        uri,
    }
}

/// Cancels a question to GVfs once `patience` has passed, unless dropped before.
struct Deadline {
    done: Option<crossbeam_channel::Sender<()>>,
}

impl Deadline {
    fn start(cancellable: &gio::Cancellable, patience: Duration) -> Deadline {
        let (done, wait) = crossbeam_channel::bounded::<()>(0);
        let cancellable = cancellable.clone();
        let watch = move || {
            if let Err(crossbeam_channel::RecvTimeoutError::Timeout) = wait.recv_timeout(patience) {
                cancellable.cancel();
            }
        };
        match std::thread::Builder::new()
            .name("porpoise-network-wait".into())
            .spawn(watch)
        {
            Ok(_) => Deadline { done: Some(done) },
            Err(e) => {
                tracing::warn!("cannot start a thread to bound the wait for GVfs: {e}");
                Deadline { done: None }
            }
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        // Dropping the sender ends the watch at once.
        self.done.take();
    }
}
