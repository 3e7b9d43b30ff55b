//! A 7z's entries through `sevenz-rust2`: its header read under a memory bound (a header
//! claiming more is refused, not allocated), folders and empty files first, then each
//! block's files decoded as they stream. Unix modes and links are read from the
//! attributes p7zip and 7-Zip store (the high 16 bits when bit 0x8000 is set); a locked
//! archive needs its password, for the header or for the content.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use sevenz_rust2::{Archive, ArchiveEntry, BlockDecoder, Error, Password};

use super::decode::DECODER_MEMORY_KIB;
use super::{Flow, Head, ReadError, ReadOptions};
use crate::archive::list::Kind;

/// Set in a 7z entry's attributes when its high 16 bits are a Unix mode.
const UNIX_EXTENSION: u32 = 0x8000;
/// Seconds from 1601 (Windows file times) to 1970.
const NT_TO_UNIX: i64 = 11_644_473_600;
/// How much of a link's target is read.
const MOST_LINK: u64 = 4096;

/// Visit the entries of the 7z `file` (`path` names it in errors).
pub(super) fn entries(
    path: &Path,
    file: File,
    options: ReadOptions<'_>,
    visit: &mut dyn FnMut(&Head, &mut dyn Read) -> Flow,
) -> Result<(), ReadError> {
    let given = options.password.is_some();
    let password = options.password.map_or_else(Password::empty, |p| {
        Password::from(&*String::from_utf8_lossy(p))
    });
    let error = |e: Error| to_read_error(path, e, given);
    let mut source = BufReader::new(file);
    let archive =
        Archive::read_with_memory_limit(&mut source, &password, DECODER_MEMORY_KIB as usize)
            .map_err(error)?;
    if !options.content {
        for entry in archive.files.iter().filter(|e| !e.is_anti_item) {
            if visit(&head(entry, None), &mut std::io::empty()) == Flow::Stop {
                break;
            }
        }
        return Ok(());
    }
    let locked = (0..archive.files.len()).any(|i| archive.is_file_encrypted(i));
    if locked && !given {
        return Err(ReadError::NeedsPassword {
            path: path.to_owned(),
        });
    }
    // Entries outside every block (folders, empty files) first, so folders come before
    // what they hold.
    let mut in_block = vec![false; archive.files.len()];
    for (block, &first) in archive.stream_map.block_first_file_index.iter().enumerate() {
        let count = BlockDecoder::new(1, block, &archive, &password, &mut source).entry_count();
        for seen in in_block.iter_mut().skip(first).take(count) {
            *seen = true;
        }
    }
    for (entry, _) in archive
        .files
        .iter()
        .zip(&in_block)
        .filter(|(e, inside)| !**inside && !e.is_anti_item)
    {
        if visit(&head(entry, None), &mut std::io::empty()) == Flow::Stop {
            return Ok(());
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut stopped = false;
    for block in 0..archive.blocks.len() {
        let decoder = BlockDecoder::new_with_memory_limit(
            threads,
            DECODER_MEMORY_KIB as usize,
            block,
            &archive,
            &password,
            &mut source,
        );
        decoder
            .for_each_entries(&mut |entry, content| {
                if entry.is_anti_item {
                    return Ok(true);
                }
                let flow = if is_link(entry) {
                    let mut target = Vec::new();
                    content.take(MOST_LINK).read_to_end(&mut target)?;
                    visit(&head(entry, Some(target)), &mut std::io::empty())
                } else {
                    visit(&head(entry, None), content)
                };
                stopped = flow == Flow::Stop;
                Ok(!stopped)
            })
            .map_err(|e| to_read_error(path, e, given && locked))?;
        if stopped {
            break;
        }
    }
    Ok(())
}

/// The Unix mode stored in `entry`'s attributes, if any.
fn unix_mode(entry: &ArchiveEntry) -> Option<u32> {
    (entry.has_windows_attributes && entry.windows_attributes & UNIX_EXTENSION != 0)
        .then_some(entry.windows_attributes >> 16)
}

fn is_link(entry: &ArchiveEntry) -> bool {
    unix_mode(entry).is_some_and(|m| m & 0o170_000 == 0o120_000)
}

fn head(entry: &ArchiveEntry, link: Option<Vec<u8>>) -> Head {
    let mode = unix_mode(entry);
    let kind = if entry.is_directory {
        Kind::Folder
    } else {
        match mode.map(|m| m & 0o170_000) {
            None | Some(0) | Some(0o100_000) => Kind::File,
            Some(0o120_000) => Kind::Symlink,
            Some(0o040_000) => Kind::Folder,
            Some(_) => Kind::Other,
        }
    };
    let mtime = if entry.has_last_modified_date {
        let ticks = u64::from(entry.last_modified_date);
        i64::try_from(ticks / 10_000_000).unwrap_or(0) - NT_TO_UNIX
    } else {
        0
    };
    Head {
        raw_name: entry.name.as_bytes().to_vec(),
        kind,
        size: entry.size,
        mtime,
        mode: mode.map(|m| m & 0o7777),
        link,
    }
}

/// The reading error a 7z error stands for; `locked` says a password was given for an
/// archive that needs one (so bad data most likely means a wrong password).
fn to_read_error(path: &Path, e: Error, locked: bool) -> ReadError {
    let path = path.to_owned();
    match e {
        Error::PasswordRequired => ReadError::NeedsPassword { path },
        Error::MaybeBadPassword(_) => ReadError::WrongPassword { path },
        Error::ChecksumVerificationFailed if locked => ReadError::WrongPassword { path },
        Error::BadSignature(_) => ReadError::NotAnArchive { path },
        e => ReadError::Damaged {
            path,
            source: Box::new(e),
        },
    }
}
