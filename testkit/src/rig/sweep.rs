//! Clean-up after rigs whose test process died before its teardown ran (killed by a
//! timeout, aborted): their FUSE mounts answer ENOTCONN. Live rigs, also those of other
//! test processes, are left alone.

use std::path::Path;
use std::process::Command;

use super::fusemount::lazy_unmount;

/// One mountinfo line: mount point, type, source (our paths need no unescaping).
fn mounts() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let (left, right) = l.split_once(" - ")?;
            let mnt = left.split(' ').nth(4)?.to_owned();
            let mut r = right.split(' ');
            Some((mnt, r.next()?.to_owned(), r.next()?.to_owned()))
        })
        .collect()
}

/// Listing asks the server (a stat may be answered from the kernel's cache).
fn is_dead(mnt: &str) -> bool {
    std::fs::read_dir(mnt).is_err_and(|e| e.raw_os_error() == Some(libc::ENOTCONN))
}

/// Take down every rig mount whose server is gone, with whatever was stacked on it.
pub fn dead_rigs() {
    let all = mounts();
    for (mnt, fstype, source) in &all {
        if fstype != "fuse" || !source.starts_with("porpoise-rig") || !is_dead(mnt) {
            continue;
        }
        // A stick's backing store: first the ext4 and loop device stacked on it.
        for loop_name in loops_backed_by(mnt) {
            let dev = format!("/dev/{loop_name}");
            for (m, _, src) in &all {
                if *src == dev || m.ends_with(&format!("/{loop_name}/removable")) {
                    lazy_unmount(Path::new(m));
                }
            }
            let _ = Command::new("losetup").arg("-d").arg(&dev).output();
        }
        eprintln!("rig: removing the dead rig mount {mnt}");
        lazy_unmount(Path::new(mnt));
        remove_rig_dir(Path::new(mnt));
    }
}

/// Loop devices whose backing file lies under `mnt`.
fn loops_backed_by(mnt: &str) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir("/sys/block") else {
        return Vec::new();
    };
    let prefix = format!("{mnt}/");
    dir.flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let file = std::fs::read_to_string(e.path().join("loop/backing_file")).ok()?;
            (name.starts_with("loop") && file.starts_with(&prefix)).then_some(name)
        })
        .collect()
}

/// The dead rig's temp dir, once nothing is mounted below it any more.
fn remove_rig_dir(mnt: &Path) {
    let Some(dir) = mnt.parent() else { return };
    let named = dir
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("porpoise-share.") || n.starts_with("porpoise-stick."));
    let prefix = format!("{}/", dir.display());
    if named && !mounts().iter().any(|(m, _, _)| m.starts_with(&prefix)) {
        let _ = std::fs::remove_dir_all(dir);
    }
}
