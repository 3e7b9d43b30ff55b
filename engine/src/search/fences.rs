//! Mount points below the starting folder that the walk does not enter: every other
//! filesystem unless it may cross mounts, and network and FUSE mounts unless asked. They
//! are known from the mount table, so a mount that is not entered is never touched (a
//! dead share cannot hang the walk). The starting folder's own filesystem is always
//! searched: it was asked for.

use std::collections::HashSet;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use crate::mounts::{MountTable, is_network_fs};

use super::Options;

/// Paths of the mount points not to enter, relative to the starting folder.
#[derive(Debug, Default)]
pub struct Fences {
    skip: HashSet<Vec<u8>>,
}

impl Fences {
    /// The fences below `root` (made absolute, without symlinks) that `opts` keeps out
    /// of, from the mount table text `mountinfo`.
    pub fn new(root: &Path, mountinfo: &[u8], opts: &Options) -> Fences {
        if opts.cross_mounts && opts.network {
            return Fences::default();
        }
        // Removable or not makes no difference here: no sysfs reads.
        let table = MountTable::parse(mountinfo, |_, _| false);
        let skip = table
            .mounts
            .iter()
            .filter(|m| !opts.cross_mounts || is_network_fs(&m.fs_type))
            .filter_map(|m| m.mount_point.strip_prefix(root).ok())
            .filter(|rel| !rel.as_os_str().is_empty())
            .map(|rel| rel.as_os_str().as_bytes().to_vec())
            .collect();
        Fences { skip }
    }

    #[cfg(test)]
    fn is_empty(&self) -> bool {
        self.skip.is_empty()
    }

    /// Whether the folder at `rel` (relative to the starting folder) is not entered.
    pub fn keeps_out(&self, rel: &[u8]) -> bool {
        !self.skip.is_empty() && self.skip.contains(rel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[u8] = b"22 1 8:1 / / rw - ext4 /dev/sda1 rw
30 22 0:40 / /home/a/nas rw - cifs //nas/share rw
31 22 8:17 / /home/a/usb rw - vfat /dev/sdb1 rw
32 22 0:41 / /srv rw - nfs srv:/x rw
";

    #[test]
    fn other_filesystems_are_fenced_off() {
        let f = Fences::new(Path::new("/home/a"), TABLE, &Options::default());
        assert!(f.keeps_out(b"nas"));
        assert!(f.keeps_out(b"usb"));
        assert!(!f.keeps_out(b"docs"));
    }

    #[test]
    fn crossing_mounts_keeps_network_out() {
        let opts = Options {
            cross_mounts: true,
            ..Options::default()
        };
        let f = Fences::new(Path::new("/home/a"), TABLE, &opts);
        assert!(f.keeps_out(b"nas"));
        assert!(!f.keeps_out(b"usb"));
    }

    #[test]
    fn the_starting_folder_itself_is_searched() {
        let f = Fences::new(Path::new("/home/a/nas"), TABLE, &Options::default());
        assert!(f.is_empty());
    }
}
