//! The engine's trash and trash-cli's (`trash-put`, `trash-list`) read each other's
//! records: in the home trash (absolute paths) and in a volume trash on a loop-mounted
//! ext4 (paths relative to its top). trash-cli finds the home trash through
//! `XDG_DATA_HOME`, set on its own process only. Skips without trash-cli (and the volume
//! part without root and mkfs.ext4); fails in CI.

use porpoise_testkit as kit;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use porpoise_engine::jobs::trash::{self, HomeTrash};
use porpoise_engine::jobs::{self, JobKind, JobSpec, JobState};
use porpoise_testkit::LoopMount;
use porpoise_testkit::jobs::finish;
use porpoise_testkit::trees::new_folder;

/// Run a trash-cli program with the home trash in `data_home`; what it printed.
fn trash_cli(program: &str, data_home: &Path, args: &[&Path]) -> String {
    let out = Command::new(program)
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .output()
        .unwrap_or_else(|e| panic!("run {program}: {e}"));
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `trash-list`'s line for `original`: its deletion time as `YYYY-MM-DD HH:MM:SS`.
fn listed_by_trash_cli(data_home: &Path, original: &Path) -> Option<String> {
    let out = trash_cli("trash-list", data_home, &[]);
    out.lines().find_map(|l| {
        let (time, path) = l.split_at_checked(19)?;
        (path.strip_prefix(' ')? == original.to_str()?).then(|| time.to_owned())
    })
}

fn trash_ours(home: &HomeTrash, path: &Path) {
    let out = finish(jobs::start(
        JobKind::Trash,
        JobSpec::to_trash(vec![path.to_owned()], home.clone()),
    ));
    assert_eq!(out.state, JobState::Done, "{:?}", out.events);
}

/// Our record of `original` is listed by trash-list, with the date we wrote.
fn check_ours_read_by_them(home: &HomeTrash, data_home: &Path, original: &Path) {
    trash_ours(home, original);
    let item = find(home, original).expect("we list what we trashed");
    let record = fs::read_to_string(item.info_file()).expect("our record");
    let date = record
        .lines()
        .find_map(|l| l.strip_prefix("DeletionDate="))
        .expect("a date")
        .replace('T', " ");
    assert_eq!(
        listed_by_trash_cli(data_home, original).as_deref(),
        Some(date.as_str()),
        "trash-list shows our item at its place and time"
    );
    trash::purge(vec![item]).expect("purge");
}

/// What trash-put trashed is listed by us, and we restore it.
fn check_theirs_read_by_us(home: &HomeTrash, data_home: &Path, original: &Path) {
    fs::write(original, b"theirs").expect("write");
    trash_cli("trash-put", data_home, &[original]);
    assert!(!original.exists());
    let item = find(home, original).expect("we list what trash-put trashed");
    assert!(item.time_deleted > 0);
    trash::restore(vec![item]).expect("restore");
    assert_eq!(fs::read(original).expect("back"), b"theirs");
}

fn find(home: &HomeTrash, original: &Path) -> Option<trash::TrashItem> {
    trash::list(home)
        .expect("list")
        .items
        .into_iter()
        .find(|i| i.original_path() == original)
}

/// A folder's real path (trash-cli and the engine both record real paths).
fn real(p: &Path) -> PathBuf {
    fs::canonicalize(p).expect("canonical")
}

#[test]
fn home_trash_records_are_read_both_ways() {
    if !kit::have("trash-list") || !kit::have("trash-put") {
        return kit::skip("trash-cli missing (apt-get install trash-cli)");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let data_home = new_folder(dir.path(), "data");
    let home = HomeTrash::in_data_home(&data_home);
    let work = new_folder(&real(dir.path()), "work");

    let ours = work.join("notes é 100%.txt");
    fs::write(&ours, b"ours").expect("write");
    check_ours_read_by_them(&home, &data_home, &ours);
    check_theirs_read_by_us(&home, &data_home, &work.join("their file é.txt"));
}

#[test]
fn volume_trash_records_are_read_both_ways() {
    if !kit::have("trash-list") || !kit::have("trash-put") {
        return kit::skip("trash-cli missing (apt-get install trash-cli)");
    }
    let Some(disk) = LoopMount::ext4_or_skip(16 << 20) else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let data_home = new_folder(dir.path(), "data");
    let home = HomeTrash::in_data_home(&data_home);
    let sub = new_folder(&real(&disk.mnt), "sub dir");

    let ours = sub.join("on the stick.bin");
    fs::write(&ours, b"ours").expect("write");
    check_ours_read_by_them(&home, &data_home, &ours);
    check_theirs_read_by_us(&home, &data_home, &sub.join("theirs.bin"));
    assert!(
        !home.folder().join("files").exists(),
        "nothing crossed into the home trash"
    );
}
