//! Copies lose nothing: holes stay holes, hard links stay linked, extended attributes and
//! ACLs come along, special files are recreated or counted, and a full destination names
//! every file that did not arrive. Real trees, compared after each job.

use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use porpoise_engine::jobs::{self, ConflictPolicy, JobKind, JobSpec, JobState};
use porpoise_testkit::jobs::finish;
use porpoise_testkit::trees::new_folder;

fn spec(sources: &[&Path], dest: &Path) -> JobSpec {
    JobSpec {
        on_conflict: ConflictPolicy::Fail,
        ..JobSpec::new(sources.iter().map(|p| p.to_path_buf()).collect(), dest)
    }
}

/// A file of `size` bytes with `data` written at each of `at`: holes everywhere else.
fn sparse_file(p: &Path, size: u64, at: &[u64], data: &[u8]) {
    let mut f = std::fs::File::create(p).expect("create");
    for &o in at {
        f.seek(SeekFrom::Start(o)).expect("seek");
        f.write_all(data).expect("write");
    }
    f.set_len(size).expect("set_len");
}

/// The same bytes in both files of the same size, compared where the first has data (the
/// second's blocks show it has no data elsewhere).
fn same_data(a: &Path, b: &Path) -> bool {
    let (mut fa, mut fb) = (
        std::fs::File::open(a).expect("open"),
        std::fs::File::open(b).expect("open"),
    );
    let size = fa.metadata().expect("stat").len();
    let mut pos = 0;
    let (mut x, mut y) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    while pos < size {
        let Ok(data) = rustix::fs::seek(fa.as_fd(), rustix::fs::SeekFrom::Data(pos)) else {
            break;
        };
        let hole = rustix::fs::seek(fa.as_fd(), rustix::fs::SeekFrom::Hole(data)).expect("hole");
        let mut at = data;
        while at < hole {
            let n = ((hole - at) as usize).min(x.len());
            fa.seek(SeekFrom::Start(at)).expect("seek");
            fb.seek(SeekFrom::Start(at)).expect("seek");
            fa.read_exact(&mut x[..n]).expect("read");
            fb.read_exact(&mut y[..n]).expect("read");
            if x[..n] != y[..n] {
                return false;
            }
            at += n as u64;
        }
        pos = hole;
    }
    true
}

#[test]
fn a_sparse_file_keeps_its_holes() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = tmp.path().join("src");
    let out = tmp.path().join("out");
    std::fs::create_dir_all(&src).expect("mkdir");
    std::fs::create_dir_all(&out).expect("mkdir");
    // 1 GiB with 8 KiB of data: 4 KiB at the start, 4 KiB in the middle, a hole at the end.
    let big = src.join("disk.img");
    sparse_file(&big, 1 << 30, &[0, 512 << 20], &[0xa5; 4096]);
    // A hole first, then data up to the end.
    let tail = src.join("tail.db");
    sparse_file(&tail, 8 << 20, &[(8 << 20) - 4096], &[0x5a; 4096]);
    let dense = src.join("dense.bin");
    std::fs::write(&dense, vec![7u8; 300_000]).expect("write");

    let o = finish(jobs::start(JobKind::Copy, spec(&[&src], &out)));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert_eq!(o.summary.bytes_done, (1 << 30) + (8 << 20) + 300_000);
    for name in ["disk.img", "tail.db", "dense.bin"] {
        let (a, b) = (src.join(name), out.join("src").join(name));
        let (ma, mb) = (
            std::fs::metadata(&a).expect("stat"),
            std::fs::metadata(&b).expect("stat"),
        );
        assert_eq!(ma.len(), mb.len(), "{name}: size");
        // Close to the source's blocks: at most 64 KiB more (filesystems round extents).
        assert!(
            mb.blocks() <= ma.blocks() + 128,
            "{name}: {} blocks for the source's {}",
            mb.blocks(),
            ma.blocks()
        );
        assert!(same_data(&a, &b), "{name}: the data differs");
    }
}

/// A tree with hard links inside it: `a` and `sub/b` (4 KiB), `c`, `c2` and `sub/c3`
/// (100 B), and `lone`, whose other name is outside the tree. Returns the bytes of its
/// distinct files.
fn linked_tree(tmp: &Path) -> (std::path::PathBuf, u64) {
    let src = tmp.join("linked");
    std::fs::create_dir_all(src.join("sub")).expect("mkdir");
    std::fs::write(src.join("a"), vec![1u8; 4096]).expect("write");
    std::fs::hard_link(src.join("a"), src.join("sub/b")).expect("link");
    std::fs::write(src.join("c"), vec![2u8; 100]).expect("write");
    std::fs::hard_link(src.join("c"), src.join("c2")).expect("link");
    std::fs::hard_link(src.join("c"), src.join("sub/c3")).expect("link");
    std::fs::write(src.join("lone"), b"lone").expect("write");
    std::fs::hard_link(src.join("lone"), tmp.join("outside")).expect("link");
    (src, 4096 + 100 + 4)
}

fn ino(p: &Path) -> u64 {
    std::fs::symlink_metadata(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .ino()
}

fn links_kept(copy: &Path) {
    assert_eq!(ino(&copy.join("a")), ino(&copy.join("sub/b")));
    assert_eq!(ino(&copy.join("c")), ino(&copy.join("c2")));
    assert_eq!(ino(&copy.join("c")), ino(&copy.join("sub/c3")));
    assert_ne!(ino(&copy.join("a")), ino(&copy.join("c")));
    let meta = std::fs::metadata(copy.join("c")).expect("stat");
    assert_eq!(meta.nlink(), 3);
    assert_eq!(
        std::fs::read(copy.join("sub/c3")).expect("read"),
        [2u8; 100]
    );
    assert_eq!(
        std::fs::read(copy.join("sub/b")).expect("read"),
        [1u8; 4096]
    );
    assert_eq!(
        std::fs::metadata(copy.join("lone")).expect("stat").nlink(),
        1
    );
}

#[test]
fn hard_links_inside_a_copy_stay_linked_and_count_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, bytes) = linked_tree(tmp.path());
    let out = new_folder(tmp.path(), "out");
    let o = finish(jobs::start(JobKind::Copy, spec(&[&src], &out)));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    links_kept(&out.join("linked"));
    assert_eq!(o.summary.bytes_done, bytes);
    // Six files (a, b, c, c2, c3, lone) in two folders (linked, sub).
    assert_eq!(o.summary.files_done, 6);
    assert_eq!(o.summary.folders_done, 2);

    // Two names of one file given as sources: linked as well.
    let out2 = new_folder(tmp.path(), "out2");
    let o = finish(jobs::start(
        JobKind::Copy,
        spec(&[&src.join("c"), &src.join("c2")], &out2),
    ));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert_eq!(ino(&out2.join("c")), ino(&out2.join("c2")));
    assert_eq!(o.summary.bytes_done, 100);
}

#[test]
fn a_move_across_filesystems_keeps_hard_links() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let Some(other) = porpoise_testkit::other_filesystem_or_skip(tmp.path()) else {
        return;
    };
    let (src, bytes) = linked_tree(tmp.path());
    let o = finish(jobs::start(JobKind::Move, spec(&[&src], other.path())));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert!(!src.exists());
    links_kept(&other.path().join("linked"));
    assert_eq!(o.summary.bytes_done, bytes);
}

/// A POSIX ACL in the kernel's xattr form: (tag, perm, id) entries after the version.
fn acl(entries: &[(u16, u16, u32)]) -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for &(tag, perm, id) in entries {
        v.extend_from_slice(&tag.to_le_bytes());
        v.extend_from_slice(&perm.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
    }
    v
}

const NONE: u32 = u32::MAX;

fn set_attr(p: &Path, name: &str, value: &[u8]) {
    rustix::fs::lsetxattr(p, name, value, rustix::fs::XattrFlags::empty())
        .unwrap_or_else(|e| panic!("set {name} on {}: {e}", p.display()));
}

fn attr(p: &Path, name: &str) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; 4096];
    let n = rustix::fs::lgetxattr(p, name, &mut buf[..]).ok()?;
    buf.truncate(n);
    Some(buf)
}

/// Where an attribute is (relative path), its name and value.
type Attr = (&'static str, &'static str, Vec<u8>);

/// A tree whose file and folder carry desktop attributes, ACLs and (as root) a trusted
/// attribute: the names and values to find on the copy.
fn attributed_tree(tmp: &Path) -> (std::path::PathBuf, Vec<Attr>) {
    let src = tmp.join("tagged");
    std::fs::create_dir_all(src.join("docs")).expect("mkdir");
    let file = src.join("docs/report.pdf");
    std::fs::write(&file, b"%PDF").expect("write");
    let access = acl(&[
        (0x01, 6, NONE),
        (0x02, 4, 65534),
        (0x04, 4, NONE),
        (0x10, 4, NONE),
        (0x20, 4, NONE),
    ]);
    let default = acl(&[
        (0x01, 7, NONE),
        (0x02, 5, 65534),
        (0x04, 5, NONE),
        (0x10, 5, NONE),
        (0x20, 5, NONE),
    ]);
    let mut want = vec![
        (
            "docs/report.pdf",
            "user.xdg.origin.url",
            b"https://example.org/r.pdf".to_vec(),
        ),
        ("docs/report.pdf", "user.xdg.tags", b"work,2026".to_vec()),
        ("docs/report.pdf", "user.baloo.rating", b"8".to_vec()),
        ("docs/report.pdf", "system.posix_acl_access", access),
        ("docs", "user.xdg.comment", b"papers".to_vec()),
        ("docs", "system.posix_acl_default", default),
    ];
    if rustix::process::geteuid().is_root() {
        want.push(("docs/report.pdf", "trusted.porpoise", b"t".to_vec()));
    }
    for (rel, name, value) in &want {
        set_attr(&src.join(rel), name, value);
    }
    (src, want)
}

#[test]
fn extended_attributes_and_acls_come_along() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, want) = attributed_tree(tmp.path());
    let out = new_folder(tmp.path(), "out");
    let o = finish(jobs::start(JobKind::Copy, spec(&[&src], &out)));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert!(o.summary.attributes_kept);
    for (rel, name, value) in &want {
        let p = out.join("tagged").join(rel);
        assert_eq!(attr(&p, name).as_ref(), Some(value), "{name} of {rel}");
    }
    let mode = |p: &Path| std::fs::metadata(p).expect("stat").mode() & 0o7777;
    assert_eq!(
        mode(&out.join("tagged/docs/report.pdf")),
        mode(&src.join("docs/report.pdf"))
    );
}

#[test]
fn a_destination_without_attributes_is_noted_once_and_fails_nothing() {
    use porpoise_testkit::mounts::LoopMount;
    let Some(fs) = LoopMount::exfat_or_skip() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, _) = attributed_tree(tmp.path());
    let o = finish(jobs::start(JobKind::Copy, spec(&[&src], &fs.mnt)));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert!(!o.summary.attributes_kept);
    assert_eq!(o.summary.failed, 0);
    assert_eq!(
        std::fs::read(fs.mnt.join("tagged/docs/report.pdf")).expect("read"),
        b"%PDF"
    );
}

#[test]
fn sockets_and_device_nodes_are_recreated_as_cp_a_does() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = new_folder(tmp.path(), "special");
    let _listener = std::os::unix::net::UnixListener::bind(src.join("app.sock")).expect("bind");
    let root = rustix::process::geteuid().is_root();
    if root {
        // The same device as /dev/null (1, 3).
        rustix::fs::mknodat(
            rustix::fs::CWD,
            src.join("null"),
            rustix::fs::FileType::CharacterDevice,
            rustix::fs::Mode::from_raw_mode(0o640),
            rustix::fs::makedev(1, 3),
        )
        .expect("mknod");
    }
    let out = new_folder(tmp.path(), "out");
    let o = finish(jobs::start(JobKind::Copy, spec(&[&src], &out)));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert_eq!(o.summary.skipped, 0);
    // The socket (and the device node), in their folder.
    assert_eq!(o.summary.files_done, if root { 2 } else { 1 });
    assert_eq!(o.summary.folders_done, 1);
    let sock = std::fs::symlink_metadata(out.join("special/app.sock")).expect("lstat");
    assert!(sock.file_type().is_socket());
    if root {
        let dev = std::fs::symlink_metadata(out.join("special/null")).expect("lstat");
        assert!(dev.file_type().is_char_device());
        assert_eq!(
            dev.rdev(),
            std::fs::symlink_metadata(src.join("null"))
                .expect("lstat")
                .rdev()
        );
        assert_eq!(dev.mode() & 0o7777, 0o640);
    }
}

/// `n` files of 1 MiB, each with its own bytes, in `dir`.
fn mib_files(dir: &Path, n: usize) {
    std::fs::create_dir_all(dir).expect("mkdir");
    for i in 0..n {
        std::fs::write(dir.join(format!("f{i:02}.bin")), vec![i as u8; 1 << 20]).expect("write");
    }
}

/// Every non-folder under `root`, relative to its parent (so "photos/a.bin").
fn files_under(root: &Path) -> Vec<std::path::PathBuf> {
    let base = root.parent().expect("parent");
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(p) = stack.pop() {
        if std::fs::symlink_metadata(&p).expect("lstat").is_dir() {
            for e in std::fs::read_dir(&p).expect("read_dir") {
                stack.push(e.expect("entry").path());
            }
        } else {
            out.push(p.strip_prefix(base).expect("inside").to_path_buf());
        }
    }
    out.sort();
    out
}

#[test]
fn a_full_destination_names_every_file_that_did_not_arrive() {
    use porpoise_engine::jobs::JobEvent;
    use porpoise_testkit::mounts::LoopMount;
    use std::collections::BTreeMap;
    let Some(fs) = LoopMount::ext4_or_skip(12 << 20) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let photos = tmp.path().join("photos");
    mib_files(&photos, 8);
    mib_files(&photos.join("2025"), 8);
    mib_files(&photos.join("2025/raw"), 8);
    mib_files(&photos.join("2026"), 4);
    let later = tmp.path().join("later.bin");
    std::fs::write(&later, vec![9u8; 1 << 20]).expect("write");
    let mut sources = files_under(&photos);
    sources.push("later.bin".into());

    let o = finish(jobs::start(
        JobKind::Copy,
        spec(&[&photos, &later], &fs.mnt),
    ));
    assert_eq!(o.state, JobState::Failed);
    let mut named: BTreeMap<std::path::PathBuf, &str> = BTreeMap::new();
    let mut full = 0;
    for e in &o.events {
        let (path, how) = match e {
            JobEvent::ItemFailed { path, error } => {
                if error.source.raw_os_error() == Some(libc::ENOSPC) {
                    full += 1;
                }
                (path, "failed")
            }
            JobEvent::NotCopied { path } => (path, "not copied"),
            _ => continue,
        };
        let rel = path
            .strip_prefix(tmp.path())
            .expect("a source")
            .to_path_buf();
        assert!(
            named.insert(rel, how).is_none(),
            "{} named twice",
            path.display()
        );
    }
    assert!(full >= 1, "one file met the full disk: {:?}", o.events);
    let not_copied = named.values().filter(|h| **h == "not copied").count();
    assert!(not_copied > 0, "the copy stopped before some files");
    assert_eq!(o.summary.not_copied, not_copied as u64);
    for rel in &sources {
        let copy = fs.mnt.join(rel);
        let arrived = std::fs::read(&copy)
            .is_ok_and(|d| d == std::fs::read(tmp.path().join(rel)).expect("source"));
        assert!(
            arrived != named.contains_key(rel),
            "{}: arrived {arrived}, named {:?}",
            rel.display(),
            named.get(rel)
        );
        if !arrived {
            assert!(!copy.exists(), "{}: no partial copy", rel.display());
        }
    }
}

#[test]
fn hard_links_become_separate_copies_where_the_destination_has_none() {
    use porpoise_testkit::mounts::LoopMount;
    let Some(fs) = LoopMount::exfat_or_skip() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let (src, bytes) = linked_tree(tmp.path());
    // Verified, too: each separate copy is read back.
    let verifying = JobSpec {
        verify: true,
        ..spec(&[&src], &fs.mnt)
    };
    let o = finish(jobs::start(JobKind::Copy, verifying));
    assert_eq!(o.state, JobState::Done, "{:?}", o.events);
    assert_eq!(o.summary.verified, 6, "every name's copy was read back");
    let copy = fs.mnt.join("linked");
    assert_eq!(
        std::fs::read(copy.join("sub/b")).expect("read"),
        [1u8; 4096]
    );
    assert_eq!(std::fs::read(copy.join("c2")).expect("read"), [2u8; 100]);
    assert_eq!(
        std::fs::read(copy.join("sub/c3")).expect("read"),
        [2u8; 100]
    );
    // Each name's data was written.
    assert_eq!(o.summary.bytes_done, bytes + 4096 + 2 * 100);
}

/// The block device mounted at `mnt`.
fn device_of(mnt: &Path) -> std::path::PathBuf {
    let out = std::process::Command::new("findmnt")
        .args(["-n", "-o", "SOURCE"])
        .arg(mnt)
        .output()
        .expect("findmnt");
    String::from_utf8_lossy(&out.stdout).trim().into()
}

/// Change one byte of the data that follows `marker` on the device itself, behind the
/// page cache of the filesystem mounted from it.
fn alter_on_device(dev: &Path, marker: &[u8]) {
    use std::os::unix::fs::FileExt;
    let disk = std::fs::read(dev).expect("read the device");
    let at = disk
        .windows(marker.len())
        .position(|w| w == marker)
        .expect("the marker on the device");
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(dev)
        .expect("open the device");
    let at = (at + marker.len()) as u64;
    f.write_all_at(&[disk[at as usize] ^ 0xff], at)
        .expect("write");
    f.sync_all().expect("sync the device");
}

#[test]
fn verify_catches_a_copy_altered_on_the_device_and_a_move_keeps_its_source() {
    use porpoise_engine::error::{Op, Reason};
    use porpoise_engine::jobs::JobEvent;
    use porpoise_engine::jobs::conflict::{Answer, Choice};
    use porpoise_testkit::mounts::LoopMount;
    let Some(fs) = LoopMount::ext4_or_skip(16 << 20) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let marker = b"porpoise verify marker 7f3a9c".as_slice();
    let a = tmp.path().join("a.bin");
    let mut data = marker.to_vec();
    data.extend((0..256 << 10).map(|i: u32| (i * 7 % 251) as u8));
    std::fs::write(&a, &data).expect("write");
    let good = tmp.path().join("good.bin");
    std::fs::write(&good, vec![3u8; 100_000]).expect("write");
    // b.bin is there already: the move asks about it, and waits.
    let b = tmp.path().join("b.bin");
    std::fs::write(&b, b"new").expect("write");
    std::fs::write(fs.mnt.join("b.bin"), b"old").expect("write");

    let job = jobs::start(
        JobKind::Move,
        JobSpec {
            on_conflict: ConflictPolicy::Ask,
            verify: true,
            ..JobSpec::new(vec![a.clone(), good.clone(), b.clone()], &fs.mnt)
        },
    );
    let (mut asked, mut placed_a, mut altered) = (false, false, false);
    let o = porpoise_testkit::jobs::follow(&job, |job, ev| {
        match ev {
            JobEvent::Conflict(_) => asked = true,
            JobEvent::Placed { source, .. } if *source == a => placed_a = true,
            _ => {}
        }
        if asked && placed_a && !altered {
            // a.bin's copy is whole: put it on the device, then change it there.
            let copy = fs.mnt.join("a.bin");
            std::fs::File::open(&copy)
                .and_then(|f| f.sync_all())
                .expect("sync the copy");
            alter_on_device(&device_of(&fs.mnt), marker);
            // A plain read still gives the old bytes: they come from the page cache.
            assert_eq!(std::fs::read(&copy).expect("read"), data);
            altered = true;
            job.control.answer(Answer::new(Choice::Skip, false));
        }
    });
    assert!(altered, "the job asked and placed a.bin: {:?}", o.events);
    assert_eq!(o.state, JobState::Failed, "{:?}", o.events);
    assert!(o.went_through(JobState::Verifying));
    let failed: Vec<_> = o
        .events
        .iter()
        .filter_map(|e| match e {
            JobEvent::ItemFailed { path, error } => Some((path.clone(), error.op, error.reason())),
            _ => None,
        })
        .collect();
    assert_eq!(failed, vec![(a.clone(), Op::Verify, Reason::Differs)]);
    // The source whose copy differs stays; the verified one was moved.
    assert_eq!(std::fs::read(&a).expect("a.bin stays"), data);
    assert!(!good.exists(), "good.bin was moved");
    assert_eq!(
        std::fs::read(fs.mnt.join("good.bin")).expect("read"),
        vec![3u8; 100_000]
    );
    let verified = o.progress().iter().map(|f| f.bytes_verified).max();
    assert_eq!(verified, Some(data.len() as u64 + 100_000));
    assert_eq!(o.summary.verified, 1, "good.bin was found equal");
}
