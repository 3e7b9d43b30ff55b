//! What an archive holds, read without extracting: each entry's path inside the folder it
//! would go to, its kind, size, time and mode. Zip, and tar plain or gzip-compressed, told
//! by their first bytes, not by the name. Names that would leave the folder are listed
//! apart as refused, and a listing stops at a bound so a hostile archive cannot grow the
//! memory without end.

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::names::{NameRefusal, inside};

/// At most this many entries are listed.
pub const MOST_ENTRIES: usize = 1_000_000;

/// What kind of archive, by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Zip,
    Tar,
    TarGzip,
}

/// One entry's kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
    /// A symbolic link (its target is read when extracting).
    Symlink,
    /// A hard link, device, fifo…: listed, never extracted as such.
    Other,
}

/// One entry as the archive tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: PathBuf,
    pub kind: Kind,
    pub size: u64,
    /// Seconds since 1970 (zip's local times taken as UTC), 0 when not told.
    pub mtime: i64,
    /// Permission bits, when told.
    pub mode: Option<u32>,
}

/// An archive's entries, and the names that were refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    pub entries: Vec<Entry>,
    pub refused: Vec<(Vec<u8>, NameRefusal)>,
    /// The bound was reached: more entries follow.
    pub cut: bool,
}

/// Why an archive cannot be listed.
#[derive(Debug, thiserror::Error)]
pub enum ListError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not an archive this can read")]
    NotAnArchive { path: PathBuf },
    #[error("{path} is a damaged zip archive")]
    Zip {
        path: PathBuf,
        #[source]
        source: zip::result::ZipError,
    },
}

/// The format of the archive at `path`, from its first bytes.
pub fn format_of(path: &Path) -> Result<Option<Format>, ListError> {
    let read = |source| ListError::Read {
        path: path.to_owned(),
        source,
    };
    let mut f = File::open(path).map_err(read)?;
    let mut head = [0u8; 512];
    let n = read_up_to(&mut f, &mut head).map_err(read)?;
    Ok(format_of_bytes(&head[..n]))
}

/// The format the first bytes `head` (up to 512) say.
pub fn format_of_bytes(head: &[u8]) -> Option<Format> {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        Some(Format::Zip)
    } else if head.starts_with(&[0x1f, 0x8b]) {
        Some(Format::TarGzip)
    } else if head.len() >= 262 && &head[257..262] == b"ustar" {
        Some(Format::Tar)
    } else {
        None
    }
}

/// The entries of the archive at `path`, at most `most` of them.
pub fn list(path: &Path, most: usize) -> Result<Listing, ListError> {
    let read = |source| ListError::Read {
        path: path.to_owned(),
        source,
    };
    let format = format_of(path)?.ok_or_else(|| ListError::NotAnArchive {
        path: path.to_owned(),
    })?;
    let mut file = File::open(path).map_err(read)?;
    file.seek(SeekFrom::Start(0)).map_err(read)?;
    let mut out = Listing::default();
    match format {
        Format::Zip => list_zip(path, file, most, &mut out)?,
        Format::Tar => list_tar(BufReader::new(file), most, &mut out).map_err(read)?,
        Format::TarGzip => {
            let gz = flate2::read::GzDecoder::new(BufReader::new(file));
            list_tar(gz, most, &mut out).map_err(read)?
        }
    }
    Ok(out)
}

/// Put one entry named `raw` in the listing, or among the refused; false once full.
fn take(out: &mut Listing, most: usize, raw: &[u8], entry: impl FnOnce(PathBuf) -> Entry) -> bool {
    if out.entries.len() + out.refused.len() >= most {
        out.cut = true;
        return false;
    }
    match inside(raw) {
        Ok(path) => out.entries.push(entry(path)),
        Err(why) => out.refused.push((raw.to_vec(), why)),
    }
    true
}

fn list_zip(path: &Path, file: File, most: usize, out: &mut Listing) -> Result<(), ListError> {
    let damaged = |source| ListError::Zip {
        path: path.to_owned(),
        source,
    };
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(damaged)?;
    for i in 0..zip.len() {
        let f = zip.by_index_raw(i).map_err(damaged)?;
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
        let (size, mode) = (f.size(), f.unix_mode().map(|m| m & 0o7777));
        if !take(out, most, f.name_raw(), |path| Entry {
            path,
            kind,
            size,
            mtime,
            mode,
        }) {
            break;
        }
    }
    Ok(())
}

fn list_tar(reader: impl Read, most: usize, out: &mut Listing) -> std::io::Result<()> {
    let mut tar = tar::Archive::new(reader);
    for entry in tar.entries()? {
        let entry = entry?;
        let h = entry.header();
        let kind = match h.entry_type() {
            tar::EntryType::Regular | tar::EntryType::Continuous => Kind::File,
            tar::EntryType::Directory => Kind::Folder,
            tar::EntryType::Symlink => Kind::Symlink,
            _ => Kind::Other,
        };
        let (size, mtime, mode) = (
            h.size().unwrap_or(0),
            h.mtime().map_or(0, |t| i64::try_from(t).unwrap_or(0)),
            h.mode().ok().map(|m| m & 0o7777),
        );
        let raw = entry.path_bytes().into_owned();
        if !take(out, most, &raw, |path| Entry {
            path,
            kind,
            size,
            mtime,
            mode,
        }) {
            break;
        }
    }
    Ok(())
}

/// Days from 1970-01-01 to the date `y-m-d` (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Read until `buf` is full or the file ends; how much was read.
fn read_up_to(f: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
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

    #[test]
    fn formats_are_told_by_their_first_bytes() {
        assert_eq!(format_of_bytes(b"PK\x03\x04rest"), Some(Format::Zip));
        assert_eq!(format_of_bytes(&[0x1f, 0x8b, 8, 0]), Some(Format::TarGzip));
        let mut tar = vec![0u8; 512];
        tar[257..262].copy_from_slice(b"ustar");
        assert_eq!(format_of_bytes(&tar), Some(Format::Tar));
        assert_eq!(format_of_bytes(b"plain text"), None);
    }
}
