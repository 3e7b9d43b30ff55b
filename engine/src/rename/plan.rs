//! The plan of a batch rename: every item's new name, and what stands in its way, found
//! before anything happens: a name no file can have, two items given the same name, or a
//! name another item has that is not itself renamed. No I/O: what the folder holds comes
//! from the caller (the window's listing).

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};

use super::check::{self, InvalidName};
use super::rules::Renamer;

/// An item to rename, in the shown order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub name: OsString,
    pub is_dir: bool,
}

/// What keeps an item from its new name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Problem {
    Invalid(InvalidName),
    /// Another item would get the same name.
    Duplicate,
    /// Something in the folder has that name and is not being renamed.
    Exists,
}

/// One item's old and new name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    pub old: OsString,
    pub new: OsString,
    pub problem: Option<Problem>,
}

impl Planned {
    /// The name changes.
    pub fn changes(&self) -> bool {
        self.old != self.new
    }
}

/// Every item's new name, in the order given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub items: Vec<Planned>,
}

impl Plan {
    /// The new names `renamer` gives `items`; `exists` says whether the folder holds a
    /// name (any of the items' own names may be passed to it too).
    pub fn make(renamer: &Renamer, items: &[Item], exists: impl Fn(&OsStr) -> bool) -> Plan {
        let news: Vec<OsString> = items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                OsString::from_vec(renamer.rename(item.name.as_bytes(), item.is_dir, i))
            })
            .collect();
        let olds: HashSet<&OsStr> = items.iter().map(|i| i.name.as_os_str()).collect();
        let mut uses: HashMap<&OsStr, usize> = HashMap::new();
        for new in &news {
            *uses.entry(new.as_os_str()).or_default() += 1;
        }
        let planned = items
            .iter()
            .zip(&news)
            .map(|(item, new)| {
                let problem = if let Some(why) = check::invalid(new.as_bytes()) {
                    Some(Problem::Invalid(why))
                } else if uses.get(new.as_os_str()).copied().unwrap_or(0) > 1 {
                    Some(Problem::Duplicate)
                } else if *new != item.name && !olds.contains(new.as_os_str()) && exists(new) {
                    Some(Problem::Exists)
                } else {
                    None
                };
                Planned {
                    old: item.name.clone(),
                    new: new.clone(),
                    problem,
                }
            })
            .collect();
        Plan { items: planned }
    }

    /// How many items have a problem.
    pub fn problems(&self) -> usize {
        self.items.iter().filter(|p| p.problem.is_some()).count()
    }

    /// How many names change.
    pub fn changes(&self) -> usize {
        self.items.iter().filter(|p| p.changes()).count()
    }

    /// Nothing stands in the way and some name changes.
    pub fn is_ready(&self) -> bool {
        self.problems() == 0 && self.changes() > 0
    }

    /// The names that change, old and new.
    pub fn renames(&self) -> Vec<(OsString, OsString)> {
        self.items
            .iter()
            .filter(|p| p.changes())
            .map(|p| (p.old.clone(), p.new.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rename::Rules;

    fn items(names: &[&[u8]]) -> Vec<Item> {
        names
            .iter()
            .map(|n| Item {
                name: OsStr::from_bytes(n).to_owned(),
                is_dir: false,
            })
            .collect()
    }

    fn plan(rules: Rules, names: &[&[u8]], folder: &[&[u8]]) -> Plan {
        let folder: Vec<&[u8]> = folder.to_vec();
        Plan::make(&rules.compile().unwrap(), &items(names), |n| {
            folder.contains(&n.as_bytes())
        })
    }

    fn news(p: &Plan) -> Vec<&[u8]> {
        p.items.iter().map(|i| i.new.as_bytes()).collect()
    }

    #[test]
    fn numbering_follows_the_order_given() {
        let names: &[&[u8]] = &[b"c.jpg", b"a.jpg", b"b.png"];
        let p = plan(
            Rules {
                numbering: "Holiday ##".into(),
                ..Rules::default()
            },
            names,
            names,
        );
        assert_eq!(
            news(&p),
            [&b"Holiday 01.jpg"[..], b"Holiday 02.jpg", b"Holiday 03.png"]
        );
        assert!(p.is_ready());
        assert_eq!(p.renames().len(), 3);
    }

    #[test]
    fn two_items_given_one_name_are_both_marked() {
        let p = plan(
            Rules {
                find: r"\d".into(),
                regex: true,
                ..Rules::default()
            },
            &[b"a1", b"a2", b"b"],
            &[b"a1", b"a2", b"b"],
        );
        let problems: Vec<_> = p.items.iter().map(|i| i.problem).collect();
        assert_eq!(
            problems,
            [Some(Problem::Duplicate), Some(Problem::Duplicate), None]
        );
        assert!(!p.is_ready());
    }

    #[test]
    fn a_taken_name_conflicts_unless_its_owner_is_renamed_too() {
        let swap = Rules {
            find: "a|b".into(),
            replace: "x".into(),
            regex: true,
            ..Rules::default()
        };
        // "a" becomes "x", which the folder's "x" holds, not among the items.
        let p = plan(swap.clone(), &[b"a"], &[b"a", b"x"]);
        assert_eq!(p.items[0].problem, Some(Problem::Exists));
        // "a" → "az" while "az" → "azz": a chain, no conflict.
        let chain = Rules {
            after: "z".into(),
            ..Rules::default()
        };
        let p = plan(chain, &[b"a", b"az"], &[b"a", b"az"]);
        assert_eq!(news(&p), [&b"az"[..], b"azz"]);
        assert_eq!(p.problems(), 0);
        // An item keeping its name still holds it.
        let p = plan(swap, &[b"a", b"x"], &[b"a", b"x"]);
        assert_eq!(p.items[0].problem, Some(Problem::Duplicate));
    }

    #[test]
    fn invalid_names_are_marked_first() {
        let p = plan(
            Rules {
                find: "x".into(),
                replace: "/".into(),
                ..Rules::default()
            },
            &[b"x", b"y"],
            &[b"x", b"y"],
        );
        assert_eq!(
            p.items[0].problem,
            Some(Problem::Invalid(InvalidName::Slash))
        );
        assert_eq!(p.items[1].problem, None);
        assert!(!p.items[1].changes());
        let p = plan(
            Rules {
                find: ".+".into(),
                regex: true,
                keep_extension: false,
                ..Rules::default()
            },
            &[b"a"],
            &[b"a"],
        );
        assert_eq!(
            p.items[0].problem,
            Some(Problem::Invalid(InvalidName::Empty))
        );
    }

    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        let p = plan(
            Rules {
                before: "2026 ".into(),
                ..Rules::default()
            },
            &[b"\xff\xfe.jpg", b"caf\xe9"],
            &[],
        );
        assert_eq!(news(&p), [&b"2026 \xff\xfe.jpg"[..], b"2026 caf\xe9"]);
        assert!(p.is_ready());
        let unchanged = plan(Rules::default(), &[b"caf\xe9"], &[b"caf\xe9"]);
        assert!(!unchanged.is_ready(), "nothing changes");
    }
}
