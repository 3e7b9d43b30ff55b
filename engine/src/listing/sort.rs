//! Sort orders of a listing: natural name order, with folders first unless asked
//! otherwise; size, dates, type, extension, owner, group and permissions.

use std::cmp::Ordering;

use crate::entry::Entry;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortKey {
    #[default]
    Name,
    Size,
    Modified,
    Type,
    /// The last access.
    Accessed,
    /// The birth time, where the filesystem keeps one (others come first).
    Created,
    /// The letters after the last dot.
    Extension,
    /// The owner's user name (its number where it has none).
    Owner,
    Group,
    /// The permission bits as a number.
    Permissions,
}

/// A listing's whole order: the key, its direction, and whether folders come before
/// files (in either direction) or are sorted among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sort {
    pub key: SortKey,
    pub order: SortOrder,
    pub folders_first: bool,
}

impl Default for Sort {
    fn default() -> Self {
        Sort {
            key: SortKey::Name,
            order: SortOrder::Ascending,
            folders_first: true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortOrder {
    #[default]
    Ascending,
    Descending,
}

impl SortOrder {
    pub fn flipped(self) -> SortOrder {
        match self {
            SortOrder::Ascending => SortOrder::Descending,
            SortOrder::Descending => SortOrder::Ascending,
        }
    }
}

/// Compare names as people read them: case-insensitive (ASCII), runs of digits by value
/// ("file9" before "file10"); exact bytes break ties so the order is total.
pub fn natural_cmp(a: &[u8], b: &[u8]) -> Ordering {
    // Names in one folder often share long prefixes: skip the identical bytes, backing up
    // to the start of a run of digits so numbers are still compared whole.
    let mut start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    if start == a.len() && start == b.len() {
        return Ordering::Equal;
    }
    while start > 0 && a[start - 1].is_ascii_digit() {
        start -= 1;
    }
    let (mut i, mut j) = (start, start);
    while i < a.len() && j < b.len() {
        let (ca, cb) = (a[i], b[j]);
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let si = i;
            while i < a.len() && a[i].is_ascii_digit() {
                i += 1;
            }
            let sj = j;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let da = trim_zeros(&a[si..i]);
            let db = trim_zeros(&b[sj..j]);
            let ord = da.len().cmp(&db.len()).then_with(|| da.cmp(db));
            if ord != Ordering::Equal {
                return ord;
            }
            continue;
        }
        let ord = ca.to_ascii_lowercase().cmp(&cb.to_ascii_lowercase());
        if ord != Ordering::Equal {
            return ord;
        }
        i += 1;
        j += 1;
    }
    (a.len() - i).cmp(&(b.len() - j)).then_with(|| a.cmp(b))
}

fn trim_zeros(d: &[u8]) -> &[u8] {
    let n = d.iter().take_while(|&&c| c == b'0').count();
    &d[n.min(d.len().saturating_sub(1))..]
}

/// The extension used for sorting by type ("" for none; a leading dot is not one).
pub fn extension(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&c| c == b'.') {
        Some(0) | None => b"",
        Some(p) => &name[p + 1..],
    }
}

fn ext_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let (ea, eb) = (extension(a), extension(b));
    ea.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(eb.iter().map(u8::to_ascii_lowercase))
}

/// The full order of a listing: folders first (in either direction) when `sort` says so,
/// then the key, then the natural name order.
pub fn compare(a: &Entry, an: &[u8], b: &Entry, bn: &[u8], sort: Sort) -> Ordering {
    if sort.folders_first {
        let folders = b.is_dir_like().cmp(&a.is_dir_like());
        if folders != Ordering::Equal {
            return folders;
        }
    }
    let by_key = match sort.key {
        SortKey::Name => Ordering::Equal,
        SortKey::Size => a.size.cmp(&b.size),
        SortKey::Modified => (a.mtime_sec, a.mtime_nsec).cmp(&(b.mtime_sec, b.mtime_nsec)),
        SortKey::Type => a.kind().cmp(&b.kind()).then_with(|| ext_cmp(an, bn)),
        SortKey::Accessed => a.atime.cmp(&b.atime),
        SortKey::Created => a.btime.cmp(&b.btime),
        SortKey::Extension => ext_cmp(an, bn),
        SortKey::Owner => owner_cmp(a.uid, b.uid, crate::owners::user),
        SortKey::Group => owner_cmp(a.gid, b.gid, crate::owners::group),
        SortKey::Permissions => a.permissions().cmp(&b.permissions()),
    };
    let ord = by_key.then_with(|| natural_cmp(an, bn));
    match sort.order {
        SortOrder::Ascending => ord,
        SortOrder::Descending => ord.reverse(),
    }
}

/// Owners by their names as far as they are known (numbers without a name after the
/// names, by number).
fn owner_cmp(a: u32, b: u32, name: fn(u32) -> Option<std::sync::Arc<str>>) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    match (name(a), name(b)) {
        (Some(x), Some(y)) => natural_cmp(x.as_bytes(), y.as_bytes()),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(&b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<&'static str>) -> Vec<&'static str> {
        v.sort_by(|a, b| natural_cmp(a.as_bytes(), b.as_bytes()));
        v
    }

    #[test]
    fn natural_order() {
        assert_eq!(
            sorted(vec!["file10", "File2", "file1", "file02", "a", "B"]),
            vec!["a", "B", "file1", "File2", "file02", "file10"]
        );
        assert_eq!(
            sorted(vec!["x10y2", "x10y10", "x9"]),
            vec!["x9", "x10y2", "x10y10"]
        );
    }

    #[test]
    fn shared_prefixes_inside_numbers() {
        assert_eq!(natural_cmp(b"photo_0099", b"photo_0100"), Ordering::Less);
        assert_eq!(natural_cmp(b"x12y", b"x9y"), Ordering::Greater);
        assert_eq!(natural_cmp(b"v1.10", b"v1.9"), Ordering::Greater);
        assert_eq!(natural_cmp(b"abc", b"abcd"), Ordering::Less);
    }

    #[test]
    fn order_is_total() {
        assert_ne!(natural_cmp(b"a", b"A"), Ordering::Equal);
        assert_ne!(natural_cmp(b"01", b"1"), Ordering::Equal);
        assert_eq!(natural_cmp(b"same", b"same"), Ordering::Equal);
    }

    fn entry(names: &mut crate::entry::Names, name: &str, dir: bool) -> Entry {
        use crate::entry::Kind;
        let kind = if dir { Kind::Dir } else { Kind::File };
        let mut e = Entry::pending(names.push(name.as_bytes()), kind, 0);
        e.mark_failed(false);
        e
    }

    #[test]
    fn folders_come_first_unless_mixed_and_new_keys_order_entries() {
        let mut names = crate::entry::Names::default();
        let mut a = entry(&mut names, "a.zip", false);
        let mut b = entry(&mut names, "b", true);
        let by = |key, folders_first| Sort {
            key,
            order: SortOrder::Ascending,
            folders_first,
        };
        let cmp = |a: &Entry, b: &Entry, s| compare(a, names.name_of(a), b, names.name_of(b), s);
        assert_eq!(cmp(&a, &b, by(SortKey::Name, true)), Ordering::Greater);
        assert_eq!(cmp(&a, &b, by(SortKey::Name, false)), Ordering::Less);
        a.btime = 10;
        b.btime = 5;
        assert_eq!(cmp(&a, &b, by(SortKey::Created, false)), Ordering::Greater);
        a.atime = 1;
        b.atime = 2;
        assert_eq!(cmp(&a, &b, by(SortKey::Accessed, false)), Ordering::Less);
        a.mode = 0o644;
        b.mode = 0o755;
        assert_eq!(cmp(&a, &b, by(SortKey::Permissions, false)), Ordering::Less);
        // "zip" after no extension.
        assert_eq!(
            cmp(&a, &b, by(SortKey::Extension, false)),
            Ordering::Greater
        );
        let desc = Sort {
            order: SortOrder::Descending,
            ..by(SortKey::Extension, false)
        };
        assert_eq!(cmp(&a, &b, desc), Ordering::Less);
    }

    #[test]
    fn extensions() {
        assert_eq!(extension(b"a.tar.gz"), b"gz");
        assert_eq!(extension(b".bashrc"), b"");
        assert_eq!(extension(b"README"), b"");
    }
}
