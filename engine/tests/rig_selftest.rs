//! The test rig's own tests: the share throttles, counts and caches writes as a slow network
//! share does; the stick is found, flagged removable (or not) through the real sysfs, makes
//! syncfs wait for the slow device and fails once unplugged; nothing stays mounted after.

use porpoise_testkit as kit;
use porpoise_testkit::rig;

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant, UNIX_EPOCH};

use porpoise_engine::devices;
use porpoise_engine::mounts::{self, MountClass};
use porpoise_testkit::trees::{fifo, new_folder};
use rig::{Share, Stick, StickOptions};

const MIB: u64 = 1 << 20;

/// One rig test at a time: timings stay meaningful on two cores, and the process-wide
/// removable cache in `devices` never sees a loop device reused by a concurrent test.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The lock when the rig can run here; otherwise a skip (a failure in CI).
fn rig() -> Option<MutexGuard<'static, ()>> {
    match rig::available() {
        Ok(()) => Some(ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner())),
        Err(why) => {
            kit::skip(&why);
            None
        }
    }
}

/// Bytes that differ from block to block, so a misplaced block shows.
fn pattern(len: u64) -> Vec<u8> {
    (0..len).map(|i| (i / 4096 + i % 251) as u8).collect()
}

/// Write `data` in 1 MiB write() calls; returns how long the calls took.
fn write_all(f: &mut File, data: &[u8]) -> Duration {
    let t = Instant::now();
    for chunk in data.chunks(MIB as usize) {
        f.write_all(chunk).expect("write");
    }
    t.elapsed()
}

/// How long creating `path`, writing `len` bytes of the pattern to it and syncing it takes.
fn written_and_synced(path: &Path, len: u64) -> Duration {
    let t = Instant::now();
    let mut f = File::create(path).expect("create");
    write_all(&mut f, &pattern(len));
    f.sync_all().expect("fsync");
    t.elapsed()
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

#[test]
fn share_throttles_counts_and_caches_writes() {
    let Some(_one) = rig() else { return };
    let share = Share::new(8_000_000);
    let data = pattern(8 * MIB);
    let t0 = Instant::now();
    let mut f = File::create(share.path().join("big.bin")).expect("create");
    let writes_took = write_all(&mut f, &data);
    let received_when_writes_returned = share.received();
    f.sync_all().expect("fsync");
    let synced_after = t0.elapsed();
    let received = share.received();
    eprintln!(
        "share 8 MiB at 8 MB/s: write() calls {}, server had {} B then; fsync done after {} \
         ({:.2} MB/s received); writeback lag {}",
        secs(writes_took),
        received_when_writes_returned,
        secs(synced_after),
        received as f64 / synced_after.as_secs_f64() / 1e6,
        secs(synced_after - writes_took),
    );
    assert_eq!(received, 8 * MIB, "after fsync the server has every byte");
    assert!(
        synced_after >= Duration::from_millis(900),
        "8 MiB at 8 MB/s reached the server in {}",
        secs(synced_after)
    );
    assert!(
        received_when_writes_returned < 8 * MIB && writes_took < synced_after / 2,
        "write() waited for the server ({} B received, {} of {}): no writeback cache",
        received_when_writes_returned,
        secs(writes_took),
        secs(synced_after)
    );
    drop(f);
    let stored = std::fs::read(share.store().join("big.bin")).expect("read the store");
    assert!(stored == data, "the server stored other bytes");
    let mut back = Vec::new();
    File::open(share.path().join("big.bin"))
        .and_then(|mut f| f.read_to_end(&mut back))
        .expect("read back");
    assert!(back == data, "reading through the share gave other bytes");
}

#[test]
fn share_fail_writes_makes_fsync_fail_with_eio() {
    let Some(_one) = rig() else { return };
    let share = Share::new(0);
    let mut f = File::create(share.path().join("doomed.bin")).expect("create");
    write_all(&mut f, &pattern(MIB));
    share.fail_writes(true);
    let err = f.sync_all().expect_err("fsync on a failing share");
    assert_eq!(err.raw_os_error(), Some(libc::EIO), "{err}");
    drop(f);
    share.fail_writes(false);
    let mut g = File::create(share.path().join("later.bin")).expect("create");
    write_all(&mut g, &pattern(MIB));
    g.sync_all().expect("fsync once the share works again");
}

#[test]
fn share_rate_changes_at_run_time() {
    let Some(_one) = rig() else { return };
    let share = Share::new(1_000_000);
    share.set_rate(0);
    let unlimited = written_and_synced(&share.path().join("fast.bin"), 8 * MIB);
    share.set_rate(4_000_000);
    let limited = written_and_synced(&share.path().join("slow.bin"), 4 * MIB);
    eprintln!(
        "share: 8 MiB unlimited in {}, 4 MiB at 4 MB/s in {}",
        secs(unlimited),
        secs(limited)
    );
    assert!(
        unlimited < Duration::from_secs(4),
        "8 MiB took {} with the limit lifted (8.4 s at the old 1 MB/s)",
        secs(unlimited)
    );
    assert!(limited >= Duration::from_millis(900), "{}", secs(limited));
}

#[test]
fn share_serves_what_a_file_manager_does() {
    let Some(_one) = rig() else { return };
    let share = Share::new(0);
    let root = share.path();
    let dir = new_folder(root, "dir");
    std::fs::write(dir.join("a.txt"), "hello").expect("create + write");
    std::fs::rename(dir.join("a.txt"), dir.join("b.txt")).expect("rename");
    std::fs::write(dir.join("c.txt"), "other").expect("create c");
    let noreplace = rustix::fs::renameat_with(
        rustix::fs::CWD,
        dir.join("b.txt"),
        rustix::fs::CWD,
        dir.join("c.txt"),
        rustix::fs::RenameFlags::NOREPLACE,
    );
    assert_eq!(noreplace, Err(rustix::io::Errno::EXIST), "RENAME_NOREPLACE");
    assert_eq!(std::fs::read(dir.join("c.txt")).expect("c"), b"other");

    std::os::unix::fs::symlink("dir/b.txt", root.join("link")).expect("symlink");
    assert_eq!(
        std::fs::read_link(root.join("link")).expect("readlink"),
        PathBuf::from("dir/b.txt")
    );
    assert_eq!(std::fs::read(root.join("link")).expect("follow"), b"hello");

    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.join("b.txt"), std::fs::Permissions::from_mode(0o600))
        .expect("chmod");
    let mtime = UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    {
        let f = File::options()
            .write(true)
            .open(dir.join("b.txt"))
            .expect("open");
        f.set_len(2).expect("truncate");
        f.set_modified(mtime).expect("set mtime");
    }
    let md = std::fs::metadata(dir.join("b.txt")).expect("stat");
    assert_eq!(md.permissions().mode() & 0o777, 0o600);
    assert_eq!(md.modified().expect("mtime"), mtime);
    assert_eq!(std::fs::read(dir.join("b.txt")).expect("read"), b"he");
    let stored = std::fs::metadata(share.store().join("dir/b.txt")).expect("stored");
    assert_eq!((stored.len(), stored.modified().ok()), (2, Some(mtime)));

    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("readdir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["b.txt", "c.txt"]);
    let vfs = rustix::fs::statvfs(root).expect("statfs");
    assert!(vfs.f_blocks > 0);

    let m = mounts::mount_of(root).expect("the share is in the mount table");
    assert_eq!(
        (
            m.mount_point.as_path(),
            m.fs_type.as_str(),
            m.source.to_str()
        ),
        (root, "fuse", Some(rig::SHARE_SOURCE))
    );
    assert_eq!(m.class, MountClass::Network);

    std::fs::remove_file(root.join("link")).expect("unlink link");
    std::fs::remove_file(dir.join("b.txt")).expect("unlink");
    std::fs::remove_file(dir.join("c.txt")).expect("unlink");
    std::fs::remove_dir(&dir).expect("rmdir");
    assert!(!share.store().join("dir").exists());
}

#[test]
fn share_and_stick_keep_files_as_the_tools_expect() {
    let Some(_one) = rig() else { return };
    let share = Share::new(0);
    let stick = Stick::new(StickOptions {
        rate: 0,
        ..StickOptions::default()
    });
    for root in [share.path(), stick.path()] {
        // Appending through the writeback cache, where the kernel owns the file offset.
        let log = root.join("log");
        for line in ["one\n", "two\n", "three\n"] {
            File::options()
                .append(true)
                .create(true)
                .open(&log)
                .and_then(|mut f| f.write_all(line.as_bytes()))
                .expect("append");
        }
        assert_eq!(std::fs::read(&log).expect("read"), b"one\ntwo\nthree\n");
        // A file written and synced after it was unlinked.
        let mut gone = File::create(root.join("gone")).expect("create");
        std::fs::remove_file(root.join("gone")).expect("unlink");
        write_all(&mut gone, &pattern(MIB));
        gone.sync_all().expect("fsync of an unlinked file");
        drop(gone);
        std::fs::hard_link(&log, root.join("log2")).expect("link");
        assert_eq!(
            std::os::unix::fs::MetadataExt::nlink(&std::fs::metadata(&log).expect("stat")),
            2
        );
        fifo(&root.join("fifo"), 0o644);
        assert!(std::os::unix::fs::FileTypeExt::is_fifo(
            &std::fs::symlink_metadata(root.join("fifo"))
                .expect("stat fifo")
                .file_type()
        ));
        // A tree copied in and out by cp, compared by diff.
        let src = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(src.path().join("a/b/c")).expect("mkdir");
        std::fs::write(src.path().join("a/b/c/data"), pattern(3 * MIB)).expect("write");
        std::fs::write(src.path().join("a/small"), "x").expect("write");
        std::os::unix::fs::symlink("b/c/data", src.path().join("a/link")).expect("symlink");
        let script = "cp -a \"$1/a\" \"$2/tree\" && diff -r \"$1/a\" \"$2/tree\" \
            && cp -a \"$2/tree\" \"$1/back\" && diff -r \"$1/a\" \"$1/back\" \
            && [ \"$(stat -c %Y \"$1/a/small\")\" = \"$(stat -c %Y \"$2/tree/small\")\" ] \
            && rm -r \"$2/tree\"";
        porpoise_testkit::run(
            std::process::Command::new("sh")
                .args(["-c", script, "sh"])
                .arg(src.path())
                .arg(root),
        );
    }
}

#[test]
fn stick_is_found_and_its_removable_flag_is_real_sysfs() {
    let Some(_one) = rig() else { return };
    let flagged = Stick::new(StickOptions {
        removable: true,
        ..StickOptions::default()
    });
    let plain = Stick::new(StickOptions {
        removable: false,
        ..StickOptions::default()
    });
    for (stick, removable) in [(&flagged, true), (&plain, false)] {
        let m = mounts::mount_of(stick.path()).expect("the stick is in the mount table");
        assert_eq!(m.mount_point, stick.path());
        assert_eq!(m.fs_type, "ext4");
        assert_eq!(m.source.to_str(), Some(stick.loop_device()));
        assert_eq!(m.major, 7, "a loop device");
        assert_eq!(
            devices::Sysfs::default().is_removable(m.major, m.minor),
            removable,
            "sysfs for {}",
            stick.loop_device()
        );
        assert_eq!(devices::is_removable(m.major, m.minor), removable);
        let class = if removable {
            MountClass::Removable
        } else {
            MountClass::Local
        };
        assert_eq!(m.class, class);
    }
}

#[test]
fn stick_syncfs_waits_for_the_device() {
    let Some(_one) = rig() else { return };
    let stick = Stick::new(StickOptions {
        rate: 4_000_000,
        ..StickOptions::default()
    });
    let before = stick.received();
    let mut f = File::create(stick.path().join("big.bin")).expect("create");
    let writes_took = write_all(&mut f, &pattern(8 * MIB));
    let t = Instant::now();
    drop(f);
    let close_took = t.elapsed();
    let received_before_sync = stick.received() - before;
    let t = Instant::now();
    let dir = File::open(stick.path()).expect("open the stick");
    rustix::fs::syncfs(&dir).expect("syncfs");
    let sync_took = t.elapsed();
    let received = stick.received() - before;
    eprintln!(
        "stick 8 MiB at 4 MB/s: write() calls {}, close {}, device had {} B; syncfs {} \
         (device then had {} B, {:.2} MB/s)",
        secs(writes_took),
        secs(close_took),
        received_before_sync,
        secs(sync_took),
        received,
        (received - received_before_sync) as f64 / sync_took.as_secs_f64() / 1e6
    );
    assert!(received >= 8 * MIB, "after syncfs the device has the data");
    assert!(
        received_before_sync < 8 * MIB,
        "the data was on the device before syncfs: no page cache above the stick?"
    );
    assert!(
        sync_took >= Duration::from_millis(1500),
        "syncfs of 8 MiB at 4 MB/s took {}",
        secs(sync_took)
    );
}

#[test]
fn stick_unplug_makes_the_next_fsync_fail() {
    let Some(_one) = rig() else { return };
    let stick = Stick::new(StickOptions::default());
    let mut f = File::create(stick.path().join("pulled.bin")).expect("create");
    write_all(&mut f, &pattern(2 * MIB));
    stick.unplug();
    let t = Instant::now();
    let err = f.sync_all().expect_err("fsync after the stick was pulled");
    eprintln!(
        "stick unplugged: fsync failed in {}: {err}",
        secs(t.elapsed())
    );
    assert!(err.raw_os_error().is_some(), "{err}");
}

/// What a share and a stick set up, noted before the test dies.
struct Traces {
    dirs: Vec<String>,
    loop_name: String,
    open_file: Option<File>,
}

#[test]
fn nothing_stays_mounted_even_when_a_test_panics() {
    let Some(_one) = rig() else { return };
    let mut traces = Traces {
        dirs: Vec::new(),
        loop_name: String::new(),
        open_file: None,
    };
    let t = Instant::now();
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let share = Share::new(1_000_000);
        let stick = Stick::new(StickOptions::default());
        for p in [share.path(), stick.path()] {
            let dir = p.parent().expect("rig dir");
            traces.dirs.push(dir.to_string_lossy().into_owned());
        }
        traces.loop_name = stick.loop_name().to_owned();
        // Dirty data on both, throttled, and a file on the share still open after it.
        let mut a = File::create(share.path().join("dirty")).expect("create");
        write_all(&mut a, &pattern(4 * MIB));
        traces.open_file = Some(a);
        std::fs::write(stick.path().join("dirty"), pattern(4 * MIB)).expect("write");
        panic!("a test failing with the rig up");
    }));
    assert!(panicked.is_err());
    eprintln!("teardown while panicking took {}", secs(t.elapsed()));
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").expect("mountinfo");
    for dir in &traces.dirs {
        assert!(!mountinfo.contains(dir.as_str()), "{dir} still mounted");
    }
    let sys = format!("/sys/block/{}", traces.loop_name);
    assert!(
        !mountinfo.contains(&format!("/{}/removable", traces.loop_name)),
        "{sys}/removable still bind-mounted"
    );
    let backing = std::fs::read_to_string(format!("{sys}/loop/backing_file")).unwrap_or_default();
    assert!(
        !traces.dirs.iter().any(|d| backing.contains(d.as_str())),
        "{} still attached to {backing}",
        traces.loop_name
    );
    drop(traces.open_file.take());
}

#[test]
fn a_dead_share_fails_with_enotconn_and_is_swept() {
    let Some(_one) = rig() else { return };
    let dead = Share::new(0);
    dead.disconnect();
    let err = std::fs::read_dir(dead.path()).expect_err("listing a dead share");
    assert_eq!(err.raw_os_error(), Some(libc::ENOTCONN), "{err}");
    // A rig whose process died leaves such a mount; the next rig built removes it.
    let dir = dead
        .path()
        .parent()
        .expect("rig dir")
        .to_string_lossy()
        .into_owned();
    let _next = Share::new(0);
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").expect("mountinfo");
    assert!(!mountinfo.contains(&dir), "the dead share is still mounted");
    drop(dead);
}
