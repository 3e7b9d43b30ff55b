//! The permissions job on real trees: a folder's change reaches its contents as
//! `chmod -R` with `X` would, links are left alone, the job names every item it changed
//! with its mode before, and a restore job gives each its mode back.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::jobs::modes::{ModeChange, ModeJob};
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::{Outcome, finish};

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path)
        .expect("stat")
        .permissions()
        .mode()
        & 0o7777
}

fn set(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// What `find` says of every item below `root` (links as they are): name and mode,
/// sorted.
fn stat_modes(root: &Path) -> Vec<String> {
    let out = Command::new("find")
        .arg(root)
        .args(["-printf", "%P %m\n"])
        .output()
        .expect("find runs");
    assert!(out.status.success(), "find: {out:?}");
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

/// root/ (700) with a document, a program, a link out, a non-UTF-8 name and a folder
/// inside a folder.
fn tree(dir: &Path) -> (PathBuf, PathBuf) {
    let root = dir.join("shared");
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "not in the tree").expect("write");
    set(&outside, 0o600);
    std::fs::create_dir_all(root.join("sub/deeper")).expect("mkdir");
    for (name, m) in [
        ("notes.txt", 0o600),
        ("sub/run.sh", 0o700),
        ("sub/deeper/data.bin", 0o640),
    ] {
        std::fs::write(root.join(name), name).expect("write");
        set(&root.join(name), m);
    }
    let odd = root.join(OsStr::from_bytes(b"caf\xe9.txt"));
    std::fs::write(&odd, "latin-1 name").expect("write");
    set(&odd, 0o600);
    std::os::unix::fs::symlink(&outside, root.join("sub/link")).expect("symlink");
    for d in ["sub/deeper", "sub", ""] {
        set(&root.join(d), 0o700);
    }
    (root, outside)
}

fn run(sources: Vec<PathBuf>, job: ModeJob) -> Outcome {
    finish(jobs::start(
        JobKind::Permissions,
        JobSpec::permissions(sources, job),
    ))
}

fn before_of(out: &Outcome) -> Vec<(PathBuf, u32)> {
    out.events
        .iter()
        .find_map(|e| match e {
            JobEvent::ModesSet { before } => Some(before.to_vec()),
            _ => None,
        })
        .expect("a ModesSet event")
}

/// Another copy of the test tree, changed by `chmod -R spec`: what a change should match.
fn chmod_reference(spec: &str) -> (tempfile::TempDir, PathBuf) {
    let reference = tempfile::tempdir().expect("tempdir");
    let (ref_root, _) = tree(reference.path());
    porpoise_testkit::run(Command::new("chmod").args(["-R", spec]).arg(&ref_root));
    (reference, ref_root)
}

#[test]
fn a_folder_change_reaches_its_contents_as_chmod_capital_x_and_is_restored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (root, outside) = tree(dir.path());
    let at_first = stat_modes(&root);

    // What `chmod -R go+rX` does to a copy of the same tree is the reference.
    let (_reference, ref_root) = chmod_reference("go+rX");

    let out = run(
        vec![root.clone()],
        ModeJob::Change(ModeChange::between(0o700, 0o755, true)),
    );
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(stat_modes(&root), stat_modes(&ref_root));
    assert_eq!(mode(&root.join("notes.txt")), 0o644, "a document got no x");
    assert_eq!(mode(&root.join("sub/run.sh")), 0o755, "a program stays one");
    assert_eq!(mode(&outside), 0o600, "the link's target is not changed");

    // Every changed item is named once with its mode before; the link is not.
    let before = before_of(&out);
    assert_eq!(before.len(), 7, "{before:?}");
    assert!(before.contains(&(root.join("sub/deeper/data.bin"), 0o640)));
    assert!(before.contains(&(root.clone(), 0o700)));
    assert!(!before.iter().any(|(p, _)| p.ends_with("link")));

    let back = run(Vec::new(), ModeJob::Restore(before.into()));
    assert_eq!(back.state, JobState::Done, "{:?}", back.events);
    assert_eq!(
        stat_modes(&root),
        at_first,
        "undo gives every item its mode back"
    );
}

#[test]
fn taking_read_and_search_away_still_reaches_the_contents() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (root, _) = tree(dir.path());
    let (_reference, ref_root) = chmod_reference("u-rX");

    let out = run(
        vec![root.clone()],
        ModeJob::Change(ModeChange::between(0o700, 0o200, true)),
    );
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(mode(&root), 0o200);
    assert_eq!(
        mode(&root.join("sub/deeper")),
        0o200,
        "changed after its contents"
    );
    // Read them as root would: the modes, not the access.
    set(&ref_root, 0o700);
    set(&root, 0o700);
    for d in ["sub", "sub/deeper"] {
        set(&ref_root.join(d), 0o700);
        set(&root.join(d), 0o700);
    }
    assert_eq!(stat_modes(&root), stat_modes(&ref_root));
}

#[test]
fn without_recursion_only_the_sources_change_and_a_vanished_one_is_its_failure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (root, _) = tree(dir.path());
    let gone = dir.path().join("gone");
    let out = run(
        vec![root.clone(), gone.clone()],
        ModeJob::Change(ModeChange::between(0o700, 0o750, false)),
    );
    assert_eq!(out.state, JobState::Failed);
    assert_eq!(mode(&root), 0o750);
    assert_eq!(mode(&root.join("sub")), 0o700, "contents untouched");
    let failed = out.failed_paths();
    assert_eq!(failed, vec![gone]);
    assert_eq!(before_of(&out), vec![(root, 0o700)]);
}
