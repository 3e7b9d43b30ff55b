//! `porpoise mimetype` through the real binary, against the desktop's own answer
//! (`xdg-mime query filetype`, which on GNOME asks GLib through `gio`): text, PNG and PDF
//! without an extension, a shell script, an empty file, a folder, a link, a CSV, binary
//! data, and names the extension decides. Needs `xdg-mime` (xdg-utils) and `gio`.

use std::fs;
use std::path::Path;
use std::process::Command;

use porpoise_testkit::{have, run, skip};

use porpoise_testkit::trees::TINY_PNG as PNG;

/// A small tree of every case the test asks both programs about.
fn cases(dir: &Path) -> Vec<&'static str> {
    let write = |name: &str, data: &[u8]| fs::write(dir.join(name), data).expect("write");
    write("words", b"plain words, no extension\n");
    write("picture", PNG);
    write("picture.png", PNG);
    write(
        "paper",
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n",
    );
    write("run", b"#!/bin/sh\necho hello\n");
    write("empty", b"");
    write("notes.txt", b"some notes\n");
    write("table.csv", b"a,b\n1,2\n");
    write("blob.dat", b"\x00\x01\x02\x03\xff\xfe");
    fs::create_dir(dir.join("folder")).expect("mkdir");
    std::os::unix::fs::symlink("notes.txt", dir.join("link")).expect("symlink");
    vec![
        "words",
        "picture",
        "picture.png",
        "paper",
        "run",
        "empty",
        "notes.txt",
        "table.csv",
        "blob.dat",
        "folder",
        "link",
    ]
}

#[test]
fn types_agree_with_the_desktops_own_answer() {
    if !have("xdg-mime") || !have("gio") {
        return skip("xdg-mime (xdg-utils) and gio (libglib2.0-bin) are needed");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let names = cases(dir.path());
    let ours = run(Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .arg("mimetype")
        .arg("-b")
        .args(&names)
        .current_dir(dir.path()));
    let ours: Vec<&str> = ours.lines().collect();
    assert_eq!(ours.len(), names.len(), "one line per file: {ours:?}");
    for (name, mine) in names.iter().zip(&ours) {
        let desktop = run(Command::new("xdg-mime")
            .args(["query", "filetype", name])
            .env("XDG_CURRENT_DESKTOP", "GNOME")
            .current_dir(dir.path()));
        assert_eq!(*mine, desktop.trim(), "the type of {name}");
    }
    // What they are, so an agreement on nonsense fails too.
    let expect = [
        ("words", "text/plain"),
        ("picture", "image/png"),
        ("paper", "application/pdf"),
        ("run", "application/x-shellscript"),
        ("folder", "inode/directory"),
        ("link", "text/plain"),
        ("blob.dat", "application/octet-stream"),
    ];
    for (name, mime) in expect {
        let at = names.iter().position(|n| *n == name).expect("a case");
        assert_eq!(ours[at], mime, "{name}");
    }
}

#[test]
fn the_path_comes_first_and_a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("a b.txt"), b"x\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_porpoise"))
        .args(["mimetype", "a b.txt", "missing"])
        .current_dir(dir.path())
        .output()
        .expect("run porpoise");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "a b.txt: text/plain\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("missing"), "{err}");
    assert!(!out.status.success());
}
