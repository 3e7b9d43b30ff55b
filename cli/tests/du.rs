//! `porpoise du` through the real binary, against the real `du -sx`: bytes on disk and
//! apparent bytes of a tree, `-h` as `du -h` writes them, a `total` line for several paths
//! (hard links shared between them once), escaped names, and problems (an unreadable
//! folder, a missing path) said on stderr with the totals still printed and a non-zero
//! exit code.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output};

use porpoise_testkit::trees::{chmod, closed_folder, new_folder};

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

fn porpoise_du(args: &[&OsStr]) -> Output {
    Command::new(PORPOISE)
        .arg("du")
        .args(args)
        .output()
        .expect("run porpoise du")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8, names are escaped")
}

/// `du -sx` with `flags` on `paths`: the first field of each line.
fn du(flags: &[&str], paths: &[&Path]) -> Vec<String> {
    let out = Command::new("du")
        .arg("-sx")
        .args(flags)
        .args(paths)
        .output()
        .expect("run du");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap_or_default().to_owned())
        .collect()
}

/// A line of ours: on disk, apparent, files, folders, path.
fn fields(line: &str) -> [&str; 5] {
    let f: Vec<&str> = line.split('\t').collect();
    f.try_into()
        .unwrap_or_else(|_| panic!("five tab-separated fields: {line:?}"))
}

/// Folders, a sparse file, hard links, a symlink and an empty folder.
fn tree(root: &Path) {
    std::fs::create_dir_all(root.join("photos/2026/raw")).expect("mkdir");
    std::fs::create_dir(root.join("empty")).expect("mkdir");
    std::fs::write(root.join("photos/2026/a.jpg"), vec![1u8; 300_000]).expect("write");
    std::fs::write(root.join("photos/2026/raw/a.raw"), vec![2u8; 2_500_000]).expect("write");
    std::fs::write(root.join("notes.txt"), b"notes").expect("write");
    std::fs::hard_link(root.join("photos/2026/a.jpg"), root.join("photos/best.jpg")).expect("link");
    let sparse = std::fs::File::create(root.join("disk.img")).expect("create");
    sparse.set_len(100 << 20).expect("set_len");
    std::os::unix::fs::FileExt::write_at(&sparse, &[9u8; 8192], 1 << 20).expect("write");
    std::os::unix::fs::symlink("photos", root.join("pics")).expect("symlink");
}

#[test]
fn du_prints_what_du_counts() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    tree(&root);
    let o = porpoise_du(&[root.as_os_str()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "one line for one path: {out}");
    let [disk, apparent, files, folders, path] = fields(lines[0]);
    assert_eq!(disk, du(&["-B1"], &[&root])[0]);
    assert_eq!(apparent, du(&["-b"], &[&root])[0]);
    // a.jpg (once), a.raw, notes, disk.img, pics; tree, photos, 2026, raw, empty.
    assert_eq!((files, folders), ("5", "5"));
    assert_eq!(path, root.to_str().expect("a UTF-8 temp path"));
}

#[test]
fn du_h_writes_sizes_as_du_h() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    tree(&root);
    let files = [
        root.join("photos/2026/a.jpg"),
        root.join("photos/2026/raw/a.raw"),
        root.join("disk.img"),
        root.join("notes.txt"),
        root.clone(),
    ];
    for p in &files {
        let o = porpoise_du(&["-h".as_ref(), p.as_os_str()]);
        assert!(o.status.success());
        let out = stdout(&o);
        let [disk, apparent, ..] = fields(out.trim_end());
        assert_eq!(disk, du(&["-h"], &[p])[0], "{}", p.display());
        assert_eq!(
            apparent,
            du(&["-h", "--apparent-size"], &[p])[0],
            "{}",
            p.display()
        );
    }
}

#[test]
fn several_paths_end_with_a_total_and_hard_links_shared_between_them_count_once() {
    let t = tempfile::tempdir().expect("tempdir");
    let (one, two) = (t.path().join("one"), t.path().join("two"));
    tree(&one);
    std::fs::create_dir(&two).expect("mkdir");
    std::fs::hard_link(one.join("photos/2026/raw/a.raw"), two.join("shared.raw")).expect("link");
    std::fs::write(two.join("own.txt"), vec![4u8; 9000]).expect("write");
    let o = porpoise_du(&[one.as_os_str(), two.as_os_str()]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<[&str; 5]> = out.lines().map(fields).collect();
    assert_eq!(lines.len(), 3, "{out}");
    let disk: Vec<&str> = lines.iter().map(|l| l[0]).collect();
    let apparent: Vec<&str> = lines.iter().map(|l| l[1]).collect();
    assert_eq!(disk, du(&["-B1", "-c"], &[&one, &two]));
    assert_eq!(apparent, du(&["-b", "-c"], &[&one, &two]));
    assert_eq!(lines[1][2], "1", "only its own file in the second: {out}");
    assert_eq!(lines[2][2], "6");
    assert_eq!(lines[2][3], "6");
    assert_eq!(lines[2][4], "total");
}

#[test]
fn names_are_escaped() {
    let t = tempfile::tempdir().expect("tempdir");
    let odd = t.path().join(OsStr::from_bytes(b"caf\xe9\nfolder"));
    std::fs::create_dir(&odd).expect("mkdir");
    std::fs::write(odd.join("x"), b"x").expect("write");
    let o = porpoise_du(&[odd.as_os_str()]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    assert!(out.trim_end().ends_with("caf\\xe9\\nfolder"), "{out}");
}

#[test]
fn a_missing_path_is_said_and_the_others_are_printed() {
    let t = tempfile::tempdir().expect("tempdir");
    let root = t.path().join("tree");
    tree(&root);
    let missing = t.path().join("missing");
    let o = porpoise_du(&[missing.as_os_str(), root.as_os_str()]);
    assert!(!o.status.success());
    let out = stdout(&o);
    let lines: Vec<[&str; 5]> = out.lines().map(fields).collect();
    assert_eq!(lines.len(), 2, "the tree and the total: {out}");
    assert_eq!(lines[0][0], du(&["-B1"], &[&root])[0]);
    assert_eq!(lines[1][0], lines[0][0]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot read details of {}: No such file or directory (os error 2)\n\
             porpoise: 1 entry could not be counted; the totals leave it out\n",
            missing.display()
        )
    );
}

#[test]
fn an_unreadable_folder_is_said_on_stderr_and_the_rest_printed() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o755);
    let root = t.path().join("tree");
    tree(&root);
    let closed = root.join("photos/closed");
    closed_folder(&closed, "secret", &[0u8; 50_000]);
    // Root reads any folder: both commands run as the unprivileged user (copies of them).
    let tools = new_folder(t.path(), "tools");
    let du_program = porpoise_testkit::which("du").expect("du on the PATH");
    let as_user = |program: &Path, args: &[&OsStr]| {
        porpoise_testkit::nobody::command(program, &tools)
            .args(args)
            .output()
            .expect("run")
    };
    let o = as_user(Path::new(PORPOISE), &["du".as_ref(), root.as_os_str()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot open folder {}: Permission denied (os error 13)\n\
             porpoise: 1 entry could not be counted; the totals leave it out\n",
            closed.display()
        )
    );
    let out = stdout(&o);
    let [disk, apparent, files, folders, _] = fields(out.trim_end());
    let theirs = |flag: &str| {
        let o = as_user(
            &du_program,
            &["-sx".as_ref(), flag.as_ref(), root.as_os_str()],
        );
        assert!(!o.status.success(), "du fails on the closed folder too");
        String::from_utf8_lossy(&o.stdout)
            .split('\t')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(disk, theirs("-B1"));
    assert_eq!(apparent, theirs("-b"));
    assert_eq!((files, folders), ("5", "6"));
}

#[test]
fn help_is_long_only_as_in_du() {
    let o = porpoise_du(&["--help".as_ref()]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(help.contains("Usage:") && help.contains("-h"), "{help}");
}
