//! Archives extracted into a folder, made by Python's zipfile and tarfile with hostile
//! entries: what lands where (one top folder as itself, loose entries in a folder named
//! after the archive), names that climb out skipped, a link entry kept as a link and never
//! written through, and a second extraction not merged into the first.

use std::path::Path;
use std::process::Command;

use porpoise_engine::archive::extract::{ExtractError, extract};

const MAKE: &str = r#"
import sys, zipfile, tarfile, io, os
d, outside = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(os.path.join(d, "photos.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("a.jpg", "a" * 1000)
    z.writestr("b.jpg", "b")
    z.writestr("../evil.txt", "out")
    z.writestr("/tmp/owned-by-zip", "out")
def add(t, name, data=None, link=None):
    info = tarfile.TarInfo(name); info.mode = 0o4755
    if link is not None:
        info.type = tarfile.SYMTYPE; info.linkname = link; t.addfile(info)
    else:
        info.size = len(data); t.addfile(info, io.BytesIO(data))
with tarfile.open(os.path.join(d, "src.tar.gz"), "w:gz") as t:
    add(t, "src/main.rs", b"fn main() {}")
    add(t, "src/../../escape", b"x")
    add(t, "src/passwd", link="/etc/passwd")
with tarfile.open(os.path.join(d, "through.tar"), "w") as t:
    add(t, "x/a", link=outside)
    add(t, "x/a/owned", b"written through the link")
"#;

fn make(dir: &Path, outside: &Path) -> bool {
    Command::new("python3")
        .arg("-c")
        .arg(MAKE)
        .arg(dir)
        .arg(outside)
        .status()
        .is_ok_and(|s| s.success())
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn archives_land_in_one_folder_and_nothing_leaves_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outside = tempfile::tempdir().expect("outside");
    if !make(dir.path(), outside.path()) {
        return porpoise_testkit::skip("python3 is needed to make the archives");
    }
    let dest = dir.path().join("dest");
    std::fs::create_dir(&dest).expect("mkdir");

    // Loose entries: into a folder named after the archive; the climbing names skipped.
    let done = extract(&dir.path().join("photos.zip"), &dest).expect("extract the zip");
    assert_eq!(done.folder, dest.join("photos"));
    assert_eq!((done.files, done.skipped), (2, 2));
    assert_eq!(names(&dest.join("photos")), ["a.jpg", "b.jpg"]);
    assert!(!dir.path().join("evil.txt").exists());
    assert!(!Path::new("/tmp/owned-by-zip").exists());

    // One top folder: as itself. The link stays a link; the setuid bit goes.
    let done = extract(&dir.path().join("src.tar.gz"), &dest).expect("extract the tar.gz");
    assert_eq!(done.folder, dest.join("src"));
    assert_eq!((done.files, done.links, done.skipped), (1, 1, 1));
    let link = std::fs::read_link(dest.join("src/passwd")).expect("a link");
    assert_eq!(link, Path::new("/etc/passwd"));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dest.join("src/main.rs"))
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o7000, 0, "{mode:o}");
    assert!(!dir.path().join("escape").exists());
    assert_eq!(names(&dest), ["photos", "src"]);

    // Again: the folder is there, nothing is merged into it.
    match extract(&dir.path().join("src.tar.gz"), &dest) {
        Err(ExtractError::Exists { folder }) => assert_eq!(folder, dest.join("src")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_file_behind_a_link_entry_is_never_written_where_the_link_points() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outside = tempfile::tempdir().expect("outside");
    if !make(dir.path(), outside.path()) {
        return porpoise_testkit::skip("python3 is needed to make the archives");
    }
    let dest = dir.path().join("dest");
    std::fs::create_dir(&dest).expect("mkdir");
    let result = extract(&dir.path().join("through.tar"), &dest);
    assert!(
        matches!(result, Err(ExtractError::Write { .. })),
        "{result:?}"
    );
    assert!(names(outside.path()).is_empty(), "written outside");
}
