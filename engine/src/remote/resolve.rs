//! Addresses and GVfs's FUSE folder: the local path (under `$XDG_RUNTIME_DIR/gvfs/`) of a
//! mounted address, and the address of a path in that folder, as GVfs maps them. Blocking
//! (each asks GVfs's daemons on the session bus): call them off the UI thread.

use std::path::{Path, PathBuf};

use gio::prelude::*;

use super::address::Address;

/// The path of `address` in GVfs's FUSE folder, when its place is mounted (and
/// gvfsd-fuse runs); `None` when it is not mounted.
pub fn fuse_path(address: &Address) -> Option<PathBuf> {
    let file = gio::File::for_uri(&address.uri());
    if !file.has_uri_scheme(address.scheme.as_str()) {
        return None;
    }
    file.path()
}

/// The address of `path` when it lies in a mount in GVfs's FUSE folder
/// (`/run/user/1000/gvfs/smb-share:server=nas,share=photos/2026` →
/// `smb://nas/photos/2026`); `None` for any other path.
pub fn address_of(path: &Path) -> Option<Address> {
    let uri = gio::File::for_path(path).uri();
    if uri.starts_with("file:") {
        return None;
    }
    Address::parse(uri.as_bytes()).ok()
}

/// The places GVfs mounted in its FUSE folder at `fuse_root` (a mount of type
/// `fuse.gvfsd-fuse`), each as its folder there and its address, sorted by folder.
pub fn places_in(fuse_root: &Path) -> Vec<(PathBuf, Address)> {
    let Ok(dir) = std::fs::read_dir(fuse_root) else {
        return Vec::new();
    };
    let mut places: Vec<(PathBuf, Address)> = dir
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            let address = address_of(&path)?;
            Some((path, address))
        })
        .collect();
    places.sort_by(|a, b| a.0.cmp(&b.0));
    places
}

/// GVfs's FUSE folder's filesystem type.
pub const GVFS_FUSE: &str = "fuse.gvfsd-fuse";

/// The remote places this user's GVfs mounted, from `table`: what [`places_in`] finds in
/// each of the user's own GVfs FUSE folders (another user's is not looked into).
pub fn session_places(table: &crate::mounts::MountTable) -> Vec<(PathBuf, Address)> {
    own_fuse_folders(table)
        .flat_map(|m| places_in(&m.mount_point))
        .collect()
}

/// Whether a GVfs FUSE folder of this user's is mounted (gvfsd-fuse runs).
pub fn fuse_runs() -> bool {
    crate::mounts::MountTable::read().is_ok_and(|table| own_fuse_folders(&table).next().is_some())
}

/// This user's GVfs FUSE folders in `table`.
fn own_fuse_folders(
    table: &crate::mounts::MountTable,
) -> impl Iterator<Item = &crate::mounts::Mount> {
    use std::os::unix::fs::MetadataExt;
    let uid = crate::host::uid();
    table
        .mounts
        .iter()
        .filter(|m| m.fs_type == GVFS_FUSE)
        .filter(move |m| std::fs::metadata(&m.mount_point).is_ok_and(|md| md.uid() == uid))
}
