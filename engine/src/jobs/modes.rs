//! What a permissions job does, as plain values (no I/O here; `chmod.rs` runs it): the
//! sources, and with [`ModeChange::recursive`] all that is inside the folders among them,
//! get bits set and cleared; or each recorded item gets its own earlier mode back (how
//! undo takes a change back).
//!
//! Inside a folder the change is applied as `chmod -R` with `X` would: folders take all of
//! it; other files its read and write bits, and its execute bits only when they are
//! executable already; so making a folder's contents reachable never makes every document
//! a program.

use std::path::PathBuf;
use std::sync::Arc;

/// The permission bits a change may touch.
pub(super) const PERMISSION_BITS: u32 = 0o7777;
/// What a change does to files inside a folder: read and write…
const FILE_BITS: u32 = 0o666;
/// …and execute, for files someone may execute already.
const PROGRAM_BITS: u32 = 0o777;

/// Bits to set and to clear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ModeChange {
    pub set: u32,
    pub clear: u32,
    /// Change what is inside the folders among the sources too.
    pub recursive: bool,
}

impl ModeChange {
    /// The change that turns `from` into `to`.
    pub fn between(from: u32, to: u32, recursive: bool) -> ModeChange {
        let (from, to) = (from & PERMISSION_BITS, to & PERMISSION_BITS);
        ModeChange {
            set: to & !from,
            clear: from & !to,
            recursive,
        }
    }

    /// `mode` changed by this: all of it (`full`: a source or a folder), else as a file
    /// inside a folder takes it.
    pub(super) fn apply(self, mode: u32, full: bool) -> u32 {
        let mode = mode & PERMISSION_BITS;
        let mask = match (full, mode & 0o111 != 0) {
            (true, _) => PERMISSION_BITS,
            (false, true) => PROGRAM_BITS,
            (false, false) => FILE_BITS,
        };
        (mode & !(self.clear & mask)) | (self.set & mask)
    }
}

/// What a permissions job does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ModeJob {
    Change(ModeChange),
    /// Give each path its mode back (the paths need not be the job's sources).
    Restore(Arc<[(PathBuf, u32)]>),
}

/// The items whose mode a change set, each with its mode before.
pub type ModesBefore = Arc<[(PathBuf, u32)]>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_folders_files_take_read_and_write_and_programs_execute_too() {
        let c = ModeChange::between(0o700, 0o755, true);
        assert_eq!((c.set, c.clear), (0o055, 0));
        assert_eq!(
            c.apply(0o600, false),
            0o644,
            "no execute bit for a document"
        );
        assert_eq!(c.apply(0o700, false), 0o755, "a program stays one for all");
        assert_eq!(c.apply(0o700, true), 0o755, "a folder takes all");
        let c = ModeChange::between(0o755, 0o700, true);
        assert_eq!(c.apply(0o644, false), 0o600);
        assert_eq!(
            c.apply(0o2775, true),
            0o2720,
            "bits not changed stay, special ones too"
        );
        let c = ModeChange::between(0o755, 0o2755, true);
        assert_eq!(c.apply(0o755, false), 0o755, "no setgid for a file inside");
    }
}
