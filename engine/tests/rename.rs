//! The batch rename job on real trees: it gives every item exactly the name the plan
//! previewed, its reversed job (what undo runs) gives every name back, swaps and cycles
//! go through a temporary name, and a name that is taken fails that item and loses
//! nothing.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use porpoise_engine::jobs::rename::RenameJob;
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_engine::rename::{CaseChange, Item, Plan, Rules};
use porpoise_testkit::jobs::{Outcome, finish};

/// Every name in `dir` with its file's contents.
fn contents(dir: &Path) -> BTreeMap<Vec<u8>, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| {
            let e = e.expect("entry");
            let body = std::fs::read(e.path()).unwrap_or_else(|_| b"<folder>".to_vec());
            (e.file_name().as_bytes().to_vec(), body)
        })
        .collect()
}

/// Files named `names` in `dir`, each holding its own name.
fn files(dir: &Path, names: &[&[u8]]) {
    for n in names {
        std::fs::write(dir.join(OsStr::from_bytes(n)), n).expect("write");
    }
}

fn run(dir: &Path, renames: Vec<(OsString, OsString)>) -> Outcome {
    finish(jobs::start(
        JobKind::Rename,
        JobSpec::rename(RenameJob {
            dir: dir.to_owned(),
            renames: renames.into(),
        }),
    ))
}

fn placed(out: &Outcome) -> Vec<(PathBuf, PathBuf)> {
    out.events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Placed { source, target, .. } => Some((source.clone(), target.clone())),
            _ => None,
        })
        .collect()
}

fn pairs(p: &[(&[u8], &[u8])]) -> Vec<(OsString, OsString)> {
    p.iter()
        .map(|(a, b)| {
            (
                OsStr::from_bytes(a).to_owned(),
                OsStr::from_bytes(b).to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_previewed_names_are_given_and_the_reversed_job_gives_them_back() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let shown: &[&[u8]] = &[b"IMG_3.JPG", b"IMG_1.JPG", b"caf\xe9 IMG.png", b"other.txt"];
    files(dir, shown);
    std::fs::create_dir(dir.join("IMG folder")).expect("mkdir");
    let before = contents(dir);

    let rules = Rules {
        find: "img".into(),
        replace: "Holiday".into(),
        case_sensitive: false,
        numbering: String::new(),
        case: CaseChange::Keep,
        after: " #".into(),
        ..Rules::default()
    };
    let mut items: Vec<Item> = shown[..3]
        .iter()
        .map(|n| Item {
            name: OsStr::from_bytes(n).to_owned(),
            is_dir: false,
        })
        .collect();
    items.push(Item {
        name: "IMG folder".into(),
        is_dir: true,
    });
    let plan = Plan::make(&rules.compile().expect("rules"), &items, |n| {
        dir.join(n).symlink_metadata().is_ok()
    });
    assert!(plan.is_ready(), "{plan:?}");
    let out = run(dir, plan.renames());
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    // Three files and a folder, each renamed whole.
    assert_eq!(out.summary.files_done, 3);
    assert_eq!(out.summary.folders_done, 1);

    // Exactly the previewed names, each with its own contents; the rest as it was.
    let after = contents(dir);
    let mut expected = before.clone();
    for p in &plan.items {
        let body = expected.remove(p.old.as_bytes()).expect("was there");
        expected.insert(p.new.as_bytes().to_vec(), body);
    }
    assert_eq!(after, expected);
    assert!(
        after.contains_key(&b"caf\xe9 Holiday #.png"[..]),
        "{after:?}"
    );
    assert!(
        after.contains_key(&b"Holiday folder #"[..]),
        "a folder has no extension"
    );

    // Undo: the placed items, each back to its old name, in one job.
    let back: Vec<(OsString, OsString)> = placed(&out)
        .into_iter()
        .map(|(source, target)| {
            (
                target.file_name().expect("name").to_owned(),
                source.file_name().expect("name").to_owned(),
            )
        })
        .collect();
    assert_eq!(back.len(), 4);
    let undone = run(dir, back);
    assert_eq!(undone.state, JobState::Done, "{:?}", undone.events);
    assert_eq!(contents(dir), before);
}

#[test]
fn a_swap_and_a_cycle_of_three_go_through_temporary_names() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    files(dir, &[b"a", b"b", b"1", b"2", b"\xff3", b"keep"]);
    let before = contents(dir);
    let job = RenameJob {
        dir: dir.to_owned(),
        renames: Arc::from(pairs(&[
            (b"a", b"b"),
            (b"b", b"a"),
            (b"1", b"2"),
            (b"2", b"\xff3"),
            (b"\xff3", b"1"),
        ])),
    };
    let out = finish(jobs::start(JobKind::Rename, JobSpec::rename(job.clone())));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    let after = contents(dir);
    assert_eq!(after[&b"a"[..]], b"b");
    assert_eq!(after[&b"b"[..]], b"a");
    assert_eq!(after[&b"1"[..]], b"\xff3");
    assert_eq!(after[&b"2"[..]], b"1");
    assert_eq!(after[&b"\xff3"[..]], b"2");
    assert_eq!(
        after.len(),
        before.len(),
        "no temporary name is left: {after:?}"
    );
    assert_eq!(placed(&out).len(), 5);

    let undone = finish(jobs::start(
        JobKind::Rename,
        JobSpec::rename(job.reversed()),
    ));
    assert_eq!(undone.state, JobState::Done);
    assert_eq!(contents(dir), before);
}

#[test]
fn a_taken_name_fails_that_item_and_loses_nothing() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    files(dir, &[b"a", b"b", b"taken", b"c"]);
    let before = contents(dir);
    // "b" → "taken" meets a file that is not renamed; "a" → "b" waits for "b", which
    // stays; "c" → "d" goes.
    let out = run(
        dir,
        pairs(&[
            (b"a", b"b"),
            (b"b", b"taken"),
            (b"c", b"d"),
            (b"c2", b"x/y"),
        ]),
    );
    assert_eq!(out.state, JobState::Failed);
    assert_eq!(out.summary.files_done, 1);
    assert_eq!(out.summary.folders_done, 0);
    assert_eq!(out.summary.failed, 3);
    let failed = out.failed_paths();
    for name in ["a", "b", "c2"] {
        assert!(
            failed.contains(&dir.join(name)),
            "{name} failed: {failed:?}"
        );
    }
    let after = contents(dir);
    let mut expected = before;
    let body = expected.remove(&b"c"[..]).expect("c");
    expected.insert(b"d".to_vec(), body);
    assert_eq!(after, expected, "every file keeps its name and contents");
}
