//! A folder on an SFTP server listed through GIO, as the window lists it: each entry's
//! kind, size, time and mode are the server's, and its owner is the one GVfs's FUSE folder
//! gives it; a listing of names alone has the kinds, so folders still sort first.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::time::{Duration, SystemTime};

use porpoise_engine::entry::{Kind, State};
use porpoise_engine::listing::{list_all, list_kinds};
use porpoise_engine::remote::Gvfs;

use super::{sftp_folder, unmount};

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn an_sftp_folder_lists_with_the_servers_details() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, fuse, backing) = sftp_folder(&gvfs, "listed");
    std::fs::create_dir(backing.join("zeta")).expect("a folder");
    let report = backing.join("alpha report.txt");
    std::fs::write(&report, vec![7u8; 12_345]).expect("a file");
    std::fs::set_permissions(&report, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let when = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    std::fs::File::options()
        .write(true)
        .open(&report)
        .and_then(|f| f.set_modified(when))
        .expect("the file's time");
    // Owned on the server by a user number nobody has here.
    std::os::unix::fs::chown(&report, Some(4321), Some(4321)).expect("chown");

    let listing = list_all(&fuse).expect("the folder lists");
    let entry = |name: &[u8]| {
        *listing
            .entries
            .iter()
            .find(|e| listing.name(e) == name)
            .unwrap_or_else(|| panic!("{} is listed", String::from_utf8_lossy(name)))
    };
    let file = entry(b"alpha report.txt");
    assert_eq!(file.state(), State::Complete);
    assert_eq!(file.kind(), Kind::File);
    assert_eq!(file.size, 12_345);
    assert_eq!(file.mtime_sec, 1_700_000_000);
    assert_eq!(u32::from(file.mode) & 0o7777, 0o640);
    let shown = std::fs::metadata(fuse.join("alpha report.txt")).expect("stat through FUSE");
    assert_eq!(
        (file.uid, file.gid),
        (shown.uid(), shown.gid()),
        "the owner is the one the FUSE folder says, not the server's 4321"
    );
    assert_eq!(entry(b"zeta").kind(), Kind::Dir);

    let names = list_kinds(&fuse).expect("the folder lists its names");
    let mut kinds: Vec<(Vec<u8>, Kind)> = names
        .entries
        .iter()
        .map(|e| (names.name(e).to_vec(), e.kind()))
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            (b"alpha report.txt".to_vec(), Kind::File),
            (b"zeta".to_vec(), Kind::Dir)
        ]
    );
    unmount(&gvfs, &uri);
}
