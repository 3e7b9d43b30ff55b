//! Mounts that are plumbing rather than places: the desktop's own FUSE filesystems (the
//! document portal, GVfs's FUSE folder, which holds the remote places GVfs mounted) and
//! mounts that belong to another user. Not shown as network shares.

use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// FUSE filesystem types the desktop runs for its own ends.
const DESKTOP_FUSE: &[&str] = &[
    // The document portal (`/run/user/N/doc`).
    "fuse.portal",
    "fuse.xdg-document-portal",
    // GVfs's FUSE folder (`/run/user/N/gvfs`), and its name in old GVfs.
    "fuse.gvfsd-fuse",
    "fuse.gvfs-fuse-daemon",
];

/// Is a mount of `fs_type` at `mount_point` plumbing for user `uid`? `fuse_owner` is the
/// FUSE mount's `user_id=` option, when known: a FUSE mount another user made is theirs.
/// So is any mount in another user's runtime folder (`/run/user/M/…`).
pub fn is_plumbing(fs_type: &str, mount_point: &Path, fuse_owner: Option<u32>, uid: u32) -> bool {
    if DESKTOP_FUSE.contains(&fs_type) {
        return true;
    }
    if fuse_owner.is_some_and(|owner| owner != uid) {
        return true;
    }
    runtime_folder_owner(mount_point).is_some_and(|owner| owner != uid)
}

/// The user whose runtime folder (`/run/user/UID`) holds `mount_point`.
fn runtime_folder_owner(mount_point: &Path) -> Option<u32> {
    let rest = mount_point
        .as_os_str()
        .as_bytes()
        .strip_prefix(b"/run/user/")?;
    let digits = rest.split(|&b| b == b'/').next()?;
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// The `user_id=` of a FUSE mount's super options (mountinfo's last field).
pub fn fuse_owner(super_options: &[u8]) -> Option<u32> {
    super_options
        .split(|&b| b == b',')
        .find_map(|o| o.strip_prefix(b"user_id="))
        .and_then(|v| std::str::from_utf8(v).ok()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::super::{MountClass, MountTable};

    const TABLE: &[u8] = b"\
27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
50 27 0:60 / /run/user/1000/doc rw,nosuid,nodev,relatime - fuse.portal portal rw,user_id=1000,group_id=1000
51 27 0:61 / /run/user/1000/gvfs rw,nosuid,nodev,relatime - fuse.gvfsd-fuse gvfsd-fuse rw,user_id=1000,group_id=1000
52 27 0:62 / /home/me/remote rw - fuse.sshfs me@host:/ rw,user_id=1000,group_id=1000
53 27 0:63 / /home/other/remote rw - fuse.sshfs other@host:/ rw,user_id=1001,group_id=1001
54 27 0:64 / /run/user/1001/media rw - tmpfs tmpfs rw
55 27 0:65 / /mnt/nas rw - nfs4 nas:/share rw,vers=4.2
56 27 0:66 / /run/user/1000/stick rw - tmpfs tmpfs rw
";

    #[test]
    fn plumbing_is_told_apart() {
        let t = MountTable::parse_for(TABLE, |_, _| false, 1000);
        let plumbing: Vec<u64> = t
            .mounts
            .iter()
            .filter(|m| m.plumbing)
            .map(|m| m.id)
            .collect();
        assert_eq!(plumbing, [50, 51, 53, 54]);
        // Its class still says how its files behave.
        assert_eq!(t.by_id(51).map(|m| m.class), Some(MountClass::Network));
        assert_eq!(t.by_id(51).map(|m| m.kind_str()), Some("plumbing"));
        assert_eq!(t.by_id(52).map(|m| m.kind_str()), Some("network"));
        let shown: Vec<u64> = t.user_visible().iter().map(|m| m.id).collect();
        assert_eq!(shown, [27, 52, 55]);
        // Root sees its own FUSE mounts as places, a user's as theirs.
        let as_root = MountTable::parse_for(TABLE, |_, _| false, 0);
        assert!(as_root.by_id(52).is_some_and(|m| m.plumbing));
    }
}
