//! The words of the checks before any byte moves, without I/O: what a destination
//! filesystem accepts, why a name or a file cannot go there, the problems a check found
//! and the answers to them. `preflight` does the checking.

use std::path::{Path, PathBuf};

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
}
