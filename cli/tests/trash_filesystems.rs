//! The trash through the real binary: home trash, the per-filesystem `.Trash-$uid` on a second
//! filesystem (never a copy into the home trash), list, restore and empty. The home trash is
//! redirected into a temp folder; all steps run in one test because emptying touches every
//! trash folder of this user.

use porpoise_testkit::trees::new_folder;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

fn porpoise(data_home: &Path, args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .env("HOME", data_home.parent().expect("parent"))
        .output()
        .expect("run porpoise")
}

fn ok(o: &Output) -> String {
    porpoise_testkit::succeeded(o, "porpoise")
}

#[test]
fn trash_restore_and_empty_on_two_filesystems() {
    let home = tempfile::tempdir().expect("home");
    let data = new_folder(home.path(), "data");
    let here = home.path().join("notes.txt");
    std::fs::write(&here, b"notes").expect("write");

    let Some(away_dir) = porpoise_testkit::other_filesystem_or_skip(home.path()) else {
        return;
    };
    let away = away_dir.path().join("stick-file.bin");
    std::fs::write(&away, b"on another filesystem").expect("write");

    ok(&porpoise(
        &data,
        &[
            "rm".as_ref(),
            "--trash".as_ref(),
            here.as_os_str(),
            away.as_os_str(),
        ],
    ));
    assert!(!here.exists() && !away.exists());
    // Home trash holds the home file only.
    assert_eq!(
        std::fs::read(data.join("Trash/files/notes.txt")).expect("in the home trash"),
        b"notes"
    );
    assert!(!data.join("Trash/files/stick-file.bin").exists());
    // The other filesystem's own trash holds the other, private to this user.
    // The volume trash sits at the top of /dev/shm's filesystem.
    let shm = std::path::Path::new("/dev/shm");
    let vol = shm.join(format!(".Trash-{}", porpoise_engine::host::uid()));
    assert_eq!(
        std::fs::read(vol.join("files/stick-file.bin")).expect("in the volume trash"),
        b"on another filesystem"
    );
    assert_eq!(
        std::fs::metadata(&vol).expect("stat").permissions().mode() & 0o777,
        0o700
    );

    let listed = ok(&porpoise(&data, &["trash".as_ref(), "list".as_ref()]));
    assert!(listed.contains(&*here.to_string_lossy()), "{listed}");
    assert!(listed.contains(&*away.to_string_lossy()), "{listed}");

    ok(&porpoise(
        &data,
        &["trash".as_ref(), "restore".as_ref(), here.as_os_str()],
    ));
    assert_eq!(std::fs::read(&here).expect("restored"), b"notes");

    ok(&porpoise(&data, &["trash".as_ref(), "empty".as_ref()]));
    let listed = ok(&porpoise(&data, &["trash".as_ref(), "list".as_ref()]));
    assert!(!listed.contains(&*away.to_string_lossy()), "{listed}");
    assert!(!vol.join("files/stick-file.bin").exists());
    assert!(here.exists(), "restored items stay");
}
