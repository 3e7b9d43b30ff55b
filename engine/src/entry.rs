//! Compact file records: a fixed 56-byte record per entry, names kept in a shared byte arena.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use rustix::fs::FileType;

/// What kind of file an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Kind {
    Dir = 0,
    File = 1,
    Symlink = 2,
    Fifo = 3,
    Socket = 4,
    CharDevice = 5,
    BlockDevice = 6,
    Unknown = 7,
}

impl Kind {
    pub fn from_file_type(t: FileType) -> Kind {
        match t {
            FileType::Directory => Kind::Dir,
            FileType::RegularFile => Kind::File,
            FileType::Symlink => Kind::Symlink,
            FileType::Fifo => Kind::Fifo,
            FileType::Socket => Kind::Socket,
            FileType::CharacterDevice => Kind::CharDevice,
            FileType::BlockDevice => Kind::BlockDevice,
            _ => Kind::Unknown,
        }
    }

    pub fn from_mode(mode: u32) -> Kind {
        Kind::from_file_type(FileType::from_raw_mode(mode))
    }
}

/// What is known about an entry beyond its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Size, time, owner and mode are known.
    Complete,
    /// Only the name (and usually the kind) is known yet; details follow.
    Pending,
    /// The entry disappeared between reading the folder and reading its details.
    Vanished,
    /// Its details could not be read (e.g. permission denied); the name is still shown.
    Unreadable,
}

const FLAG_PENDING: u8 = 1;
const FLAG_VANISHED: u8 = 2;
const FLAG_UNREADABLE: u8 = 4;
/// A symlink whose target is a directory.
const FLAG_LINK_TO_DIR: u8 = 8;
/// A symlink whose target does not exist (or cannot be reached).
const FLAG_LINK_BROKEN: u8 = 16;

/// One entry of a listing. Fixed size, no heap: the name lives in a [`Names`] arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    pub size: u64,
    pub mtime_sec: i64,
    pub ino: u64,
    name_off: u32,
    pub mtime_nsec: u32,
    pub uid: u32,
    pub gid: u32,
    /// Last access and birth (creation) time in whole seconds since 1970, 0 where the
    /// filesystem does not tell (or the time is before 1970): seconds in 32 bits keep
    /// the record small and last until 2106.
    pub atime: u32,
    pub btime: u32,
    /// `st_mode`: file type and permission bits.
    pub mode: u16,
    name_len: u16,
    kind: Kind,
    flags: u8,
}

impl Entry {
    /// A record for a name only; details pending.
    pub fn pending(name: NameRef, kind: Kind, ino: u64) -> Entry {
        Entry {
            size: 0,
            mtime_sec: 0,
            ino,
            name_off: name.off,
            mtime_nsec: 0,
            uid: 0,
            gid: 0,
            atime: 0,
            btime: 0,
            mode: 0,
            name_len: name.len,
            kind,
            flags: FLAG_PENDING,
        }
    }

    /// A record of details told by something other than statx (an archive's entry):
    /// `mode` holds the permission bits, the file type comes from `kind`.
    pub fn stated(name: NameRef, kind: Kind, size: u64, mtime: i64, perms: u32, ino: u64) -> Entry {
        let ftype: u32 = match kind {
            Kind::Dir => 0o040000,
            Kind::File => 0o100000,
            Kind::Symlink => 0o120000,
            Kind::Fifo => 0o010000,
            Kind::Socket => 0o140000,
            Kind::CharDevice => 0o020000,
            Kind::BlockDevice => 0o060000,
            Kind::Unknown => 0,
        };
        Entry {
            size,
            mtime_sec: mtime,
            ino,
            name_off: name.off,
            mtime_nsec: 0,
            uid: 0,
            gid: 0,
            atime: 0,
            btime: 0,
            mode: u16::try_from(ftype | (perms & 0o7777)).unwrap_or(0),
            name_len: name.len,
            kind,
            flags: 0,
        }
    }

    /// A record filled from statx.
    pub fn from_statx(name: NameRef, st: &rustix::fs::Statx) -> Entry {
        Entry {
            size: st.stx_size,
            mtime_sec: st.stx_mtime.tv_sec,
            ino: st.stx_ino,
            name_off: name.off,
            mtime_nsec: st.stx_mtime.tv_nsec,
            uid: st.stx_uid,
            gid: st.stx_gid,
            atime: told_secs(st, rustix::fs::StatxFlags::ATIME, &st.stx_atime),
            btime: told_secs(st, rustix::fs::StatxFlags::BTIME, &st.stx_btime),
            mode: st.stx_mode,
            name_len: name.len,
            kind: Kind::from_mode(u32::from(st.stx_mode)),
            flags: 0,
        }
    }

    pub fn name_ref(&self) -> NameRef {
        NameRef {
            off: self.name_off,
            len: self.name_len,
        }
    }

    /// Point this record at another place of (another) arena.
    pub fn set_name_ref(&mut self, name: NameRef) {
        self.name_off = name.off;
        self.name_len = name.len;
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn state(&self) -> State {
        if self.flags & FLAG_VANISHED != 0 {
            State::Vanished
        } else if self.flags & FLAG_UNREADABLE != 0 {
            State::Unreadable
        } else if self.flags & FLAG_PENDING != 0 {
            State::Pending
        } else {
            State::Complete
        }
    }

    /// Mark that details could not be read, keeping name and kind.
    pub fn mark_failed(&mut self, vanished: bool) {
        self.flags &= !FLAG_PENDING;
        self.flags |= if vanished {
            FLAG_VANISHED
        } else {
            FLAG_UNREADABLE
        };
    }

    /// A directory, or a symlink to one: something that opens as a folder.
    pub fn is_dir_like(&self) -> bool {
        self.kind == Kind::Dir || self.flags & FLAG_LINK_TO_DIR != 0
    }

    pub fn is_link_to_dir(&self) -> bool {
        self.flags & FLAG_LINK_TO_DIR != 0
    }

    pub fn is_broken_link(&self) -> bool {
        self.flags & FLAG_LINK_BROKEN != 0
    }

    /// Record what a symlink points at.
    pub fn set_link_target(&mut self, target: Option<Kind>) {
        self.flags &= !(FLAG_LINK_TO_DIR | FLAG_LINK_BROKEN);
        match target {
            Some(Kind::Dir) => self.flags |= FLAG_LINK_TO_DIR,
            Some(_) => {}
            None => self.flags |= FLAG_LINK_BROKEN,
        }
    }

    /// Permission bits only.
    pub fn permissions(&self) -> u32 {
        u32::from(self.mode) & 0o7777
    }
}

/// A statx time in 32-bit seconds, 0 when statx did not fill it (`field` not in its mask).
fn told_secs(
    st: &rustix::fs::Statx,
    field: rustix::fs::StatxFlags,
    t: &rustix::fs::StatxTimestamp,
) -> u32 {
    if st.stx_mask & field.bits() == 0 {
        return 0;
    }
    u32::try_from(t.tv_sec.max(0)).unwrap_or(u32::MAX)
}

/// Where a name sits in a [`Names`] arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameRef {
    off: u32,
    len: u16,
}

/// A growing arena of file names (bytes, not necessarily UTF-8).
#[derive(Debug, Default, Clone)]
pub struct Names {
    bytes: Vec<u8>,
}

impl Names {
    pub fn with_capacity(bytes: usize) -> Names {
        Names {
            bytes: Vec::with_capacity(bytes),
        }
    }

    /// Store a name; Linux names are at most 255 bytes, longer input is cut there.
    pub fn push(&mut self, name: &[u8]) -> NameRef {
        let name = &name[..name.len().min(u16::MAX as usize)];
        let off = u32::try_from(self.bytes.len()).unwrap_or(u32::MAX);
        self.bytes.extend_from_slice(name);
        NameRef {
            off,
            len: name.len() as u16,
        }
    }

    pub fn get(&self, r: NameRef) -> &[u8] {
        let start = r.off as usize;
        self.bytes
            .get(start..start + r.len as usize)
            .unwrap_or_default()
    }

    pub fn name_of(&self, e: &Entry) -> &[u8] {
        self.get(e.name_ref())
    }

    pub fn os_name_of(&self, e: &Entry) -> &OsStr {
        OsStr::from_bytes(self.name_of(e))
    }

    pub fn len_bytes(&self) -> usize {
        self.bytes.len()
    }

    pub fn capacity_bytes(&self) -> usize {
        self.bytes.capacity()
    }

    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    pub fn shrink_to_fit(&mut self) {
        self.bytes.shrink_to_fit();
    }
}

/// A set of entries together with the arena their names live in.
#[derive(Debug, Default, Clone)]
pub struct Batch {
    pub entries: Vec<Entry>,
    pub names: Names,
}

impl Batch {
    pub fn with_capacity(entries: usize) -> Batch {
        Batch {
            entries: Vec::with_capacity(entries),
            names: Names::with_capacity(entries * 24),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn name(&self, i: usize) -> &[u8] {
        self.names.name_of(&self.entries[i])
    }
}

/// A name is hidden when it starts with a dot.
pub fn is_hidden(name: &[u8]) -> bool {
    name.first() == Some(&b'.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_is_56_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 56);
    }

    #[test]
    fn names_round_trip_bytes() {
        let mut n = Names::default();
        let a = n.push(b"caf\xe9");
        let b = n.push(b"two\nlines");
        assert_eq!(n.get(a), b"caf\xe9");
        assert_eq!(n.get(b), b"two\nlines");
    }

    #[test]
    fn states() {
        let mut n = Names::default();
        let mut e = Entry::pending(n.push(b"x"), Kind::File, 1);
        assert_eq!(e.state(), State::Pending);
        e.mark_failed(true);
        assert_eq!(e.state(), State::Vanished);
        e.set_link_target(Some(Kind::Dir));
        assert!(e.is_dir_like());
    }
}
