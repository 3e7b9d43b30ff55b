//! `porpoise find` through the real binary, against `find -iname` and `grep -rl` on a
//! real tree: names (a part and a glob), content (text and a regular expression), hidden
//! names, names that are not UTF-8 or hold a newline printed escaped as `ls` does, the
//! first result printed while the search still runs, and a missing folder said on stderr
//! with a non-zero exit code.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const PORPOISE: &str = env!("CARGO_BIN_EXE_porpoise");

fn porpoise_find(args: &[&OsStr]) -> Output {
    Command::new(PORPOISE)
        .arg("find")
        .args(args)
        .output()
        .expect("run porpoise find")
}

fn lines(bytes: &[u8]) -> BTreeSet<String> {
    String::from_utf8(bytes.to_vec())
        .expect("names are escaped")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Folders and files in mixed case, hidden ones, a symlink, some text in the files.
fn tree(root: &Path) {
    for (i, dir) in ["", "Docs", "Docs/2026", "music", ".config", "Docs/.old"]
        .iter()
        .enumerate()
    {
        let d = root.join(dir);
        std::fs::create_dir_all(&d).expect("mkdir");
        for (j, name) in ["Report.PDF", "report-draft.txt", "notes.md", "budget.txt"]
            .iter()
            .enumerate()
        {
            let text = match (i + j) % 3 {
                0 => "the quarterly budget\n",
                1 => "fooobar\n",
                _ => "nothing\n",
            };
            std::fs::write(d.join(format!("{i}{name}")), text).expect("write");
        }
    }
    std::os::unix::fs::symlink("Docs", root.join("report-link")).expect("symlink");
}

fn tool(cmd: &mut Command) -> BTreeSet<String> {
    lines(&cmd.output().expect("run the tool").stdout)
}

#[test]
fn names_as_find_iname() {
    let t = tempfile::tempdir().expect("tempdir");
    tree(t.path());
    let root = t.path().as_os_str();
    for (pattern, glob) in [("report", "*report*"), ("*.txt", "*.txt"), ("O", "*o*")] {
        let out = porpoise_find(&[root, OsStr::new(pattern), OsStr::new("--hidden")]);
        assert!(out.status.success(), "{out:?}");
        let want = tool(
            Command::new("find")
                .arg(root)
                .args(["-mindepth", "1", "-iname", glob]),
        );
        assert_eq!(lines(&out.stdout), want, "{pattern}");
    }
    // Hidden names (and what is inside hidden folders) only when asked.
    let out = porpoise_find(&[root, OsStr::new("report")]);
    let want = tool(Command::new("find").arg(root).args([
        "-mindepth",
        "1",
        "-name",
        ".*",
        "-prune",
        "-o",
        "-iname",
        "*report*",
        "-print",
    ]));
    assert_eq!(lines(&out.stdout), want);
}

#[test]
fn content_as_grep_rl() {
    let t = tempfile::tempdir().expect("tempdir");
    tree(t.path());
    let root = t.path().as_os_str();
    for (text, flags) in [("budget", "-rlF"), ("fo+bar", "-rlE"), ("^the q", "-rlE")] {
        let mut args = vec![root, OsStr::new(""), OsStr::new("--hidden")];
        args.extend([OsStr::new("--content"), OsStr::new(text)]);
        if flags == "-rlE" {
            args.push(OsStr::new("--regex"));
        }
        let out = porpoise_find(&args);
        assert!(out.status.success(), "{out:?}");
        let want = tool(Command::new("grep").args([flags, "--", text]).arg(root));
        assert!(!want.is_empty());
        assert_eq!(lines(&out.stdout), want, "{text}");
    }
}

#[test]
fn awkward_names_are_printed_escaped() {
    let t = tempfile::tempdir().expect("tempdir");
    std::fs::write(t.path().join(OsStr::from_bytes(b"caf\xe9 menu")), "").expect("write");
    std::fs::write(t.path().join("two\nlines menu"), "").expect("write");
    let out = porpoise_find(&[t.path().as_os_str(), OsStr::new("menu")]);
    let root = t.path().display();
    assert_eq!(
        lines(&out.stdout),
        BTreeSet::from([
            format!("{root}/caf\\xe9 menu"),
            format!("{root}/two\\nlines menu")
        ])
    );
}

#[test]
fn the_first_result_is_printed_while_the_search_runs() {
    let t = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(t.path().join("one")).expect("mkdir");
    std::fs::create_dir(t.path().join("two")).expect("mkdir");
    std::fs::write(t.path().join("one/needle.txt"), "a needle\n").expect("write");
    // Long to read through (a hole reads as zeros), and holding no match.
    let huge = std::fs::File::create(t.path().join("two/haystack")).expect("create");
    huge.set_len(1 << 30).expect("truncate");
    let started = Instant::now();
    let mut child = Command::new(PORPOISE)
        .args(["find"])
        .arg(t.path())
        .args(["", "--content", "needle"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("run porpoise find");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read");
    let first_at = started.elapsed();
    let running = child.try_wait().expect("try_wait").is_none();
    let status = child.wait().expect("wait");
    let total = started.elapsed();
    assert_eq!(
        first.trim_end(),
        format!("{}/one/needle.txt", t.path().display())
    );
    assert!(status.success());
    assert!(
        running && first_at < total / 2,
        "first line after {first_at:?}, the end after {total:?}"
    );
    assert!(total > Duration::from_millis(100), "{total:?}");
}

#[test]
fn a_missing_folder_is_said_with_a_non_zero_exit() {
    let out = porpoise_find(&[OsStr::new("/nonexistent/porpoise"), OsStr::new("x")]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot open folder /nonexistent/porpoise"),
        "{err}"
    );
}
