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

/// What a destination filesystem accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FsRules {
    /// Windows naming rules: no `<>:"\|?*`, no control characters, no trailing dot or
    /// space, no reserved device names.
    pub windows_names: bool,
    /// Largest file the filesystem can hold.
    pub max_file_size: Option<u64>,
}

/// FAT32 holds files up to 4 GiB minus one byte.
pub const FAT32_MAX_FILE: u64 = (4 << 30) - 1;

impl FsRules {
    pub fn for_fs_type(fs_type: &str) -> FsRules {
        match fs_type {
            "vfat" | "msdos" | "fat" | "umsdos" => FsRules {
                windows_names: true,
                max_file_size: Some(FAT32_MAX_FILE),
            },
            // fuseblk is how ntfs-3g and exfat-fuse mount.
            "exfat" | "ntfs" | "ntfs3" | "fuseblk" => FsRules {
                windows_names: true,
                max_file_size: None,
            },
            _ => FsRules::default(),
        }
    }
}

/// Why a name cannot go onto a Windows filesystem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// One of `<>:"\|?*`.
    ForbiddenCharacter,
    ControlCharacter,
    TrailingDotOrSpace,
    /// CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9 (with any extension).
    ReservedName,
}

const FORBIDDEN: &[u8] = b"<>:\"\\|?*";

/// The first reason `name` cannot be written under Windows rules, if any.
pub fn name_problem(name: &[u8]) -> Option<NameProblem> {
    if name.iter().any(|c| FORBIDDEN.contains(c)) {
        return Some(NameProblem::ForbiddenCharacter);
    }
    if name.iter().any(|&c| c < 0x20 || c == 0x7f) {
        return Some(NameProblem::ControlCharacter);
    }
    if matches!(name.last(), Some(b'.' | b' ')) && name != b"." && name != b".." {
        return Some(NameProblem::TrailingDotOrSpace);
    }
    let stem = name.split(|&c| c == b'.').next().unwrap_or(name);
    let stem: Vec<u8> = stem.iter().map(u8::to_ascii_uppercase).collect();
    let reserved = matches!(stem.as_slice(), b"CON" | b"PRN" | b"AUX" | b"NUL")
        || (stem.len() == 4
            && (stem.starts_with(b"COM") || stem.starts_with(b"LPT"))
            && (b'1'..=b'9').contains(&stem[3]));
    reserved.then_some(NameProblem::ReservedName)
}

/// A name that Windows rules accept: forbidden and control characters become `_`, a
/// trailing dot or space becomes `_`, a reserved name gets a leading `_`.
pub fn fix_name(name: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = name
        .iter()
        .map(|&c| {
            if FORBIDDEN.contains(&c) || c < 0x20 || c == 0x7f {
                b'_'
            } else {
                c
            }
        })
        .collect();
    if let Some(last) = out.last_mut()
        && matches!(*last, b'.' | b' ')
    {
        *last = b'_';
    }
    if name_problem(&out) == Some(NameProblem::ReservedName) {
        out.insert(0, b'_');
    }
    out
}

impl NameProblem {
    /// The stable name used in JSON events.
    pub fn as_str(self) -> &'static str {
        match self {
            NameProblem::ForbiddenCharacter => "forbidden_character",
            NameProblem::ControlCharacter => "control_character",
            NameProblem::TrailingDotOrSpace => "trailing_dot_or_space",
            NameProblem::ReservedName => "reserved_name",
        }
    }
}

/// Something that would go wrong, found before the job starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    BadName {
        path: PathBuf,
        why: NameProblem,
    },
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    NoSpace {
        needed: u64,
        free: u64,
    },
    ReadOnly,
}

impl Problem {
    /// The stable name used in JSON events.
    pub fn as_str(&self) -> &'static str {
        match self {
            Problem::BadName { .. } => "bad_name",
            Problem::TooLarge { .. } => "too_large",
            Problem::NoSpace { .. } => "no_space",
            Problem::ReadOnly => "read_only",
        }
    }

    /// The item the problem is about; `None` for the destination as a whole.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Problem::BadName { path, .. } | Problem::TooLarge { path, .. } => Some(path),
            Problem::NoSpace { .. } | Problem::ReadOnly => None,
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::BadName { path, why } => {
                let why = match why {
                    NameProblem::ForbiddenCharacter => "has a character the destination forbids",
                    NameProblem::ControlCharacter => "has a control character",
                    NameProblem::TrailingDotOrSpace => "ends with a dot or a space",
                    NameProblem::ReservedName => "is a name the destination reserves",
                };
                write!(f, "{}: the name {why}", path.display())
            }
            Problem::TooLarge { path, size, limit } => write!(
                f,
                "{}: {size} bytes, larger than the destination holds ({limit} bytes)",
                path.display()
            ),
            Problem::NoSpace { needed, free } => write!(
                f,
                "the destination has {free} bytes free, the copy needs {needed}"
            ),
            Problem::ReadOnly => write!(f, "the destination is read-only"),
        }
    }
}

/// What to do about the problems a pre-flight check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreflightChoice {
    /// Names get `_` for what the destination cannot hold; files too large are skipped.
    ReplaceCharacters,
    /// Leave out every item with a problem.
    SkipThem,
    Cancel,
}

/// What the check found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub rules: FsRules,
    pub bytes: u64,
    pub files: u64,
    pub problems: Vec<Problem>,
}

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

/// Is the filesystem holding `dest` mounted read-only?
pub fn read_only(dest: &Path) -> Result<bool, IoError> {
    let vfs = rustix::fs::statvfs(dest).map_err(|e| IoError::new(Op::StatFs, dest, e))?;
    Ok(vfs.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY))
}

/// [`check`] against the given rules.
pub fn check_with(sources: &[PathBuf], dest: &Path, rules: FsRules) -> Result<Report, IoError> {
    let mut report = Report {
        rules,
        ..Report::default()
    };
    let vfs = rustix::fs::statvfs(dest).map_err(|e| IoError::new(Op::StatFs, dest, e))?;
    if vfs.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY) {
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
    let parent = src
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
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
    fn windows_name_rules() {
        assert_eq!(name_problem(b"report.pdf"), None);
        assert_eq!(name_problem(b"a:b"), Some(NameProblem::ForbiddenCharacter));
        assert_eq!(
            name_problem(b"what?"),
            Some(NameProblem::ForbiddenCharacter)
        );
        assert_eq!(
            name_problem(b"tab\there"),
            Some(NameProblem::ControlCharacter)
        );
        assert_eq!(
            name_problem(b"ends."),
            Some(NameProblem::TrailingDotOrSpace)
        );
        assert_eq!(
            name_problem(b"ends "),
            Some(NameProblem::TrailingDotOrSpace)
        );
        assert_eq!(name_problem(b"con"), Some(NameProblem::ReservedName));
        assert_eq!(name_problem(b"NUL.txt"), Some(NameProblem::ReservedName));
        assert_eq!(name_problem(b"com7.log"), Some(NameProblem::ReservedName));
        assert_eq!(name_problem(b"com0"), None);
        assert_eq!(name_problem(b"console"), None);
        assert_eq!(name_problem(b".hidden"), None);
    }

    #[test]
    fn fixed_names_pass_the_rules() {
        for bad in [&b"a:b?.txt"[..], b"ends.", b"CON", b"aux.c", b"x\x01y "] {
            let fixed = fix_name(bad);
            assert_eq!(
                name_problem(&fixed),
                None,
                "{:?}",
                String::from_utf8_lossy(&fixed)
            );
        }
        assert_eq!(fix_name(b"a:b?.txt"), b"a_b_.txt");
        assert_eq!(fix_name(b"CON"), b"_CON");
    }

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
