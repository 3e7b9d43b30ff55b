//! `porpoise open` through the real binary, in a private desktop: desktop entries in a
//! temp `XDG_DATA_HOME/applications` whose `Exec` is a small script that records its
//! arguments, the system's MIME database and nothing else of the system's. A `%F`
//! application gets several files in one launch, a `%f` one a launch per file; names
//! with spaces, quotes and bytes that are not UTF-8 arrive whole; a file no application
//! opens is named with its type and the exit is non-zero; `--with APP --set-default`
//! writes the default that `xdg-mime query default` then reports; an application does
//! not inherit the startup ID `porpoise` was launched with.

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use porpoise_testkit::recorders::Recorders;
use porpoise_testkit::{PATIENCE, have, skip, wait_for};

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");
const MIME_DB: &str = "/usr/share/mime";

/// A private desktop: XDG folders, recording applications and files, all in one temp
/// folder.
struct Desk {
    root: tempfile::TempDir,
}

impl Desk {
    fn new() -> Desk {
        let root = tempfile::tempdir().expect("tempdir");
        let p = root.path();
        for dir in [
            "config",
            "etc",
            "data/applications",
            "sys",
            "bin",
            "records",
            "files",
        ] {
            fs::create_dir_all(p.join(dir)).expect("mkdir");
        }
        // The system's types, none of its applications.
        std::os::unix::fs::symlink(MIME_DB, p.join("sys/mime")).expect("symlink");
        Desk { root }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    /// An application `name.desktop` for `mime` whose `Exec` is a script recording its
    /// arguments (NUL-separated) in `records/name.<pid>`, followed by `codes`.
    fn app(&self, name: &str, mime: &str, codes: &str) {
        self.recorders().app(name, name, mime, codes, "");
    }

    /// The recording applications' folders: `bin/`, `data/applications/`, `records/`.
    fn recorders(&self) -> Recorders {
        Recorders {
            bin: self.path("bin"),
            applications: self.path("data/applications"),
            records: self.path("records"),
        }
    }

    /// A file under `files/` with `data` in it.
    fn file(&self, name: &[u8], data: &[u8]) -> PathBuf {
        let path = self.path("files").join(OsString::from_vec(name.to_vec()));
        fs::write(&path, data).expect("write");
        path
    }

    /// A program run in this desktop's environment alone.
    fn command(&self, program: &str) -> Command {
        let p = self.root.path();
        let mut c = Command::new(program);
        c.env("HOME", p)
            .env("XDG_CONFIG_HOME", p.join("config"))
            .env("XDG_CONFIG_DIRS", p.join("etc"))
            .env("XDG_DATA_HOME", p.join("data"))
            .env("XDG_DATA_DIRS", p.join("sys"))
            .env_remove("XDG_CURRENT_DESKTOP")
            .env_remove("TERMINAL");
        c
    }

    fn open(&self, args: &[&std::ffi::OsStr]) -> Output {
        self.command(PORPOISE)
            .arg("open")
            .args(args)
            .output()
            .expect("run porpoise")
    }

    /// Wait until `count` launches of `app` have recorded their arguments; each one's
    /// arguments, sorted.
    fn records(&self, app: &str, count: usize) -> Vec<Vec<OsString>> {
        let mut records = self.recorders().runs(app, count);
        records.sort();
        records
    }
}

fn ready() -> bool {
    if !Path::new(MIME_DB).join("subclasses").is_file() {
        skip("the shared-mime-info database (shared-mime-info) is needed");
        return false;
    }
    true
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_list_application_gets_all_its_files_in_one_launch() {
    if !ready() {
        return;
    }
    let desk = Desk::new();
    desk.app("lister", "text/plain;", "%F");
    let a = desk.file(b"a plain.txt", b"words\n");
    let b = desk.file(b"caf\xe9 \"quoted\" 'it'.txt", b"more words\n");
    // A shell script is a kind of text: the text application opens it.
    let c = desk.file(b"run.sh", b"#!/bin/sh\necho hi\n");
    let out = desk.open(&[a.as_os_str(), b.as_os_str(), c.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        desk.records("lister", 1),
        [vec![
            a.into_os_string(),
            b.into_os_string(),
            c.into_os_string()
        ]]
    );
}

#[test]
fn a_single_file_application_gets_one_launch_per_file() {
    if !ready() {
        return;
    }
    let desk = Desk::new();
    desk.app("single", "text/plain;", "--open %f");
    let a = desk.file(b"one.txt", b"1\n");
    let b = desk.file(b"two \xff.txt", b"2\n");
    // Relative paths, from the folder the command runs in, arrive absolute.
    let out = desk
        .command(PORPOISE)
        .current_dir(desk.path("files"))
        .arg("open")
        .arg("one.txt")
        .arg(OsString::from_vec(b"two \xff.txt".to_vec()))
        .output()
        .expect("run porpoise");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        desk.records("single", 2),
        [
            vec![OsString::from("--open"), a.into_os_string()],
            vec![OsString::from("--open"), b.into_os_string()],
        ]
    );
}

#[test]
fn a_file_no_application_opens_is_named_with_its_type() {
    if !ready() {
        return;
    }
    let desk = Desk::new();
    desk.app("lister", "text/plain;", "%F");
    let text = desk.file(b"notes.txt", b"words\n");
    let odd = desk.file(b"archive.tar", b"");
    let out = desk.open(&[odd.as_os_str(), text.as_os_str()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("archive.tar") && err.contains("application/x-tar"),
        "the file and its type: {err}"
    );
    assert!(err.contains("1 of 2 files"), "{err}");
    // The file that has an application still opens.
    assert_eq!(
        desk.records("lister", 1),
        [vec![text.clone().into_os_string()]]
    );
    // An application that is not installed.
    let out = desk.open(&[
        "--with".as_ref(),
        "absent.desktop".as_ref(),
        text.as_os_str(),
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("absent.desktop"), "{}", stderr(&out));
}

#[test]
fn set_default_writes_what_xdg_mime_reports() {
    if !ready() {
        return;
    }
    if !have("xdg-mime") {
        return skip("xdg-mime (xdg-utils) is needed");
    }
    let desk = Desk::new();
    desk.app("alpha", "text/plain;", "%F");
    desk.app("zeta", "text/plain;", "%F");
    let file = desk.file(b"notes.txt", b"words\n");
    let query = || {
        let out = desk
            .command("xdg-mime")
            .args(["query", "default", "text/plain"])
            .output()
            .expect("run xdg-mime");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    assert_ne!(query(), "zeta.desktop");
    let out = desk.open(&[
        "--with".as_ref(),
        "zeta".as_ref(),
        "--set-default".as_ref(),
        file.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        desk.records("zeta", 1),
        [vec![file.clone().into_os_string()]]
    );
    assert_eq!(query(), "zeta.desktop");
    let list = fs::read_to_string(desk.path("config/mimeapps.list")).expect("mimeapps.list");
    assert!(
        list.contains("[Default Applications]\ntext/plain=zeta.desktop;\n"),
        "{list}"
    );
    // From now on the file opens with it by default.
    let out = desk.open(&[file.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(desk.records("zeta", 2).len(), 2);
    assert!(
        fs::read_dir(desk.path("records"))
            .expect("records")
            .filter_map(Result::ok)
            .all(|e| !e.file_name().as_bytes().starts_with(b"alpha.")),
        "alpha was never started"
    );
}

#[test]
fn an_application_does_not_inherit_the_launch_porpoise_was_started_for() {
    if !ready() {
        return;
    }
    let desk = Desk::new();
    let script = desk.path("bin/environment");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\nout='{}/environment'\nprintf '%s|%s' \"${{DESKTOP_STARTUP_ID-unset}}\" \"${{XDG_ACTIVATION_TOKEN-unset}}\" > \"$out.tmp\" && mv \"$out.tmp\" \"$out\"\n",
            desk.path("records").display()
        ),
    )
    .expect("write");
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).expect("chmod");
    fs::write(
        desk.path("data/applications/environment.desktop"),
        format!(
            "[Desktop Entry]\nType=Application\nName=Environment\nExec={} %f\nMimeType=text/plain;\n",
            script.display()
        ),
    )
    .expect("write");
    let text = desk.file(b"letter.txt", b"hello");
    let out = desk
        .command(PORPOISE)
        .env("DESKTOP_STARTUP_ID", "launcher-1_TIME42")
        .env("XDG_ACTIVATION_TOKEN", "token-1")
        .args(["open", "--with", "environment.desktop"])
        .arg(&text)
        .output()
        .expect("run porpoise");
    assert!(out.status.success(), "{}", stderr(&out));
    let recorded = desk.path("records/environment");
    let seen = wait_for(
        "the application to record its environment",
        PATIENCE,
        || fs::read_to_string(&recorded).ok(),
    );
    assert_eq!(seen, "unset|unset");
}
