//! Pre-flight checks against real filesystems: Windows name rules on a real exFAT mount
//! (exfat-fuse on a loop device, as root), and "not enough space". Skips with a message where
//! root, /dev/fuse or the exFAT tools are missing; in CI they are required.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise::jobs::preflight::{self, NameProblem, Problem};

fn tool(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn can_mount_exfat() -> Result<(), String> {
    if !rustix::process::geteuid().is_root() {
        return Err("not root".into());
    }
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

/// A 64 MiB exFAT filesystem mounted through FUSE on a loop device; gone when dropped.
struct ExFat {
    mnt: PathBuf,
    loop_dev: String,
    _dir: tempfile::TempDir,
}

impl ExFat {
    fn mount() -> ExFat {
        let dir = tempfile::tempdir().expect("tempdir");
        let img = dir.path().join("stick.img");
        std::fs::File::create(&img)
            .and_then(|f| f.set_len(64 << 20))
            .expect("image");
        run(Command::new("mkfs.exfat").arg(&img));
        let out = Command::new("losetup")
            .args(["-f", "--show"])
            .arg(&img)
            .output()
            .expect("losetup");
        assert!(out.status.success(), "losetup failed");
        let loop_dev = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        let mnt = dir.path().join("mnt");
        std::fs::create_dir(&mnt).expect("mkdir");
        let fs = ExFat {
            mnt,
            loop_dev,
            _dir: dir,
        };
        run(Command::new("mount.exfat-fuse")
            .arg(&fs.loop_dev)
            .arg(&fs.mnt));
        fs
    }
}

impl Drop for ExFat {
    fn drop(&mut self) {
        let ok = Command::new("umount").arg(&self.mnt).status();
        if !ok.is_ok_and(|s| s.success()) {
            let _ = Command::new("umount").arg("-l").arg(&self.mnt).status();
        }
        let _ = Command::new("losetup")
            .arg("-d")
            .arg(&self.loop_dev)
            .status();
    }
}

fn run(cmd: &mut Command) {
    let out = cmd.output().expect("run");
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn awkward_sources(dir: &Path) -> Vec<PathBuf> {
    let tree = dir.join("photos");
    std::fs::create_dir_all(tree.join("trip: day 1")).expect("mkdir");
    std::fs::write(tree.join("trip: day 1/img?.jpg"), b"x").expect("write");
    std::fs::write(tree.join("CON.txt"), b"x").expect("write");
    std::fs::write(tree.join("draft."), b"x").expect("write");
    std::fs::write(tree.join(OsStr::from_bytes(b"tab\there")), b"x").expect("write");
    std::fs::write(tree.join("fine.txt"), b"x").expect("write");
    vec![tree]
}

#[test]
fn names_a_real_exfat_mount_cannot_hold_are_found_before_copying() {
    if let Err(why) = can_mount_exfat() {
        assert!(std::env::var_os("CI").is_none(), "CI must run this: {why}");
        eprintln!("skipped: {why}");
        return;
    }
    let fs = ExFat::mount();
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    // The filesystem really refuses such a name.
    assert!(std::fs::write(fs.mnt.join("a:b"), b"x").is_err());

    let report = preflight::check(&sources, &fs.mnt).expect("check");
    assert!(report.rules.windows_names);
    assert_eq!(report.rules.max_file_size, None, "exFAT has no 4 GiB limit");
    let mut bad: Vec<(String, NameProblem)> = report
        .problems
        .iter()
        .filter_map(|p| match p {
            Problem::BadName { path, why } => Some((
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                *why,
            )),
            _ => None,
        })
        .collect();
    bad.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        bad,
        vec![
            ("CON.txt".to_owned(), NameProblem::ReservedName),
            ("draft.".to_owned(), NameProblem::TrailingDotOrSpace),
            ("img?.jpg".to_owned(), NameProblem::ForbiddenCharacter),
            ("tab\there".to_owned(), NameProblem::ControlCharacter),
            ("trip: day 1".to_owned(), NameProblem::ForbiddenCharacter),
        ]
    );
    assert_eq!(report.files, 7);

    // A file larger than the stick's free space.
    let huge = src.path().join("huge.bin");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(1 << 30))
        .expect("sparse file");
    let report = preflight::check(&[huge], &fs.mnt).expect("check");
    assert!(
        report
            .problems
            .iter()
            .any(|p| matches!(p, Problem::NoSpace { needed, .. } if *needed == 1 << 30)),
        "{:?}",
        report.problems
    );
}

#[test]
fn a_local_disk_takes_any_name() {
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    let dest = tempfile::tempdir().expect("dest");
    let report = preflight::check(&sources, dest.path()).expect("check");
    assert_eq!(report.problems, Vec::new());
    assert_eq!(report.bytes, 5);
}
