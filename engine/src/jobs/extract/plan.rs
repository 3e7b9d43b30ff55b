//! Before an archive is extracted: its entries listed (the job's totals), where they land
//! (one top folder as itself, else a folder named after the archive), and what the
//! destination says to them — too little space for what the entries state, names a
//! FAT, exFAT or NTFS disk cannot hold, files too large for it, a read-only mount.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::archive::format::format_of;
use crate::archive::landing::{Landing, landing};
use crate::archive::list::{Kind, Listing, MOST_ENTRIES, list_with};
use crate::archive::read::ReadError;
use crate::error::{ArchiveTrouble, IoError, Op};

use super::super::preflight::{self, FsRules, Problem, name_problem};

/// One archive, listed.
pub struct Plan {
    pub archive: PathBuf,
    /// The folder the entries go into, inside the destination.
    pub folder: OsString,
    /// The entries share this top folder, which `folder` stands for.
    pub as_its_folder: bool,
    /// A single compressed file (`notes.txt.gz`): its one entry goes into the
    /// destination itself, as `notes.txt`; `folder` is empty.
    pub single_file: bool,
    /// Only some entries are taken ([`super::JobSpec::pick`]): their paths in `listing`
    /// are relative to the destination, and `folder` is empty.
    pub picked: bool,
    pub files: u64,
    pub folders: u64,
    pub bytes: u64,
    pub listing: Listing,
}

/// List the archive at `archive` and say where it lands; with `pick`, only the entries
/// picked, each where it lands in the destination.
pub fn plan(
    archive: &Path,
    password: Option<&[u8]>,
    pick: Option<&[PathBuf]>,
) -> Result<Plan, ReadError> {
    let mut listing = list_with(archive, MOST_ENTRIES, password)?;
    if let Some(pick) = pick {
        listing.entries.retain_mut(|e| match picked(&e.path, pick) {
            Some(rel) => {
                e.path = rel;
                true
            }
            None => false,
        });
    }
    let name = archive.file_name().unwrap_or(archive.as_os_str());
    let landed = landing(
        name,
        listing
            .entries
            .iter()
            .map(|e| (e.path.as_path(), e.kind == Kind::Folder)),
    );
    let single_file = format_of(archive)
        .ok()
        .flatten()
        .is_some_and(|f| f.is_single_file());
    let (folder, as_its_folder) = match landed {
        _ if single_file || pick.is_some() => (OsString::new(), false),
        Landing::AsItsFolder(top) => (top, true),
        Landing::IntoNewFolder(folder) => (folder, false),
    };
    let mut plan = Plan {
        archive: archive.to_owned(),
        folder,
        as_its_folder,
        single_file,
        picked: pick.is_some(),
        files: 0,
        folders: u64::from(!as_its_folder && !single_file && pick.is_none()),
        bytes: 0,
        listing,
    };
    for e in &plan.listing.entries {
        match e.kind {
            Kind::Folder => plan.folders += 1,
            _ => {
                plan.files += 1;
                plan.bytes = plan.bytes.saturating_add(e.size);
            }
        }
    }
    Ok(plan)
}

/// Where the entry at `path` (inside the archive) lands when `pick` is what was picked:
/// relative to the folder its picked entry (itself or a folder above it) is in; `None`
/// when it was not picked.
pub fn picked(path: &Path, pick: &[PathBuf]) -> Option<PathBuf> {
    let p = pick
        .iter()
        .find(|p| !p.as_os_str().is_empty() && path.starts_with(p))?;
    let above = p.parent().unwrap_or(Path::new(""));
    path.strip_prefix(above).ok().map(Path::to_path_buf)
}

/// A reading failure as the job reports it: the archive, and what is wrong with it.
pub fn read_failure(e: &ReadError) -> IoError {
    let (path, source) = match e {
        ReadError::Read { path, source } => {
            return IoError::new(
                Op::ReadArchive,
                path,
                std::io::Error::new(source.kind(), source.to_string()),
            );
        }
        ReadError::NotAnArchive { path } => (path, ArchiveTrouble::NotAnArchive),
        ReadError::Damaged { path, .. } => (path, ArchiveTrouble::Damaged),
        ReadError::NeedsPassword { path } => (path, ArchiveTrouble::NeedsPassword),
        ReadError::WrongPassword { path } => (path, ArchiveTrouble::WrongPassword),
    };
    IoError::new(Op::ReadArchive, path, source.io())
}

/// What the destination `dest` (with `rules`, writable) says to the planned archives: the
/// space they need (stated sizes; checked whatever the filesystem), names and sizes
/// against its rules.
pub fn problems(plans: &[&Plan], dest: &Path, rules: FsRules) -> Vec<Problem> {
    let mut problems = Vec::new();
    let needed = plans
        .iter()
        .map(|p| p.bytes)
        .fold(0u64, u64::saturating_add);
    if let Ok(free) = preflight::free_space(dest)
        && needed > free
    {
        problems.push(Problem::NoSpace { needed, free });
    }
    for plan in plans {
        let landed = dest.join(&plan.folder);
        for e in &plan.listing.entries {
            let path = if plan.as_its_folder {
                dest.join(&e.path)
            } else {
                landed.join(&e.path)
            };
            if rules.windows_names
                && let Some(why) = e
                    .path
                    .iter()
                    .find_map(|part| name_problem(std::os::unix::ffi::OsStrExt::as_bytes(part)))
            {
                problems.push(Problem::BadName {
                    path: path.clone(),
                    why,
                });
            }
            if let Some(limit) = rules.max_file_size
                && e.kind == Kind::File
                && e.size > limit
            {
                problems.push(Problem::TooLarge {
                    path,
                    size: e.size,
                    limit,
                });
            }
        }
    }
    problems
}
