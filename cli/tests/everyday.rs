//! What the command says and does in everyday use, against the built binary: messages name
//! the file they are about (the copy that exists, the destination that cannot be written),
//! `ls` of a file, output cut short by `head`, a locale without a language, `find` without
//! a name pattern, and the header of `mounts`.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use porpoise_testkit::trees::{chmod, new_folder};

fn porpoise() -> Command {
    Command::new(env!("CARGO_BIN_EXE_porpoise"))
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("run porpoise")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_copy_onto_existing_files_names_the_files_that_exist_not_their_sources() {
    let t = tempfile::tempdir().expect("tempdir");
    let docs = new_folder(t.path(), "docs");
    for i in 0..3 {
        std::fs::write(docs.join(format!("note-{i}.txt")), b"n").expect("write");
    }
    let out = new_folder(t.path(), "out");
    let first = run(porpoise().arg("copy").arg(&docs).arg(&out));
    assert!(first.status.success(), "{}", stderr(&first));

    let again = run(porpoise().arg("copy").arg(&docs).arg(&out));
    assert!(!again.status.success(), "the names exist");
    let err = stderr(&again);
    for i in 0..3 {
        let copy = out.join(format!("docs/note-{i}.txt"));
        assert!(
            err.contains(&format!(
                "porpoise: cannot create {}: File exists",
                copy.display()
            )),
            "names the copy that exists:\n{err}"
        );
    }
    assert!(
        !err.contains(&docs.join("note-0.txt").display().to_string()),
        "the source is not what failed:\n{err}"
    );
}

#[test]
fn a_folder_the_user_cannot_write_into_is_refused_before_anything_is_copied() {
    let t = tempfile::tempdir().expect("tempdir");
    chmod(t.path(), 0o777);
    let src = new_folder(t.path(), "src");
    for i in 0..3 {
        std::fs::write(src.join(format!("file-{i:02}.txt")), b"f").expect("write");
    }
    let locked = new_folder(t.path(), "locked");
    porpoise_testkit::nobody::give(t.path());
    chmod(&locked, 0o555);

    let program = Path::new(env!("CARGO_BIN_EXE_porpoise"));
    let o = run(porpoise_testkit::nobody::command(program, t.path()).args([
        OsStr::new("copy"),
        src.as_os_str(),
        locked.as_os_str(),
    ]));
    chmod(&locked, 0o755);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("the destination is read-only"),
        "refused up front, in words about the destination:\n{err}"
    );
    assert!(
        !err.contains("file-0"),
        "no file was tried, so none is named:\n{err}"
    );
    assert_eq!(std::fs::read_dir(&locked).expect("read").count(), 0);
}

#[test]
fn ls_of_a_file_prints_it_as_ls_does() {
    let t = tempfile::tempdir().expect("tempdir");
    let file = t.path().join("report.txt");
    std::fs::write(&file, b"12345").expect("write");

    let o = run(porpoise().arg("ls").arg(&file));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("{}\n", file.display())
    );

    let o = run(porpoise()
        .arg("ls")
        .arg("-l")
        .arg("report.txt")
        .current_dir(t.path()));
    assert!(o.status.success(), "{}", stderr(&o));
    let line = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(line.starts_with("-rw"), "{line}");
    assert!(
        line.trim_end().ends_with(" 5 ") || line.contains(" 5 "),
        "{line}"
    );
    assert!(line.trim_end().ends_with("report.txt"), "{line}");
}

#[test]
fn output_cut_short_by_its_reader_ends_the_command_quietly() {
    let t = tempfile::tempdir().expect("tempdir");
    for i in 0..20_000 {
        std::fs::write(t.path().join(format!("entry-with-a-long-name-{i:05}")), b"")
            .expect("write");
    }
    let mut child = porpoise()
        .arg("ls")
        .arg(t.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start porpoise ls");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("the first line");
    assert!(first.starts_with("entry-with-a-long-name-"), "{first}");
    // As `head -1` does: the reader goes away.
    drop(reader);
    let o = child.wait_with_output().expect("wait");
    assert_eq!(stderr(&o), "", "nothing is said, as ls says nothing");
    assert_ne!(o.status.code(), Some(1), "not a failure of its own");
}

#[test]
fn a_locale_without_a_language_starts_without_complaint() {
    let t = tempfile::tempdir().expect("tempdir");
    for locale in ["C.UTF-8", "C", "POSIX"] {
        let o = run(porpoise()
            .arg("ls")
            .arg(t.path())
            .env_remove("LANGUAGE")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", locale));
        assert!(o.status.success());
        assert_eq!(stderr(&o), "", "LANG={locale}");
    }
}

#[test]
fn find_with_content_needs_no_name_pattern() {
    let t = tempfile::tempdir().expect("tempdir");
    std::fs::write(t.path().join("a.txt"), b"the needle is here").expect("write");
    std::fs::write(t.path().join("b.md"), b"nothing").expect("write");
    let o = run(porpoise()
        .arg("find")
        .arg(t.path())
        .arg("--content")
        .arg("needle"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("{}\n", t.path().join("a.txt").display())
    );
}
