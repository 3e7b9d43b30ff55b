//! Pre-flight checks against real filesystems: Windows name rules on a real exFAT mount
//! (exfat-fuse on a loop device, as root), "not enough space", and copy jobs that report
//! them before any byte moves and follow the answer. Skips with a message where root,
//! /dev/fuse or the exFAT tools are missing; in CI they are required.

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::events::SkipReason;
use porpoise_engine::jobs::preflight::{self, FsRules, NameProblem, PreflightChoice, Problem};
use porpoise_engine::jobs::{self, JobEvent, JobKind, JobSpec, JobState};
use porpoise_testkit::trees::{awkward_sources, new_folder, tree_of};
use porpoise_testkit::{LoopMount, drain};

#[test]
fn names_a_real_exfat_mount_cannot_hold_are_found_before_copying() {
    let Some(fs) = LoopMount::exfat_or_skip() else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    // The filesystem really refuses such a name.
    assert!(std::fs::write(fs.mnt.join("a:b"), b"x").is_err());

    let report = preflight::check(&sources, &fs.mnt).expect("check");
    assert!(report.rules.windows_names);
    assert_eq!(report.rules.max_file_size, None, "exFAT has no 4 GiB limit");
    let mut bad: Vec<(String, NameProblem)> = report
        .problems
        .iter()
        .filter_map(|p| match p {
            Problem::BadName { path, why } => Some((
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                *why,
            )),
            _ => None,
        })
        .collect();
    bad.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        bad,
        vec![
            ("CON.txt".to_owned(), NameProblem::ReservedName),
            ("draft.".to_owned(), NameProblem::TrailingDotOrSpace),
            ("img?.jpg".to_owned(), NameProblem::ForbiddenCharacter),
            ("tab\there".to_owned(), NameProblem::ControlCharacter),
            ("trip: day 1".to_owned(), NameProblem::ForbiddenCharacter),
        ]
    );
    assert_eq!(report.files, 7);

    // A file larger than the stick's free space.
    let huge = src.path().join("huge.bin");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(1 << 30))
        .expect("sparse file");
    let report = preflight::check(&[huge], &fs.mnt).expect("check");
    assert!(
        report
            .problems
            .iter()
            .any(|p| matches!(p, Problem::NoSpace { needed, .. } if *needed == 1 << 30)),
        "{:?}",
        report.problems
    );
}

#[test]
fn a_local_disk_takes_any_name() {
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());
    let dest = tempfile::tempdir().expect("dest");
    let report = preflight::check(&sources, dest.path()).expect("check");
    assert_eq!(report.problems, Vec::new());
    assert_eq!(report.bytes, 5);
}

fn copy_asking(sources: &[PathBuf], dest: &Path) -> porpoise_engine::jobs::Job {
    jobs::start(JobKind::Copy, JobSpec::new(sources.to_vec(), dest))
}

#[test]
fn a_copy_to_exfat_asks_before_any_byte_moves_and_follows_the_answer() {
    let Some(fs) = LoopMount::exfat_or_skip() else {
        return;
    };
    let src = tempfile::tempdir().expect("tempdir");
    let sources = awkward_sources(src.path());

    // Replace characters: everything arrives, under names exFAT holds.
    let fixed = new_folder(&fs.mnt, "fixed");
    let mut asked = 0;
    let out = drain(copy_asking(&sources, &fixed), |ev| {
        asked += 1;
        let JobEvent::Preflight { problems, .. } = ev else {
            unreachable!()
        };
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert_eq!(
            tree_of(&fixed),
            Vec::<String>::new(),
            "nothing before the answer"
        );
        PreflightChoice::ReplaceCharacters
    });
    assert_eq!(asked, 1);
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
    assert_eq!(
        tree_of(&fixed),
        [
            "photos",
            "photos/_CON.txt",
            "photos/draft_",
            "photos/fine.txt",
            "photos/tab_here",
            "photos/trip_ day 1",
            "photos/trip_ day 1/img_.jpg",
        ]
    );

    // Skip them: only what exFAT takes as it is.
    let skipped = new_folder(&fs.mnt, "skipped");
    let out = drain(copy_asking(&sources, &skipped), |_| {
        PreflightChoice::SkipThem
    });
    assert_eq!(tree_of(&skipped), ["photos", "photos/fine.txt"]);
    assert_eq!(out.summary.skipped, 4, "{:?}", out.events);
    let why: Vec<SkipReason> = out
        .events
        .iter()
        .filter_map(|e| match e {
            JobEvent::ItemSkipped { why, .. } => Some(*why),
            _ => None,
        })
        .collect();
    assert_eq!(why, [SkipReason::NameNotAllowed; 4]);
    assert_eq!(
        out.state,
        JobState::Done,
        "left out on purpose is no failure"
    );

    // Cancel: nothing at all.
    let cancelled = new_folder(&fs.mnt, "cancelled");
    let out = drain(copy_asking(&sources, &cancelled), |_| {
        PreflightChoice::Cancel
    });
    assert_eq!(out.state, JobState::Cancelled);
    assert_eq!(tree_of(&cancelled), Vec::<String>::new());
}

#[test]
fn rules_given_with_the_job_apply_on_any_filesystem() {
    let src = tempfile::tempdir().expect("tempdir");
    std::fs::write(src.path().join("a?.txt"), b"x").expect("write");
    std::fs::write(src.path().join("big.bin"), b"0123456789").expect("write");
    let dest = tempfile::tempdir().expect("dest");
    let spec = JobSpec {
        rules: Some(FsRules {
            windows_names: true,
            max_file_size: Some(4),
        }),
        on_problem: Some(PreflightChoice::ReplaceCharacters),
        ..JobSpec::new(
            vec![src.path().join("a?.txt"), src.path().join("big.bin")],
            dest.path(),
        )
    };
    // The job was told what to do and does not wait; an answer would go unread.
    let out = drain(jobs::start(JobKind::Copy, spec), |_| {
        PreflightChoice::Cancel
    });
    let problems = out
        .events
        .iter()
        .find_map(|e| match e {
            JobEvent::Preflight { problems, .. } => Some(problems.len()),
            _ => None,
        })
        .expect("the problems are still reported");
    assert_eq!(problems, 2);
    assert_eq!(tree_of(dest.path()), ["a_.txt"]);
    assert!(out.events.iter().any(|e| matches!(
        e,
        JobEvent::ItemSkipped {
            why: SkipReason::TooLarge,
            ..
        }
    )));
}
