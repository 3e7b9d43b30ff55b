//! What jobs count, on real temp trees: files (everything that is not a folder) apart from
//! folders, a folder never among its own files, for each kind of job; what a job takes
//! whole (a folder moved by a rename, or to the trash) is one folder.

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::modes::{ModeChange, ModeJob};
use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::jobs::{self, ConflictPolicy, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::Outcome;
use porpoise_testkit::jobs::finish;
use porpoise_testkit::trees::new_folder;

/// A folder `name` in `parent` (mode 755) holding `n` small files (mode 644).
fn folder_of(parent: &Path, name: &str, n: usize) -> PathBuf {
    let dir = new_folder(parent, name);
    set_mode(&dir, 0o755);
    for i in 0..n {
        let file = dir.join(format!("IMG_{i:04}.jpg"));
        std::fs::write(&file, format!("picture {i}")).expect("write");
        set_mode(&file, 0o644);
    }
    dir
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// What a finished job counted, as (files, folders): its last plan, the totals and the
/// done figures of its last progress event, and its summary.
#[derive(Debug, PartialEq, Eq)]
struct Counted {
    planned: (u64, u64),
    total: (u64, u64),
    done: (u64, u64),
    summary: (u64, u64),
}

fn counted(out: &Outcome) -> Counted {
    let planned = out
        .picked(|e| match e {
            JobEvent::Planned { files, folders, .. } => Some((*files, *folders)),
            _ => None,
        })
        .last()
        .copied()
        .unwrap_or_default();
    let last = out.progress().last().copied().unwrap_or_default();
    Counted {
        planned,
        total: (last.files_total, last.folders_total),
        done: (last.files_done, last.folders_done),
        summary: (out.summary.files_done, out.summary.folders_done),
    }
}

/// Every figure of a job that did all it planned: `files` and `folders`.
fn all(files: u64, folders: u64) -> Counted {
    Counted {
        planned: (files, folders),
        total: (files, folders),
        done: (files, folders),
        summary: (files, folders),
    }
}

fn copy(sources: &[&Path], dest: &Path) -> Outcome {
    let spec = JobSpec::new(sources.iter().map(|p| p.to_path_buf()).collect(), dest);
    finish(jobs::start(JobKind::Copy, spec))
}

#[test]
fn a_copied_folder_of_20_files_is_20_files_and_1_folder() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = folder_of(tmp.path(), "holiday", 20);
    let dest = new_folder(tmp.path(), "dest");
    let out = copy(&[&src], &dest);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(counted(&out), all(20, 1));
    assert_eq!(
        std::fs::read_dir(dest.join("holiday"))
            .expect("copy")
            .count(),
        20
    );
}

#[test]
fn subfolders_count_as_folders_and_their_files_as_files() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // 24 pictures: 8 in the folder, 16 in two subfolders; a link and an empty folder too.
    let src = folder_of(tmp.path(), "pictures", 8);
    folder_of(&src, "raw", 10);
    folder_of(&src, "selects", 6);
    new_folder(&src, "empty");
    std::os::unix::fs::symlink("raw", src.join("to-raw")).expect("symlink");
    let loose = tmp.path().join("notes.txt");
    std::fs::write(&loose, b"notes").expect("write");
    let dest = new_folder(tmp.path(), "dest");
    let out = copy(&[&src, &loose], &dest);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    // 24 pictures, the link and the loose file; the folder and its three subfolders.
    assert_eq!(counted(&out), all(26, 4));
}

#[test]
fn a_deleted_folder_counts_its_files_and_itself_as_a_folder() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let photos = folder_of(tmp.path(), "photos", 20);
    folder_of(&photos, "sub", 3);
    let empty = new_folder(tmp.path(), "empty");
    let loose = tmp.path().join("a.txt");
    std::fs::write(&loose, b"a").expect("write");
    let out = finish(jobs::start(
        JobKind::Delete,
        JobSpec::of(vec![photos.clone(), empty.clone(), loose.clone()]),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(!photos.exists() && !empty.exists() && !loose.exists());
    // The picked paths are planned before their kinds are known: the plan ends true.
    assert_eq!(counted(&out), all(24, 3));
}

#[test]
fn a_folder_moved_by_a_rename_or_to_the_trash_is_one_folder() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let photos = folder_of(tmp.path(), "photos", 20);
    let dest = new_folder(tmp.path(), "dest");
    let out = finish(jobs::start(
        JobKind::Move,
        JobSpec::new(vec![photos.clone()], &dest),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(dest.join("photos").is_dir() && !photos.exists());
    assert_eq!(counted(&out), all(0, 1));

    let home = HomeTrash::in_data_home(tmp.path().join("data"));
    let file = tmp.path().join("a.txt");
    std::fs::write(&file, b"a").expect("write");
    let out = finish(jobs::start(
        JobKind::Trash,
        JobSpec::to_trash(vec![dest.join("photos"), file.clone()], home),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(!dest.join("photos").exists() && !file.exists());
    assert_eq!(counted(&out), all(1, 1));
}

#[test]
fn a_move_that_merges_into_a_folder_counts_what_it_copied() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let photos = folder_of(tmp.path(), "photos", 20);
    let dest = new_folder(tmp.path(), "dest");
    // A folder of the same name is there already: the two merge, entry by entry.
    folder_of(&dest, "photos", 0);
    std::fs::write(dest.join("photos/kept.txt"), b"kept").expect("write");
    let spec = JobSpec {
        on_conflict: ConflictPolicy::Fail,
        ..JobSpec::new(vec![photos.clone()], &dest)
    };
    let out = finish(jobs::start(JobKind::Move, spec));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert!(!photos.exists());
    assert_eq!(
        std::fs::read_dir(dest.join("photos"))
            .expect("merged")
            .count(),
        21
    );
    assert_eq!(counted(&out), all(20, 1));
}

#[test]
fn a_permissions_change_and_its_undo_count_files_and_folders_apart() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let photos = folder_of(tmp.path(), "photos", 20);
    folder_of(&photos, "sub", 2);
    let out = finish(jobs::start(
        JobKind::Permissions,
        JobSpec::permissions(
            vec![photos.clone()],
            ModeJob::Change(ModeChange::between(0o755, 0o700, true)),
        ),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(counted(&out), all(22, 2));

    let before = out
        .picked(|e| match e {
            JobEvent::ModesSet { before } => Some(before.to_vec()),
            _ => None,
        })
        .pop()
        .expect("the modes before");
    let back = finish(jobs::start(
        JobKind::Permissions,
        JobSpec::permissions(Vec::new(), ModeJob::Restore(before.into())),
    ));
    assert_eq!(back.state, JobState::Done, "{:?}", back.events);
    // Planned as files, the folders among them move over as they are met.
    assert_eq!(counted(&back), all(22, 2));
}
