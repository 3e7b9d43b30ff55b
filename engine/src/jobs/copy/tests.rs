//! Copies into the sources' own folder, on real temp trees: duplicates beside the
//! originals, where each was placed, and the refusals that stay.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::super::conflict::{Answer, Choice, ConflictPolicy};
use super::super::{JobEvent, JobKind, JobSpec, JobState, Refusal, start};
use crate::jobs::control::Job;

/// Every event of a job until it finishes, and its final state. A conflict is answered
/// "cancel" (and shows in the events): a duplicate must never ask.
fn copy(spec: JobSpec) -> Job {
    start(JobKind::Copy, spec)
}

fn move_items(spec: JobSpec) -> Job {
    start(JobKind::Move, spec)
}

fn finish(job: Job) -> (Vec<JobEvent>, JobState) {
    let mut events = Vec::new();
    while let Some(ev) = job.events.next() {
        if matches!(ev, JobEvent::Conflict(_)) {
            job.control.answer(Answer::new(Choice::Cancel, true));
        }
        if let JobEvent::Finished { state, .. } = ev {
            return (events, state);
        }
        events.push(ev);
    }
    panic!("the job ended without a Finished event");
}

fn spec(sources: &[PathBuf], dest: &Path, on_conflict: ConflictPolicy) -> JobSpec {
    JobSpec {
        on_conflict,
        ..JobSpec::new(sources.to_vec(), dest)
    }
}

/// (source, target, new) of each `Placed` event.
fn placed(events: &[JobEvent]) -> Vec<(PathBuf, PathBuf, bool)> {
    let mut out: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Placed {
                source,
                target,
                new,
            } => Some((source.clone(), target.clone(), *new)),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

fn refusals(events: &[JobEvent]) -> Vec<(PathBuf, Refusal)> {
    events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Refused { path, why } => Some((path.clone(), *why)),
            _ => None,
        })
        .collect()
}

fn no_trouble(events: &[JobEvent]) {
    for e in events {
        assert!(
            !matches!(
                e,
                JobEvent::Conflict(_)
                    | JobEvent::Refused { .. }
                    | JobEvent::ItemFailed { .. }
                    | JobEvent::ItemSkipped { .. }
            ),
            "unexpected {e:?}"
        );
    }
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Relative paths and contents (`None` for a folder) of everything under `root`.
fn tree_of(root: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("read_dir") {
            let p = e.expect("entry").path();
            let rel = p.strip_prefix(root).expect("inside").to_path_buf();
            if p.is_dir() {
                stack.push(p);
                out.push((rel, None));
            } else {
                out.push((rel, Some(read(&p))));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_file_copied_into_its_own_folder_is_duplicated_then_duplicated_again() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, b"remember the milk").expect("write");
    // The window asks about conflicts, the command fails them: neither meets one here.
    for (policy, n) in [(ConflictPolicy::Ask, ""), (ConflictPolicy::Fail, " 2")] {
        let (events, state) = finish(copy(spec(std::slice::from_ref(&notes), dir, policy)));
        no_trouble(&events);
        assert_eq!(state, JobState::Done);
        let copy = dir.join(format!("notes (copy{n}).txt"));
        assert_eq!(read(&copy), b"remember the milk");
        assert_eq!(placed(&events), vec![(notes.clone(), copy, true)]);
    }
    assert_eq!(read(&notes), b"remember the milk");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["notes (copy 2).txt", "notes (copy).txt", "notes.txt"]
    );
}

#[test]
fn a_folder_copied_into_its_own_folder_is_duplicated_whole() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let photos = dir.join("photos");
    std::fs::create_dir_all(photos.join("2026").join("raw")).expect("mkdir");
    std::fs::write(photos.join("a.jpg"), b"a").expect("write");
    std::fs::write(photos.join("2026").join("b.jpg"), b"bb").expect("write");
    std::fs::write(photos.join("2026").join("raw").join("c.cr2"), b"ccc").expect("write");
    let before = tree_of(&photos);
    for n in ["", " 2"] {
        // Keep both does the same: a "(copy)" name, not a "(1)".
        let policy = if n.is_empty() {
            ConflictPolicy::Ask
        } else {
            ConflictPolicy::Rename
        };
        let (events, state) = finish(copy(spec(std::slice::from_ref(&photos), dir, policy)));
        no_trouble(&events);
        assert_eq!(state, JobState::Done);
        let copy = dir.join(format!("photos (copy{n})"));
        assert_eq!(tree_of(&copy), before, "the copy is complete");
        assert_eq!(placed(&events), vec![(photos.clone(), copy, true)]);
    }
    assert_eq!(tree_of(&photos), before, "the original is untouched");
}

#[test]
fn odd_names_get_their_copy_tag_in_the_right_place() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let odd = OsStr::from_bytes(b"caf\xe9.txt");
    let names = [
        OsStr::new("Makefile"),
        OsStr::new(".bashrc"),
        OsStr::new("archive.tar.gz"),
        OsStr::new("notes (copy).txt"),
        odd,
    ];
    let sources: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    for s in &sources {
        std::fs::write(s, s.as_os_str().as_bytes()).expect("write");
    }
    std::fs::create_dir(dir.join("v1.2")).expect("mkdir");
    let mut all = sources.clone();
    all.push(dir.join("v1.2"));
    let (events, state) = finish(copy(spec(&all, dir, ConflictPolicy::Fail)));
    no_trouble(&events);
    assert_eq!(state, JobState::Done);
    let copies = [
        OsStr::new("Makefile (copy)"),
        OsStr::new(".bashrc (copy)"),
        OsStr::new("archive (copy).tar.gz"),
        OsStr::new("notes (copy 2).txt"),
        OsStr::from_bytes(b"caf\xe9 (copy).txt"),
    ];
    for (s, c) in sources.iter().zip(copies) {
        assert_eq!(read(&dir.join(c)), s.as_os_str().as_bytes(), "{c:?}");
    }
    assert!(dir.join("v1.2 (copy)").is_dir());
    let mut want: Vec<_> = sources
        .iter()
        .zip(copies)
        .map(|(s, c)| (s.clone(), dir.join(c), true))
        .collect();
    want.push((dir.join("v1.2"), dir.join("v1.2 (copy)"), true));
    want.sort();
    assert_eq!(placed(&events), want);
}

#[test]
fn only_a_copy_duplicates_and_a_folder_still_never_goes_into_itself() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, b"n").expect("write");
    let photos = dir.join("photos");
    std::fs::create_dir_all(photos.join("sub")).expect("mkdir");
    std::fs::write(photos.join("p.jpg"), b"p").expect("write");
    let before = tree_of(dir);

    // A move into its own folder stays refused, whatever the rule.
    for policy in [ConflictPolicy::Fail, ConflictPolicy::Overwrite] {
        let (events, state) = finish(move_items(spec(std::slice::from_ref(&notes), dir, policy)));
        assert_eq!(state, JobState::Failed);
        assert_eq!(
            refusals(&events),
            vec![(notes.clone(), Refusal::OntoItself)]
        );
        assert_eq!(tree_of(dir), before);
    }

    // A folder into itself or one of its subfolders stays refused.
    for into in [photos.clone(), photos.join("sub")] {
        let (events, state) = finish(copy(spec(
            std::slice::from_ref(&photos),
            &into,
            ConflictPolicy::Ask,
        )));
        assert_eq!(state, JobState::Failed);
        assert_eq!(
            refusals(&events),
            vec![(photos.clone(), Refusal::IntoItself)]
        );
        assert_eq!(tree_of(dir), before);
    }

    // A copy of the same sources into their folder duplicates them.
    let (events, state) = finish(copy(spec(
        &[notes.clone(), photos.clone()],
        dir,
        ConflictPolicy::Overwrite,
    )));
    no_trouble(&events);
    assert_eq!(state, JobState::Done);
    assert_eq!(read(&notes), b"n");
    assert_eq!(read(&dir.join("notes (copy).txt")), b"n");
    assert_eq!(tree_of(&dir.join("photos (copy)")), tree_of(&photos));
}

#[test]
fn a_hard_link_in_another_folder_is_still_not_copied_over() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    std::fs::create_dir(&a).expect("mkdir");
    std::fs::create_dir(&b).expect("mkdir");
    std::fs::write(a.join("x"), b"x").expect("write");
    std::fs::hard_link(a.join("x"), b.join("x")).expect("link");
    let (events, state) = finish(copy(spec(&[a.join("x")], &b, ConflictPolicy::Overwrite)));
    assert_eq!(state, JobState::Failed);
    assert_eq!(refusals(&events), vec![(a.join("x"), Refusal::OntoItself)]);
    assert_eq!(tree_of(&b), vec![(PathBuf::from("x"), Some(b"x".to_vec()))]);
}
