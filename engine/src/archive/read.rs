//! Reading an archive's entries one at a time, whatever its format: each entry's header
//! (its name as stored, kind, size, time, mode, a link's target) and, when asked, a reader
//! of its content. Listing, extracting and browsing all go through [`each_entry`], so a
//! format is added in one place.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use super::list::{Format, Kind, format_of};

/// One entry as the archive tells it, before its name is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The name as stored (bytes; old zip names already turned into UTF-8).
    pub raw_name: Vec<u8>,
    pub kind: Kind,
    /// The content's size, as the archive states it.
    pub size: u64,
    /// Seconds since 1970 (zip's local times taken as UTC), 0 when not told.
    pub mtime: i64,
    /// Permission bits, when told.
    pub mode: Option<u32>,
    /// A symbolic link's target, as stored.
    pub link: Option<Vec<u8>>,
}

/// What the visitor of an entry wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Next,
    Stop,
}

/// How to read: with the content or the headers alone, and with which password.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions<'a> {
    /// Give each entry's content to the visitor (else an empty reader: listing).
    pub content: bool,
    pub password: Option<&'a [u8]>,
}

/// Why an archive cannot be read (an entry's damaged content shows instead as an error
/// of the reader the visitor is given, and the next entries are still read where the
/// format allows).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not an archive this can read")]
    NotAnArchive { path: PathBuf },
    #[error("{path} is a damaged archive")]
    Damaged {
        path: PathBuf,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("{path} is protected by a password")]
    NeedsPassword { path: PathBuf },
    #[error("the password does not open {path}")]
    WrongPassword { path: PathBuf },
}

/// Go through the entries of the archive at `path` in their order, handing each to
/// `visit` until it says [`Flow::Stop`] or the archive ends.
pub fn each_entry(
    path: &Path,
    options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let read = |source| ReadError::Read {
        path: path.to_owned(),
        source,
    };
    let format = format_of(path)
        .map_err(read)?
        .ok_or_else(|| ReadError::NotAnArchive {
            path: path.to_owned(),
        })?;
    let file = File::open(path).map_err(read)?;
    match format {
        Format::Zip => zip_entries(path, file, options, visit),
        Format::Tar => tar_entries(path, BufReader::new(file), options, visit),
        Format::TarGzip => {
            let gz = flate2::read::GzDecoder::new(BufReader::new(file));
            tar_entries(path, gz, options, visit)
        }
    }
}

fn damaged(path: &Path) -> impl Fn(zip::result::ZipError) -> ReadError + '_ {
    move |e| match e {
        zip::result::ZipError::UnsupportedArchive(zip::result::ZipError::PASSWORD_REQUIRED) => {
            ReadError::NeedsPassword {
                path: path.to_owned(),
            }
        }
        zip::result::ZipError::InvalidPassword => ReadError::WrongPassword {
            path: path.to_owned(),
        },
        e => ReadError::Damaged {
            path: path.to_owned(),
            source: Box::new(e),
        },
    }
}

fn zip_entries(
    path: &Path,
    file: File,
    options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(damaged(path))?;
    for i in 0..zip.len() {
        let mut f = if !options.content {
            zip.by_index_raw(i)
        } else if let Some(password) = options.password {
            zip.by_index_decrypt(i, password)
        } else {
            zip.by_index(i)
        }
        .map_err(damaged(path))?;
        let kind = if f.is_dir() {
            Kind::Folder
        } else if f.is_symlink() {
            Kind::Symlink
        } else {
            Kind::File
        };
        let mtime = f.last_modified().map_or(0, |t| {
            let days = days_from_civil(i64::from(t.year()), t.month().into(), t.day().into());
            days * 86_400
                + i64::from(t.hour()) * 3600
                + i64::from(t.minute()) * 60
                + i64::from(t.second())
        });
        let mut link = None;
        if kind == Kind::Symlink && options.content {
            let mut target = Vec::new();
            (&mut f)
                .take(4096)
                .read_to_end(&mut target)
                .map_err(|source| ReadError::Read {
                    path: path.to_owned(),
                    source,
                })?;
            link = Some(target);
        }
        let head = Head {
            raw_name: f.name_raw().to_vec(),
            kind,
            size: f.size(),
            mtime,
            mode: f.unix_mode().map(|m| m & 0o7777),
            link,
        };
        let flow = if options.content {
            visit(&head, &mut f)
        } else {
            visit(&head, &mut std::io::empty())
        };
        if flow == Flow::Stop {
            break;
        }
    }
    Ok(())
}

fn tar_entries(
    path: &Path,
    reader: impl Read,
    _options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let damaged = |source: std::io::Error| ReadError::Damaged {
        path: path.to_owned(),
        source: Box::new(source),
    };
    let mut tar = tar::Archive::new(reader);
    for entry in tar.entries().map_err(damaged)? {
        let mut entry = entry.map_err(damaged)?;
        let h = entry.header();
        let kind = match h.entry_type() {
            tar::EntryType::Regular | tar::EntryType::Continuous => Kind::File,
            tar::EntryType::Directory => Kind::Folder,
            tar::EntryType::Symlink => Kind::Symlink,
            _ => Kind::Other,
        };
        let head = Head {
            raw_name: entry.path_bytes().into_owned(),
            kind,
            size: h.size().unwrap_or(0),
            mtime: h.mtime().map_or(0, |t| i64::try_from(t).unwrap_or(0)),
            mode: h.mode().ok().map(|m| m & 0o7777),
            link: entry.link_name_bytes().map(|l| l.into_owned()),
        };
        if visit(&head, &mut entry) == Flow::Stop {
            break;
        }
    }
    Ok(())
}

/// Days from 1970-01-01 to the date `y-m-d` (proleptic Gregorian).
pub(super) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_from_1970() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(2026, 12, 5), 20_792);
    }
}
