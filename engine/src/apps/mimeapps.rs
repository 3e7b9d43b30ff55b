//! Reading the association files: each `mimeapps.list` (`[Default Applications]`,
//! `[Added Associations]`, `[Removed Associations]`; a desktop's own
//! `$desktop-mimeapps.list` may only set defaults) and each folder's `mimeinfo.cache`
//! (`[MIME Cache]`, what `update-desktop-database` found the folder's entries support).
//! A missing or unreadable file counts as empty.

use std::collections::HashMap;
use std::path::Path;

/// A group of a file: each key (a type) with its desktop file IDs, in order.
pub(super) type Group = HashMap<String, Vec<String>>;

/// What one `mimeapps.list` says.
#[derive(Debug, Default)]
pub(super) struct List {
    pub defaults: Group,
    pub added: Group,
    pub removed: Group,
}

impl List {
    /// The list at `path`; a desktop's own list (`desktop_specific`) keeps its defaults
    /// only, as the spec allows nothing else there.
    pub fn read(path: &Path, desktop_specific: bool) -> List {
        let mut groups = read_groups(path);
        let mut take = |name: &str| groups.remove(name).unwrap_or_default();
        let defaults = take("Default Applications");
        if desktop_specific {
            return List {
                defaults,
                ..List::default()
            };
        }
        List {
            defaults,
            added: take("Added Associations"),
            removed: take("Removed Associations"),
        }
    }
}

/// The types of a folder's `mimeinfo.cache` with the IDs of the entries supporting each.
pub(super) fn read_cache(applications: &Path) -> Group {
    read_groups(&applications.join("mimeinfo.cache"))
        .remove("MIME Cache")
        .unwrap_or_default()
}

/// `group` with each key as `unalias` names it; the IDs of keys that name the same type
/// are joined (in the order the keys come, each ID once).
pub(super) fn unaliased(group: Group, unalias: &mut impl FnMut(&str) -> String) -> Group {
    let mut out = Group::with_capacity(group.len());
    for (key, ids) in group {
        let list: &mut Vec<String> = out.entry(unalias(&key)).or_default();
        for id in ids {
            if !list.contains(&id) {
                list.push(id);
            }
        }
    }
    out
}

/// Every group of a key file whose values are `;`-separated lists.
fn read_groups(path: &Path) -> HashMap<String, Group> {
    std::fs::read_to_string(path)
        .map(|text| parse(&text))
        .unwrap_or_default()
}

/// The groups of a key file's text; comments, blank and malformed lines are skipped, and
/// a key given twice in a group keeps its last value (as GLib's key files do).
pub(super) fn parse(text: &str) -> HashMap<String, Group> {
    let mut groups: HashMap<String, Group> = HashMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = Some(name.to_owned());
            continue;
        }
        let (Some(group), Some((key, value))) = (&current, line.split_once('=')) else {
            continue;
        };
        let ids = value
            .split(';')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .collect();
        groups
            .entry(group.clone())
            .or_default()
            .insert(key.trim().to_owned(), ids);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_keys_and_lists() {
        let groups = parse(
            "# made by hand\n[Default Applications]\ntext/plain=a.desktop;b.desktop;\n\
             image/png = c.desktop\n\n[Added Associations]\ntext/plain=d.desktop;\nbroken line\n\
             text/plain=e.desktop;\n",
        );
        let d = &groups["Default Applications"];
        assert_eq!(d["text/plain"], ["a.desktop", "b.desktop"]);
        assert_eq!(d["image/png"], ["c.desktop"]);
        assert_eq!(groups["Added Associations"]["text/plain"], ["e.desktop"]);
    }
}
