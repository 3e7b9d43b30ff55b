//! The GVfs backend process that serves a mount, found through GVfs's mount tracker by the
//! mount's folder in GVfs's FUSE folder, and whether it has left the session bus. A backend
//! lives on for a moment after its unmount (it exits a second after its last job), and
//! until it has gone a mount of the same place made at once is not sound: GIO and
//! gvfsd-fuse may still ask the old process, and the SFTP backend's ssh shares its
//! connection with the old one's (`ControlMaster`), which closes when the old process
//! exits, so the new mount unmounts itself a moment after it was made.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gio::glib;
use gio::prelude::*;

const TRACKER: &str = "org.gtk.vfs.Daemon";
const TRACKER_PATH: &str = "/org/gtk/vfs/mounttracker";
const TRACKER_IFACE: &str = "org.gtk.vfs.MountTracker";
/// Where a mount's D-Bus name and FUSE folder are in a mount of `ListMounts2`.
const DBUS_ID: usize = 0;
const FUSE_MOUNTPOINT: usize = 9;
/// The longest one question to the bus may take.
const ASK_LIMIT: Duration = Duration::from_secs(2);

/// A backend process, by its name on the session bus.
pub(super) struct Backend {
    bus: gio::DBusConnection,
    name: String,
}

impl Backend {
    /// Whether the process has left the bus (or the bus cannot say). Blocks on the bus:
    /// ask from a thread of its own, never the GIO thread.
    pub(super) fn gone(&self) -> bool {
        let owned = self.bus.call_sync(
            Some("org.freedesktop.DBus"),
            "/org/freedesktop/DBus",
            "org.freedesktop.DBus",
            "NameHasOwner",
            Some(&(self.name.as_str(),).to_variant()),
            None,
            gio::DBusCallFlags::NONE,
            limit_ms(),
            gio::Cancellable::NONE,
        );
        let answer = owned
            .ok()
            .and_then(|reply| reply.try_child_value(0)?.get::<bool>());
        answer != Some(true)
    }
}

/// Find the backend process that serves the mount whose folder in GVfs's FUSE folder is
/// `root`, then call `then` with it, on this thread's main context (the GIO thread's). It
/// is `None` where the tracker cannot say, or where the process serves other mounts too
/// (it does not exit with this one).
pub(super) fn find(root: PathBuf, then: impl FnOnce(Option<Backend>) + 'static) {
    gio::bus_get(
        gio::BusType::Session,
        gio::Cancellable::NONE,
        move |bus| match bus {
            Ok(bus) => ask_tracker(bus, root, then),
            Err(_) => then(None),
        },
    );
}

fn ask_tracker(
    bus: gio::DBusConnection,
    root: PathBuf,
    then: impl FnOnce(Option<Backend>) + 'static,
) {
    let asked = bus.clone();
    asked.call(
        Some(TRACKER),
        TRACKER_PATH,
        TRACKER_IFACE,
        "ListMounts2",
        Some(&(false,).to_variant()),
        None,
        gio::DBusCallFlags::NONE,
        limit_ms(),
        gio::Cancellable::NONE,
        move |reply| {
            let name = reply.ok().and_then(|mounts| alone_serving(&mounts, &root));
            then(name.map(|name| Backend { bus, name }));
        },
    );
}

/// The D-Bus name of the process that serves the mount at `root` in the tracker's
/// answer, when it serves that mount alone.
fn alone_serving(reply: &glib::Variant, root: &Path) -> Option<String> {
    let mounts = reply.try_child_value(0)?;
    let name_of = |mount: &glib::Variant| mount.try_child_value(DBUS_ID)?.get::<String>();
    let name = mounts.iter().find_map(|mount| {
        let point = mount.try_child_value(FUSE_MOUNTPOINT)?.get::<Vec<u8>>()?;
        (bytes_path(&point) == root).then(|| name_of(&mount))?
    })?;
    let serving = mounts
        .iter()
        .filter(|mount| name_of(mount).as_deref() == Some(name.as_str()))
        .count();
    (serving == 1).then_some(name)
}

/// A path the tracker sends as bytes that end with a NUL.
fn bytes_path(bytes: &[u8]) -> &Path {
    use std::os::unix::ffi::OsStrExt;
    let bytes = bytes.strip_suffix(&[0]).unwrap_or(bytes);
    Path::new(std::ffi::OsStr::from_bytes(bytes))
}

fn limit_ms() -> i32 {
    i32::try_from(ASK_LIMIT.as_millis()).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mount as `ListMounts2` sends it: served by `name`, at `point` in the FUSE folder.
    fn mount(name: &str, point: &str) -> glib::Variant {
        let mut fuse = point.as_bytes().to_vec();
        fuse.push(0);
        let spec = (Vec::<u8>::new(), glib::VariantDict::new(None).end());
        (
            name,
            glib::variant::ObjectPath::try_from("/org/gtk/vfs/mount/1").expect("a path"),
            "share",
            "smb-share:server=nas,share=photos",
            "",
            "",
            "",
            "",
            true,
            fuse,
            spec,
            Vec::<u8>::new(),
        )
            .to_variant()
    }

    fn reply(mounts: Vec<glib::Variant>) -> glib::Variant {
        let ty = mounts[0].type_().to_owned();
        glib::Variant::tuple_from_iter([glib::Variant::array_from_iter_with_type(&ty, mounts)])
    }

    #[test]
    fn the_process_serving_a_folder_is_found_by_its_fuse_folder() {
        let answer = reply(vec![
            mount(":1.7", "/run/user/1000/gvfs/sftp:host=a"),
            mount(
                ":1.9",
                "/run/user/1000/gvfs/smb-share:server=nas,share=photos",
            ),
        ]);
        let root = Path::new("/run/user/1000/gvfs/smb-share:server=nas,share=photos");
        assert_eq!(alone_serving(&answer, root).as_deref(), Some(":1.9"));
        assert_eq!(
            alone_serving(&answer, Path::new("/run/user/1000/gvfs/x")),
            None
        );
    }

    #[test]
    fn a_process_serving_other_mounts_too_is_not_waited_for() {
        let answer = reply(vec![
            mount(":1.7", "/run/user/1000/gvfs/a"),
            mount(":1.7", "/run/user/1000/gvfs/b"),
        ]);
        assert_eq!(
            alone_serving(&answer, Path::new("/run/user/1000/gvfs/a")),
            None
        );
    }
}
