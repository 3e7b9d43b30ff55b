//! `Stick`: a slow USB stick — ext4 on a loop device whose image file lives on a throttled
//! write-through FUSE mount, so the page cache above it behaves as for a real disk (writes
//! and close return at once) while `fsync`/`syncfs` wait for the slow "device".

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::fusemount::{self, FuseMount};

/// The backing mount's source name in mountinfo.
pub const STICK_BACKING_SOURCE: &str = "porpoise-rig-stick";

/// What to build.
#[derive(Debug, Clone)]
pub struct StickOptions {
    /// Bytes/s the device accepts (0 = unlimited).
    pub rate: u64,
    /// Size of the filesystem (a sparse image).
    pub size: u64,
    /// Make `/sys/block/loopN/removable` read 1 (a bind mount over it) for the stick's life.
    pub removable: bool,
}

impl Default for StickOptions {
    fn default() -> Self {
        StickOptions {
            rate: 4_000_000,
            size: 128 << 20,
            removable: true,
        }
    }
}

pub struct Stick {
    mnt: PathBuf,
    loop_dev: String,
    /// The loop device is not yet marked to detach itself when ext4 lets go of it.
    detach_by_hand: bool,
    /// The sysfs file bind-mounted over, while it is.
    removable_bind: Option<PathBuf>,
    backing: FuseMount,
    _dir: tempfile::TempDir,
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

impl Stick {
    /// Build and mount a stick. Panics with the reason when a step fails (whatever was
    /// already set up is taken down again first).
    pub fn new(opts: StickOptions) -> Stick {
        let (dir, [store, backing, mnt]) = super::fresh_dir("stick", ["store", "backing", "mnt"]);
        // The image is made on the store directly, at full speed; no lazy init later.
        let img = store.join("stick.img");
        std::fs::File::create(&img)
            .and_then(|f| f.set_len(opts.size))
            .expect("rig: stick image");
        run(Command::new("mkfs.ext4")
            .args(["-q", "-F", "-b", "4096", "-m", "0", "-L", "PORPOISE"])
            .args(["-E", "lazy_itable_init=0,lazy_journal_init=0"])
            .arg(&img))
        .unwrap_or_else(|e| panic!("rig: {e}"));
        // Write-through (no writeback cache): the loop device's writes wait for the device.
        let backing = FuseMount::mount(&store, &backing, STICK_BACKING_SOURCE, opts.rate, false)
            .unwrap_or_else(|e| panic!("rig: mounting the stick's backing store: {e}"));
        let loop_dev = run(Command::new("losetup")
            .args(["--find", "--show"])
            .arg(backing.mnt.join("stick.img")))
        .unwrap_or_else(|e| panic!("rig: {e}"));
        let mut stick = Stick {
            mnt,
            loop_dev,
            detach_by_hand: true,
            removable_bind: None,
            backing,
            _dir: dir,
        };
        // From here on, a failure unwinds through Stick's Drop, which undoes each step.
        rustix::mount::mount(
            &stick.loop_dev,
            &stick.mnt,
            "ext4",
            rustix::mount::MountFlags::empty(),
            None,
        )
        .unwrap_or_else(|e| panic!("rig: mounting ext4 from {}: {e}", stick.loop_dev));
        // Detaching a device in use only marks it: it goes when ext4 lets go of it, so
        // teardown needs no `losetup` (a spawned process would stall on dirty FUSE files).
        run(Command::new("losetup").arg("-d").arg(&stick.loop_dev))
            .unwrap_or_else(|e| panic!("rig: {e}"));
        stick.detach_by_hand = false;
        if opts.removable {
            let flag = stick._dir.path().join("removable");
            std::fs::write(&flag, "1\n").expect("rig: removable flag file");
            // Canonical (/sys/devices/...), as mountinfo will show it.
            let target =
                std::fs::canonicalize(format!("/sys/block/{}/removable", stick.loop_name()))
                    .expect("rig: the loop device's removable flag");
            rustix::mount::mount_bind(&flag, &target)
                .unwrap_or_else(|e| panic!("rig: bind-mounting over {}: {e}", target.display()));
            stick.removable_bind = Some(target);
        }
        stick
    }

    /// Where the stick's ext4 is mounted.
    pub fn path(&self) -> &Path {
        &self.mnt
    }

    /// `/dev/loopN`.
    pub fn loop_device(&self) -> &str {
        &self.loop_dev
    }

    /// `loopN`.
    pub fn loop_name(&self) -> &str {
        self.loop_dev.trim_start_matches("/dev/")
    }

    /// Bytes the device (the throttled backing mount) has received: data, metadata and
    /// journal blocks the ext4 above wrote.
    pub fn received(&self) -> u64 {
        self.backing.throttle.received()
    }

    /// Change the device's bandwidth from now on (bytes/s, 0 = unlimited).
    pub fn set_rate(&self, bytes_per_sec: u64) {
        self.backing.throttle.set_rate(bytes_per_sec);
    }

    /// The stick is pulled out: from now on every write and flush that reaches the
    /// device fails with EIO, at once, including writes already waiting for bandwidth.
    /// Reads still work, and the loop device and the ext4 mount stay in place (as a
    /// pulled stick stays mounted until someone unmounts it), so the next `fsync` or
    /// `syncfs` that has data to write fails; ext4 may then abort its journal and refuse
    /// further writes. There is no plugging back in.
    pub fn unplug(&self) {
        self.backing.throttle.set_failing(true);
    }

    /// Has [`Stick::unplug`] been called?
    pub fn unplugged(&self) -> bool {
        self.backing.throttle.failing()
    }

    /// Undo everything: unmount ext4 (which detaches the loop device), undo the sysfs
    /// bind mount, wait for the loop device to be free, unmount the backing FUSE mount —
    /// in that order, lazily where a step is busy. Spawns no process.
    fn teardown(&mut self) {
        // Dirty data goes out at full speed (or fails at once when unplugged).
        self.backing.throttle.set_rate(0);
        if fusemount::is_mounted(&self.mnt) && !fusemount::unmount(&self.mnt) {
            fusemount::lazy_unmount(&self.mnt);
        }
        if let Some(target) = self.removable_bind.take()
            && !fusemount::unmount(&target)
        {
            fusemount::lazy_unmount(&target);
        }
        if self.detach_by_hand {
            let _ = Command::new("losetup")
                .arg("-d")
                .arg(&self.loop_dev)
                .output();
        }
        // The loop device detaches itself once ext4 let go of it (set up so); wait for it.
        let backing_file = format!("/sys/block/{}/loop/backing_file", self.loop_name());
        let ours = self.backing.mnt.to_string_lossy().into_owned();
        let until = Instant::now() + Duration::from_secs(10);
        while std::fs::read_to_string(&backing_file).is_ok_and(|f| f.contains(&ours))
            && Instant::now() < until
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        self.backing.teardown();
    }
}

impl Drop for Stick {
    fn drop(&mut self) {
        self.teardown();
    }
}
