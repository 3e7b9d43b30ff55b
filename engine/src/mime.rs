//! File types from the freedesktop shared-mime-info database (`/usr/share/mime`,
//! `~/.local/share/mime`: globs with weights, magic, aliases, subclasses), read through the
//! `xdg-mime` crate, and decided the way GLib decides them, so Porpoise agrees with the
//! desktop's other programs: a name that matches one glob needs no read; an empty file
//! the name says nothing of is text; only a name that matches none or several is
//! sniffed, and only when the caller allows it (local filesystems). Also each type's description in
//! the reader's language and its icon names (`describe`), and the types it is a kind of
//! (`family`).

mod describe;
mod family;

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use xdg_mime::SharedMimeInfo;

use crate::entry::Kind;
use crate::error::{IoError, Op};

/// The type of folders, and of links to folders.
pub const FOLDER: &str = "inode/directory";
/// The type of a file nothing else is known of.
pub const UNKNOWN: &str = "application/octet-stream";
/// The type of a link whose target is gone.
pub const BROKEN_LINK: &str = "inode/symlink";
/// The type of text without a type of its own.
pub const TEXT: &str = "text/plain";

/// The type of desktop entries, which the content alone never makes a file.
const DESKTOP_FILE: &str = "application/x-desktop";

/// The magic priority from which the content wins over the name (as in GLib).
const CERTAIN_MAGIC: u32 = 80;

/// How many bytes of a file are read to sniff its type (as GLib reads).
const SNIFF_BYTES: usize = 4096;

/// The shared-mime-info database, loaded once (reading it is I/O: off the UI thread).
pub struct MimeDb {
    info: SharedMimeInfo,
    /// The `mime` folders it was read from, the user's first: descriptions are read from
    /// the first that has one.
    dirs: Vec<PathBuf>,
    /// Each type's direct parents (the `subclasses` files), which `xdg-mime` keeps to itself.
    parents: family::Parents,
    /// Each alias's type (the `aliases` files), looked up by hash.
    aliases: family::Aliases,
}

impl std::fmt::Debug for MimeDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MimeDb").field("dirs", &self.dirs).finish()
    }
}

/// What the type of a file is decided from: its kind and size (from its listing), and
/// whether its content may be read when its name says too little.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub kind: Kind,
    pub size: u64,
    /// The content may be read (a local filesystem; never a network one).
    pub sniff: bool,
}

impl MimeDb {
    /// The database of this desktop: `$XDG_DATA_HOME/mime` (or `~/.local/share/mime`) and
    /// each `$XDG_DATA_DIRS/mime` (or `/usr/local/share/mime`, `/usr/share/mime`).
    pub fn load() -> MimeDb {
        let dirs: Vec<PathBuf> = data_dirs().into_iter().map(|d| d.join("mime")).collect();
        MimeDb {
            info: SharedMimeInfo::new(),
            parents: family::read_parents(&dirs),
            aliases: family::read_aliases(&dirs),
            dirs,
        }
    }

    /// The type the name alone gives, when it matches globs of exactly one type (the
    /// heaviest and longest ones, as the specification says); no read.
    pub fn by_name(&self, name: &[u8]) -> Option<String> {
        let name = String::from_utf8_lossy(name);
        match self.info.get_mime_types_from_file_name(&name).as_slice() {
            [only] if only.essence_str() != UNKNOWN => Some(only.essence_str().to_owned()),
            _ => None,
        }
    }

    /// The type of the entry `name` in `dir`, of which `facts` are known. Folders, fifos,
    /// sockets and devices are told by their kind; a file by its name when that is
    /// enough, else by its first bytes if `facts.sniff`
    /// allows, else by the name's best guess (empty: text). A link counts as what it points at: a
    /// caller that knows only that it is a link passes what its target is.
    /// `name` may be a path below `dir` (names joined by `/`): its last name tells the type.
    pub fn of_entry(&self, dir: &Path, name: &[u8], facts: Facts) -> String {
        let own = name.rsplit(|&b| b == b'/').next().unwrap_or(name);
        if let Some(mime) = self.of_entry_unread(own, facts) {
            return mime;
        }
        let data = first_bytes(&dir.join(OsStr::from_bytes(name))).unwrap_or_default();
        self.by_name_and_data(own, &data)
    }

    /// The type of an entry as [`MimeDb::of_entry`] tells it, when that needs no read of
    /// the file (no I/O at all: a caller on the UI thread may ask); `None` when its first
    /// bytes decide.
    pub fn of_entry_unread(&self, name: &[u8], facts: Facts) -> Option<String> {
        match facts.kind {
            Kind::Dir => return Some(FOLDER.into()),
            Kind::Fifo => return Some("inode/fifo".into()),
            Kind::Socket => return Some("inode/socket".into()),
            Kind::CharDevice => return Some("inode/chardevice".into()),
            Kind::BlockDevice => return Some("inode/blockdevice".into()),
            Kind::File | Kind::Symlink | Kind::Unknown => {}
        }
        if let Some(mime) = self.by_name(name) {
            return Some(mime);
        }
        // Nothing in it, nothing to read: as GLib says, empty is text.
        if facts.size == 0 && facts.kind == Kind::File {
            return Some(TEXT.into());
        }
        if !facts.sniff {
            return Some(self.by_name_and_data(name, &[]));
        }
        None
    }

    /// The type of the file at `path`, following a link to what it points at (a broken
    /// link is `inode/symlink`), reading its first bytes when the name says too little.
    pub fn of_path(&self, path: &Path) -> Result<String, IoError> {
        let meta = match std::fs::metadata(path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A link whose target is gone is still there itself.
                return match std::fs::symlink_metadata(path) {
                    Ok(_) => Ok(BROKEN_LINK.into()),
                    Err(e) => Err(IoError::new(Op::Stat, path, e)),
                };
            }
            Err(e) => return Err(IoError::new(Op::Stat, path, e)),
        };
        let kind = Kind::from_mode(std::os::unix::fs::MetadataExt::mode(&meta));
        let (dir, name) = match (path.parent(), path.file_name()) {
            (Some(dir), Some(name)) => (dir, name.as_bytes()),
            // "/" or "..": a folder.
            _ => return Ok(FOLDER.into()),
        };
        let facts = Facts {
            kind,
            size: meta.len(),
            sniff: true,
        };
        Ok(self.of_entry(dir, name, facts))
    }

    /// The name's candidates weighed against the content's magic as GLib weighs them
    /// (`g_content_type_guess`): an empty `data` (nothing read) takes the first candidate;
    /// a certain magic match wins; else the first candidate that is a kind of what the
    /// content looks like (`config.json`, of `application/json` and
    /// `application/schema+json`, holding text: `application/json`); else the first
    /// candidate. Without candidates the content decides: its magic, else text or unknown.
    fn by_name_and_data(&self, name: &[u8], data: &[u8]) -> String {
        let name = String::from_utf8_lossy(name);
        let candidates = self.candidates(&name);
        if data.is_empty() {
            return candidates
                .into_iter()
                .next()
                .unwrap_or_else(|| UNKNOWN.into());
        }
        let sniffed = self.sniffed(data);
        if let Some((mime, priority)) = &sniffed {
            if *priority >= CERTAIN_MAGIC || candidates.is_empty() {
                return mime.clone();
            }
            if let Some(kind) = candidates.iter().find(|c| self.is_a(c, mime)) {
                return kind.clone();
            }
        }
        match candidates.into_iter().next() {
            Some(first) => first,
            None => UNKNOWN.into(),
        }
    }

    /// The types the name's globs give, in a fixed order (the database's own order is not
    /// kept by `xdg-mime`): a type that is a kind of another candidate after that one
    /// (`application/json` before `application/schema+json`), then by name.
    fn candidates(&self, name: &str) -> Vec<String> {
        let mut candidates: Vec<String> = self
            .info
            .get_mime_types_from_file_name(name)
            .iter()
            .map(|m| m.essence_str().to_owned())
            .filter(|m| m != UNKNOWN)
            .collect();
        let kinds_of = |mime: &str, all: &[String]| {
            all.iter()
                .filter(|other| *other != mime && self.is_a(mime, other))
                .count()
        };
        let all = candidates.clone();
        candidates.sort_by_cached_key(|m| (kinds_of(m, &all), m.clone()));
        candidates
    }

    /// What the content alone says, with the magic's priority: its magic match, else text
    /// (priority 0) when it looks like text; a desktop file is only ever text here (it is
    /// trusted by its name alone, as GLib trusts it).
    fn sniffed(&self, data: &[u8]) -> Option<(String, u32)> {
        let magic = self
            .info
            .get_mime_type_for_data(data)
            .map(|(mime, priority)| (mime.essence_str().to_owned(), priority))
            .filter(|(mime, _)| mime != UNKNOWN);
        let (mime, priority) = match magic {
            Some(found) => found,
            None if looks_like_text(data) => (TEXT.to_owned(), 0),
            None => return None,
        };
        if mime == DESKTOP_FILE {
            return Some((TEXT.to_owned(), priority));
        }
        Some((mime, priority))
    }

    /// Whether `mime` is `base` or a kind of it (`application/x-shellscript` is a kind of
    /// `text/plain`).
    pub fn is_a(&self, mime: &str, base: &str) -> bool {
        match (mime.parse(), base.parse()) {
            (Ok(m), Ok(b)) => self.info.mime_type_subclass(&m, &b),
            _ => mime == base,
        }
    }
}

/// Up to [`SNIFF_BYTES`] of the file's start (none if it cannot be read: the name decides).
fn first_bytes(path: &Path) -> Option<Vec<u8>> {
    let file = std::fs::File::open(path).ok()?;
    let mut data = Vec::with_capacity(SNIFF_BYTES);
    file.take(SNIFF_BYTES as u64).read_to_end(&mut data).ok()?;
    Some(data)
}

/// Text, as GLib tells it: valid UTF-8 without control characters other than white space.
fn looks_like_text(data: &[u8]) -> bool {
    // A cut multi-byte character at the end is still text.
    let text = match std::str::from_utf8(data) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&data[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return false,
    };
    !text
        .chars()
        .any(|c| c.is_control() && !c.is_ascii_whitespace())
}

/// The XDG data folders, the user's first: `$XDG_DATA_HOME` (or `~/.local/share`), then
/// `$XDG_DATA_DIRS` (or `/usr/local/share:/usr/share`).
fn data_dirs() -> Vec<PathBuf> {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let home = env("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| env("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    let system = env("XDG_DATA_DIRS").unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    home.into_iter()
        .chain(std::env::split_paths(&system))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_valid_utf8_without_control_characters() {
        assert!(looks_like_text(b"hello\nworld\t!"));
        assert!(looks_like_text("grüße".as_bytes()));
        // A character cut at the end of what was read.
        assert!(looks_like_text(&"grüße".as_bytes()[..3]));
        assert!(!looks_like_text(b"\x00\x01binary"));
        assert!(!looks_like_text(b"\xff\xfe\xfd"));
    }
}
