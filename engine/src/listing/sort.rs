//! Sort orders of a listing: natural name order with folders first; size, date and type.

use std::cmp::Ordering;

use crate::entry::Entry;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortKey {
    #[default]
    Name,
    Size,
    Modified,
    Type,
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

/// The full order of a listing: folders first (in either direction), then the key, then
/// the natural name order.
pub fn compare(
    a: &Entry,
    an: &[u8],
    b: &Entry,
    bn: &[u8],
    key: SortKey,
    order: SortOrder,
) -> Ordering {
    let folders = b.is_dir_like().cmp(&a.is_dir_like());
    if folders != Ordering::Equal {
        return folders;
    }
    let by_key = match key {
        SortKey::Name => Ordering::Equal,
        SortKey::Size => a.size.cmp(&b.size),
        SortKey::Modified => (a.mtime_sec, a.mtime_nsec).cmp(&(b.mtime_sec, b.mtime_nsec)),
        SortKey::Type => a.kind().cmp(&b.kind()).then_with(|| ext_cmp(an, bn)),
    };
    let ord = by_key.then_with(|| natural_cmp(an, bn));
    match order {
        SortOrder::Ascending => ord,
        SortOrder::Descending => ord.reverse(),
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

    #[test]
    fn extensions() {
        assert_eq!(extension(b"a.tar.gz"), b"gz");
        assert_eq!(extension(b".bashrc"), b"");
        assert_eq!(extension(b"README"), b"");
    }
}
