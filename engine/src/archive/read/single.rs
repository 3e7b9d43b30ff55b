//! A single compressed file (`notes.txt.gz`, `.bz2`, `.xz`, `.zst`, `.lz4`), read as an
//! archive of one file: its name is the archive's without the extension, its size the one
//! the format states (xz's index, a zstd frame's header) or 0 when it states none, its
//! time the archive's own.

use std::ffi::OsStr;
use std::fs::File;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::decode::{Compression, decoder};
use super::{Flow, Head, ReadError, ReadOptions};
use crate::archive::list::Kind;

/// Visit the one file `file`, compressed with `c`, holds (`path` names it).
pub(super) fn entries(
    path: &Path,
    mut file: File,
    c: Compression,
    options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let read = |source| ReadError::Read {
        path: path.to_owned(),
        source,
    };
    let meta = file.metadata().map_err(read)?;
    let size = stated_size(&mut file, c).unwrap_or(0);
    let head = Head {
        raw_name: inner_name(path.file_name().unwrap_or(path.as_os_str())),
        kind: Kind::File,
        size,
        mtime: std::os::unix::fs::MetadataExt::mtime(&meta),
        mode: None,
        link: None,
    };
    if options.content {
        let file = File::open(path).map_err(read)?;
        visit(&head, &mut decoder(c, file));
    } else {
        visit(&head, &mut std::io::empty());
    }
    Ok(())
}

/// The name of the file inside: `archive_name` without its compression extension (the
/// name as it is when it has none).
fn inner_name(archive_name: &OsStr) -> Vec<u8> {
    const EXTENSIONS: &[&[u8]] = &[b".gz", b".bz2", b".xz", b".zst", b".zstd", b".lz4", b".z"];
    let b = archive_name.as_bytes();
    let lower = b.to_ascii_lowercase();
    EXTENSIONS
        .iter()
        .find(|ext| lower.len() > ext.len() && lower.ends_with(ext))
        .map_or_else(|| b.to_vec(), |ext| b[..b.len() - ext.len()].to_vec())
}

/// The decompressed size the format states, where it states one.
fn stated_size(file: &mut File, c: Compression) -> Option<u64> {
    match c {
        Compression::Xz => lzma_rust2::xz_uncompressed_size(file).ok(),
        Compression::Zstd => {
            let mut head = [0u8; 18];
            let n = file.read(&mut head).ok()?;
            zstd::zstd_safe::get_frame_content_size(&head[..n])
                .ok()
                .flatten()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_inside_drops_the_extension() {
        assert_eq!(inner_name(OsStr::new("notes.txt.gz")), b"notes.txt");
        assert_eq!(inner_name(OsStr::new("DATA.XZ")), b"DATA");
        assert_eq!(inner_name(OsStr::new("plain")), b"plain");
        assert_eq!(inner_name(OsStr::new(".gz")), b".gz");
    }
}
