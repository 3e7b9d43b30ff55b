//! What each server keeps of a file's details, asked of GVfs's backend by a path in its
//! FUSE folder: an SMB share keeps times but no permissions, an SFTP server both.

use porpoise_engine::remote::{Gvfs, Settable};

use super::{guest_folder, sftp_folder, unmount};

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn smb_keeps_no_permissions_and_sftp_does() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, folder, _) = guest_folder(&gvfs, "settable");
    let smb = Settable::at(&folder);
    assert!(smb.mtime && !smb.mode, "SMB: {smb:?}");
    unmount(&gvfs, &uri);
    let (uri, folder, _) = sftp_folder(&gvfs, "settable");
    let sftp = Settable::at(&folder);
    assert!(sftp.mtime && sftp.mode, "SFTP: {sftp:?}");
    unmount(&gvfs, &uri);
}
