//! The built `porpoise` binary on real temp trees: ls (plain, long, hidden, escaped names,
//! unreadable entries) and mounts; errors exit non-zero with one line on stderr, a job's
//! failed items one line each and a last line saying what was not done.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output};

use porpoise_testkit::trees::{chmod, new_folder};

fn porpoise() -> Command {
    Command::new(env!("CARGO_BIN_EXE_porpoise"))
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("run porpoise")
}

/// `porpoise copy --progress=PROGRESS` with `paths`: the sources, then the destination.
fn copy_with(progress: &str, paths: &[&Path]) -> Output {
    run(porpoise()
        .arg("copy")
        .arg(format!("--progress={progress}"))
        .args(paths))
}

/// What a run that failed said on stderr (lossily: names may not be UTF-8).
fn failed_saying(o: &Output) -> String {
    assert!(!o.status.success(), "it did not fail");
    String::from_utf8_lossy(&o.stderr).into_owned()
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
fn ls_of_a_missing_folder_fails_with_one_line_naming_the_cause_once() {
    let t = tempfile::tempdir().expect("tempdir");
    let missing = t.path().join("missing");
    let o = run(porpoise().arg("ls").arg(&missing));
    let err = failed_saying(&o);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot open folder {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
}

/// Run the binary as an unprivileged user (root reads everything, whatever the modes say),
/// from a copy in `dir` that user can reach.
fn unprivileged(dir: &Path, args: &[&OsStr]) -> Output {
    run(
        porpoise_testkit::nobody::command(Path::new(env!("CARGO_BIN_EXE_porpoise")), dir)
            .args(args),
    )
}

/// As root: hand the tree `dir` to the user [`unprivileged`] runs as.
fn give_to_unprivileged(dir: &Path) {
    porpoise_testkit::nobody::give(dir);
}

/// `porpoise copy --progress=json SRC DEST`, unprivileged.
fn copy_unprivileged(dir: &Path, src: &Path, dest: &Path) -> Output {
    unprivileged(
        dir,
        &[
            OsStr::new("copy"),
            OsStr::new("--progress=json"),
            src.as_os_str(),
            dest.as_os_str(),
        ],
    )
}

#[test]
fn unreadable_entries_and_folders_are_reported_not_hidden() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o755);
    // A folder whose names can be read but whose entries cannot be looked at.
    let half = new_folder(t.path(), "names-only");
    std::fs::write(half.join("secret.txt"), b"s").expect("write");
    chmod(&half, 0o744);
    // A folder that cannot be read at all.
    let closed = new_folder(t.path(), "closed");
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
    let err = failed_saying(&o);
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

#[test]
fn a_copied_folder_of_24_pictures_is_24_files_in_the_json() {
    let src = tempfile::tempdir().expect("src");
    let pictures = new_folder(src.path(), "pictures");
    for i in 0..24 {
        std::fs::write(pictures.join(format!("IMG_{i:04}.jpg")), b"jpeg").expect("write");
    }
    let dest = tempfile::tempdir().expect("dest");
    let o = copy_with("json", &[&pictures, dest.path()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let last = |event: &str| {
        lines
            .iter()
            .rfind(|v| v["event"] == event)
            .unwrap_or_else(|| panic!("no {event} event: {out}"))
    };
    // The pictures are the files; the folder holding them is not one of them.
    let plan = last("plan");
    assert_eq!(plan["files_total"], 24, "{out}");
    assert_eq!(plan["folders_total"], 1, "{out}");
    let progress = last("progress");
    assert_eq!(progress["files_done"], 24, "{out}");
    assert_eq!(progress["folders_done"], 1, "{out}");
    let finished = last("finished");
    assert_eq!(finished["files_done"], 24, "{out}");
    assert_eq!(finished["folders_done"], 1, "{out}");
    assert_eq!(
        std::fs::read_dir(dest.path().join("pictures"))
            .expect("copied")
            .count(),
        24
    );
}

#[test]
fn copy_prints_json_events_and_exits_zero() {
    let t = tree();
    for i in 0..12 {
        std::fs::write(t.path().join(format!("sub/{i}")), b"abcdefghij").expect("write");
    }
    let dest = tempfile::tempdir().expect("dest");
    let o = copy_with(
        "json",
        &[
            &t.path().join("sub"),
            &t.path().join("file10.txt"),
            dest.path(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let kind = |v: &serde_json::Value| v["event"].as_str().map(str::to_owned);
    let of = |k: &str| -> Vec<&serde_json::Value> {
        lines
            .iter()
            .filter(|v| kind(v).as_deref() == Some(k))
            .collect()
    };
    let mut last_t = 0;
    for v in &lines {
        let t = v["t_ms"].as_u64().expect("t_ms");
        assert!(t >= last_t, "t_ms never goes back: {out}");
        last_t = t;
    }
    let plan = of("plan");
    let plan = plan.last().expect("a plan event");
    // The folder's 12 files and file10.txt; the folder is counted apart.
    assert_eq!(plan["files_total"], 13, "{out}");
    assert_eq!(plan["folders_total"], 1, "{out}");
    assert_eq!(plan["bytes_total"], 10 + 12 * 10, "{out}");
    let progress = of("progress");
    let last = progress.last().expect("progress events");
    for field in [
        "files_done",
        "folders_done",
        "bytes_done",
        "bytes_on_device",
    ] {
        assert!(last[field].is_u64(), "{field}: {last}");
    }
    assert_eq!(last["files_done"], 13, "{last}");
    assert_eq!(last["folders_done"], 1, "{last}");
    assert_eq!(last["bytes_on_device"], last["bytes_done"], "a local disk");
    assert!(
        progress.iter().any(|p| p["current"].as_str().is_some()),
        "the folder being copied is named: {out}"
    );
    let states: Vec<&str> = of("state")
        .iter()
        .filter_map(|v| v["state"].as_str())
        .collect();
    assert_eq!(states.first(), Some(&"scanning"), "{out}");
    assert!(states.contains(&"copying"), "{out}");
    assert_eq!(states.last(), Some(&"done"), "{out}");
    let placed = of("placed");
    assert_eq!(placed.len(), 2, "{out}");
    assert!(placed.iter().all(|p| p["new"] == true));
    let finished = lines.last().expect("lines");
    assert_eq!(kind(finished).as_deref(), Some("finished"));
    assert_eq!(finished["ok"], true);
    assert_eq!(finished["failed"], 0);
    assert_eq!(finished["files_done"], 13);
    assert_eq!(finished["folders_done"], 1);
    assert_eq!(
        std::fs::read(dest.path().join("file10.txt")).expect("copied"),
        b"0123456789"
    );
    assert!(dest.path().join("sub").is_dir());
}

#[test]
fn without_a_terminal_a_conflict_fails_the_item_and_never_overwrites() {
    let t = tree();
    let dest = tempfile::tempdir().expect("dest");
    std::fs::write(dest.path().join("file9.txt"), b"keep me").expect("write");
    let o = copy_with("json", &[&t.path().join("file9.txt"), dest.path()]);
    assert!(!o.status.success());
    assert!(stdout(&o).contains("\"event\":\"item_failed\""));
    assert_eq!(
        std::fs::read(dest.path().join("file9.txt")).expect("kept"),
        b"keep me"
    );
    let o = run(porpoise()
        .args(["copy", "--on-conflict=rename", "--progress=none"])
        .arg(t.path().join("file9.txt"))
        .arg(dest.path()));
    assert!(o.status.success());
    assert_eq!(
        std::fs::read(dest.path().join("file9 (1).txt")).expect("renamed copy"),
        b"x"
    );
}

#[test]
fn move_and_rm_work_on_the_binary() {
    let t = tree();
    let dest = tempfile::tempdir().expect("dest");
    let o = run(porpoise()
        .args(["move", "--progress=none"])
        .arg(t.path().join("sub"))
        .arg(dest.path()));
    assert!(o.status.success());
    assert!(!t.path().join("sub").exists() && dest.path().join("sub").is_dir());
    let o = run(porpoise()
        .args(["rm", "--progress=none"])
        .arg(dest.path().join("sub"))
        .arg(t.path().join("file10.txt")));
    assert!(o.status.success());
    assert!(!dest.path().join("sub").exists() && !t.path().join("file10.txt").exists());
    let o = run(porpoise().args(["rm"]).arg(t.path().join("not-there")));
    let err = failed_saying(&o);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot remove {}: No such file or directory (os error 2)\n\
             porpoise: 1 of 1 item could not be removed\n",
            t.path().join("not-there").display()
        )
    );
}

#[test]
fn without_a_terminal_each_failed_item_is_named_with_its_reason() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o777);
    let src = new_folder(t.path(), "src");
    for name in ["a.txt", "b.txt", "c.txt"] {
        std::fs::write(src.join(name), name).expect("write");
    }
    let dest = new_folder(t.path(), "dest");
    give_to_unprivileged(t.path());
    chmod(&src.join("b.txt"), 0o000);

    let o = unprivileged(
        t.path(),
        &[
            OsStr::new("copy"),
            src.join("a.txt").as_os_str(),
            src.join("b.txt").as_os_str(),
            src.join("c.txt").as_os_str(),
            dest.as_os_str(),
        ],
    );
    let err = failed_saying(&o);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot copy {}: Permission denied (os error 13)\n\
             porpoise: 1 of 3 items could not be copied\n",
            src.join("b.txt").display()
        )
    );
    assert!(dest.join("a.txt").exists() && dest.join("c.txt").exists());
}

#[test]
fn a_failed_item_clears_the_bar_before_its_line() {
    let t = tree();
    let dest = tempfile::tempdir().expect("dest");
    let gone = t.path().join("gone.txt");
    let o = copy_with("bar", &[&t.path().join("file9.txt"), &gone, dest.path()]);
    let err = failed_saying(&o);
    let line = format!(
        "porpoise: cannot copy {}: No such file or directory (os error 2)\n",
        gone.display()
    );
    assert!(
        err.contains(&format!("\r\x1b[K{line}")) && err.matches(&line).count() == 1,
        "{err:?}"
    );
    assert!(
        err.ends_with("porpoise: 1 of 2 items could not be copied\n"),
        "{err:?}"
    );
}

#[test]
fn refusals_and_odd_names_are_told_in_words() {
    let t = tree();
    let sub = t.path().join("sub");
    let file = t.path().join("file9.txt");
    // (command, source, destination, why it is refused, what was not done)
    let refused = [
        ("copy", &sub, sub.as_path(), "into itself", "copied"),
        ("move", &file, t.path(), "onto itself", "moved"),
    ];
    for (command, source, dest, why, not_done) in refused {
        let o = run(porpoise().arg(command).arg(source).arg(dest));
        assert_eq!(
            failed_saying(&o),
            format!(
                "porpoise: cannot {command} {} {why}\n\
                 porpoise: 1 of 1 item could not be {not_done}\n",
                source.display()
            ),
            "{command}"
        );
    }
    // Names are escaped as `ls` prints them.
    let odd = t.path().join(OsStr::from_bytes(b"gone\xff\nname"));
    let o = run(porpoise().arg("rm").arg(&odd));
    assert!(!o.status.success());
    let err = stderr_utf8(&o);
    assert_eq!(
        err,
        format!(
            "porpoise: cannot remove {}/gone\\xff\\nname: No such file or directory (os error 2)\n\
             porpoise: 1 of 1 item could not be removed\n",
            t.path().display()
        )
    );
    // JSON lines keep their codes.
    let o = copy_with("json", &[&sub, &sub]);
    let failed = failed_items(&json_lines(&o));
    assert_eq!(
        failed,
        vec![(sub.to_string_lossy().into_owned(), "into_itself".into())]
    );
}

/// Stderr, which must be UTF-8: names in it are escaped.
fn stderr_utf8(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8, names are escaped")
}

/// The JSON lines of a job run, parsed.
fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn failed_items(lines: &[serde_json::Value]) -> Vec<(String, String)> {
    lines
        .iter()
        .filter(|v| v["event"] == "item_failed")
        .map(|v| {
            (
                v["path"].as_str().unwrap_or_default().to_owned(),
                v["error"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[test]
fn an_unreadable_folder_fails_clearly_and_a_move_keeps_it() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o777);
    let src = t.path().join("src");
    std::fs::create_dir_all(src.join("open")).expect("mkdir");
    std::fs::write(src.join("open/a.txt"), b"a").expect("write");
    std::fs::create_dir(src.join("closed")).expect("mkdir");
    std::fs::write(src.join("closed/secret.txt"), b"s").expect("write");
    let dest = new_folder(t.path(), "dest");
    give_to_unprivileged(t.path());
    chmod(&src.join("closed"), 0o000);

    let o = copy_unprivileged(t.path(), &src, &dest);
    assert!(!o.status.success());
    let lines = json_lines(&o);
    let failed = failed_items(&lines);
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].0.ends_with("src/closed"), "{failed:?}");
    assert!(failed[0].1.contains("Permission denied"), "{failed:?}");
    let finished = lines.last().expect("lines");
    assert_eq!(finished["event"], "finished");
    assert_eq!(finished["ok"], false);
    assert_eq!(finished["failed"], 1);
    assert_eq!(
        std::fs::read(dest.join("src/open/a.txt")).expect("the rest is copied"),
        b"a"
    );
    // The failed item is named with its reason, and a last line says what was not done.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "porpoise: cannot copy {}: Permission denied (os error 13)\n",
            src.join("closed").display()
        )) && err.ends_with("could not be copied\n"),
        "{err}"
    );

    // A move across filesystems copies, and must keep a source it could not copy whole.
    let Ok(other) = tempfile::tempdir_in("/dev/shm") else {
        return;
    };
    chmod(other.path(), 0o777);
    let o = unprivileged(
        t.path(),
        &[
            OsStr::new("move"),
            OsStr::new("--progress=none"),
            src.as_os_str(),
            other.path().as_os_str(),
        ],
    );
    assert!(!o.status.success());
    chmod(&src.join("closed"), 0o755);
    assert_eq!(
        std::fs::read(src.join("closed/secret.txt")).expect("kept"),
        b"s"
    );
    assert!(src.join("open/a.txt").exists(), "the source stays whole");
}

#[test]
fn an_unreadable_file_fails_clearly_and_leaves_no_empty_copy() {
    // Copies are created before their source is opened: a source that cannot be read
    // must not leave an empty file under its name.
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o777);
    let src = new_folder(t.path(), "src");
    for i in 0..300 {
        std::fs::write(src.join(format!("f{i:03}")), format!("{i}")).expect("write");
    }
    let dest = new_folder(t.path(), "dest");
    give_to_unprivileged(t.path());
    chmod(&src.join("f150"), 0o000);

    let o = copy_unprivileged(t.path(), &src, &dest);
    assert!(!o.status.success());
    let failed = failed_items(&json_lines(&o));
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].0.ends_with("src/f150"), "{failed:?}");
    assert!(failed[0].1.contains("Permission denied"), "{failed:?}");
    let copied = dest.join("src");
    assert!(!copied.join("f150").exists(), "no empty copy is left");
    let names = std::fs::read_dir(&copied).expect("copied").count();
    assert_eq!(
        names, 299,
        "every other file is copied, nothing else is there"
    );
    for i in (0..300).filter(|&i| i != 150) {
        assert_eq!(
            std::fs::read_to_string(copied.join(format!("f{i:03}"))).expect("copied"),
            format!("{i}")
        );
    }
}

#[test]
fn a_vanished_source_is_one_clear_failure_and_the_rest_is_copied() {
    let t = tree();
    let dest = tempfile::tempdir().expect("dest");
    let gone = t.path().join("gone.txt");
    let o = copy_with("json", &[&gone, &t.path().join("file9.txt"), dest.path()]);
    assert!(!o.status.success());
    let lines = json_lines(&o);
    let failed = failed_items(&lines);
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].0, gone.to_string_lossy());
    assert!(failed[0].1.contains("No such file"), "{failed:?}");
    assert_eq!(
        std::fs::read(dest.path().join("file9.txt")).expect("copied"),
        b"x"
    );
}
