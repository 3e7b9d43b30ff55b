//! The built `porpoise` binary on real temp trees: ls (plain, long, hidden, escaped names,
//! unreadable entries) and mounts; errors exit non-zero with one line on stderr.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

fn porpoise() -> Command {
    Command::new(env!("CARGO_BIN_EXE_porpoise"))
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("run porpoise")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8, names are escaped")
}

fn tree() -> tempfile::TempDir {
    let t = tempfile::tempdir().expect("tempdir");
    let d = t.path();
    std::fs::write(d.join("file10.txt"), b"0123456789").expect("write");
    std::fs::write(d.join("file9.txt"), b"x").expect("write");
    std::fs::write(d.join(OsStr::from_bytes(b"caf\xe9")), b"").expect("write");
    std::fs::write(d.join("new\nline"), b"").expect("write");
    std::fs::write(d.join(".hidden"), b"").expect("write");
    std::fs::create_dir(d.join("sub")).expect("mkdir");
    t
}

#[test]
fn ls_prints_names_in_natural_order_with_folders_first() {
    let t = tree();
    let o = run(porpoise().arg("ls").arg(t.path()));
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "sub\ncaf\\xe9\nfile9.txt\nfile10.txt\nnew\\nline\n"
    );
}

#[test]
fn ls_all_shows_hidden_entries() {
    let t = tree();
    let o = run(porpoise().args(["ls", "-a"]).arg(t.path()));
    assert!(o.status.success());
    assert!(stdout(&o).lines().any(|l| l == ".hidden"));
}

#[test]
fn ls_long_shows_mode_size_time_and_name() {
    let t = tree();
    let o = run(porpoise().args(["ls", "-l"]).arg(t.path()));
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.ends_with(" file10.txt"))
        .expect("file10.txt listed");
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields[0], "-rw-r--r--");
    assert_eq!(fields[1], "10");
    assert_eq!(fields[2].len(), 10, "date YYYY-MM-DD: {line}");
    assert_eq!(fields[3].len(), 5, "time HH:MM: {line}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("drwx") && l.ends_with(" sub"))
    );
    assert_eq!(out.lines().count(), 5);
}

#[test]
fn ls_of_a_missing_folder_fails_with_one_line() {
    let t = tempfile::tempdir().expect("tempdir");
    let o = run(porpoise().arg("ls").arg(t.path().join("missing")));
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("missing") && err.contains("No such file"),
        "{err}"
    );
}

/// Run the binary as an unprivileged user (root reads everything, whatever the modes say).
/// The binary is copied into `dir` first, so that user can reach it.
fn unprivileged(dir: &Path, args: &[&OsStr]) -> Output {
    if rustix::process::geteuid().is_root() {
        let bin = dir.join("porpoise-under-test");
        std::fs::copy(env!("CARGO_BIN_EXE_porpoise"), &bin).expect("copy the binary");
        run(Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&bin)
            .args(args))
    } else {
        run(porpoise().args(args))
    }
}

fn chmod(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[test]
fn unreadable_entries_and_folders_are_reported_not_hidden() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o755);
    // A folder whose names can be read but whose entries cannot be looked at.
    let half = t.path().join("names-only");
    std::fs::create_dir(&half).expect("mkdir");
    std::fs::write(half.join("secret.txt"), b"s").expect("write");
    chmod(&half, 0o744);
    // A folder that cannot be read at all.
    let closed = t.path().join("closed");
    std::fs::create_dir(&closed).expect("mkdir");
    chmod(&closed, 0o700);

    let o = unprivileged(
        t.path(),
        &[OsStr::new("ls"), OsStr::new("-l"), half.as_os_str()],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.contains("(unreadable)") && l.ends_with("secret.txt")),
        "{out}"
    );

    let o = unprivileged(t.path(), &[OsStr::new("ls"), closed.as_os_str()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Permission denied"), "{err}");
}

#[test]
fn mounts_lists_the_root_filesystem_with_a_class() {
    let o = run(porpoise().arg("mounts"));
    assert!(o.status.success());
    let out = stdout(&o);
    let root = out
        .lines()
        .find(|l| l.split_whitespace().nth(2) == Some("/"))
        .expect("a line for /");
    let class = root.split_whitespace().next().expect("class");
    assert!(["local", "removable", "network"].contains(&class), "{root}");
    assert!(
        out.lines()
            .filter(|l| l.split_whitespace().nth(1) == Some("proc"))
            .all(|l| l.starts_with("local ")),
        "{out}"
    );
}
