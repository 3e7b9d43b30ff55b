//! A folder copied or moved onto a folder of the same name, and names typed in answer to
//! a conflict, on real temp trees: merging is asked (merge, skip, keep both or a new
//! name), "Apply to all" merges the rest without asking, and a typed name is taken for
//! its item alone.

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::conflict::{Answer, Choice};
use porpoise_engine::jobs::events::Conflict;
use porpoise_engine::jobs::{self, ConflictPolicy, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::{Outcome, finish, finish_answering};
use porpoise_testkit::trees::names_in;

fn spec(sources: &[PathBuf], dest: &Path, on_conflict: ConflictPolicy) -> JobSpec {
    JobSpec {
        on_conflict,
        ..JobSpec::new(sources.to_vec(), dest)
    }
}

fn write(path: &Path, data: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, data).expect("write");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `src/photos` with a.jpg and b.jpg, and `dest/photos` with b.jpg (older words) and
/// old.jpg.
fn two_photos_folders(root: &Path) -> (PathBuf, PathBuf) {
    let src = root.join("src").join("photos");
    write(&src.join("a.jpg"), "new a");
    write(&src.join("b.jpg"), "new b");
    let dest = root.join("dest");
    write(&dest.join("photos").join("b.jpg"), "old b");
    write(&dest.join("photos").join("old.jpg"), "old");
    (src, dest)
}

/// Run `kind` of `src` into `dest` asking, answering each conflict with `answer`; the
/// conflicts asked, in order.
fn run(
    kind: JobKind,
    src: &Path,
    dest: &Path,
    mut answer: impl FnMut(&Conflict) -> Answer,
) -> (Outcome, Vec<Conflict>) {
    let mut asked = Vec::new();
    let out = finish_answering(
        jobs::start(kind, spec(&[src.to_owned()], dest, ConflictPolicy::Ask)),
        |ev| {
            let JobEvent::Conflict(c) = ev else {
                return None;
            };
            asked.push(c.clone());
            Some(answer(c))
        },
    );
    (out, asked)
}

#[test]
fn a_folder_onto_a_folder_asks_and_merge_puts_its_entries_in() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, dest) = two_photos_folders(tmp.path());
    let (out, asked) = run(JobKind::Copy, &src, &dest, |c| {
        if c.target_is_dir {
            Answer::new(Choice::Merge, false)
        } else {
            Answer::new(Choice::Overwrite, false)
        }
    });
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        asked.len(),
        2,
        "the folder, then b.jpg inside it: {asked:?}"
    );
    assert!(asked[0].source_is_dir && asked[0].target_is_dir);
    assert_eq!(asked[0].target, Path::new("photos"));
    assert!(!asked[1].target_is_dir, "{:?}", asked[1]);
    let merged = dest.join("photos");
    assert_eq!(names_in(&merged), ["a.jpg", "b.jpg", "old.jpg"]);
    assert_eq!(read(&merged.join("b.jpg")), "new b");
    assert_eq!(read(&merged.join("old.jpg")), "old");
}

#[test]
fn skipping_a_folder_leaves_both_as_they_were_and_a_move_keeps_its_source() {
    for kind in [JobKind::Copy, JobKind::Move] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let (src, dest) = two_photos_folders(tmp.path());
        let (out, asked) = run(kind, &src, &dest, |_| Answer::new(Choice::Skip, false));
        assert_eq!(asked.len(), 1, "{kind:?}: only the folder is asked");
        assert_ne!(out.state, JobState::Cancelled, "{kind:?}");
        assert_eq!(
            names_in(&dest.join("photos")),
            ["b.jpg", "old.jpg"],
            "{kind:?}"
        );
        assert_eq!(read(&dest.join("photos").join("b.jpg")), "old b");
        assert_eq!(
            names_in(&src),
            ["a.jpg", "b.jpg"],
            "{kind:?}: the source stays"
        );
    }
}

#[test]
fn keep_both_gives_the_incoming_folder_a_free_name() {
    for kind in [JobKind::Copy, JobKind::Move] {
        let tmp = tempfile::tempdir().expect("tempdir");
        let (src, dest) = two_photos_folders(tmp.path());
        let (out, asked) = run(kind, &src, &dest, |_| Answer::new(Choice::Rename, false));
        assert_eq!(out.state, JobState::Done, "{kind:?}: {:?}", out.events);
        assert_eq!(asked.len(), 1);
        assert_eq!(names_in(&dest), ["photos", "photos (1)"], "{kind:?}");
        assert_eq!(names_in(&dest.join("photos (1)")), ["a.jpg", "b.jpg"]);
        assert_eq!(names_in(&dest.join("photos")), ["b.jpg", "old.jpg"]);
        assert_eq!(src.exists(), kind == JobKind::Copy, "{kind:?}");
    }
}

#[test]
fn a_typed_name_is_taken_and_a_taken_one_is_asked_about_again() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, dest) = two_photos_folders(tmp.path());
    std::fs::create_dir(dest.join("summer")).expect("mkdir");
    let mut answers = vec![
        Answer::rename_to("holiday".into()),
        Answer::rename_to("summer".into()),
    ]
    .into_iter();
    // First "summer" (taken: asked again about it), then "holiday".
    let (out, asked) = run(JobKind::Copy, &src, &dest, |_| {
        answers.next_back().expect("no more questions than answers")
    });
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let targets: Vec<_> = asked.iter().map(|c| c.target.clone()).collect();
    assert_eq!(targets, [PathBuf::from("photos"), PathBuf::from("summer")]);
    assert_eq!(names_in(&dest), ["holiday", "photos", "summer"]);
    assert_eq!(names_in(&dest.join("holiday")), ["a.jpg", "b.jpg"]);
    assert!(
        names_in(&dest.join("summer")).is_empty(),
        "summer was left alone"
    );

    // A file's conflict takes a typed name the same way.
    let note = tmp.path().join("note.txt");
    write(&note, "new note");
    write(&dest.join("note.txt"), "old note");
    let (out, asked) = run(JobKind::Copy, &note, &dest, |_| {
        Answer::rename_to("note from home.txt".into())
    });
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(asked.len(), 1);
    assert_eq!(read(&dest.join("note from home.txt")), "new note");
    assert_eq!(read(&dest.join("note.txt")), "old note");
}

#[test]
fn a_typed_name_no_folder_can_hold_fails_the_item_and_writes_nowhere() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, dest) = two_photos_folders(tmp.path());
    for bad in ["../escaped", "", "..", "a\0b"] {
        let (out, _) = run(JobKind::Copy, &src, &dest, |_| {
            Answer::rename_to(bad.into())
        });
        assert_eq!(out.state, JobState::Failed, "{bad:?}: {:?}", out.events);
        assert_eq!(names_in(&dest), ["photos"], "{bad:?}");
        assert_eq!(names_in(tmp.path()), ["dest", "src"], "{bad:?}");
    }
}

#[test]
fn merge_for_all_merges_the_next_folder_without_asking_and_other_rules_never_ask() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = tmp.path().join("src");
    let dest = tmp.path().join("dest");
    for d in ["one", "two"] {
        write(&src.join(d).join("new.txt"), d);
        write(&dest.join(d).join("old.txt"), d);
    }
    let mut asked = 0;
    let out = finish_answering(
        jobs::start(
            JobKind::Copy,
            spec(
                &[src.join("one"), src.join("two")],
                &dest,
                ConflictPolicy::Ask,
            ),
        ),
        |_| {
            asked += 1;
            Some(Answer::new(Choice::Merge, true))
        },
    );
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(asked, 1, "one answer for both folders");
    for d in ["one", "two"] {
        assert_eq!(names_in(&dest.join(d)), ["new.txt", "old.txt"]);
    }

    // The command's rules merge as before, asking nothing.
    for policy in [
        ConflictPolicy::Skip,
        ConflictPolicy::Overwrite,
        ConflictPolicy::Fail,
    ] {
        let into = tmp.path().join(format!("{policy:?}"));
        write(&into.join("one").join("old.txt"), "old");
        let out = finish(jobs::start(
            JobKind::Copy,
            spec(&[src.join("one")], &into, policy),
        ));
        assert_eq!(out.state, JobState::Done, "{policy:?}: {:?}", out.events);
        assert_eq!(
            names_in(&into.join("one")),
            ["new.txt", "old.txt"],
            "{policy:?}"
        );
    }
}
