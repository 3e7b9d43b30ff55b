//! NFS through GVfs, against NFS-Ganesha on loopback (where it is installed; the rig says
//! so otherwise): the export mounts without a question, lists, takes a copy, unmounts.

use porpoise_engine::jobs::{self, JobKind, JobSpec, JobState};
use porpoise_engine::listing::list_all;
use porpoise_engine::remote::Gvfs;
use porpoise_testkit::jobs::follow;

use super::{mount_quietly_from, rig, unmount};

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn nfs_export_mounts_lists_and_takes_a_copy() {
    let Some(uri) = std::env::var_os("RIG_NFS_URI") else {
        // The rig has no NFS server and said why.
        return;
    };
    let uri = uri.to_string_lossy().into_owned();
    let export = rig("RIG_NFS_EXPORT");
    std::fs::write(export.join("readme.txt"), b"over nfs").expect("a file");
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let path = mount_quietly_from(&gvfs, &uri, "127.0.0.1")
        .path
        .expect("a FUSE path");
    let listing = list_all(&path).expect("list the export");
    let names: Vec<&[u8]> = listing.entries.iter().map(|e| listing.name(e)).collect();
    assert_eq!(names, [&b"readme.txt"[..]]);
    assert_eq!(
        std::fs::read(path.join("readme.txt")).expect("read"),
        b"over nfs"
    );

    let local = tempfile::tempdir().expect("tempdir");
    let file = local.path().join("photo.bin");
    let data: Vec<u8> = (0..3_000_000u32).map(|i| (i % 253) as u8).collect();
    std::fs::write(&file, &data).expect("a local file");
    let out = follow(
        &jobs::start(JobKind::Copy, JobSpec::new(vec![file], path.clone())),
        |_, _| {},
    );
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        std::fs::read(export.join("photo.bin")).expect("the copy on the server"),
        data
    );
    unmount(&gvfs, &uri);
}
