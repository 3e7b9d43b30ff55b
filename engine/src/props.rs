//! What one item is, for its properties: kind, size and blocks, mode, owner and group (by
//! name as well), link count, the times (modified, accessed, changed, and created where
//! the filesystem keeps a birth time), a link's target, and the filesystem it is on with
//! its free space. One read of a few syscalls: off the UI thread all the same.

use std::path::{Path, PathBuf};

use crate::entry::Kind;
use crate::error::{IoError, Op};
use crate::mounts::MountTable;

/// A time as seconds and nanoseconds since the epoch.
pub type Time = (i64, u32);

/// The properties of one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Properties {
    pub path: PathBuf,
    pub kind: Kind,
    /// Apparent size in bytes.
    pub size: u64,
    /// Bytes it takes on the disk (its blocks).
    pub on_disk: u64,
    /// Permission bits and the set-id and sticky bits (`0o7777`).
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    /// The owner's and group's names, where the system's databases know them.
    pub owner: Option<String>,
    pub group: Option<String>,
    pub links: u64,
    pub modified: Time,
    pub accessed: Time,
    pub changed: Time,
    /// When it was made, where the filesystem keeps it.
    pub created: Option<Time>,
    /// A link's target, as stored (bytes).
    pub link_target: Option<Vec<u8>>,
    /// The filesystem it is on: its type and where it is mounted.
    pub fs_type: Option<String>,
    pub mount_point: Option<PathBuf>,
    /// Free and total bytes of that filesystem.
    pub space: Option<(u64, u64)>,
}

/// Read the properties of `path` (a link itself, not its target); `mounts` tells the
/// filesystem it is on.
pub fn read(path: &Path, mounts: Option<&MountTable>) -> Result<Properties, IoError> {
    let st = crate::sys::statx_all(path).map_err(|e| IoError::new(Op::Stat, path, e))?;
    let kind = Kind::from_mode(u32::from(st.stx_mode));
    let time = |t: rustix::fs::StatxTimestamp| (t.tv_sec, t.tv_nsec);
    let created =
        (st.stx_mask & rustix::fs::StatxFlags::BTIME.bits() != 0).then(|| time(st.stx_btime));
    let link_target = match kind {
        Kind::Symlink => {
            Some(crate::sys::read_link(path).map_err(|e| IoError::new(Op::ReadLink, path, e))?)
        }
        _ => None,
    };
    let mount = mounts.and_then(|t| t.by_id(st.stx_mnt_id).or_else(|| t.containing(path)));
    Ok(Properties {
        path: path.to_owned(),
        kind,
        size: st.stx_size,
        on_disk: st.stx_blocks.saturating_mul(512),
        mode: u32::from(st.stx_mode) & 0o7777,
        uid: st.stx_uid,
        gid: st.stx_gid,
        owner: crate::sys::user_name(st.stx_uid),
        group: crate::sys::group_name(st.stx_gid),
        links: u64::from(st.stx_nlink),
        modified: time(st.stx_mtime),
        accessed: time(st.stx_atime),
        changed: time(st.stx_ctime),
        created,
        link_target,
        fs_type: mount.map(|m| m.fs_type.clone()),
        mount_point: mount.map(|m| m.mount_point.clone()),
        space: crate::sys::space(path).ok(),
    })
}

/// Set the permission bits of `path` (a link's target: links have none of their own).
pub fn set_mode(path: &Path, mode: u32) -> Result<(), IoError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o7777))
        .map_err(|e| IoError::new(Op::SetMetadata, path, e))
}
