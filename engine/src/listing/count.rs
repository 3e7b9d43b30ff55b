//! How many entries the folders inside a folder hold, for the Size column ("12 items"):
//! each is opened relative to its parent and read with getdents, nothing is stat'ed.
//! The window asks only on local filesystems, off its own thread.

use std::ffi::CString;
use std::mem::MaybeUninit;
use std::os::fd::OwnedFd;
use std::path::Path;

use rustix::fs::{Mode, OFlags, RawDir, openat};

use crate::error::{IoError, Op};

/// Count the entries of each folder `names` names inside `dir` (hidden ones only with
/// `hidden`), handing each count to `found` as it is known; stops early when `found`
/// returns false. A folder that cannot be read is left out.
pub fn count_children(
    dir: &Path,
    names: &[Vec<u8>],
    hidden: bool,
    found: &mut dyn FnMut(&[u8], u64) -> bool,
) -> Result<(), IoError> {
    let parent = crate::sys::open_dir(dir).map_err(|e| IoError::new(Op::OpenDir, dir, e))?;
    let mut buf = vec![MaybeUninit::<u8>::uninit(); 32 * 1024];
    for name in names {
        let Some(count) = count_one(&parent, name, hidden, &mut buf) else {
            continue;
        };
        if !found(name, count) {
            break;
        }
    }
    Ok(())
}

fn count_one(
    parent: &OwnedFd,
    name: &[u8],
    hidden: bool,
    buf: &mut [MaybeUninit<u8>],
) -> Option<u64> {
    let c = CString::new(name).ok()?;
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NONBLOCK;
    let fd = openat(parent, &c, flags, Mode::empty()).ok()?;
    let mut raw = RawDir::new(&fd, buf);
    let mut n = 0;
    while let Some(item) = raw.next() {
        let item = item.ok()?;
        let bytes = item.file_name().to_bytes();
        if bytes == b"." || bytes == b".." || (!hidden && bytes.starts_with(b".")) {
            continue;
        }
        n += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_what_each_folder_holds_and_skips_what_cannot_be_read() {
        let t = tempfile::tempdir().expect("tempdir");
        let a = t.path().join("a");
        std::fs::create_dir(&a).expect("mkdir");
        for n in ["x", "y", ".hidden"] {
            std::fs::write(a.join(n), b"").expect("write");
        }
        std::fs::create_dir(t.path().join("empty")).expect("mkdir");
        std::fs::write(t.path().join("file"), b"").expect("write");
        let names = [
            b"a".to_vec(),
            b"empty".to_vec(),
            b"file".to_vec(),
            b"gone".to_vec(),
        ];
        let mut got = Vec::new();
        count_children(t.path(), &names, false, &mut |n, c| {
            got.push((n.to_vec(), c));
            true
        })
        .expect("counted");
        assert_eq!(got, [(b"a".to_vec(), 2), (b"empty".to_vec(), 0)]);
        let mut with_hidden = 0;
        count_children(t.path(), &names[..1], true, &mut |_, c| {
            with_hidden = c;
            true
        })
        .expect("counted");
        assert_eq!(with_hidden, 3);
    }
}
