//! `porpoise compress` and `porpoise ls ARCHIVE` through the real binary: a tree
//! compressed and extracted again by `porpoise extract` is the same tree, in each format;
//! `ls` on a zip lists its entries as `ls -l` lines and names the refused ones; the JSON
//! progress of a compression ends with its finished event; an unknown extension and an
//! archive already there are refused.

use std::path::Path;
use std::process::{Command, Output};

use porpoise_testkit::archives::{self, Entry};
use porpoise_testkit::trees::tree_of;

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

fn porpoise(dir: &Path, args: &[&str]) -> Output {
    Command::new(PORPOISE)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run porpoise")
}

/// A tree in `dir`/docs: nested folders, a few files, a link.
fn tree(dir: &Path) {
    let src = dir.join("docs");
    std::fs::create_dir_all(src.join("2026/drafts")).expect("mkdir");
    std::fs::write(src.join("readme.txt"), "read me\n".repeat(300)).expect("write");
    std::fs::write(src.join("2026/drafts/plan.md"), "# plan\n").expect("write");
    let data: Vec<u8> = (0..300_000u32).map(|i| (i % 241) as u8).collect();
    std::fs::write(src.join("2026/data.bin"), data).expect("write");
    std::os::unix::fs::symlink("readme.txt", src.join("latest")).expect("symlink");
}

#[test]
fn a_compressed_tree_extracts_to_the_same_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    for name in [
        "docs.zip",
        "docs.tar.zst",
        "docs.tar.gz",
        "docs.tar.xz",
        "docs.7z",
    ] {
        let made = porpoise(dir.path(), &["compress", "-o", name, "docs"]);
        porpoise_testkit::succeeded(&made, name);
        let into = dir.path().join(format!("out-{name}"));
        std::fs::create_dir(&into).expect("mkdir");
        let into_arg = into.to_str().expect("utf-8");
        let back = porpoise(dir.path(), &["extract", "-C", into_arg, name]);
        porpoise_testkit::succeeded(&back, name);
        assert_eq!(
            tree_of(&into.join("docs")),
            tree_of(&dir.path().join("docs")),
            "{name}"
        );
        for rel in ["readme.txt", "2026/drafts/plan.md", "2026/data.bin"] {
            let a = std::fs::read(dir.path().join("docs").join(rel)).expect("read");
            let b = std::fs::read(into.join("docs").join(rel)).expect("read");
            assert!(a == b, "{name}: {rel} differs");
        }
        let link = std::fs::read_link(into.join("docs/latest")).expect("a link");
        assert_eq!(link, Path::new("readme.txt"), "{name}");
    }
}

#[test]
fn ls_lists_a_zip_as_ls_l_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    porpoise_testkit::succeeded(
        &porpoise(dir.path(), &["compress", "-o", "docs.zip", "docs"]),
        "compress",
    );
    let listed = porpoise(dir.path(), &["ls", "docs.zip"]);
    let text = porpoise_testkit::succeeded(&listed, "ls docs.zip");
    let lines: Vec<(&str, &str, &str)> = text
        .lines()
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(fields.len(), 5, "{l}");
            (fields[0], fields[1], fields[4])
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            ("drwxr-xr-x", "0", "docs"),
            ("drwxr-xr-x", "0", "docs/2026"),
            ("-rw-r--r--", "300000", "docs/2026/data.bin"),
            ("drwxr-xr-x", "0", "docs/2026/drafts"),
            ("-rw-r--r--", "7", "docs/2026/drafts/plan.md"),
            ("lrwxrwxrwx", "10", "docs/latest"),
            ("-rw-r--r--", "2400", "docs/readme.txt"),
        ]
    );
    // The date and time as `ls -l` writes them: YYYY-MM-DD HH:MM.
    let first = text.lines().next().expect("a line");
    let fields: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(fields[2].len(), 10, "{first}");
    assert_eq!(fields[3].len(), 5, "{first}");
}

#[test]
fn ls_names_the_refused_entries_of_a_zip_and_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    archives::stored_zip(
        &dir.path().join("bad.zip"),
        &[
            Entry::file("fine.txt", "ok"),
            Entry::file("../evil.txt", "out"),
        ],
    );
    let listed = porpoise(dir.path(), &["ls", "bad.zip"]);
    assert!(!listed.status.success());
    let out = String::from_utf8_lossy(&listed.stdout);
    let err = String::from_utf8_lossy(&listed.stderr);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.trim_end().ends_with(" fine.txt"), "{out}");
    assert!(err.contains("../evil.txt"), "{err}");
}

#[test]
fn compress_json_progress_ends_with_the_finished_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let o = porpoise(
        dir.path(),
        &["compress", "--progress=json", "-o", "docs.tar.zst", "docs"],
    );
    let out = porpoise_testkit::succeeded(&o, "compress");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let last = lines.last().expect("events");
    assert_eq!(last["event"], "finished");
    assert_eq!(last["ok"], true);
    assert_eq!(last["files_done"], 4);
    assert_eq!(last["folders_done"], 3);
    assert!(
        lines
            .iter()
            .any(|l| l["event"] == "state" && l["state"] == "compressing")
    );
    let progress = lines
        .iter()
        .rev()
        .find(|l| l["event"] == "progress")
        .expect("progress");
    assert_eq!(progress["bytes_done"], 2400 + 7 + 300_000);
}

#[test]
fn an_unknown_extension_and_an_archive_already_there_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    tree(dir.path());
    let o = porpoise(dir.path(), &["compress", "-o", "docs.rar", "docs"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(".zip") && err.contains(".tar.zst"), "{err}");
    assert!(!dir.path().join("docs.rar").exists());
    std::fs::write(dir.path().join("docs.zip"), "mine").expect("write");
    let o = porpoise(dir.path(), &["compress", "-o", "docs.zip", "docs"]);
    assert!(!o.status.success());
    assert_eq!(
        std::fs::read(dir.path().join("docs.zip")).expect("read"),
        b"mine"
    );
}
