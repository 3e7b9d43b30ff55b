//! Copies out of a share: big files are read through GIO from GVfs's backend (the biggest
//! in parts at once), small ones through GVfs's FUSE folder; either way the copy here is
//! the file on the server with its time, the progress counts every byte and, where the
//! copy's data goes to the device in windows, every byte on the device, and a cancelled
//! copy leaves no part of a file under its name and the share answering, as does a file
//! that grew shorter while it was read in parts.

use std::path::Path;
use std::time::{Duration, SystemTime};

use porpoise_engine::error::Reason;
use porpoise_engine::jobs::writeback::WritebackMode;
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_engine::remote::Gvfs;
use porpoise_testkit::jobs::{finish, follow};

use super::{cancel_under_way, guest_folder, mtime, sftp_folder, unmount};

const MIB: usize = 1 << 20;
/// A time the files on the server are given, to be kept by their copies.
const THEN: u64 = 1_700_000_000;

/// Write `size` bytes of its own content as `name` in `dir` (on the server's disk), from
/// `THEN`; its bytes.
fn served(dir: &Path, name: &str, size: usize) -> Vec<u8> {
    let data: Vec<u8> = (0..size)
        .map(|i| (i % 253) as u8 ^ name.len() as u8)
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, &data).expect("a file on the server");
    let then = SystemTime::UNIX_EPOCH + Duration::from_secs(THEN);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(then))
        .expect("its time");
    data
}

/// Copy the folder `from` (in the FUSE folder) holding a big and a small file here, and
/// check what arrived.
fn copy_out_and_check(from: &Path, backing: &Path) {
    let big = served(backing, "film.bin", 24 * MIB + 5);
    let small = served(backing, "note.txt", 3000);
    let here = tempfile::tempdir().expect("tempdir");
    let out = finish(jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![from.to_owned()], here.path()),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let arrived = here.path().join(from.file_name().expect("a name"));
    for (name, data) in [("film.bin", &big), ("note.txt", &small)] {
        let copy = arrived.join(name);
        assert!(
            std::fs::read(&copy).ok().as_ref() == Some(data),
            "{name} arrived as it is on the server"
        );
        assert_eq!(mtime(&copy), THEN, "{name} kept its time");
    }
    assert_eq!(out.summary.files_done, 2);
    assert_eq!(out.summary.bytes_done, (big.len() + small.len()) as u64);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn files_copied_from_smb_and_sftp_arrive_whole_with_their_times() {
    on_smb_and_sftp("out", copy_out_and_check);
}

/// Run `check` on the folder `name` of the guest share and then of the SFTP server, each
/// mounted for it: its path in the FUSE folder and on the server's disk.
fn on_smb_and_sftp(name: &str, check: fn(&Path, &Path)) {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, from, backing) = guest_folder(&gvfs, name);
    check(&from, &backing);
    unmount(&gvfs, &uri);
    let (uri, from, backing) = sftp_folder(&gvfs, name);
    check(&from, &backing);
    unmount(&gvfs, &uri);
}

/// What is in `dir`, by name.
fn names_in(dir: &Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(dir)
        .expect("the destination")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect()
}

/// Copy the folder `from` holding two files big enough to go in parts and a small one
/// here, with the data put on the device in windows: one of the big files is read in
/// parts while the other is read beside it, every file arrives whole, and the progress
/// counts every byte on the device by the end, never more than were copied.
fn copy_big_ones_out_and_check(from: &Path, backing: &Path) {
    let files = [
        ("one.bin", served(backing, "one.bin", 40 * MIB + 7)),
        ("two.bin", served(backing, "two.bin", 33 * MIB)),
        ("note.txt", served(backing, "note.txt", 1000)),
    ];
    let here = tempfile::tempdir().expect("tempdir");
    let out = finish(jobs::start(
        JobKind::Copy,
        JobSpec {
            writeback: WritebackMode::Always,
            ..JobSpec::new(vec![from.to_owned()], here.path())
        },
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let arrived = here.path().join(from.file_name().expect("a name"));
    for (name, data) in &files {
        assert!(
            std::fs::read(arrived.join(name)).ok().as_ref() == Some(data),
            "{name} arrived as it is on the server"
        );
    }
    let total: usize = files.iter().map(|(_, data)| data.len()).sum();
    assert_eq!(out.summary.bytes_done, total as u64);
    let figures = out.progress();
    for f in &figures {
        assert!(f.bytes_on_device <= f.bytes_done, "{f:?}");
    }
    let last = figures.last().expect("progress");
    assert_eq!(
        last.bytes_on_device, total as u64,
        "all of it on the device"
    );
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn big_files_read_in_parts_arrive_whole_and_on_the_device() {
    on_smb_and_sftp("parts", copy_big_ones_out_and_check);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_file_that_shrinks_while_read_in_parts_fails_and_leaves_nothing_here() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, from, backing) = guest_folder(&gvfs, "shrinks");
    served(&backing, "film.bin", 256 * MIB);
    let here = tempfile::tempdir().expect("tempdir");
    let job = jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![from.join("film.bin")], here.path()),
    );
    // Paused while under way, the file on the server is cut to 1 MiB; its parts, each
    // ending well past that, come short once the copy goes on.
    let mut cut = false;
    let out = follow(&job, |job, ev| {
        if let JobEvent::Progress(f) = ev
            && f.bytes_done > 0
            && !cut
        {
            cut = true;
            job.control.pause();
            std::fs::File::options()
                .write(true)
                .open(backing.join("film.bin"))
                .and_then(|f| f.set_len(MIB as u64))
                .expect("cut the file on the server");
            job.control.resume();
        }
    });
    assert!(cut, "the copy was under way when the file was cut");
    let failed: Vec<Reason> = out.picked(|e| match e {
        JobEvent::ItemFailed { error, .. } => Some(Reason::from_io(&error.source)),
        _ => None,
    });
    assert_eq!(failed, [Reason::Shrank], "{:?}", out.events);
    let left = names_in(here.path());
    assert!(left.is_empty(), "no part of the file stays here: {left:?}");
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_cancelled_copy_from_a_share_leaves_no_part_here() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, from, backing) = guest_folder(&gvfs, "film");
    served(&backing, "film.bin", 256 * MIB);
    let here = tempfile::tempdir().expect("tempdir");
    let out = cancel_under_way(&from.join("film.bin"), here.path());
    assert_eq!(out.state, JobState::Cancelled, "{:?}", out.events);
    let left = names_in(here.path());
    assert!(left.is_empty(), "no part of the file stays here: {left:?}");
    assert!(
        backing.join("film.bin").exists(),
        "the file on the server is untouched"
    );
    // The share still answers: a file of it reads through the FUSE folder.
    let note = served(&backing, "note.txt", 100);
    assert_eq!(std::fs::read(from.join("note.txt")).ok(), Some(note));
    unmount(&gvfs, &uri);
}
