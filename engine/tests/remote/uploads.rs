//! Copies into a share go to GVfs's backend through GIO, many files at once: the tree that
//! arrives is the tree sent (with its times on SMB, its times and modes on SFTP), a name already
//! taken follows the job's rule, a cancelled copy leaves no part of a file under its
//! name on the server, and a share unmounted after one can be mounted again at once.
//! Uploads to two servers at once take turns; one cancelled does not stop the other.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use porpoise_engine::jobs::{self, ConflictPolicy, JobKind, JobSpec, JobState};
use porpoise_engine::remote::Gvfs;
use porpoise_testkit::jobs::finish;
use porpoise_testkit::procs::named;
use porpoise_testkit::{PATIENCE, wait_for};

use super::{cancel_under_way, guest_folder, mtime, rig, sftp_folder, unmount};

/// Every file and folder under `root`, with the bytes of each file.
fn tree(root: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut todo = vec![root.to_owned()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a folder") {
            let path = entry.expect("an entry").path();
            let rel = path.strip_prefix(root).expect("inside").to_owned();
            if path.is_dir() {
                todo.push(path);
                out.push((rel, None));
            } else {
                out.push((rel, Some(std::fs::read(&path).expect("read a file"))));
            }
        }
    }
    out.sort();
    out
}

/// The files of [`source_tree`] given a time in the past, and that time.
const DATED: [&str; 2] = ["docs/note 07.txt", "docs/drafts/scan.bin"];
const PAST: u64 = 1_700_000_000;

/// The dated files of [`source_tree`], arrived in `arrived`, kept their time.
fn dated_files_kept_their_time(arrived: &Path) {
    for f in DATED {
        assert_eq!(mtime(&arrived.join(f)), PAST, "{f} kept its time");
    }
}

/// A tree to send: nested folders, an empty one, many small files and one of 3 MiB, with
/// times in the past and modes of their own.
fn source_tree(dir: &Path) -> PathBuf {
    let root = dir.join("project été");
    std::fs::create_dir_all(root.join("docs/drafts")).expect("folders");
    std::fs::create_dir_all(root.join("empty")).expect("an empty folder");
    for i in 0..60 {
        let data = format!("note {i} ").repeat(40 + i);
        std::fs::write(root.join(format!("docs/note {i:02}.txt")), data).expect("a note");
    }
    let big: Vec<u8> = (0..3 << 20).map(|i: u32| (i * 31 % 253) as u8).collect();
    std::fs::write(root.join("docs/drafts/scan.bin"), big).expect("a big file");
    let past = SystemTime::UNIX_EPOCH + Duration::from_secs(PAST);
    for f in DATED {
        let file = std::fs::File::options()
            .write(true)
            .open(root.join(f))
            .expect("open");
        file.set_modified(past).expect("set the time");
    }
    std::fs::set_permissions(
        root.join("docs/note 07.txt"),
        std::fs::Permissions::from_mode(0o600),
    )
    .expect("a mode");
    root
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_tree_sent_to_an_smb_share_arrives_whole_with_its_times() {
    let local = tempfile::tempdir().expect("tempdir");
    let root = source_tree(local.path());
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = guest_folder(&gvfs, "tree");

    let out = finish(jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![root.clone()], &dest),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let arrived = backing.join("project été");
    assert_eq!(tree(&arrived), tree(&root), "the share holds the tree sent");
    assert_eq!(out.summary.files_done, 61);
    assert_eq!(out.summary.folders_done, 4);
    assert_eq!(
        out.placed(),
        vec![(root.clone(), dest.join("project été"), true)]
    );
    dated_files_kept_their_time(&arrived);
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_name_taken_on_the_share_follows_the_rule() {
    let local = tempfile::tempdir().expect("tempdir");
    let source = local.path().join("plan.txt");
    std::fs::write(&source, b"new plan").expect("a source");
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = guest_folder(&gvfs, "taken");
    std::fs::write(backing.join("plan.txt"), b"old plan").expect("the file there");
    wait_for("the file to show in the share", PATIENCE, || {
        dest.join("plan.txt").exists().then_some(())
    });
    let copy = |rule| {
        let mut spec = JobSpec::new(vec![source.clone()], &dest);
        spec.on_conflict = rule;
        finish(jobs::start(JobKind::Copy, spec))
    };

    let out = copy(ConflictPolicy::Fail);
    assert_eq!(out.state, JobState::Failed);
    assert_eq!(out.failed_paths(), vec![source.clone()]);
    let out = copy(ConflictPolicy::Skip);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        std::fs::read(backing.join("plan.txt")).ok(),
        Some(b"old plan".to_vec())
    );

    let out = copy(ConflictPolicy::Rename);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let placed = out.placed();
    assert_eq!(placed.len(), 1, "{placed:?}");
    let renamed = backing.join(placed[0].1.file_name().expect("a name"));
    assert_ne!(renamed, backing.join("plan.txt"));
    assert_eq!(std::fs::read(&renamed).ok(), Some(b"new plan".to_vec()));
    assert_eq!(
        std::fs::read(backing.join("plan.txt")).ok(),
        Some(b"old plan".to_vec())
    );

    let out = copy(ConflictPolicy::Overwrite);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        std::fs::read(backing.join("plan.txt")).ok(),
        Some(b"new plan".to_vec())
    );
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_cancelled_upload_leaves_no_part_under_its_name() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = guest_folder(&gvfs, "cancelled");
    let (_local, source) = cancel_a_big_upload(&dest);
    assert!(
        !backing.join("film.bin").exists(),
        "no part of the file stays under its name"
    );
    assert!(source.exists(), "the source is untouched");
    unmount(&gvfs, &uri);
}

/// A file of 256 MiB in `dir`.
fn big_source(dir: &Path) -> PathBuf {
    let source = dir.join("film.bin");
    let data: Vec<u8> = (0..256u32 << 20).map(|i| (i % 249) as u8).collect();
    std::fs::write(&source, data).expect("a big source");
    source
}

/// Copy a file of 256 MiB into `dest` and cancel the copy once under way; the source
/// (in a folder of its own, which goes with the returned handle).
fn cancel_a_big_upload(dest: &Path) -> (tempfile::TempDir, PathBuf) {
    let local = tempfile::tempdir().expect("tempdir");
    let source = big_source(local.path());
    let out = cancel_under_way(&source, dest);
    assert_eq!(out.state, JobState::Cancelled, "{:?}", out.events);
    (local, source)
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_cancelled_sftp_upload_leaves_no_part_under_its_name() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = sftp_folder(&gvfs, "cancelled");
    let (_local, source) = cancel_a_big_upload(&dest);
    wait_for("the part to go from the server", PATIENCE, || {
        (!backing.join("film.bin").exists()).then_some(())
    });
    assert!(source.exists(), "the source is untouched");
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_tree_sent_over_sftp_keeps_its_modes_and_times() {
    let local = tempfile::tempdir().expect("tempdir");
    let root = source_tree(local.path());
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = sftp_folder(&gvfs, "uploads");

    let out = finish(jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![root.clone()], &dest),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let arrived = backing.join("project été");
    assert_eq!(
        tree(&arrived),
        tree(&root),
        "the server holds the tree sent"
    );
    let mode = |p: &Path| {
        std::fs::metadata(p)
            .map(|m| m.permissions().mode() & 0o777)
            .ok()
    };
    assert_eq!(mode(&arrived.join("docs/note 07.txt")), Some(0o600));
    assert_eq!(
        mode(&arrived.join("docs/note 01.txt")),
        mode(&root.join("docs/note 01.txt"))
    );
    dated_files_kept_their_time(&arrived);
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn a_cancelled_sftp_upload_of_many_files_leaves_only_whole_ones() {
    let local = tempfile::tempdir().expect("tempdir");
    let root = local.path().join("many");
    std::fs::create_dir(&root).expect("a folder");
    let count = 3000;
    for i in 0..count {
        let data: Vec<u8> = (0..16 << 10).map(|b: u32| (b * 7 + i) as u8).collect();
        std::fs::write(root.join(format!("f{i:04}.bin")), data).expect("a small file");
    }
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, backing) = sftp_folder(&gvfs, "cancelled-many");
    let out = cancel_under_way(&root, &dest);
    assert_eq!(out.state, JobState::Cancelled, "{:?}", out.events);
    let arrived = backing.join("many");
    // A file cut short goes from the server once its cancelled write is over.
    wait_for("only whole files on the server", PATIENCE, || {
        tree(&arrived)
            .iter()
            .all(|(name, data)| std::fs::read(root.join(name)).ok() == *data)
            .then_some(())
    });
    let copied = tree(&arrived).len();
    assert!(
        copied < count as usize,
        "the cancel stopped the copy ({copied} of {count} arrived)"
    );
    unmount(&gvfs, &uri);
}

/// The processes named `name` that the rig's gvfsd started (GVfs's backends).
fn backends(name: &str) -> Vec<u32> {
    let gvfsd = rig("RIG_GVFSD_PID").display().to_string();
    named(name, Some(gvfsd.parse().expect("the rig's gvfsd number")))
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn an_sftp_share_unmounted_after_a_cancelled_upload_mounts_again_at_once() {
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (uri, dest, _) = sftp_folder(&gvfs, "before");
    cancel_a_big_upload(&dest);
    unmount(&gvfs, &uri);
    // Its backend (and with it the ssh connection a new mount would share) has gone once
    // the unmount is reported: a mount made at once is then not cut off when it exits.
    assert_eq!(backends("gvfsd-sftp"), Vec::<u32>::new(), "backends left");

    let (uri, dest, backing) = sftp_folder(&gvfs, "after");
    let mounted = backends("gvfsd-sftp");
    assert_eq!(mounted.len(), 1, "one backend serves the new mount");
    std::fs::write(dest.join("note.txt"), b"written after").expect("a write to the new mount");
    assert_eq!(
        std::fs::read(backing.join("note.txt")).ok().as_deref(),
        Some(&b"written after"[..])
    );
    assert_eq!(
        backends("gvfsd-sftp"),
        mounted,
        "the new mount's backend runs on"
    );
    unmount(&gvfs, &uri);
}

#[test]
#[ignore = "run inside the rig by remote_places_through_gvfs"]
fn uploads_to_two_servers_at_once_both_end_when_one_is_cancelled() {
    let local = tempfile::tempdir().expect("tempdir");
    let root = source_tree(local.path());
    let big = big_source(local.path());
    let gvfs = Gvfs::start().expect("the GVfs thread");
    let (smb_uri, smb_dest, smb_backing) = guest_folder(&gvfs, "at-once");
    let (sftp_uri, sftp_dest, sftp_backing) = sftp_folder(&gvfs, "at-once");

    let tree_sent = {
        let (root, dest) = (root.clone(), sftp_dest.clone());
        std::thread::spawn(move || {
            finish(jobs::start(JobKind::Copy, JobSpec::new(vec![root], &dest)))
        })
    };
    let cancelled = cancel_under_way(&big, &smb_dest);
    assert_eq!(
        cancelled.state,
        JobState::Cancelled,
        "{:?}",
        cancelled.events
    );
    let out = tree_sent.join().expect("the other upload's thread");
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        tree(&sftp_backing.join("project été")),
        tree(&root),
        "the other server holds the tree sent"
    );
    assert!(
        !smb_backing.join("film.bin").exists(),
        "no part of the cancelled file stays under its name"
    );

    // The next upload, after both, arrives as well.
    let out = finish(jobs::start(
        JobKind::Copy,
        JobSpec::new(vec![root.clone()], &smb_dest),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(tree(&smb_backing.join("project été")), tree(&root));
    unmount(&gvfs, &smb_uri);
    unmount(&gvfs, &sftp_uri);
}
