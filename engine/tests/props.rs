//! An item's properties as the engine reads them, against what the system's own tools
//! say of the same real files: `stat` for mode, size, links and times, `id` for the
//! owner's and group's names, `findmnt` for the filesystem.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use porpoise_engine::Kind;
use porpoise_engine::mounts::MountTable;
use porpoise_engine::props;

fn tool(program: &str, args: &[&str], path: &Path) -> String {
    porpoise_testkit::run(Command::new(program).args(args).arg(path))
        .trim()
        .to_owned()
}

#[test]
fn properties_agree_with_stat_id_and_findmnt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, b"twelve bytes").expect("write");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let link = dir.path().join("link");
    std::os::unix::fs::symlink("notes.txt", &link).expect("symlink");
    let mounts = MountTable::read().expect("the mount table");

    let p = props::read(&file, Some(&mounts)).expect("properties");
    assert_eq!(p.kind, Kind::File);
    assert_eq!(p.size, 12);
    assert_eq!(format!("{:o}", p.mode), tool("stat", &["-c", "%a"], &file));
    assert_eq!(p.links.to_string(), tool("stat", &["-c", "%h"], &file));
    assert_eq!(p.modified.0.to_string(), tool("stat", &["-c", "%Y"], &file));
    assert_eq!(
        p.on_disk.to_string(),
        (tool("stat", &["-c", "%b"], &file)
            .parse::<u64>()
            .expect("blocks")
            * 512)
            .to_string()
    );
    let user = porpoise_testkit::run(Command::new("id").arg("-un"));
    let group = porpoise_testkit::run(Command::new("id").arg("-gn"));
    assert_eq!(p.owner.as_deref(), Some(user.trim()));
    assert_eq!(p.group.as_deref(), Some(group.trim()));
    // A birth time where `stat` knows one.
    let birth = tool("stat", &["-c", "%W"], &file);
    match p.created {
        Some((secs, _)) => assert_eq!(secs.to_string(), birth),
        None => assert_eq!(birth, "0", "stat knows a birth time the engine missed"),
    }
    assert_eq!(
        p.fs_type.as_deref(),
        Some(tool("findmnt", &["-n", "-o", "FSTYPE", "--target"], &file).as_str())
    );
    assert!(
        p.space
            .is_some_and(|(free, total)| free <= total && total > 0)
    );

    let l = props::read(&link, Some(&mounts)).expect("the link's properties");
    assert_eq!(l.kind, Kind::Symlink);
    assert_eq!(l.link_target.as_deref(), Some(&b"notes.txt"[..]));

    props::set_mode(&file, 0o604).expect("chmod");
    assert_eq!(tool("stat", &["-c", "%a"], &file), "604");
    let gone = props::read(&dir.path().join("missing"), None).expect_err("no such file");
    assert!(gone.to_string().contains("missing"), "{gone}");
}
