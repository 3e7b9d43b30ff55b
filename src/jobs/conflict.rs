//! What to do when a name already exists at the destination, and free names ("a (1).txt").

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};

/// The standing rule for conflicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ConflictPolicy {
    /// Ask through a `Conflict` event and wait for an answer.
    Ask,
    Skip,
    Overwrite,
    /// Overwrite only when the source is newer than the existing file.
    OverwriteIfOlder,
    /// Keep both: the new one gets a free name.
    Rename,
    /// Never overwrite, never ask: the item fails (scripts without a terminal).
    #[default]
    Fail,
}

/// An answer to one conflict; `for_all` makes it the rule for the rest of the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    pub choice: Choice,
    pub for_all: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Skip,
    Overwrite,
    OverwriteIfOlder,
    Rename,
    Cancel,
}

impl Choice {
    pub fn as_policy(self) -> Option<ConflictPolicy> {
        match self {
            Choice::Skip => Some(ConflictPolicy::Skip),
            Choice::Overwrite => Some(ConflictPolicy::Overwrite),
            Choice::OverwriteIfOlder => Some(ConflictPolicy::OverwriteIfOlder),
            Choice::Rename => Some(ConflictPolicy::Rename),
            Choice::Cancel => None,
        }
    }
}

/// The `n`-th alternative of `name`: "photo (n).jpg", "archive (n).tar.gz", "folder (n)".
pub fn numbered(name: &OsStr, n: u32) -> OsString {
    let b = name.as_bytes();
    // Keep compound extensions together, and a leading dot is not an extension.
    let split = [b".tar.gz".as_slice(), b".tar.xz", b".tar.bz2", b".tar.zst"]
        .iter()
        .find(|ext| b.len() > ext.len() && b.ends_with(ext))
        .map(|ext| b.len() - ext.len())
        .or_else(|| match b.iter().rposition(|&c| c == b'.') {
            Some(0) | None => None,
            Some(p) => Some(p),
        })
        .unwrap_or(b.len());
    let mut out = b[..split].to_vec();
    out.extend_from_slice(format!(" ({n})").as_bytes());
    out.extend_from_slice(&b[split..]);
    OsString::from_vec(out)
}

/// The first numbered alternative of `name` for which `taken` says no.
pub fn free_name(name: &OsStr, mut taken: impl FnMut(&OsStr) -> bool) -> OsString {
    (1..)
        .map(|n| numbered(name, n))
        .find(|c| !taken(c))
        .unwrap_or_else(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names() {
        let n = |s: &str, i| numbered(OsStr::new(s), i).into_string().expect("utf8");
        assert_eq!(n("photo.jpg", 1), "photo (1).jpg");
        assert_eq!(n("backup.tar.gz", 2), "backup (2).tar.gz");
        assert_eq!(n("folder", 1), "folder (1)");
        assert_eq!(n(".bashrc", 1), ".bashrc (1)");
    }

    #[test]
    fn free_name_skips_taken_ones() {
        let taken = ["a (1).txt", "a (2).txt"];
        let got = free_name(OsStr::new("a.txt"), |c| {
            taken.iter().any(|t| OsStr::new(t) == c)
        });
        assert_eq!(got, OsString::from("a (3).txt"));
    }
}
