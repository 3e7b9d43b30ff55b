//! What several test files share: real filesystems brought up as root (exFAT through FUSE
//! on a loop device, a small ext4 on a loop device, a read-only tmpfs), the rule for
//! skipping where they cannot be had, draining a job's events, and finding the `porpoise`
//! command.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use porpoise::jobs::preflight::PreflightChoice;
use porpoise::jobs::{Job, JobEvent, JobState, Summary};

/// Skip with a message; in CI (`CI` set) this is a failure instead.
pub fn skip(why: &str) {
    assert!(std::env::var_os("CI").is_none(), "CI must run this: {why}");
    eprintln!("skipped: {why}");
}

/// The `porpoise` command as people run it: cli/'s binary (the engine only). `cargo test`
/// at the top of the repository builds it (cli/tests need it) beside `porpoise-window`.
pub fn porpoise_command() -> PathBuf {
    let p = Path::new(env!("CARGO_BIN_EXE_porpoise-window")).with_file_name("porpoise");
    assert!(
        p.is_file(),
        "{} is missing: `cargo test` or `cargo build` at the top of the repository builds it",
        p.display()
    );
    p
}

pub fn tool(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

pub fn root() -> Result<(), String> {
    if rustix::process::geteuid().is_root() {
        Ok(())
    } else {
        Err("not root".into())
    }
}

pub fn run(cmd: &mut Command) {
    let out = cmd.output().expect("run");
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
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
            if !tool(t) {
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
            if !tool(t) {
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

    /// An ext4 filesystem of `bytes`, mounted.
    pub fn ext4(bytes: u64) -> LoopMount {
        let m = LoopMount::image(bytes, &["mkfs.ext4", "-q", "-F", "-m", "0"]);
        run(Command::new("mount").arg(&m.loop_dev).arg(&m.mnt));
        m
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

fn unmount(mnt: &Path) {
    let ok = Command::new("umount").arg(mnt).status();
    if !ok.is_ok_and(|s| s.success()) {
        let _ = Command::new("umount").arg("-l").arg(mnt).status();
    }
}

/// What a job said, in order, up to `Finished`.
pub struct Outcome {
    pub state: JobState,
    pub summary: Summary,
    pub events: Vec<JobEvent>,
}

const PATIENCE: Duration = Duration::from_secs(120);

/// Drain a job's events; a `Preflight` event that waits is handed to `answer`, which
/// may look at the world as it is at that moment.
pub fn drain(job: Job, mut answer: impl FnMut(&JobEvent) -> PreflightChoice) -> Outcome {
    let deadline = Instant::now() + PATIENCE;
    let mut events = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "the job did not finish in time");
        let ev = match job.next_timeout(left) {
            Ok(ev) => ev,
            Err(false) => continue,
            Err(true) => panic!("the job ended without Finished"),
        };
        if let JobEvent::Preflight {
            can_proceed: true, ..
        } = &ev
        {
            job.control.answer_preflight(answer(&ev));
        }
        if let JobEvent::Finished { state, summary } = &ev {
            let (state, summary) = (*state, summary.clone());
            events.push(ev);
            return Outcome {
                state,
                summary,
                events,
            };
        }
        events.push(ev);
    }
}
