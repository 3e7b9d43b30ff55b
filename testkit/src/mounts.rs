//! Real filesystems brought up as root for a test: exFAT through FUSE and a small ext4,
//! each on a loop device, and a tmpfs (read-only, or on a given folder). Each is taken
//! down when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::mounts::MountTable;

use crate::{have, root, run};

/// Something is mounted at `at`, as the engine's mount table reads it now.
pub fn is_mounted(at: &Path) -> bool {
    MountTable::read()
        .expect("the mount table")
        .mounts
        .iter()
        .any(|m| m.mount_point == at)
}

/// Where the device `source` (`/dev/loop3`) is mounted, if it is.
pub fn mount_point_of(source: &str) -> Option<std::path::PathBuf> {
    MountTable::read()
        .expect("the mount table")
        .mounts
        .iter()
        .find(|m| m.source == std::ffi::OsStr::new(source))
        .map(|m| m.mount_point.clone())
}

/// A temp folder on another filesystem than `near` (in /dev/shm), for moves across
/// filesystems; why not, where /dev/shm is missing or the same filesystem.
pub fn other_filesystem(near: &Path) -> Result<tempfile::TempDir, String> {
    use std::os::unix::fs::MetadataExt;
    let shm = Path::new("/dev/shm");
    let dev = |p: &Path| std::fs::metadata(p).map(|m| m.dev()).ok();
    if !shm.is_dir() || dev(shm) == dev(near) {
        return Err("no second filesystem at /dev/shm".into());
    }
    tempfile::tempdir_in(shm).map_err(|e| format!("a folder in /dev/shm: {e}"))
}

/// [`other_filesystem`], or `None` once [`skip`](crate::skip) has said why not.
pub fn other_filesystem_or_skip(near: &Path) -> Option<tempfile::TempDir> {
    other_filesystem(near).map_err(|why| crate::skip(&why)).ok()
}

/// Does the kernel have the device mapper (which unlocking an encrypted volume needs)?
/// Containers often lack it.
pub fn device_mapper() -> bool {
    std::fs::read_to_string("/proc/devices")
        .is_ok_and(|d| d.lines().any(|l| l.ends_with(" device-mapper")))
}

/// A filesystem image on a loop device, mounted; unmounted and detached when dropped.
pub struct LoopMount {
    pub mnt: PathBuf,
    loop_dev: String,
    _dir: tempfile::TempDir,
}

impl LoopMount {
    /// What it takes to mount exFAT through FUSE.
    pub fn can_exfat() -> Result<(), String> {
        root()?;
        if !Path::new("/dev/fuse").exists() {
            return Err("no /dev/fuse".into());
        }
        for t in ["mkfs.exfat", "mount.exfat-fuse", "losetup"] {
            if !have(t) {
                return Err(format!(
                    "{t} missing (apt-get install exfat-fuse exfatprogs)"
                ));
            }
        }
        Ok(())
    }

    /// What it takes to mount a small ext4.
    pub fn can_ext4() -> Result<(), String> {
        root()?;
        for t in ["mkfs.ext4", "losetup"] {
            if !have(t) {
                return Err(format!(
                    "{t} missing (apt-get install e2fsprogs util-linux)"
                ));
            }
        }
        Ok(())
    }

    /// A 64 MiB exFAT filesystem mounted through FUSE.
    pub fn exfat() -> LoopMount {
        let m = LoopMount::image(64 << 20, &["mkfs.exfat"]);
        run(Command::new("mount.exfat-fuse")
            .arg(&m.loop_dev)
            .arg(&m.mnt));
        m
    }

    /// An ext4 filesystem of `bytes` labelled `label` on a loop device, not mounted (a
    /// stick just plugged in); whatever mounts it is unmounted when it is dropped.
    pub fn ext4_unmounted(bytes: u64, label: &str) -> LoopMount {
        LoopMount::image(bytes, &["mkfs.ext4", "-q", "-F", "-m", "0", "-L", label])
    }

    /// What it takes to make an encrypted (LUKS2) volume: cryptsetup, and UDisks2's
    /// plugin that unlocks them.
    pub fn can_luks() -> Result<(), String> {
        LoopMount::can_ext4()?;
        let plugin = [
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu",
            "/usr/lib",
        ]
        .iter()
        .any(|d| Path::new(d).join("libbd_crypto.so.2").exists());
        if !have("cryptsetup") || !plugin {
            return Err("cryptsetup or libblockdev's crypto plugin missing \
                 (apt-get install cryptsetup-bin libblockdev-crypto2)"
                .into());
        }
        Ok(())
    }

    /// A LUKS2 volume of `bytes` labelled `label` that `passphrase` opens, on a loop
    /// device, locked (an encrypted stick just plugged in). Where the kernel has the device
    /// mapper it holds an empty ext4; elsewhere nothing, as making one needs it.
    pub fn luks_locked(bytes: u64, label: &str, passphrase: &str) -> LoopMount {
        let keys = tempfile::tempdir().expect("tempdir");
        let key = keys.path().join("key");
        std::fs::write(&key, passphrase).expect("write the key file");
        let key = key.to_string_lossy().into_owned();
        // A cheap key derivation: the tests unlock it many times.
        let m = LoopMount::image(
            bytes,
            &[
                "cryptsetup",
                "luksFormat",
                "-q",
                "--type",
                "luks2",
                "--pbkdf",
                "pbkdf2",
                "--pbkdf-force-iterations",
                "1000",
                "--label",
                label,
                "--key-file",
                &key,
            ],
        );
        if device_mapper() {
            let name = format!("porpoise-test-{}", std::process::id());
            run(Command::new("cryptsetup").args(["open", "--key-file", &key, &m.loop_dev, &name]));
            run(Command::new("mkfs.ext4")
                .args(["-q", "-m", "0"])
                .arg(Path::new("/dev/mapper").join(&name)));
            run(Command::new("cryptsetup").args(["close", &name]));
        }
        m
    }

    /// Close what was unlocked on the loop device (unmounting it first).
    fn close_unlocked(&self) {
        let Some(loop_name) = Path::new(&self.loop_dev).file_name() else {
            return;
        };
        let holders = Path::new("/sys/block").join(loop_name).join("holders");
        let Ok(entries) = std::fs::read_dir(holders) else {
            return;
        };
        for holder in entries.flatten() {
            let dm = Path::new("/sys/block")
                .join(holder.file_name())
                .join("dm/name");
            let Ok(name) = std::fs::read_to_string(dm) else {
                continue;
            };
            let mapped = Path::new("/dev/mapper").join(name.trim());
            if let Some(at) = mount_point_of(&mapped.to_string_lossy()) {
                unmount(&at);
            }
            let _ = Command::new("cryptsetup")
                .args(["close", name.trim()])
                .status();
        }
    }

    /// The loop device (`/dev/loop3`).
    pub fn device(&self) -> &str {
        &self.loop_dev
    }

    /// An ext4 filesystem of `bytes`, mounted.
    pub fn ext4(bytes: u64) -> LoopMount {
        let m = LoopMount::image(bytes, &["mkfs.ext4", "-q", "-F", "-m", "0"]);
        run(Command::new("mount").arg(&m.loop_dev).arg(&m.mnt));
        m
    }

    /// A 64 MiB exFAT filesystem mounted through FUSE, or `None` once [`skip`](crate::skip) has said why not.
    pub fn exfat_or_skip() -> Option<LoopMount> {
        match LoopMount::can_exfat() {
            Ok(()) => Some(LoopMount::exfat()),
            Err(why) => {
                crate::skip(&why);
                None
            }
        }
    }

    /// An ext4 filesystem of `bytes`, mounted, or `None` once [`skip`](crate::skip) has said why not.
    pub fn ext4_or_skip(bytes: u64) -> Option<LoopMount> {
        match LoopMount::can_ext4() {
            Ok(()) => Some(LoopMount::ext4(bytes)),
            Err(why) => {
                crate::skip(&why);
                None
            }
        }
    }

    fn image(bytes: u64, mkfs: &[&str]) -> LoopMount {
        let dir = tempfile::tempdir().expect("tempdir");
        let img = dir.path().join("disk.img");
        std::fs::File::create(&img)
            .and_then(|f| f.set_len(bytes))
            .expect("image");
        run(Command::new(mkfs[0]).args(&mkfs[1..]).arg(&img));
        let out = Command::new("losetup")
            .args(["-f", "--show"])
            .arg(&img)
            .output()
            .expect("losetup");
        assert!(out.status.success(), "losetup failed");
        let loop_dev = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        let mnt = dir.path().join("mnt");
        std::fs::create_dir(&mnt).expect("mkdir");
        LoopMount {
            mnt,
            loop_dev,
            _dir: dir,
        }
    }
}

impl Drop for LoopMount {
    fn drop(&mut self) {
        unmount(&self.mnt);
        // Mounted elsewhere (by UDisks2, under /media): unmounted there too (lazily when
        // something still holds it).
        if let Some(at) = mount_point_of(&self.loop_dev) {
            unmount(&at);
        }
        self.close_unlocked();
        let _ = Command::new("losetup")
            .arg("-d")
            .arg(&self.loop_dev)
            .status();
    }
}

/// A read-only tmpfs; unmounted when dropped.
pub struct ReadOnlyTmpfs {
    pub mnt: tempfile::TempDir,
}

impl ReadOnlyTmpfs {
    pub fn mount() -> ReadOnlyTmpfs {
        let mnt = tempfile::tempdir().expect("tempdir");
        run(Command::new("mount")
            .args(["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs"])
            .arg(mnt.path()));
        ReadOnlyTmpfs { mnt }
    }
}

impl Drop for ReadOnlyTmpfs {
    fn drop(&mut self) {
        unmount(self.mnt.path());
    }
}

/// A 4 MiB tmpfs mounted on a folder (as root); unmounted when dropped.
pub struct Tmpfs {
    pub mnt: PathBuf,
}

impl Tmpfs {
    /// Mount a 4 MiB tmpfs on the folder `at`.
    pub fn mount(at: &Path) -> Tmpfs {
        run(Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
            .arg(at));
        Tmpfs {
            mnt: at.to_path_buf(),
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        unmount(&self.mnt);
    }
}

fn unmount(mnt: &Path) {
    let ok = Command::new("umount").arg(mnt).status();
    if !ok.is_ok_and(|s| s.success()) {
        let _ = Command::new("umount").arg("-l").arg(mnt).status();
    }
}
