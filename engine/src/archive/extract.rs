//! Extracting an archive into a folder, as a first whole pass without the job engine:
//! the entries are listed first (to know where they land), then written beneath that
//! folder through [`Beneath`]. A refused name, a device or a hard link is skipped and
//! counted; nothing is written outside the landing folder.

use std::fs::File;
use std::io::{BufReader, Read};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::beneath::Beneath;
use super::landing::{Landing, landing};
use super::list::{Format, ListError, MOST_ENTRIES, format_of, list};
use super::names::inside;

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
    List(#[from] ListError),
    #[error("“{folder}” is there already")]
    Exists { folder: PathBuf },
    #[error("cannot write {path}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read {path}")]
    Read {
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
            .map(|e| (e.path.as_path(), e.kind == super::list::Kind::Folder)),
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
    let read = |source| ExtractError::Read {
        path: archive.to_owned(),
        source,
    };
    let file = File::open(archive).map_err(read)?;
    match format_of(archive)? {
        Some(Format::Zip) => zip_into(archive, file, &beneath, &prefix, &mut done)?,
        Some(Format::Tar) => tar_into(BufReader::new(file), &beneath, &prefix, &mut done, dest)?,
        Some(Format::TarGzip) => {
            let gz = flate2::read::GzDecoder::new(BufReader::new(file));
            tar_into(gz, &beneath, &prefix, &mut done, dest)?
        }
        None => {
            return Err(ListError::NotAnArchive {
                path: archive.to_owned(),
            }
            .into());
        }
    }
    Ok(done)
}

fn tar_into(
    reader: impl Read,
    beneath: &Beneath,
    prefix: &Path,
    done: &mut Extracted,
    dest: &Path,
) -> Result<(), ExtractError> {
    let read = |source| ExtractError::Read {
        path: dest.to_owned(),
        source,
    };
    let mut tar = tar::Archive::new(reader);
    for entry in tar.entries().map_err(read)? {
        let mut entry = entry.map_err(read)?;
        let Ok(rel) = inside(&entry.path_bytes()) else {
            continue; // counted among the refused when listed
        };
        let rel = prefix.join(rel);
        let mode = entry.header().mode().unwrap_or(0o644);
        let wrote = |source| ExtractError::Write {
            path: dest.join(&rel),
            source,
        };
        match entry.header().entry_type() {
            tar::EntryType::Directory => {
                beneath.folder(&rel, mode).map_err(wrote)?;
                done.folders += 1;
            }
            tar::EntryType::Regular | tar::EntryType::Continuous => {
                let mut out = beneath.file(&rel, mode).map_err(wrote)?;
                std::io::copy(&mut entry, &mut out).map_err(wrote)?;
                done.files += 1;
            }
            tar::EntryType::Symlink => match entry.link_name_bytes() {
                Some(target) => {
                    let target = std::ffi::OsStr::from_bytes(&target).to_owned();
                    beneath.link(&rel, &target).map_err(wrote)?;
                    done.links += 1;
                }
                None => done.skipped += 1,
            },
            _ => done.skipped += 1,
        }
    }
    Ok(())
}

fn zip_into(
    archive: &Path,
    file: File,
    beneath: &Beneath,
    prefix: &Path,
    done: &mut Extracted,
) -> Result<(), ExtractError> {
    let damaged = |source| {
        ExtractError::List(ListError::Zip {
            path: archive.to_owned(),
            source,
        })
    };
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(damaged)?;
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).map_err(damaged)?;
        let Ok(rel) = inside(f.name_raw()) else {
            continue;
        };
        let rel = prefix.join(rel);
        let mode = f.unix_mode().unwrap_or(0o644);
        let wrote = |source| ExtractError::Write {
            path: rel.clone(),
            source,
        };
        if f.is_dir() {
            beneath.folder(&rel, mode).map_err(wrote)?;
            done.folders += 1;
        } else if f.is_symlink() {
            let mut target = Vec::new();
            (&mut f)
                .take(4096)
                .read_to_end(&mut target)
                .map_err(wrote)?;
            beneath
                .link(&rel, std::ffi::OsStr::from_bytes(&target))
                .map_err(wrote)?;
            done.links += 1;
        } else {
            let mut out = beneath.file(&rel, mode).map_err(wrote)?;
            std::io::copy(&mut f, &mut out).map_err(wrote)?;
            done.files += 1;
        }
    }
    Ok(())
}
