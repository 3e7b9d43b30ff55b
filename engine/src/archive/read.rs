//! Reading an archive's entries one at a time, whatever its format: each entry's header
//! (its name as stored, kind, size, time, mode, a link's target) and, when asked, a reader
//! of its content. Listing, extracting and browsing all go through [`each_entry`], so a
//! format is added in one place: here it is told and handed to its own reader (zip, 7z,
//! tar plain or compressed, a single compressed file).

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::format::{Format, format_of};
use super::list::Kind;

mod ahead;
pub mod decode;
mod sevenz;
mod single;
mod tar;
mod window;
mod zip;

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
    each_entry_counted(path, options, None, visit)
}

/// [`each_entry`], counting in `consumed` the bytes of a compressed tar read so far (how
/// far through the archive the walk is, when its entries' sizes are not known ahead).
pub fn each_entry_counted(
    path: &Path,
    options: ReadOptions<'_>,
    consumed: Option<Arc<AtomicU64>>,
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
        Format::Zip => zip::entries(path, file, options, visit),
        Format::SevenZ => sevenz::entries(path, file, options, visit),
        Format::Tar => tar::entries(path, BufReader::new(file), visit),
        Format::TarGzip | Format::TarBzip2 | Format::TarXz | Format::TarZstd | Format::TarLz4 => {
            match format.compression() {
                Some(c) => {
                    let counted = Counted {
                        inner: file,
                        consumed: consumed.unwrap_or_default(),
                    };
                    tar::entries(path, ahead::read_ahead(decode::decoder(c, counted)), visit)
                }
                None => Err(ReadError::NotAnArchive {
                    path: path.to_owned(),
                }),
            }
        }
        Format::Gzip | Format::Bzip2 | Format::Xz | Format::Zstd | Format::Lz4 => {
            match format.compression() {
                Some(c) => single::entries(path, file, c, options, visit),
                None => Err(ReadError::NotAnArchive {
                    path: path.to_owned(),
                }),
            }
        }
    }
}

/// A reader counting the bytes read through it.
struct Counted<R> {
    inner: R,
    consumed: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
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
