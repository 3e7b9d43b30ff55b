//! Finding a path's mount through statx's unique mount id and `statmount()` agrees with the
//! parsed mount table, on the real mounts of this machine.

use std::path::Path;

use porpoise_engine::mounts::{self, MountClass};

/// Linux 6.8 and later have both.
fn kernel_has_statmount() -> bool {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mut parts = release
        .split(['.', '-'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (major, minor) >= (6, 8)
}

#[test]
fn statmount_and_the_mount_table_agree() {
    if !kernel_has_statmount() {
        eprintln!("skipped: this kernel has no statmount (Linux 6.8+)");
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut checked = 0;
    for path in [
        Path::new("/"),
        Path::new("/proc"),
        Path::new("/dev/shm"),
        Path::new("/sys"),
        tmp.path(),
    ] {
        if !path.exists() {
            continue;
        }
        let id = mounts::unique_mount_id(path).expect("a unique mount id");
        let facts = mounts::facts(id).expect("statmount answers");
        let fast = mounts::mount_of(path).expect("mount_of");
        let table = mounts::mount_of_by_table(path).expect("in the table");
        assert_eq!(fast.id, table.id, "{path:?}");
        assert_eq!(fast.mount_point, table.mount_point, "{path:?}");
        assert_eq!(fast.fs_type, table.fs_type, "{path:?}");
        assert_eq!(
            (fast.major, fast.minor),
            (table.major, table.minor),
            "{path:?}"
        );
        assert_eq!(fast.class, table.class, "{path:?}");
        assert_eq!(u64::from(facts.old_id), table.id);
        checked += 1;
    }
    assert!(checked >= 3);
    assert_eq!(
        mounts::mount_of(Path::new("/proc")).map(|m| m.fs_type),
        Some("proc".to_owned())
    );
    assert_eq!(
        mounts::mount_of(Path::new("/dev/shm")).map(|m| m.class),
        Some(MountClass::Local)
    );
}
