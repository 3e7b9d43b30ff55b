//! Copies and moves into a share mounted through GVfs: what the progress tells never runs
//! ahead of what the server's share folder holds, and a move keeps each source until the
//! server has its data.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::follow;
use porpoise_testkit::{PATIENCE, wait_for};

use super::{mount_quietly, rig, unmount};
use porpoise_engine::remote::Gvfs;

const MIB: usize = 1 << 20;

/// Bytes of every file under `dir` (on the server's disk), as they are now.
fn held(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => held(&e.path()),
            // The bytes a file holds: a big file goes in parts at once, so its size
            // runs ahead of its data until the parts before the last are in.
            _ => e
                .metadata()
                .map(|m| m.len().min(m.blocks() * 512))
                .unwrap_or(0),
        })
        .sum()
}

/// The guest share, mounted, with a new folder for a job's copies.
struct Guest {
    gvfs: Gvfs,
    uri: String,
    /// The share's path in GVfs's FUSE folder.
    share: PathBuf,
    /// The new folder in the share's folder on the server's disk.
    backing: PathBuf,
}

impl Guest {
    /// Mount the guest share and make the folder `name` in it on the server's disk, once
    /// GVfs's FUSE folder shows it (it may take a moment to see a folder made there).
    fn mount(name: &str) -> Guest {
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let uri = format!("smb://localhost:{}/guest", rig("RIG_SMB_PORT").display());
        let share = mount_quietly(&gvfs, &uri).path.expect("a FUSE path");
        let backing = rig("RIG_GUEST").join(name);
        std::fs::create_dir(&backing).expect("the destination");
        wait_for("the destination to show in the share", PATIENCE, || {
            std::fs::read_dir(share.join(name)).ok().map(|_| ())
        });
        Guest {
            gvfs,
            uri,
            share,
            backing,
        }
    }
}

/// `n` files of `size` bytes, each its own content, in a new folder `name` of `dir`.
fn sources(dir: &Path, name: &str, n: usize, size: usize) -> Vec<PathBuf> {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).expect("a source folder");
    (0..n)
        .map(|i| {
            let path = folder.join(format!("part{i}.bin"));
            let data: Vec<u8> = (0..size).map(|j| (j % 251) as u8 ^ i as u8).collect();
            std::fs::write(&path, data).expect("a source file");
            path
        })
        .collect()
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn copy_progress_never_runs_ahead_of_the_share() {
    let local = tempfile::tempdir().expect("tempdir");
    let mut files = sources(local.path(), "album", 4, 8 * MIB);
    // Two big enough to go in parts at once: one does, the other goes beside it in one
    // stream.
    files.extend(sources(local.path(), "album/big", 2, 48 * MIB));
    let Guest {
        gvfs,
        uri,
        share,
        backing,
    } = Guest::mount("copies");

    let job = jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![local.path().join("album")], share.join("copies")),
    );
    let mut progress = 0;
    let out = follow(&job, |_, ev| {
        if let JobEvent::Progress(f) = ev {
            // Read after the event: the share can only have more by now.
            let there = held(&backing);
            progress += 1;
            assert!(
                f.bytes_on_device <= there,
                "progress says {} bytes reached the server, its folder holds {there}",
                f.bytes_on_device
            );
        }
    });
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(progress > 0, "the copy told its progress");
    for f in &files {
        let copy = backing.join(f.strip_prefix(local.path()).expect("in the sources"));
        assert!(
            std::fs::read(&copy).ok() == std::fs::read(f).ok(),
            "{} arrived whole",
            copy.display()
        );
    }
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_move_keeps_its_sources_until_the_share_has_them() {
    let local = tempfile::tempdir().expect("tempdir");
    let files = sources(local.path(), "outbox", 6, 4 * MIB);
    let Guest {
        gvfs,
        uri,
        share,
        backing,
    } = Guest::mount("moved");
    let wanted: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).expect("a source"))
        .collect();

    // Separate top-level files, so each can go as soon as its copy is on the server.
    let job = jobs::start(
        JobKind::Move,
        JobSpec::new(files.clone(), share.join("moved")),
    );
    let check = || {
        for (f, data) in files.iter().zip(&wanted) {
            if !f.exists() {
                let copy = backing.join(f.file_name().expect("a name"));
                assert!(
                    std::fs::read(&copy).ok().as_ref() == Some(data),
                    "{} was deleted before the server had all of it",
                    f.display()
                );
            }
        }
    };
    let out = follow(&job, |_, _| check());
    check();
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(files.iter().all(|f| !f.exists()), "every source moved");
    unmount(&gvfs, &uri);
}
