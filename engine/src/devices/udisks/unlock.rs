//! Unlocking an encrypted volume (`Encrypted.Unlock` with the passphrase), then mounting
//! the filesystem it holds, as Places does on a click on a locked volume.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use zbus::blocking::Connection;
use zbus::zvariant::{OwnedObjectPath, Value};

use super::{Action, SERVICE, UdisksError, Unmounted, classify, mount_object};

const ENCRYPTED: &str = "org.freedesktop.UDisks2.Encrypted";
/// How long the unlocked device may take to show its filesystem to UDisks2.
const FILESYSTEM_PATIENCE: Duration = Duration::from_secs(10);
const FILESYSTEM_POLL: Duration = Duration::from_millis(100);

/// Unlock `volume` with `passphrase` and mount the unlocked device; where it is mounted.
pub(super) fn unlock_and_mount(
    bus: &Connection,
    volume: &Unmounted,
    passphrase: &str,
) -> Result<PathBuf, UdisksError> {
    let options: HashMap<&str, Value<'_>> = HashMap::new();
    let reply = bus
        .call_method(
            Some(SERVICE),
            volume.object.as_str(),
            Some(ENCRYPTED),
            "Unlock",
            &(passphrase, options),
        )
        .map_err(|e| classify(e, Action::Unlock, &volume.device))?;
    let cleartext: OwnedObjectPath = reply
        .body()
        .deserialize()
        .map_err(|e| classify(e, Action::Unlock, &volume.device))?;
    // UDisks2 answers once the unlocked device exists; its filesystem can be probed a
    // moment later, and until then the object has no Filesystem interface to mount.
    let deadline = Instant::now() + FILESYSTEM_PATIENCE;
    loop {
        match mount_object(bus, cleartext.as_str(), &volume.device) {
            Err(e) if not_probed_yet(&e) && Instant::now() < deadline => {
                std::thread::sleep(FILESYSTEM_POLL);
            }
            done => return done,
        }
    }
}

/// The unlocked device has no Filesystem interface (yet).
fn not_probed_yet(e: &UdisksError) -> bool {
    let source = match e {
        UdisksError::Bus { source, .. } => source,
        _ => return false,
    };
    match &**source {
        zbus::Error::MethodError(name, _, _) => matches!(
            name.as_str(),
            "org.freedesktop.DBus.Error.UnknownMethod"
                | "org.freedesktop.DBus.Error.UnknownInterface"
                | "org.freedesktop.DBus.Error.UnknownObject"
        ),
        zbus::Error::FDO(f) => matches!(
            **f,
            zbus::fdo::Error::UnknownMethod(_)
                | zbus::fdo::Error::UnknownInterface(_)
                | zbus::fdo::Error::UnknownObject(_)
        ),
        _ => false,
    }
}
