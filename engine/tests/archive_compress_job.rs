//! Archives made by the compression job from a real tree: a .tar.zst and a .zip read back
//! through `each_entry` and checked by the real tools, progress reaching the planned
//! totals, the archive placed (what undo removes); a cancel while paused leaving neither
//! the archive nor a partial file; an archive already there refused untouched.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::archive::compress::{CompressOptions, OutFormat};
use porpoise_engine::archive::list::Kind;
use porpoise_engine::error::Reason;
use porpoise_engine::jobs::{self, Control, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::archives::{entries, read_back};
use porpoise_testkit::jobs::{Outcome, finish, follow};
use porpoise_testkit::trees::names_in;
use porpoise_testkit::{have, skip};

/// A tree in `dir`/album: a large file, small ones, nested folders and a link.
fn tree(dir: &Path) -> PathBuf {
    let src = dir.join("album");
    std::fs::create_dir_all(src.join("2026/raw")).expect("mkdir");
    let big: Vec<u8> = (0..4_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(src.join("2026/big.bin"), big).expect("write");
    for i in 0..50 {
        std::fs::write(src.join(format!("2026/raw/{i:02}.txt")), format!("{i}\n")).expect("write");
    }
    std::fs::write(src.join("notes.txt"), "notes\n".repeat(1000)).expect("write");
    std::os::unix::fs::symlink("notes.txt", src.join("link")).expect("symlink");
    src
}

fn spec(src: &Path, out: &Path) -> JobSpec {
    let format = OutFormat::from_name(out.as_os_str()).expect("format");
    JobSpec::compress(
        vec![src.to_owned()],
        out.to_owned(),
        CompressOptions {
            format,
            level: None,
            password: None,
        },
    )
}

/// The job went through compressing, its last progress reached its planned totals, and
/// it placed the archive as new.
fn check_run(done: &Outcome, src: &Path, out: &Path) {
    assert_eq!(done.state, JobState::Done, "{:?}", done.failed_paths());
    assert!(done.went_through(JobState::Compressing));
    let last = *done.progress().last().expect("progress");
    // 50 small files, the big one, notes.txt and the link; album, 2026 and raw.
    assert_eq!((last.files_total, last.folders_total), (53, 3));
    assert_eq!(last.bytes_total, 4_000_000 + 6000 + 10 * 2 + 40 * 3);
    assert_eq!(last.files_done, last.files_total);
    assert_eq!(last.folders_done, last.folders_total);
    assert_eq!(last.bytes_done, last.bytes_total);
    assert_eq!(done.summary.files_done, 53);
    assert_eq!(done.placed(), [(src.to_owned(), out.to_owned(), true)]);
}

#[test]
fn a_tree_becomes_a_tar_zst_and_a_zip_with_progress_to_the_totals() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    for (name, tool, check) in [
        ("album.tar.zst", "zstd", "tar --zstd -tf album.tar.zst"),
        (
            "album.zip",
            "unzip",
            "unzip -tq album.zip && unzip -l album.zip",
        ),
    ] {
        let out = dir.path().join(name);
        let done = finish(jobs::start(JobKind::Compress, spec(&src, &out)));
        check_run(&done, &src, &out);
        let found = read_back(&out, None).expect("read back");
        for rel in ["2026/big.bin", "2026/raw/07.txt", "notes.txt"] {
            let key = format!("album/{rel}");
            let got = found
                .get(key.as_bytes())
                .unwrap_or_else(|| panic!("{name}: {key} missing"));
            assert_eq!(got.kind, Kind::File, "{key}");
            assert!(
                got.data == std::fs::read(src.join(rel)).expect("read"),
                "{key}"
            );
        }
        assert_eq!(found[b"album/2026/raw".as_slice()].kind, Kind::Folder);
        assert_eq!(found[b"album/link".as_slice()].kind, Kind::Symlink);
        assert_eq!(found.len(), 56, "{name}");
        if !have(tool) {
            skip(&format!("{tool} is needed to check {name}"));
            continue;
        }
        let listed = Command::new("sh")
            .args(["-c", check])
            .current_dir(dir.path())
            .output()
            .expect("run the tool");
        assert!(listed.status.success(), "{name}: {listed:?}");
        let text = String::from_utf8_lossy(&listed.stdout);
        assert!(text.contains("album/2026/big.bin"), "{name}: {text}");
    }
}

#[test]
fn a_cancel_while_paused_leaves_no_archive_and_no_partial_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let out = dir.path().join("album.zip");
    let control = Control::new();
    control.pause();
    let job = jobs::start_with(JobKind::Compress, spec(&src, &out), control);
    let done = follow(&job, |job, ev| {
        if matches!(ev, JobEvent::State(JobState::Paused)) {
            job.control.cancel();
        }
    });
    assert_eq!(done.state, JobState::Cancelled);
    assert!(done.went_through(JobState::Paused));
    assert!(done.failed_paths().is_empty());
    assert_eq!(names_in(dir.path()), vec!["album"]);
    assert!(done.placed().is_empty());
}

#[test]
fn a_paused_job_goes_on_when_resumed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let out = dir.path().join("album.tar.zst");
    let control = Control::new();
    control.pause();
    let job = jobs::start_with(JobKind::Compress, spec(&src, &out), control);
    let mut read_while_paused = None;
    let done = follow(&job, |job, ev| {
        if matches!(ev, JobEvent::State(JobState::Paused)) && read_while_paused.is_none() {
            // Nothing is read while paused: the archive is not there yet.
            read_while_paused = Some(out.exists());
            job.control.resume();
        }
    });
    assert_eq!(read_while_paused, Some(false));
    check_run(&done, &src, &out);
}

#[test]
fn an_archive_already_there_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = tree(dir.path());
    let out = dir.path().join("album.zip");
    std::fs::write(&out, "mine").expect("write");
    let done = finish(jobs::start(JobKind::Compress, spec(&src, &out)));
    assert_eq!(done.state, JobState::Failed);
    let failed = done.picked(|e| match e {
        JobEvent::ItemFailed { path, error } => Some((path.clone(), error.reason())),
        _ => None,
    });
    assert_eq!(failed, vec![(out.clone(), Reason::Exists)]);
    assert_eq!(std::fs::read(&out).expect("read"), b"mine");
    assert_eq!(names_in(dir.path()), vec!["album", "album.zip"]);
}

#[test]
fn a_zip_of_many_files_keeps_their_order_and_content() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("many");
    std::fs::create_dir(&src).expect("mkdir");
    // More files than the deflate workers take at once, a file too large for them, and a
    // name that is not UTF-8 (written by the job thread in its turn).
    for i in 0..1200 {
        std::fs::write(
            src.join(format!("f{i:04}")),
            format!("file {i}\n").repeat(i % 7 + 1),
        )
        .expect("write");
    }
    let large: Vec<u8> = (0..9_000_000u32).map(|i| (i % 253) as u8).collect();
    std::fs::write(src.join("f0600-large"), &large).expect("write");
    std::fs::write(src.join(OsStr::from_bytes(b"f0700-\xff")), "not utf-8").expect("write");
    let out = dir.path().join("many.zip");
    let done = finish(jobs::start(JobKind::Compress, spec(&src, &out)));
    assert_eq!(done.state, JobState::Done, "{:?}", done.failed_paths());
    let order = entries(&out, None).expect("read back");
    assert_eq!(order.len(), 1 + 1200 + 2);
    let mut names: Vec<Vec<u8>> = order.iter().map(|(n, _)| n.clone()).collect();
    let written = names.clone();
    names.sort();
    assert_eq!(written, names, "entries in name order");
    for (name, got) in &order[1..] {
        let data = &got.data;
        let rel = name.strip_prefix(b"many/").expect("under many/");
        if rel.starts_with(b"f0700-") {
            // Read back as the zip reader reads names not flagged UTF-8 (CP437).
            assert_eq!(data, b"not utf-8");
            continue;
        }
        let want = std::fs::read(src.join(OsStr::from_bytes(rel))).expect("read");
        assert!(*data == want, "{}", String::from_utf8_lossy(name));
    }
}
