//! A fresh ext4 (with its journal, as `mkfs.ext4` makes it) on a loop device whose
//! backing file sits on the real disk and is written with direct I/O, so data put on
//! this "disk" goes to the machine's disk and not into a second page cache. Every run
//! gets a new filesystem: no earlier run's deleted inodes or fragmentation. Needs root,
//! `losetup` and `mkfs.ext4`; [`FreshExt4::new`] says why when it cannot be had.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct FreshExt4 {
    dir: tempfile::TempDir,
    loop_dev: String,
}

/// Its size, unless `PORPOISE_BENCH_EXT4_MIB` says otherwise (the verify workload's
/// 1 000 MiB copy needs 2048).
const SIZE_MIB: u64 = 1024;

fn size_mib() -> u64 {
    std::env::var("PORPOISE_BENCH_EXT4_MIB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SIZE_MIB)
}

impl FreshExt4 {
    pub fn new() -> Result<FreshExt4, String> {
        if !rustix::process::geteuid().is_root() {
            return Err("not root".into());
        }
        let dir = tempfile::Builder::new()
            .prefix("porpoise-bench-disk-")
            .tempdir()
            .map_err(|e| format!("temp folder: {e}"))?;
        let image = dir.path().join("disk.img");
        // Written out (not sparse, not fallocated): direct I/O then goes straight to
        // allocated blocks.
        run(Command::new("dd")
            .arg("if=/dev/zero")
            .arg(format!("of={}", image.display()))
            .args([
                "bs=4M",
                &format!("count={}", size_mib() / 4),
                "conv=fsync",
                "status=none",
            ]))?;
        let out = Command::new("losetup")
            .args(["--direct-io=on", "--find", "--show"])
            .arg(&image)
            .output()
            .map_err(|e| format!("losetup: {e}"))?;
        if !out.status.success() {
            return Err(format!("losetup: {}", String::from_utf8_lossy(&out.stderr)));
        }
        let loop_dev = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        let disk = FreshExt4 { dir, loop_dev };
        run(Command::new("mkfs.ext4").args([
            "-q",
            "-F",
            "-E",
            "lazy_itable_init=0,lazy_journal_init=0",
            // One inode per 4 KiB: the delete workloads hold tens of thousands of files.
            "-i",
            "4096",
            &disk.loop_dev,
        ]))?;
        std::fs::create_dir(disk.path()).map_err(|e| format!("mkdir: {e}"))?;
        run(Command::new("mount").arg(&disk.loop_dev).arg(disk.path()))?;
        Ok(disk)
    }

    /// Where the filesystem is mounted.
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("mnt")
    }

    /// The folder to run in: this disk, or `fallback` (with the reason printed) when it
    /// cannot be had.
    pub fn or_fallback(disk: &Result<FreshExt4, String>, fallback: &Path) -> PathBuf {
        match disk {
            Ok(d) => d.path(),
            Err(why) => {
                println!(
                    "(no fresh ext4 on a loop device: {why}; using {})\n",
                    fallback.display()
                );
                fallback.to_owned()
            }
        }
    }
}

impl Drop for FreshExt4 {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.path()).status();
        let _ = Command::new("losetup")
            .arg("-d")
            .arg(&self.loop_dev)
            .status();
    }
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Where a benchmark runs its workloads: `PORPOISE_BENCH_TMPFS` (else `/dev/shm`), and
/// `PORPOISE_BENCH_EXT4`, else a fresh journaled ext4 on the real disk (as root), else
/// the system temp folder. Keep it while the workloads run (the fresh ext4 goes with it).
pub struct BenchPlaces {
    pub tmpfs: PathBuf,
    pub ext4: PathBuf,
    /// The fresh ext4, or why there is none.
    pub fresh: Result<FreshExt4, String>,
}

impl BenchPlaces {
    pub fn from_env() -> BenchPlaces {
        let var = |name: &str| std::env::var_os(name).map(PathBuf::from);
        let tmpfs = var("PORPOISE_BENCH_TMPFS").unwrap_or_else(|| PathBuf::from("/dev/shm"));
        let fresh = match var("PORPOISE_BENCH_EXT4") {
            Some(_) => Err("PORPOISE_BENCH_EXT4 is set".to_owned()),
            None => FreshExt4::new(),
        };
        let ext4 = var("PORPOISE_BENCH_EXT4")
            .unwrap_or_else(|| FreshExt4::or_fallback(&fresh, &std::env::temp_dir()));
        BenchPlaces { tmpfs, ext4, fresh }
    }
}
