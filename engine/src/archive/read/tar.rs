//! A tar's entries, plain or through a decompressor: names and link targets as bytes
//! (long GNU and PAX names as the `tar` crate joins them), content streamed from the
//! archive.

use std::io::Read;
use std::path::Path;

use super::{Flow, Head, ReadError};
use crate::archive::list::Kind;

/// Visit the entries of the tar `reader` yields (`path` names it in errors).
pub(super) fn entries(
    path: &Path,
    reader: impl Read,
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
            tar::EntryType::Link => Kind::HardLink,
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
