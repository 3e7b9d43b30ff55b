//! The window's launcher: a helper process, started before any job, that opens files with
//! other programs. A fake `xdg-open` on the helper's PATH stands for the desktop's opener
//! and records what it was given.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use porpoise::launcher::{LaunchError, Launcher};

const PATIENCE: Duration = Duration::from_secs(30);

/// A folder holding an executable `xdg-open` that writes its argument to `$OUT`.
fn fake_opener(dir: &Path) {
    let script = dir.join("xdg-open");
    std::fs::write(
        &script,
        "#!/bin/sh\nprintf '%s' \"$1\" > \"$OUT.tmp\" && mv \"$OUT.tmp\" \"$OUT\"\n",
    )
    .expect("write the fake opener");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

fn wait_for(path: &Path) -> Vec<u8> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Ok(bytes) = std::fs::read(path) {
            return bytes;
        }
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_path_reaches_the_opener_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let bin = tmp.path().join("bin");
    std::fs::create_dir(&bin).expect("mkdir");
    fake_opener(&bin);
    let out = tmp.path().join("opened");
    let mut path_var = OsString::from(bin.as_os_str());
    path_var.push(":/usr/bin:/bin");
    let mut launcher = Launcher::start_with(
        Path::new(env!("CARGO_BIN_EXE_porpoise-window")),
        &[("PATH", &path_var), ("OUT", out.as_os_str())],
    )
    .expect("start the launcher");
    assert_ne!(launcher.pid(), std::process::id());

    let odd = tmp
        .path()
        .join(OsStr::from_bytes(b"caf\xe9 with space.txt"));
    std::fs::write(&odd, b"x").expect("write");
    launcher.open(&odd).expect("opened");
    assert_eq!(wait_for(&out), odd.as_os_str().as_bytes());

    // A second request on the same helper.
    std::fs::remove_file(&out).expect("rm");
    let plain = tmp.path().join("plain.txt");
    std::fs::write(&plain, b"y").expect("write");
    launcher.open(&plain).expect("opened");
    assert_eq!(
        OsString::from_vec(wait_for(&out)),
        plain.clone().into_os_string()
    );
}

#[test]
fn without_any_opener_the_error_comes_back() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let empty = tmp.path().join("empty-bin");
    std::fs::create_dir(&empty).expect("mkdir");
    let mut launcher = Launcher::start_with(
        Path::new(env!("CARGO_BIN_EXE_porpoise-window")),
        &[("PATH", empty.as_os_str())],
    )
    .expect("start the launcher");
    let file = tmp.path().join("a.txt");
    std::fs::write(&file, b"x").expect("write");
    match launcher.open(&file) {
        Err(LaunchError::NoLauncher) => {}
        other => panic!("expected: no launcher installed, got {other:?}"),
    }
}

#[test]
fn a_desktop_without_an_application_for_the_file_says_so() {
    // The real `gio` (GNOME's opener) with no applications installed to choose from.
    let Some(gio) = porpoise_testkit::which("gio") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "gio is missing (libglib2.0-bin)"
        );
        eprintln!("skipped: no gio");
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let bin = tmp.path().join("bin");
    let nothing = tmp.path().join("no-applications");
    std::fs::create_dir(&bin).expect("mkdir");
    std::fs::create_dir(&nothing).expect("mkdir");
    std::os::unix::fs::symlink(&gio, bin.join("gio")).expect("symlink gio");
    let mut launcher = Launcher::start_with(
        Path::new(env!("CARGO_BIN_EXE_porpoise-window")),
        &[
            ("PATH", bin.as_os_str()),
            ("HOME", tmp.path().as_os_str()),
            ("XDG_DATA_HOME", nothing.as_os_str()),
            ("XDG_DATA_DIRS", nothing.as_os_str()),
            ("XDG_CONFIG_HOME", nothing.as_os_str()),
        ],
    )
    .expect("start the launcher");
    let file = tmp.path().join("notes.xyz");
    std::fs::write(&file, b"x").expect("write");
    match launcher.open(&file) {
        Err(LaunchError::NoApplication) => {}
        other => panic!("expected: no application for it, got {other:?}"),
    }
}
