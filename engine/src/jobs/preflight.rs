//! Checks before any byte moves: names the target filesystem cannot hold (FAT, exFAT, NTFS),
//! files over FAT32's 4 GiB limit, not enough free space, a read-only destination.

use std::ffi::OsStr;
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustix::fs::{FileType, RawDir};

use crate::error::{IoError, Op};
use crate::mounts;

use super::fsops::{meta_at, open_dir_at};

pub use super::problems::{
    FAT32_MAX_FILE, FsRules, NameProblem, PreflightChoice, Problem, Report, fix_name, name_problem,
};

/// Walk `sources` (fd-relative, links not followed) and hold them against the filesystem
/// of `dest`.
pub fn check(sources: &[PathBuf], dest: &Path) -> Result<Report, IoError> {
    check_with(sources, dest, rules_of(dest)?)
}

/// The rules of the filesystem `dest` is on, from the mount table.
pub fn rules_of(dest: &Path) -> Result<FsRules, IoError> {
    let mount = mounts::mount_of(dest)
        .ok_or_else(|| IoError::new(Op::Stat, dest, std::io::ErrorKind::NotFound))?;
    Ok(FsRules::for_fs_type(&mount.fs_type))
}

/// Can nothing be written into `dest`: the filesystem holding it is mounted read-only, or
/// (on a disk of this computer, whose permissions are what they say) the folder lets this
/// user create nothing in it. On network shares and FUSE the server decides, so only the
/// copy itself can tell.
pub fn read_only(dest: &Path) -> Result<bool, IoError> {
    Ok(read_only_by(dest, &statvfs(dest)?))
}

/// The bytes this process may still write on the filesystem holding `dest`.
pub fn free_space(dest: &Path) -> Result<u64, IoError> {
    let vfs = statvfs(dest)?;
    Ok(vfs.f_bavail.saturating_mul(vfs.f_frsize))
}

/// [`read_only`], with the filesystem's figures already read.
fn read_only_by(dest: &Path, vfs: &rustix::fs::StatVfs) -> bool {
    if vfs.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY) {
        return true;
    }
    let local = mounts::mount_of(dest).is_some_and(|m| m.class != mounts::MountClass::Network);
    local && !may_create_in(dest)
}

/// The figures of the filesystem holding `dest`.
fn statvfs(dest: &Path) -> Result<rustix::fs::StatVfs, IoError> {
    rustix::fs::statvfs(dest).map_err(|e| IoError::new(Op::StatFs, dest, e))
}

/// Whether this process may create entries in the folder `dest` (write and search
/// permission, with its effective ids, as the kernel will check them).
fn may_create_in(dest: &Path) -> bool {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    accessat(
        CWD,
        dest,
        Access::WRITE_OK | Access::EXEC_OK,
        AtFlags::EACCESS,
    )
    .is_ok()
}

/// [`check`] against the given rules.
pub fn check_with(sources: &[PathBuf], dest: &Path, rules: FsRules) -> Result<Report, IoError> {
    let mut report = Report {
        rules,
        ..Report::default()
    };
    let vfs = statvfs(dest)?;
    if read_only_by(dest, &vfs) {
        report.problems.push(Problem::ReadOnly);
    }
    let mut buf = vec![MaybeUninit::<u8>::uninit(); 64 * 1024];
    for src in sources {
        walk(src, &mut report, &mut buf)?;
    }
    let free = vfs.f_bavail.saturating_mul(vfs.f_frsize);
    if report.bytes > free {
        report.problems.push(Problem::NoSpace {
            needed: report.bytes,
            free,
        });
    }
    Ok(report)
}

fn walk(src: &Path, report: &mut Report, buf: &mut [MaybeUninit<u8>]) -> Result<(), IoError> {
    let parent = crate::place::folder_of(src);
    let name = src.file_name().unwrap_or(src.as_os_str());
    let dir = crate::sys::open_dir(parent).map_err(|e| IoError::new(Op::OpenDir, parent, e))?;
    let cname = std::ffi::CString::new(name.as_bytes())
        .map_err(|_| IoError::new(Op::Stat, src, std::io::ErrorKind::InvalidInput))?;
    let mut stack = vec![(dir, cname, src.to_path_buf())];
    while let Some((parent_fd, name, path)) = stack.pop() {
        let meta = meta_at(&parent_fd, &name).map_err(|e| IoError::new(Op::Stat, &path, e))?;
        note(report, &path, name.to_bytes(), meta.kind, meta.size);
        if meta.kind != FileType::Directory {
            continue;
        }
        let fd = open_dir_at(&parent_fd, &name).map_err(|e| IoError::new(Op::OpenDir, &path, e))?;
        let mut raw = RawDir::new(&fd, &mut *buf);
        let mut children = Vec::new();
        while let Some(entry) = raw.next() {
            let entry = entry.map_err(|e| IoError::new(Op::ReadDir, &path, e))?;
            let n = entry.file_name();
            if !matches!(n.to_bytes(), b"." | b"..") {
                children.push(n.to_owned());
            }
        }
        for child in children {
            let child_path = path.join(OsStr::from_bytes(child.to_bytes()));
            let dup = rustix::io::dup(&fd).map_err(|e| IoError::new(Op::OpenDir, &path, e))?;
            stack.push((dup, child, child_path));
        }
    }
    Ok(())
}

fn note(report: &mut Report, path: &Path, name: &[u8], kind: FileType, size: u64) {
    report.files += 1;
    if kind == FileType::RegularFile {
        report.bytes += size;
        if let Some(limit) = report.rules.max_file_size
            && size > limit
        {
            report.problems.push(Problem::TooLarge {
                path: path.to_owned(),
                size,
                limit,
            });
        }
    }
    if report.rules.windows_names
        && let Some(why) = name_problem(name)
    {
        report.problems.push(Problem::BadName {
            path: path.to_owned(),
            why,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fat32_refuses_files_over_4_gib() {
        let r = FsRules::for_fs_type("vfat");
        assert_eq!(r.max_file_size, Some(FAT32_MAX_FILE));
        let mut report = Report {
            rules: r,
            ..Report::default()
        };
        note(
            &mut report,
            Path::new("/x/small"),
            b"small",
            FileType::RegularFile,
            FAT32_MAX_FILE,
        );
        assert!(report.problems.is_empty());
        note(
            &mut report,
            Path::new("/x/big"),
            b"big",
            FileType::RegularFile,
            4 << 30,
        );
        assert_eq!(
            report.problems,
            vec![Problem::TooLarge {
                path: "/x/big".into(),
                size: 4 << 30,
                limit: FAT32_MAX_FILE
            }]
        );
        assert_eq!(FsRules::for_fs_type("exfat").max_file_size, None);
        assert_eq!(FsRules::for_fs_type("ext4"), FsRules::default());
    }
}
