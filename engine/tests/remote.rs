//! Remote places through GVfs against real servers this test starts on loopback, with
//! every file in its temporary folder: Samba's smbd (a guest share, a share with a login),
//! OpenSSH's sshd (SFTP) and GVfs's daemons on a private session bus. GIO reads its session
//! bus once per process, so the checks run in a child run of this binary that has the
//! rig's environment (the `in_rig` tests, run only from here).

use std::path::PathBuf;
use std::process::Command;

use porpoise_testkit::servers::{self, GvfsSession, Nfs, Samba, Sshd};

/// How many `in_rig` tests the child run must pass.
const IN_RIG: usize = 26;

#[test]
fn remote_places_through_gvfs() {
    if let Err(why) = servers::available() {
        porpoise_testkit::skip(&format!("remote places through GVfs: {why}"));
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let samba = Samba::start(dir.path());
    let sshd = Sshd::start(dir.path());
    let sshd_password = Sshd::start_with_password(dir.path());
    let session = GvfsSession::start(dir.path(), &[&sshd.bin]);
    let sftp = dir.path().join("sftp");
    std::fs::create_dir(&sftp).expect("the SFTP folder");
    let nfs = match Nfs::available() {
        Ok(()) => Some(Nfs::start(dir.path())),
        Err(why) => {
            porpoise_testkit::skip(&format!("NFS through GVfs: {why}"));
            None
        }
    };
    let exe = std::env::current_exe().expect("this test binary");
    let mut child = Command::new(exe);
    if let Some(nfs) = &nfs {
        child
            .env("RIG_NFS_URI", nfs.uri())
            .env("RIG_NFS_EXPORT", &nfs.export);
    }
    let out = child
        // One at a time: several of them mount and unmount the same share.
        .args(["in_rig::", "--ignored", "--nocapture", "--test-threads=1"])
        .envs(session.env())
        .env("RIG_SMB_PORT", samba.port.to_string())
        .env("RIG_SSH_PORT", sshd.port.to_string())
        .env("RIG_SSH_PW_PORT", sshd_password.port.to_string())
        .env("RIG_SSH_KNOWN_HOSTS", sshd.known_hosts())
        .env("RIG_SMBD_PID", samba.pid().to_string())
        .env("RIG_GVFSD_PID", session.daemon_pid().to_string())
        .env("RIG_GUEST", &samba.guest)
        .env("RIG_SECRET", &samba.secret)
        .env("RIG_SFTP", &sftp)
        .env("RIG_FUSE_ROOT", &session.fuse_root)
        .output()
        .expect("run the checks in the rig");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains(&format!("{IN_RIG} passed; 0 failed")),
        "the checks in the rig: {said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Where GIO has no GVfs, mounting is a typed error (GIO's own local VFS, asked for by its
/// `GIO_USE_VFS`, serves `file://` alone).
#[test]
fn without_gvfs_a_mount_fails_with_a_typed_error() {
    let exe = std::env::current_exe().expect("this test binary");
    let out = Command::new(exe)
        .args(["no_gvfs::", "--ignored", "--nocapture"])
        .env("GIO_USE_VFS", "local")
        .output()
        .expect("run the check without GVfs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("1 passed; 0 failed"),
        "the check without GVfs: {said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

mod no_gvfs {
    use porpoise_engine::events::Next;
    use porpoise_engine::remote::{Address, Gvfs, MountEvent, RemoteError};
    use porpoise_testkit::PATIENCE;

    #[test]
    #[ignore = "run with GIO's local VFS by without_gvfs_a_mount_fails_with_a_typed_error"]
    fn mount_says_gvfs_is_missing() {
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let address = Address::parse(b"smb://localhost/share").expect("an address");
        let job = gvfs.mount(&address);
        match job.events().next_timeout(PATIENCE) {
            Next::Event(MountEvent::Failed(RemoteError::NoGvfs { uri })) => {
                assert_eq!(uri, "smb://localhost/share")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(job.events().next_timeout(PATIENCE), Next::Ended));
    }
}

/// The checks, in a process whose session bus and runtime folder are the rig's; those of
/// the files in tests/remote/ too.
#[path = "remote"]
mod in_rig {
    mod downloads;
    mod jobs;
    mod listing;
    mod network;
    mod nfs;
    mod settable;
    mod sftp_password;
    mod stopped;
    mod uploads;

    use std::path::{Path, PathBuf};

    use std::time::SystemTime;

    use porpoise_engine::events::Next;
    use porpoise_engine::jobs::{JobEvent, JobKind, JobSpec};
    use porpoise_engine::mounts::{MountClass, MountTable};
    use porpoise_engine::remote::{
        Address, Failure, Gvfs, MountEvent, Mounted, Mounting, PasswordAnswer, UnmountEvent,
        resolve,
    };
    use porpoise_testkit::PATIENCE;
    use porpoise_testkit::servers::{SMB_PASSWORD, SMB_USER};

    use super::rig;

    fn next(job: &Mounting) -> MountEvent {
        match job.events().next_timeout(PATIENCE) {
            Next::Event(e) => e,
            Next::Waiting => panic!("no event from the mount in {PATIENCE:?}"),
            Next::Ended => panic!("the mount ended without a last word"),
        }
    }

    fn address(uri: &str) -> Address {
        Address::parse(uri.as_bytes()).expect("an address")
    }

    /// Mount `uri` on `localhost`, which asks nothing, to its end.
    fn mount_quietly(gvfs: &Gvfs, uri: &str) -> Mounted {
        mount_quietly_from(gvfs, uri, "localhost")
    }

    /// Mount `uri` on `server`, which asks nothing, to its end.
    fn mount_quietly_from(gvfs: &Gvfs, uri: &str, server: &str) -> Mounted {
        let job = gvfs.mount(&address(uri));
        assert!(matches!(next(&job), MountEvent::Connecting { host } if host == server));
        match next(&job) {
            MountEvent::Mounted(m) => m,
            other => panic!("{uri}: {other:?}"),
        }
    }

    /// The guest share mounted, with a new folder `name` in it: its address, the folder's
    /// path in the FUSE folder and on the server's disk.
    fn guest_folder(gvfs: &Gvfs, name: &str) -> (String, PathBuf, PathBuf) {
        let uri = format!("smb://localhost:{}/guest", rig("RIG_SMB_PORT").display());
        let share = mount_quietly(gvfs, &uri).path.expect("a FUSE path");
        let backing = rig("RIG_GUEST").join(name);
        std::fs::create_dir(&backing).expect("the destination");
        porpoise_testkit::wait_for("the destination to show in the share", PATIENCE, || {
            std::fs::read_dir(share.join(name)).ok().map(|_| ())
        });
        (uri, share.join(name), backing)
    }

    /// A file's modification time, in whole seconds (0 when it cannot be read).
    fn mtime(path: &Path) -> u64 {
        std::fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map(|d| d.as_secs())
            .unwrap_or(0)
    }

    /// Copy `source` into `dest` and cancel the job once bytes are on their way; the job's end.
    fn cancel_under_way(source: &Path, dest: &Path) -> porpoise_testkit::jobs::Outcome {
        let job = porpoise_engine::jobs::start(
            JobKind::Copy,
            JobSpec::new(vec![source.to_owned()], dest),
        );
        let mut cancelled = false;
        let out = porpoise_testkit::jobs::follow(&job, |job, ev| {
            if let JobEvent::Progress(f) = ev
                && f.bytes_done > 0
                && !cancelled
            {
                cancelled = true;
                job.control.cancel();
            }
        });
        assert!(
            cancelled,
            "the copy was under way when cancelled: {:?}",
            out.events
        );
        out
    }

    /// The SFTP folder `name` (made on the server's disk) mounted: its address, its path in
    /// the FUSE folder and on the server's disk.
    fn sftp_folder(gvfs: &Gvfs, name: &str) -> (String, PathBuf, PathBuf) {
        let backing = rig("RIG_SFTP").join(name);
        std::fs::create_dir(&backing).expect("the destination");
        let uri = format!(
            "sftp://root@127.0.0.1:{}{}",
            rig("RIG_SSH_PORT").display(),
            backing.display()
        );
        let path = mount_sftp(gvfs, &uri);
        (uri, path, backing)
    }

    /// Mount the SFTP address `uri` (logging in whatever the host key); its FUSE path.
    fn mount_sftp(gvfs: &Gvfs, uri: &str) -> PathBuf {
        let job = gvfs.mount(&address(uri));
        assert!(matches!(next(&job), MountEvent::Connecting { .. }));
        let mounted = loop {
            match next(&job) {
                // The host key is not in the rig's known hosts: log in anyway.
                MountEvent::QuestionAsked(_) => job.answer_question(0),
                MountEvent::Mounted(m) => break m,
                other => panic!("{uri}: {other:?}"),
            }
        };
        let path = mounted.path.clone();
        path.unwrap_or_else(|| panic!("{uri} mounted without a FUSE path: {mounted:?}"))
    }

    fn unmount(gvfs: &Gvfs, uri: &str) {
        let events = gvfs.unmount(&address(uri));
        match events.next_timeout(PATIENCE) {
            Next::Event(UnmountEvent::Unmounted { .. }) => {}
            other => panic!("unmount {uri}: {other:?}"),
        }
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn guest_share_opens_anonymously_and_maps_both_ways() {
        std::fs::create_dir(rig("RIG_GUEST").join("2026")).expect("a folder in the share");
        std::fs::write(rig("RIG_GUEST").join("2026/hello.txt"), b"from the share")
            .expect("a file in the share");
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let uri = format!("smb://localhost:{}/guest", rig("RIG_SMB_PORT").display());
        let mounted = mount_quietly(&gvfs, &uri);
        let path = mounted.path.clone().expect("a FUSE path");
        assert!(path.starts_with(rig("RIG_FUSE_ROOT")), "{path:?}");
        assert_eq!(mounted.root.as_deref(), Some(path.as_path()));
        let file = path.join("2026/hello.txt");
        // At once, though the share was mounted and unmounted a moment ago by other checks.
        let read = std::fs::read(&file).expect("a read through GVfs");
        assert_eq!(read, b"from the share");

        // Address to path and back, inside the share too.
        let inside = address(&format!("{uri}/2026/hello.txt"));
        assert_eq!(resolve::fuse_path(&address(&uri)), Some(path.clone()));
        assert_eq!(resolve::fuse_path(&inside), Some(file.clone()));
        assert_eq!(resolve::address_of(&file), Some(inside));
        assert_eq!(
            resolve::address_of(&path).map(|a| a.uri()),
            Some(uri.clone())
        );
        assert_eq!(resolve::address_of(Path::new("/tmp")), None);

        // GVfs's FUSE folder is plumbing, not a network place; its files act as network ones.
        let table = MountTable::read().expect("the mount table");
        let fuse = table
            .containing(&path)
            .expect("the FUSE folder's mount")
            .clone();
        assert_eq!(fuse.mount_point, rig("RIG_FUSE_ROOT"));
        assert!(fuse.plumbing, "{fuse:?}");
        assert_eq!(fuse.kind_str(), "plumbing");
        assert_eq!(fuse.class, MountClass::Network);
        assert!(!table.user_visible().iter().any(|m| m.id == fuse.id));

        // Mounted already: a mount says where at once.
        let again = mount_quietly(&gvfs, &uri);
        assert_eq!(again.path, Some(path.clone()));

        unmount(&gvfs, &uri);
        assert_eq!(resolve::fuse_path(&address(&uri)), None);
        assert!(!file.exists());
        let events = gvfs.unmount(&address(&uri));
        match events.next_timeout(PATIENCE) {
            Next::Event(UnmountEvent::Failed(e)) => {
                assert_eq!(e.failure(), Some(Failure::NotMounted), "{e}")
            }
            other => panic!("a second unmount: {other:?}"),
        }
    }

    /// The failure of a mount that ends without an ask.
    fn failure(gvfs: &Gvfs, uri: &str) -> (Failure, String) {
        let job = gvfs.mount(&address(uri));
        assert!(matches!(next(&job), MountEvent::Connecting { .. }));
        match next(&job) {
            MountEvent::Failed(e) => (e.failure().expect("GVfs's failure"), format!("{e:?}")),
            other => panic!("{uri}: {other:?}"),
        }
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn failures_say_what_went_wrong() {
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let closed = porpoise_testkit::servers::free_port(4800);
        let (why, said) = failure(&gvfs, &format!("smb://localhost:{closed}/guest"));
        assert_eq!(why, Failure::Unreachable, "{said}");
        let port = rig("RIG_SMB_PORT");
        let (why, said) = failure(&gvfs, &format!("smb://localhost:{}/nosuch", port.display()));
        assert_eq!(why, Failure::NoSuchShare, "{said}");
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn password_share_asks_again_after_a_wrong_password() {
        std::fs::write(rig("RIG_SECRET").join("plans.txt"), b"secret plans").expect("a file");
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let uri = format!("smb://localhost:{}/secret", rig("RIG_SMB_PORT").display());

        // Guests are refused: a login is asked; cancelling ends the job.
        let job = gvfs.mount(&address(&uri));
        assert!(matches!(next(&job), MountEvent::Connecting { .. }));
        match next(&job) {
            MountEvent::PasswordAsked(ask) => {
                assert_eq!(ask.attempt, 1);
                assert!(ask.needs_password, "{ask:?}");
            }
            other => panic!("{other:?}"),
        }
        job.cancel();
        match next(&job) {
            MountEvent::Failed(e) => assert_eq!(e.failure(), Some(Failure::Cancelled), "{e}"),
            other => panic!("after the cancel: {other:?}"),
        }
        assert_eq!(resolve::fuse_path(&address(&uri)), None);

        // A wrong password is asked again; the right one mounts.
        let job = gvfs.mount(&address(&uri));
        assert!(matches!(next(&job), MountEvent::Connecting { .. }));
        match next(&job) {
            MountEvent::PasswordAsked(ask) => assert_eq!(ask.attempt, 1, "{ask:?}"),
            other => panic!("a login is asked: {other:?}"),
        }
        job.answer_password(PasswordAnswer::login(SMB_USER, "wrong"));
        match next(&job) {
            MountEvent::PasswordAsked(ask) => assert_eq!(ask.attempt, 2, "{ask:?}"),
            other => panic!("after a wrong password: {other:?}"),
        }
        job.answer_password(PasswordAnswer::login(SMB_USER, SMB_PASSWORD));
        let mounted = match next(&job) {
            MountEvent::Mounted(m) => m,
            other => panic!("after the right password: {other:?}"),
        };
        let path = mounted.path.expect("a FUSE path");
        assert_eq!(
            std::fs::read(path.join("plans.txt")).expect("read"),
            b"secret plans"
        );
        unmount(&gvfs, &uri);
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn the_sftp_server_shows_the_tests_folder_alone() {
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let (uri, fuse, backing) = sftp_folder(&gvfs, "jail");
        // The server's root, as GVfs's FUSE folder shows it.
        let fuse = fuse.to_string_lossy().into_owned();
        let backing = backing.to_string_lossy().into_owned();
        let root = PathBuf::from(fuse.strip_suffix(&backing).expect("the folder's path"));
        let top: Vec<_> = std::fs::read_dir(&root)
            .expect("the server's root")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        let first = Path::new(&backing)
            .components()
            .nth(1)
            .expect("a folder under /")
            .as_os_str()
            .to_owned();
        assert_eq!(top, [first], "the server shows nothing of this computer");
        assert!(!root.join("etc").exists());
        unmount(&gvfs, &uri);
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn a_share_mounted_again_answers_once_mounted() {
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let (uri, path, backing) = sftp_folder(&gvfs, "again");
        std::fs::write(backing.join("still.txt"), b"here").expect("a file");
        for round in 0..6 {
            unmount(&gvfs, &uri);
            let again = mount_sftp(&gvfs, &uri);
            assert_eq!(again, path);
            // At once: the mount is told once its folder answers in GVfs's FUSE folder.
            let names: Vec<std::ffi::OsString> = std::fs::read_dir(&again)
                .unwrap_or_else(|e| panic!("round {round}: the folder answers: {e}"))
                .map(|e| e.map(|e| e.file_name()))
                .collect::<Result<_, _>>()
                .unwrap_or_else(|e| panic!("round {round}: the folder is read: {e}"));
            assert_eq!(names, ["still.txt"], "round {round}");
        }
        unmount(&gvfs, &uri);
    }

    #[test]
    #[ignore = "run inside the rig by remote_places_through_gvfs"]
    fn sftp_asks_about_the_unknown_host_key() {
        let folder = rig("RIG_SFTP");
        std::fs::write(folder.join("notes.txt"), b"over ssh").expect("a file");
        // The key is unknown whichever checks logged in to the server before.
        let _ = std::fs::remove_file(rig("RIG_SSH_KNOWN_HOSTS"));
        let gvfs = Gvfs::start().expect("the GVfs thread");
        let uri = format!(
            "sftp://root@127.0.0.1:{}{}",
            rig("RIG_SSH_PORT").display(),
            folder.display()
        );
        let job = gvfs.mount(&address(&uri));
        assert!(matches!(next(&job), MountEvent::Connecting { host } if host == "127.0.0.1"));
        match next(&job) {
            MountEvent::QuestionAsked(q) => {
                assert!(q.choices.len() >= 2, "{q:?}");
                assert!(q.message.contains("127.0.0.1"), "{q:?}");
            }
            other => panic!("the host key is asked about: {other:?}"),
        }
        // The first choice logs in anyway.
        job.answer_question(0);
        let mounted = match next(&job) {
            MountEvent::Mounted(m) => m,
            other => panic!("after the answer: {other:?}"),
        };
        let path = mounted.path.expect("a FUSE path");
        assert_eq!(
            std::fs::read(path.join("notes.txt")).expect("read"),
            b"over ssh"
        );
        assert_eq!(
            resolve::address_of(&path.join("notes.txt")).map(|a| a.uri()),
            Some(format!("{uri}/notes.txt"))
        );
        unmount(&gvfs, &uri);
    }
}

/// A path or number the rig passed to the child run.
fn rig(name: &str) -> PathBuf {
    std::env::var_os(name)
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("{name} is set by remote_places_through_gvfs"))
}
