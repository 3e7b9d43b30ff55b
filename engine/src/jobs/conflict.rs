//! What to do when a name already exists at the destination, and free names: "a (1).txt"
//! to keep both, "a (copy).txt" for a duplicate made beside its original.

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub choice: Choice,
    pub for_all: bool,
    /// With [`Choice::Rename`]: the name the person typed for the incoming item (one
    /// name, never a rule); without it the item gets a free "name (1)".
    pub new_name: Option<OsString>,
}

impl Answer {
    /// `choice`, for this item alone or (`for_all`) for the rest of the job too.
    pub fn new(choice: Choice, for_all: bool) -> Answer {
        Answer {
            choice,
            for_all,
            new_name: None,
        }
    }

    /// Rename the incoming item to `name`.
    pub fn rename_to(name: OsString) -> Answer {
        Answer {
            choice: Choice::Rename,
            for_all: false,
            new_name: Some(name),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Skip,
    Overwrite,
    OverwriteIfOlder,
    Rename,
    /// A folder onto a folder of the same name: put its entries into that folder (their
    /// own conflicts asked as they come). Never offered for a file.
    Merge,
    Cancel,
}

impl Choice {
    pub fn as_policy(self) -> Option<ConflictPolicy> {
        match self {
            Choice::Skip => Some(ConflictPolicy::Skip),
            Choice::Overwrite => Some(ConflictPolicy::Overwrite),
            Choice::OverwriteIfOlder => Some(ConflictPolicy::OverwriteIfOlder),
            Choice::Rename => Some(ConflictPolicy::Rename),
            // Under any rule but Rename, a folder goes into a folder of its name.
            Choice::Merge => Some(ConflictPolicy::Overwrite),
            Choice::Cancel => None,
        }
    }
}

/// The `n`-th alternative of `name`: "photo (n).jpg", "archive (n).tar.gz", "folder (n)".
pub fn numbered(name: &OsStr, n: u32) -> OsString {
    tagged(name.as_bytes(), &format!("({n})"), ext_at(name.as_bytes()))
}

/// Can `name` be the name of an entry of a folder: not empty, not "." or "..", no "/"
/// and no NUL byte in it.
pub fn is_entry_name(name: &OsStr) -> bool {
    let b = name.as_bytes();
    !b.is_empty() && b != b"." && b != b".." && !b.contains(&b'/') && !b.contains(&0)
}

/// `name` itself when `taken` says no, else its first free numbered alternative: the
/// name of a new item ("New Folder", then "New Folder (1)", …).
pub fn unused_name(name: &OsStr, mut taken: impl FnMut(&OsStr) -> bool) -> OsString {
    if taken(name) {
        free_name(name, taken)
    } else {
        name.to_owned()
    }
}

/// The first numbered alternative of `name` for which `taken` says no.
pub fn free_name(name: &OsStr, taken: impl FnMut(&OsStr) -> bool) -> OsString {
    first_free(name, numbered, taken)
}

/// The `n`-th duplicate of `name` made beside it: "notes (copy).txt", then "notes (copy
/// 2).txt", as Nautilus names them. Compound extensions stay together ("archive
/// (copy).tar.gz"); a folder's name has no extension ("v1.2 (copy)"). A name that already
/// is a duplicate counts on: "notes (copy).txt" gives "notes (copy 2).txt".
pub fn copy_numbered(name: &OsStr, is_dir: bool, n: u32) -> OsString {
    let b = name.as_bytes();
    let split = if is_dir { b.len() } else { ext_at(b) };
    let stem = strip_copy_tag(&b[..split]);
    let tag = if n <= 1 {
        "(copy)".to_owned()
    } else {
        format!("(copy {n})")
    };
    let mut out = stem.to_vec();
    out.extend_from_slice(&b[split..]);
    tagged(&out, &tag, stem.len())
}

/// The first duplicate name of `name` for which `taken` says no.
pub fn free_copy_name(name: &OsStr, is_dir: bool, taken: impl FnMut(&OsStr) -> bool) -> OsString {
    first_free(name, |name, n| copy_numbered(name, is_dir, n), taken)
}

/// The first of `make(name, 1)`, `make(name, 2)`, … for which `taken` says no.
fn first_free(
    name: &OsStr,
    make: impl Fn(&OsStr, u32) -> OsString,
    mut taken: impl FnMut(&OsStr) -> bool,
) -> OsString {
    (1..)
        .map(|n| make(name, n))
        .find(|c| !taken(c))
        .unwrap_or_else(|| name.to_owned())
}

/// Where the extension of a file name starts (its length when it has none). Compound
/// extensions stay together, and a leading dot is not an extension.
fn ext_at(b: &[u8]) -> usize {
    [b".tar.gz".as_slice(), b".tar.xz", b".tar.bz2", b".tar.zst"]
        .iter()
        .find(|ext| b.len() > ext.len() && b.ends_with(ext))
        .map(|ext| b.len() - ext.len())
        .or_else(|| match b.iter().rposition(|&c| c == b'.') {
            Some(0) | None => None,
            Some(p) => Some(p),
        })
        .unwrap_or(b.len())
}

/// `b` with " `tag`" put in at byte `at`.
fn tagged(b: &[u8], tag: &str, at: usize) -> OsString {
    let mut out = b[..at].to_vec();
    out.push(b' ');
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&b[at..]);
    OsString::from_vec(out)
}

/// `stem` without a trailing " (copy)" or " (copy N)", unless nothing would be left.
fn strip_copy_tag(stem: &[u8]) -> &[u8] {
    let Some(open) = stem.strip_suffix(b")") else {
        return stem;
    };
    let Some(at) = open.windows(6).rposition(|w| w == b" (copy") else {
        return stem;
    };
    let rest = &open[at + 6..];
    let counted = rest.is_empty()
        || rest
            .strip_prefix(b" ")
            .is_some_and(|d| !d.is_empty() && d.iter().all(u8::is_ascii_digit));
    if counted && at > 0 { &stem[..at] } else { stem }
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
    fn a_new_name_is_itself_until_taken() {
        let taken = [OsStr::new("New Folder"), OsStr::new("New Folder (1)")];
        let got = unused_name(OsStr::new("New Folder"), |c| taken.contains(&c));
        assert_eq!(got, "New Folder (2)");
        assert_eq!(
            unused_name(OsStr::new("Other"), |c| taken.contains(&c)),
            "Other"
        );
    }

    #[test]
    fn free_name_skips_taken_ones() {
        let taken = ["a (1).txt", "a (2).txt"];
        let got = free_name(OsStr::new("a.txt"), |c| {
            taken.iter().any(|t| OsStr::new(t) == c)
        });
        assert_eq!(got, OsString::from("a (3).txt"));
    }

    #[test]
    fn duplicates_are_named_copy_then_copy_n_and_a_duplicate_of_one_counts_on() {
        // (name, is a folder, number, the duplicate's name)
        let cases = [
            ("notes.txt", false, 1, "notes (copy).txt"),
            ("notes.txt", false, 2, "notes (copy 2).txt"),
            ("notes.txt", false, 3, "notes (copy 3).txt"),
            ("photos", true, 1, "photos (copy)"),
            ("photos", true, 2, "photos (copy 2)"),
            ("v1.2", true, 1, "v1.2 (copy)"),
            ("Makefile", false, 1, "Makefile (copy)"),
            (".bashrc", false, 1, ".bashrc (copy)"),
            ("archive.tar.gz", false, 1, "archive (copy).tar.gz"),
            ("archive.tar.gz", false, 2, "archive (copy 2).tar.gz"),
            // A duplicate of a duplicate counts on.
            ("notes (copy).txt", false, 1, "notes (copy).txt"),
            ("notes (copy).txt", false, 2, "notes (copy 2).txt"),
            ("notes (copy 7).txt", false, 2, "notes (copy 2).txt"),
            ("photos (copy)", true, 2, "photos (copy 2)"),
            // Not a duplicate's tag: kept as part of the name.
            ("(copy).txt", false, 1, "(copy) (copy).txt"),
            ("a (copyright).txt", false, 1, "a (copyright) (copy).txt"),
            ("a (copy x).txt", false, 1, "a (copy x) (copy).txt"),
        ];
        for (name, is_dir, n, want) in cases {
            let got = copy_numbered(OsStr::new(name), is_dir, n);
            assert_eq!(got, OsStr::new(want), "{name} (folder: {is_dir}), copy {n}");
        }
    }

    #[test]
    fn a_free_duplicate_name_skips_the_taken_ones() {
        let taken = ["notes.txt", "notes (copy).txt"];
        let got = free_copy_name(OsStr::new("notes.txt"), false, |c| {
            taken.iter().any(|t| OsStr::new(t) == c)
        });
        assert_eq!(got, OsString::from("notes (copy 2).txt"));
        let got = free_copy_name(OsStr::new("notes (copy).txt"), false, |c| {
            taken.iter().any(|t| OsStr::new(t) == c)
        });
        assert_eq!(got, OsString::from("notes (copy 2).txt"));
    }

    #[test]
    fn duplicate_names_stay_bytes() {
        let got = copy_numbered(OsStr::from_bytes(b"caf\xe9.txt"), false, 2);
        assert_eq!(got.as_bytes(), b"caf\xe9 (copy 2).txt");
    }
}
