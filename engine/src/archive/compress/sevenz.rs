//! A 7z written with LZMA2 (on every core in independent chunks), each file in its own
//! stream; modes, link kinds and times stored as p7zip and 7-Zip store them (the Unix
//! mode in the attributes' high 16 bits, a link as a file holding its target). With a
//! password, the content and the names are locked with AES-256. Names that are not UTF-8
//! are stored lossily: 7z names are UTF-16.

use std::fs::File;
use std::io::{Seek, Write};
use std::time::{Duration, UNIX_EPOCH};

use sevenz_rust2::encoder_options::{AesEncoderOptions, Lzma2Options};
use sevenz_rust2::{ArchiveEntry, ArchiveWriter, NtTime, Password};

use super::meter::Meter;
use super::walk::{Item, ItemKind};
use super::{CompressOptions, WriteResult};

/// Set in the attributes when their high 16 bits hold a Unix mode.
const UNIX_EXTENSION: u32 = 0x8000;
/// Windows' directory attribute.
const DIRECTORY: u32 = 0x10;
/// The uncompressed size of each LZMA2 chunk compressed on its own thread.
const CHUNK: u64 = 16 << 20;

/// Write the 7z of `items` into `out`.
pub(super) fn write<W: Write + Seek>(
    out: W,
    items: &[Item],
    options: &CompressOptions,
    threads: u32,
    meter: &mut Meter,
) -> WriteResult {
    let mut seven = ArchiveWriter::new(out)?;
    let level = options.level.unwrap_or(6).min(9);
    let lzma2 = if threads > 1 {
        Lzma2Options::from_level_mt(level, threads, CHUNK)
    } else {
        Lzma2Options::from_level(level)
    };
    match &options.password {
        Some(password) => seven.set_content_methods(vec![
            AesEncoderOptions::new(Password::from(password.as_str())).into(),
            lzma2.into(),
        ]),
        None => seven.set_content_methods(vec![lzma2.into()]),
    };
    for item in items {
        meter.go_on()?;
        let name = String::from_utf8_lossy(&item.name);
        let (mut entry, type_bits) = match item.kind {
            ItemKind::Folder => (ArchiveEntry::new_directory(&name), 0o040_000),
            ItemKind::File => (ArchiveEntry::new_file(&name), 0o100_000),
            ItemKind::Link(_) => (ArchiveEntry::new_file(&name), 0o120_000),
        };
        entry.has_windows_attributes = true;
        entry.windows_attributes = UNIX_EXTENSION | ((type_bits | item.mode) << 16);
        if item.kind == ItemKind::Folder {
            entry.windows_attributes |= DIRECTORY;
        }
        if let Ok(secs) = u64::try_from(item.mtime)
            && let Ok(t) = NtTime::try_from(UNIX_EPOCH + Duration::from_secs(secs))
        {
            entry.last_modified_date = t;
            entry.has_last_modified_date = true;
        }
        match &item.kind {
            ItemKind::Folder => {
                seven.push_archive_entry::<&[u8]>(entry, None)?;
            }
            ItemKind::Link(target) => {
                seven.push_archive_entry(entry, Some(target.as_slice()))?;
            }
            ItemKind::File if item.size == 0 => {
                seven.push_archive_entry::<&[u8]>(entry, None)?;
            }
            ItemKind::File => {
                let file = File::open(&item.path).map_err(|e| meter.read_failed(&item.path, e))?;
                seven.push_archive_entry(entry, Some(meter.reader(&item.path, file)))?;
            }
        }
    }
    seven.finish()?.flush()?;
    Ok(())
}
