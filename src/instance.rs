//! One window per session, and the desktop's `org.freedesktop.FileManager1`: the first
//! window owns the bus name [`INSTANCE_NAME`] (and `org.freedesktop.FileManager1` when no
//! other file manager holds it) and serves the FileManager1 interface under both; a
//! second `porpoise PATH` hands its paths to the first over the bus and ends. Without a
//! session bus every window runs on its own, as if this did not exist.
//!
//! D-Bus through `zbus` (which the engine already uses for UDisks2): its blocking
//! connection runs its own small runtime, so the name is owned and requests are taken
//! before the window exists; the window reads them through [`requests`].

mod service;

use std::path::PathBuf;
use std::sync::Mutex;

use porpoise_engine::remote::Address;

use iced::futures::Stream;
use iced::futures::channel::mpsc::{UnboundedReceiver, unbounded};
use zbus::blocking::Connection;
use zbus::fdo::{RequestNameFlags, RequestNameReply};

pub use service::OBJECT_PATH;

/// The bus name of the running window: the application's ID.
pub const INSTANCE_NAME: &str = "io.github.porpoise.Porpoise";
/// The desktop's name for "a file manager that shows folders and files".
pub const FILE_MANAGER_NAME: &str = "org.freedesktop.FileManager1";

/// What a program asked the window to show, with the startup ID of the launch (empty
/// when it gave none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowRequest {
    pub what: Show,
    pub startup_id: String,
}

/// The three requests of `org.freedesktop.FileManager1`, their URIs made local paths
/// (URIs of other computers or schemes are left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Show {
    /// Open each folder (a file: its folder, with it selected) in a tab.
    Folders(Vec<PathBuf>),
    /// Open the folders the items are in, the items selected.
    Items(Vec<PathBuf>),
    /// The items' properties, over their folder.
    Properties(Vec<PathBuf>),
    /// Connect to these servers, each shown in a tab (the addresses among a request's
    /// URIs).
    Connect(Vec<Address>),
}

/// How the start went on the bus.
pub enum Claim {
    /// This is the session's window now: requests come through [`requests`]. The
    /// connection holds the names while it lives.
    Owner(Connection),
    /// The session's window was there and took the paths; this process is done.
    Handed,
    /// No session bus (or it failed): run on our own.
    Alone,
}

/// Where the requests go once the window runs.
static RECEIVER: Mutex<Option<UnboundedReceiver<ShowRequest>>> = Mutex::new(None);

/// Own the session's names, or hand `paths` (absolute) to the window that owns them.
/// `startup_id` comes from the launch (`DESKTOP_STARTUP_ID`, `XDG_ACTIVATION_TOKEN`).
pub fn claim(paths: &[PathBuf], servers: &[Address], startup_id: &str) -> Claim {
    match try_claim(paths, servers, startup_id) {
        Ok(claim) => claim,
        Err(e) => {
            tracing::info!("running alone, the session bus failed: {e}");
            Claim::Alone
        }
    }
}

fn try_claim(paths: &[PathBuf], servers: &[Address], startup_id: &str) -> zbus::Result<Claim> {
    let (tx, rx) = unbounded();
    // The interface first, so no request that comes as the name is taken is lost.
    let conn = zbus::blocking::connection::Builder::session()?
        .serve_at(OBJECT_PATH, service::FileManager::new(tx))?
        .build()?;
    let dbus = zbus::blocking::fdo::DBusProxy::new(&conn)?;
    let reply = dbus.request_name(
        INSTANCE_NAME.try_into()?,
        RequestNameFlags::DoNotQueue.into(),
    )?;
    if reply != RequestNameReply::PrimaryOwner {
        hand_over(&conn, paths, servers, startup_id)?;
        return Ok(Claim::Handed);
    }
    // Queued behind another file manager that holds it: ours when that one goes.
    match dbus.request_name(FILE_MANAGER_NAME.try_into()?, Default::default()) {
        Ok(r) => tracing::info!(?r, "asked for {FILE_MANAGER_NAME}"),
        Err(e) => tracing::info!("not {FILE_MANAGER_NAME}: {e}"),
    }
    *RECEIVER.lock().unwrap_or_else(|p| p.into_inner()) = Some(rx);
    Ok(Claim::Owner(conn))
}

/// Ask the running window to show `paths` and `servers` as tabs.
fn hand_over(
    conn: &Connection,
    paths: &[PathBuf],
    servers: &[Address],
    startup_id: &str,
) -> zbus::Result<()> {
    let uris: Vec<String> = paths
        .iter()
        .map(|p| porpoise_engine::uri::file_uri(p))
        .chain(servers.iter().map(Address::uri))
        .collect();
    conn.call_method(
        Some(INSTANCE_NAME),
        OBJECT_PATH,
        Some(FILE_MANAGER_NAME),
        "ShowFolders",
        &(uris, startup_id),
    )?;
    Ok(())
}

/// The requests other programs make of this window, from the claim on. Empty when the
/// window does not own the names (or a second stream asks).
pub fn requests() -> impl Stream<Item = ShowRequest> {
    use iced::futures::StreamExt;
    let rx = RECEIVER.lock().unwrap_or_else(|p| p.into_inner()).take();
    match rx {
        Some(rx) => rx.left_stream(),
        None => iced::futures::stream::empty().right_stream(),
    }
}

/// The startup ID this process was launched with, if any.
pub fn startup_id() -> String {
    ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_default()
}
