//! How a job makes its copies reach the device: the policy chosen once per job from the
//! destination's class, and the size of the writeback windows (a pure function).

use std::path::Path;
use std::time::Duration;

use crate::mounts::{self, MountClass};

/// What the person asked for (`--writeback`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WritebackMode {
    /// Windows on removable and network destinations, nothing on local fixed disks.
    #[default]
    Auto,
    /// The removable policy on any destination.
    Always,
    /// Never: the kernel writes back when it likes (the speed of a local disk).
    Never,
}

/// How the copies of one job are made durable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Local fixed disk: no windows, no flush.
    Plain,
    /// Removable disk: windows flushed with `sync_file_range`, one `syncfs` at the end.
    Windows { cap: u64 },
    /// Network or FUSE: windows flushed with `sync_file_range`, and every file `fsync`ed on
    /// the helper thread (`syncfs` does not wait for FUSE writeback).
    FsyncFiles { cap: u64 },
}

impl Durability {
    /// The largest window, when there are windows.
    pub fn cap(self) -> Option<u64> {
        match self {
            Durability::Plain => None,
            Durability::Windows { cap } | Durability::FsyncFiles { cap } => Some(cap),
        }
    }
}

const MIB: u64 = 1 << 20;
/// The first window, and the smallest.
pub const START_WINDOW: u64 = MIB;
/// The largest window on most destinations.
pub const CAP: u64 = 16 * MIB;
/// CIFS/SMB takes large writes well.
pub const CAP_CIFS: u64 = 128 * MIB;
/// A window should take about this long to write back.
pub const TARGET: Duration = Duration::from_millis(200);

/// The policy for a destination of this class and filesystem type.
pub fn durability(class: MountClass, fs_type: &str, mode: WritebackMode) -> Durability {
    let cap = if matches!(fs_type, "cifs" | "smb3" | "smbfs") {
        CAP_CIFS
    } else {
        CAP
    };
    match (mode, class) {
        (WritebackMode::Never, _) => Durability::Plain,
        (_, MountClass::Network) => Durability::FsyncFiles { cap },
        (WritebackMode::Always, _) | (_, MountClass::Removable) => Durability::Windows { cap },
        (WritebackMode::Auto, MountClass::Local) => Durability::Plain,
    }
}

/// The policy for the destination folder `dest` (the mount table is read once per job).
pub fn durability_of(dest: &Path, mode: WritebackMode) -> Durability {
    match mounts::mount_of(dest) {
        Some(m) => durability(m.class, &m.fs_type, mode),
        None => durability(MountClass::Local, "", mode),
    }
}

/// The least handed over at once near the end of a job.
pub const MIN_HAND_OVER: u64 = 256 << 10;

/// How full the window being filled gets before it is handed over: the window, but never
/// more than half of what is left to copy, so the last windows shrink and at most about one
/// window is left to write back after the last byte is copied. They shrink to half a window
/// (nor under [`MIN_HAND_OVER`]): every window costs the filesystem a barrier, and a tail of
/// many tiny windows made a copy of small files to a fast disk 5–10 % slower.
pub fn hand_over_at(window: u64, left: u64) -> u64 {
    window.min((left / 2).max(window / 2).max(MIN_HAND_OVER))
}

/// The next window's size: about [`TARGET`] of writeback at the speed the last window
/// went out (`bytes` in `took`), at most twice the last window, between [`START_WINDOW`]
/// and `cap`.
pub fn next_window(last: u64, bytes: u64, took: Duration, cap: u64) -> u64 {
    let secs = took.as_secs_f64();
    let want = if secs > 0.0 {
        (bytes as f64 / secs * TARGET.as_secs_f64()) as u64
    } else {
        u64::MAX
    };
    want.min(last.saturating_mul(2))
        .min(cap)
        .max(START_WINDOW.min(cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_fast_device_grows_at_most_twofold_up_to_the_cap() {
        let mut w = START_WINDOW;
        let mut seen = vec![w];
        for _ in 0..10 {
            // 1 GB/s: every window is written in a millisecond or so.
            let next = next_window(w, w, MS(1), CAP);
            assert!(next <= 2 * w, "{next} after {w}");
            w = next;
            seen.push(w);
        }
        assert_eq!(
            &seen[..6],
            &[MIB, 2 * MIB, 4 * MIB, 8 * MIB, 16 * MIB, 16 * MIB]
        );
        assert_eq!(w, CAP);
        assert_eq!(
            next_window(CAP_CIFS / 2, CAP_CIFS, MS(1), CAP_CIFS),
            CAP_CIFS
        );
    }

    #[test]
    fn a_slow_link_stays_near_one_mib() {
        // 2.3 MB/s: 1 MiB takes about 456 ms, so 200 ms would be under 1 MiB.
        let took = Duration::from_secs_f64(MIB as f64 / 2.3e6);
        assert_eq!(next_window(MIB, MIB, took, CAP), START_WINDOW);
        // 8 MB/s: 200 ms is 1.6 MB.
        let took = Duration::from_secs_f64(MIB as f64 / 8e6);
        let next = next_window(MIB, MIB, took, CAP);
        assert!((1_500_000..=1_700_000).contains(&next), "{next}");
    }

    #[test]
    fn the_window_follows_the_measured_speed_down() {
        // 16 MiB went out at 5 MB/s: the next is 1 MB of writeback time, clamped to 1 MiB.
        let took = Duration::from_secs_f64(16.0 * MIB as f64 / 5e6);
        assert_eq!(next_window(16 * MIB, 16 * MIB, took, CAP), MIB);
        // At 40 MB/s: 8 MB.
        let took = Duration::from_secs_f64(16.0 * MIB as f64 / 40e6);
        let next = next_window(16 * MIB, 16 * MIB, took, CAP);
        assert!((7_900_000..=8_100_000).contains(&next), "{next}");
        // Nothing measured (no time): grow, within the rules.
        assert_eq!(next_window(MIB, MIB, Duration::ZERO, CAP), 2 * MIB);
    }

    #[test]
    fn windows_shrink_toward_the_end_of_a_job() {
        // Far from the end: the window itself.
        assert_eq!(hand_over_at(16 * MIB, 1 << 30), 16 * MIB);
        assert_eq!(hand_over_at(MIB, 100 * MIB), MIB);
        // Near the end: half of what is left, down to half a window.
        assert_eq!(hand_over_at(16 * MIB, 20 * MIB), 10 * MIB);
        assert_eq!(hand_over_at(16 * MIB, 10 * MIB), 8 * MIB);
        assert_eq!(hand_over_at(16 * MIB, 0), 8 * MIB);
        assert_eq!(hand_over_at(2 * MIB, 3 * MIB), 3 * MIB / 2);
        assert_eq!(hand_over_at(2 * MIB, 300 << 10), MIB);
        // Never below the floor, even with nothing left (a file grew while copied).
        assert_eq!(hand_over_at(MIN_HAND_OVER, 0), MIN_HAND_OVER);
        // A window already under the floor stays as it is.
        assert_eq!(hand_over_at(64 << 10, 0), 64 << 10);
    }

    #[test]
    fn the_policy_follows_the_class_and_the_mode() {
        use MountClass::*;
        use WritebackMode::*;
        let cases = [
            (Local, "ext4", Auto, Durability::Plain),
            (Removable, "vfat", Auto, Durability::Windows { cap: CAP }),
            (
                Network,
                "fuse.sshfs",
                Auto,
                Durability::FsyncFiles { cap: CAP },
            ),
            (
                Network,
                "cifs",
                Auto,
                Durability::FsyncFiles { cap: CAP_CIFS },
            ),
            (Local, "ext4", Always, Durability::Windows { cap: CAP }),
            (Removable, "ext4", Never, Durability::Plain),
            (Network, "nfs4", Never, Durability::Plain),
        ];
        for (class, fs, mode, want) in cases {
            assert_eq!(durability(class, fs, mode), want, "{class:?} {fs} {mode:?}");
        }
    }
}
