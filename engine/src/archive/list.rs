//! What an archive holds, read without extracting: each entry's path inside the folder it
//! would go to, its kind, size, time and mode, in any format [`each_entry`] reads. Names
//! that would leave the folder are listed apart as refused, and a listing stops at a
//! bound so a hostile archive cannot grow the memory without end.

use std::path::{Path, PathBuf};

use super::names::{NameRefusal, inside};
use super::read::{Flow, ReadError, ReadOptions, each_entry};

pub use super::format::{Format, format_of, format_of_bytes};

/// At most this many entries are listed.
pub const MOST_ENTRIES: usize = 1_000_000;

/// One entry's kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
    /// A symbolic link (its target is read when extracting).
    Symlink,
    /// A second name of a file the archive holds before it (a tar's hard link; its
    /// target is told as a link's is).
    HardLink,
    /// A device, fifo…: listed, never extracted.
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
    /// The archive ended in damage after these entries: what follows could not be read.
    pub damaged: bool,
}

/// The entries of the archive at `path`, at most `most` of them.
pub fn list(path: &Path, most: usize) -> Result<Listing, ReadError> {
    list_with(path, most, None)
}

/// [`list`], with the password of an archive whose names are encrypted.
pub fn list_with(path: &Path, most: usize, password: Option<&[u8]>) -> Result<Listing, ReadError> {
    let mut out = Listing::default();
    let options = ReadOptions {
        content: false,
        password,
    };
    let walked = each_entry(path, options, &mut |head, _| {
        if out.entries.len() + out.refused.len() >= most {
            out.cut = true;
            return Flow::Stop;
        }
        match inside(&head.raw_name) {
            Ok(path) => out.entries.push(Entry {
                path,
                kind: head.kind.clone(),
                size: head.size,
                mtime: head.mtime,
                mode: head.mode,
            }),
            Err(why) => out.refused.push((head.raw_name.clone(), why)),
        }
        Flow::Next
    });
    match walked {
        Ok(()) => {}
        // What was read before the damage is listed (and can be extracted).
        Err(ReadError::Damaged { .. }) if !out.entries.is_empty() => out.damaged = true,
        Err(e) => return Err(e),
    }
    Ok(out)
}
