//! New files made by name: an empty one, or a copy of a template, each created relative to
//! its folder's descriptor and never over an existing name; and taking one back while it
//! is still as it was made (same size and modification time).

use std::ffi::OsStr;
use std::fs::File;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, Mode, OFlags, StatxFlags, openat, statx, unlinkat};

use crate::error::{IoError, Op};
use crate::sys::open_dir;

/// What a new file was like when it was made: its size and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub size: u64,
    pub mtime_sec: i64,
    pub mtime_nsec: u32,
}

/// Why a new file could not be removed again.
#[derive(Debug, thiserror::Error)]
pub enum RemoveNewError {
    #[error(transparent)]
    Io(#[from] IoError),
    /// It was changed (size or modification time) since it was made.
    #[error("{} was changed since it was made", .0.display())]
    Changed(PathBuf),
}

/// Create `name` in `parent`, empty, or holding a copy of `template`'s bytes (its mode too,
/// less the umask); the new file's path and stamp.
pub fn create_file(
    parent: &Path,
    name: &OsStr,
    template: Option<&Path>,
) -> Result<(PathBuf, Stamp), IoError> {
    let path = parent.join(name);
    let source = match template {
        Some(t) => Some(File::open(t).map_err(|e| IoError::new(Op::Open, t, e))?),
        None => None,
    };
    let mode = match &source {
        Some(s) => s
            .metadata()
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0o666),
        None => 0o666,
    };
    let dir = open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    let fd = openat(
        &dir,
        name,
        OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::from_bits_truncate(mode),
    )
    .map_err(|e| IoError::new(Op::Create, &path, e))?;
    let mut out = File::from(fd);
    if let (Some(mut source), Some(t)) = (source, template) {
        // std's copy uses copy_file_range between files where the kernel can.
        if let Err(e) = std::io::copy(&mut source, &mut out) {
            let _ = unlinkat(&dir, name, AtFlags::empty());
            let op = if e.kind() == std::io::ErrorKind::StorageFull {
                Op::Write
            } else {
                Op::Read
            };
            return Err(IoError::new(op, if op == Op::Read { t } else { &path }, e));
        }
    }
    let st = rustix::fs::fstat(&out).map_err(|e| IoError::new(Op::Stat, &path, e))?;
    Ok((
        path,
        Stamp {
            size: st.st_size as u64,
            mtime_sec: st.st_mtime,
            mtime_nsec: st.st_mtime_nsec as u32,
        },
    ))
}

/// Give the file at `path` the modification time of `stamp` (a file made again by redo
/// is then as it was first made).
pub fn set_mtime(path: &Path, stamp: Stamp) -> Result<(), IoError> {
    use rustix::fs::{Timespec, Timestamps, UTIME_OMIT, utimensat};
    let times = Timestamps {
        last_access: Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_OMIT,
        },
        last_modification: Timespec {
            tv_sec: stamp.mtime_sec,
            tv_nsec: stamp.mtime_nsec.into(),
        },
    };
    utimensat(rustix::fs::CWD, path, &times, AtFlags::SYMLINK_NOFOLLOW)
        .map_err(|e| IoError::new(Op::SetMetadata, path, e))
}

/// Remove the file at `path` if it still has the size and modification time of `stamp`.
pub fn remove_if_unchanged(path: &Path, stamp: Stamp) -> Result<(), RemoveNewError> {
    let st = statx(
        rustix::fs::CWD,
        path,
        AtFlags::SYMLINK_NOFOLLOW,
        StatxFlags::SIZE | StatxFlags::MTIME | StatxFlags::TYPE,
    )
    .map_err(|e| IoError::new(Op::Stat, path, e))?;
    let now = Stamp {
        size: st.stx_size,
        mtime_sec: st.stx_mtime.tv_sec,
        mtime_nsec: st.stx_mtime.tv_nsec,
    };
    let is_file = u32::from(st.stx_mode) & libc::S_IFMT == libc::S_IFREG;
    if now != stamp || !is_file {
        return Err(RemoveNewError::Changed(path.to_owned()));
    }
    unlinkat(rustix::fs::CWD, path, AtFlags::empty())
        .map_err(|e| IoError::new(Op::Remove, path, e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Reason;

    #[test]
    fn makes_empty_and_templated_files_and_takes_back_only_unchanged_ones() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let (empty, stamp) = create_file(d, OsStr::new("New File"), None).expect("create");
        assert_eq!(std::fs::read(&empty).expect("read"), b"");
        assert_eq!(stamp.size, 0);
        let again = create_file(d, OsStr::new("New File"), None).expect_err("exists");
        assert_eq!(again.reason(), Reason::Exists);

        let template = d.join("t.txt");
        std::fs::write(&template, b"Dear someone,\n").expect("write");
        let name = OsStr::new("Letter \u{e9}.txt");
        let (made, stamp2) = create_file(d, name, Some(&template)).expect("copy");
        assert_eq!(std::fs::read(&made).expect("read"), b"Dear someone,\n");
        assert_eq!(stamp2.size, 14);

        std::fs::write(&made, b"Dear you,\n").expect("edit");
        let e = remove_if_unchanged(&made, stamp2).expect_err("changed");
        assert!(matches!(e, RemoveNewError::Changed(_)));
        assert!(made.exists(), "a changed file stays");
        remove_if_unchanged(&empty, stamp).expect("unchanged: removed");
        assert!(!empty.exists());
        let e = remove_if_unchanged(&empty, stamp).expect_err("gone");
        assert!(matches!(e, RemoveNewError::Io(ref io) if io.reason() == Reason::NotFound));
    }
}
