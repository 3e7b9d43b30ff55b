//! A 7z written with LZMA2 (on every core in independent chunks), files in solid blocks
//! of bounded size, links and empty files apart; modes, link kinds and times stored as p7zip and 7-Zip store them (the Unix
//! mode in the attributes' high 16 bits, a link as a file holding its target). With a
//! password, the content and the names are locked with AES-256. Names that are not UTF-8
//! are stored lossily: 7z names are UTF-16.

use std::cell::RefCell;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

use sevenz_rust2::encoder_options::{AesEncoderOptions, Lzma2Options};
use sevenz_rust2::{ArchiveEntry, ArchiveWriter, NtTime, Password, SourceReader};

use super::meter::Meter;
use super::walk::{Item, ItemKind};
use super::{CompressOptions, WriteResult};

/// Set in the attributes when their high 16 bits hold a Unix mode.
const UNIX_EXTENSION: u32 = 0x8000;
/// Windows' directory attribute.
const DIRECTORY: u32 = 0x10;
/// The uncompressed size of each LZMA2 chunk compressed on its own thread.
const CHUNK: u64 = 16 << 20;
/// A solid block ends past this many bytes or files (small files compress together;
/// one damaged block loses no more than that).
const SOLID_BYTES: u64 = 64 << 20;
const SOLID_FILES: usize = 4096;

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
    let meter = RefCell::new(meter);
    let mut block: Vec<(ArchiveEntry, &Item)> = Vec::new();
    let mut block_bytes = 0;
    for item in items {
        meter.borrow_mut().next(&item.kind)?;
        let entry = entry_of(item);
        match &item.kind {
            ItemKind::File if item.size > 0 => {
                block_bytes += item.size;
                block.push((entry, item));
                if block_bytes >= SOLID_BYTES || block.len() >= SOLID_FILES {
                    push_block(&mut seven, std::mem::take(&mut block), &meter)?;
                    block_bytes = 0;
                }
            }
            ItemKind::Link(target) => {
                seven.push_archive_entry(entry, Some(target.as_slice()))?;
            }
            _ => {
                seven.push_archive_entry::<&[u8]>(entry, None)?;
            }
        }
    }
    push_block(&mut seven, block, &meter)?;
    seven.finish()?.flush()?;
    Ok(())
}

/// The 7z entry for `item`, without its content.
fn entry_of(item: &Item) -> ArchiveEntry {
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
    entry
}

/// Write the files of `block` as one solid block (each opened only when it is read).
fn push_block<W: Write + Seek>(
    seven: &mut ArchiveWriter<W>,
    block: Vec<(ArchiveEntry, &Item)>,
    meter: &RefCell<&mut Meter>,
) -> std::io::Result<()> {
    if block.is_empty() {
        return Ok(());
    }
    let (entries, readers): (Vec<_>, Vec<_>) = block
        .into_iter()
        .map(|(entry, item)| {
            let reader = Opened {
                path: &item.path,
                file: None,
                meter,
            };
            (entry, SourceReader::new(reader))
        })
        .unzip();
    seven
        .push_archive_entries(entries, readers)
        .map_err(std::io::Error::other)?;
    Ok(())
}

/// A source file opened at its first read, counting into the meter.
struct Opened<'r, 'm, 'a> {
    path: &'r Path,
    file: Option<File>,
    meter: &'r RefCell<&'m mut Meter<'a>>,
}

impl Read for Opened<'_, '_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut meter = self.meter.borrow_mut();
        meter.go_on()?;
        let file = match &mut self.file {
            Some(f) => f,
            None => {
                let f = File::open(self.path).map_err(|e| meter.read_failed(self.path, e))?;
                self.file.insert(f)
            }
        };
        match file.read(buf) {
            Ok(n) => {
                meter.done.bytes += n as u64;
                Ok(n)
            }
            Err(e) => Err(meter.read_failed(self.path, e)),
        }
    }
}
