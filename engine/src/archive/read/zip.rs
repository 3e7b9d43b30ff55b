//! A zip's entries, whatever method each is compressed with (stored, deflate, deflate64,
//! bzip2, zstd, lzma, xz) and whether it is locked (ZipCrypto or AES, opened with the
//! password given). Names flagged UTF-8 (or carrying Info-ZIP's Unicode path) are taken
//! as stored; others that are not ASCII are decoded from CP437, the old DOS code page,
//! unless they are already valid UTF-8 (as Linux tools write them without the flag).

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::window::Windowed;
use super::{Flow, Head, ReadError, ReadOptions, days_from_civil};
use crate::archive::list::Kind;

/// The general-purpose flag saying the name is UTF-8.
const UTF8_FLAG: u16 = 0x0800;

/// How much of a link's target is read.
const MOST_LINK: u64 = 4096;

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

/// Visit the entries of the zip `file` (`path` names it in errors).
pub(super) fn entries(
    path: &Path,
    file: File,
    options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let mut zip = zip::ZipArchive::new(Windowed::new(file)).map_err(damaged(path))?;
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
        let raw = f.name_raw();
        let raw_name = if f.flags().as_u16() & UTF8_FLAG != 0 || raw.is_ascii() {
            raw.to_vec()
        } else {
            f.name().map_err(damaged(path))?.as_bytes().to_vec()
        };
        let mut link = None;
        if kind == Kind::Symlink && options.content {
            let mut target = Vec::new();
            (&mut f)
                .take(MOST_LINK)
                .read_to_end(&mut target)
                .map_err(|source| ReadError::Read {
                    path: path.to_owned(),
                    source,
                })?;
            link = Some(target);
        }
        let head = Head {
            raw_name,
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
