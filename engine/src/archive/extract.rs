//! Extracting an archive into a folder, as a first whole pass without the job engine:
//! the entries are listed first (to know where they land), then written beneath that
//! folder through [`Beneath`]. A refused name, a device or a hard link is skipped and
//! counted; nothing is written outside the landing folder.

use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::beneath::Beneath;
use super::landing::{Landing, landing};
use super::list::{Kind, MOST_ENTRIES, list};
use super::names::inside;
use super::read::{Flow, Head, ReadError, ReadOptions, each_entry};

/// What an extraction did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extracted {
    /// The folder it made (or the top folder it wrote as), inside the destination.
    pub folder: PathBuf,
    pub files: u64,
    pub folders: u64,
    pub links: u64,
    /// Entries left out: names that would leave the folder, devices, hard links.
    pub skipped: u64,
}

/// Why an extraction stopped.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("“{folder}” is there already")]
    Exists { folder: PathBuf },
    #[error("cannot write {path}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Extract the archive at `archive` into the folder `dest`: as its one top folder, or into
/// a new folder named after it. A folder of that name already there is not merged into.
pub fn extract(archive: &Path, dest: &Path) -> Result<Extracted, ExtractError> {
    let listing = list(archive, MOST_ENTRIES)?;
    let name = archive.file_name().unwrap_or(archive.as_os_str());
    let landed = landing(
        name,
        listing
            .entries
            .iter()
            .map(|e| (e.path.as_path(), e.kind == Kind::Folder)),
    );
    let (top, prefix) = match &landed {
        Landing::AsItsFolder(top) => (top.clone(), PathBuf::new()),
        Landing::IntoNewFolder(folder) => (folder.clone(), PathBuf::from(folder)),
    };
    let folder = dest.join(&top);
    if std::fs::symlink_metadata(&folder).is_ok() {
        return Err(ExtractError::Exists { folder });
    }
    let write = |path: &Path| {
        let path = dest.join(path);
        move |source| ExtractError::Write { path, source }
    };
    let beneath = Beneath::open(dest).map_err(write(Path::new("")))?;
    if !prefix.as_os_str().is_empty() {
        beneath.folder(&prefix, 0o755).map_err(write(&prefix))?;
    }
    let mut done = Extracted {
        folder,
        skipped: listing.refused.len() as u64,
        ..Extracted::default()
    };
    let mut failed = None;
    each_entry(
        archive,
        ReadOptions {
            content: true,
            password: None,
        },
        &mut |head, content| match write_entry(&beneath, &prefix, head, content, &mut done) {
            Ok(()) => Flow::Next,
            Err(e) => {
                failed = Some(e);
                Flow::Stop
            }
        },
    )?;
    match failed {
        Some(e) => Err(e),
        None => Ok(done),
    }
}

/// Write one entry beneath the extraction folder (a refused name, a device or a hard link
/// is left out: the refused names were counted when listed).
fn write_entry(
    beneath: &Beneath,
    prefix: &Path,
    head: &Head,
    content: &mut dyn Read,
    done: &mut Extracted,
) -> Result<(), ExtractError> {
    let Ok(rel) = inside(&head.raw_name) else {
        return Ok(());
    };
    let rel = prefix.join(rel);
    let mode = head.mode.unwrap_or(0o644);
    let wrote = |source| ExtractError::Write {
        path: rel.clone(),
        source,
    };
    match (&head.kind, &head.link) {
        (Kind::Folder, _) => {
            beneath.folder(&rel, mode).map_err(wrote)?;
            done.folders += 1;
        }
        (Kind::File, _) => {
            let mut out = beneath.file(&rel, mode).map_err(wrote)?;
            std::io::copy(content, &mut out).map_err(wrote)?;
            done.files += 1;
        }
        (Kind::Symlink, Some(target)) => {
            beneath
                .link(&rel, std::ffi::OsStr::from_bytes(target))
                .map_err(wrote)?;
            done.links += 1;
        }
        _ => done.skipped += 1,
    }
    Ok(())
}
