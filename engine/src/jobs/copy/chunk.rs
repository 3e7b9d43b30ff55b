//! A chunk of a copy: files of one folder, handed from the walker to a worker, with
//! their names back to back in one buffer.

use std::ffi::{CStr, CString};
use std::sync::Arc;

use rustix::fs::FileType;

use super::super::fsops::Meta;
use super::DirPair;

/// Files per chunk: enough to keep a worker busy, few enough to share out.
const CHUNK_FILES: usize = 128;
/// Bytes per chunk, at most (past one file): large files are shared out between workers.
const CHUNK_BYTES: u64 = 4 << 20;

/// One file (or link or fifo) to copy.
pub(super) struct Item {
    /// Where its name starts in the chunk's `names`.
    name_at: usize,
    /// Its name at the destination, when the destination's rules changed it.
    fitted: Option<CString>,
    pub meta: Meta,
}

/// Files of one folder, handed to a worker.
pub(super) struct Chunk {
    pub dirs: Arc<DirPair>,
    /// The items' names, each ending in NUL, back to back: one allocation per chunk
    /// rather than one per file.
    names: Vec<u8>,
    pub items: Vec<Item>,
    /// Bytes the items' data adds up to.
    pub bytes: u64,
}

impl Chunk {
    pub fn new(dirs: Arc<DirPair>) -> Chunk {
        Chunk {
            dirs,
            names: Vec::with_capacity(CHUNK_FILES * 16),
            items: Vec::with_capacity(CHUNK_FILES),
            bytes: 0,
        }
    }

    pub fn push(&mut self, name: &CStr, fitted: Option<CString>, meta: Meta) {
        self.bytes += data_size(&meta);
        self.items.push(Item {
            name_at: self.names.len(),
            fitted,
            meta,
        });
        self.names.extend_from_slice(name.to_bytes_with_nul());
    }

    pub fn is_full(&self) -> bool {
        self.items.len() >= CHUNK_FILES || self.bytes >= CHUNK_BYTES
    }

    /// The item's name in its source folder.
    pub fn name(&self, item: &Item) -> &CStr {
        CStr::from_bytes_until_nul(&self.names[item.name_at..]).unwrap_or_default()
    }

    /// The item's name at the destination.
    pub fn target<'a>(&'a self, item: &'a Item) -> &'a CStr {
        item.fitted.as_deref().unwrap_or_else(|| self.name(item))
    }
}

/// Bytes a copy of this item moves: only regular files carry data.
pub(super) fn data_size(m: &Meta) -> u64 {
    if m.kind == FileType::RegularFile {
        m.size
    } else {
        0
    }
}
