//! The order in which renames in one folder are done so that none waits for a name another
//! still holds: in a chain (a→b while b→c) the last first (b→c, then a→b); a cycle (a→b,
//! b→a) is opened by moving one item to a temporary name first and giving it its new name
//! last. No I/O: the job picks the temporary names.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};

/// One rename of the sequence; `usize` is the item's index in the list given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// From its old name to its new one.
    Direct(usize),
    /// From its old name to a temporary one (it opens a cycle).
    ToTemporary(usize),
    /// From its temporary name to its new one (it closes the cycle).
    FromTemporary(usize),
}

/// Why renames cannot be put in order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("two items are to be named {name:?}")]
    SameTarget { name: OsString },
    #[error("the item {name:?} is named twice")]
    SameSource { name: OsString },
}

/// The steps that do `renames` (old name, new name; names that do not change are left
/// out), grouped so that each chain or cycle is whole: a job stopped between groups leaves
/// no temporary name behind. Each inner list is one group.
pub fn order(renames: &[(OsString, OsString)]) -> Result<Vec<Vec<Step>>, OrderError> {
    let mut by_old: HashMap<&OsStr, usize> = HashMap::new();
    let mut by_new: HashMap<&OsStr, usize> = HashMap::new();
    for (i, (old, new)) in renames.iter().enumerate() {
        if by_old.insert(old, i).is_some() {
            return Err(OrderError::SameSource { name: old.clone() });
        }
        if by_new.insert(new, i).is_some() {
            return Err(OrderError::SameTarget { name: new.clone() });
        }
    }
    // next[i]: the item whose old name item i's new name is (i waits for it).
    let next: Vec<Option<usize>> = renames
        .iter()
        .map(|(old, new)| {
            (old != new)
                .then(|| by_old.get(new.as_os_str()).copied())
                .flatten()
        })
        .collect();
    let waited_for: Vec<bool> = {
        let mut w = vec![false; renames.len()];
        for j in next.iter().flatten() {
            w[*j] = true;
        }
        w
    };
    let mut done = vec![false; renames.len()];
    let mut groups = Vec::new();
    // Chains: from each item no other waits for, along what it waits for; done backwards.
    for head in 0..renames.len() {
        if waited_for[head] || done[head] {
            continue;
        }
        let mut chain = Vec::new();
        let mut at = Some(head);
        while let Some(i) = at {
            done[i] = true;
            if renames[i].0 != renames[i].1 {
                chain.push(Step::Direct(i));
            }
            at = next[i];
        }
        chain.reverse();
        if !chain.is_empty() {
            groups.push(chain);
        }
    }
    // What is left are cycles.
    for first in 0..renames.len() {
        if done[first] {
            continue;
        }
        let mut members = Vec::new();
        let mut at = Some(first);
        while let Some(i) = at.filter(|&i| !done[i]) {
            done[i] = true;
            members.push(i);
            at = next[i];
        }
        let mut steps = vec![Step::ToTemporary(first)];
        steps.extend(members[1..].iter().rev().map(|&i| Step::Direct(i)));
        steps.push(Step::FromTemporary(first));
        groups.push(steps);
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn pairs(p: &[(&str, &str)]) -> Vec<(OsString, OsString)> {
        p.iter().map(|(a, b)| (a.into(), b.into())).collect()
    }

    /// Run the steps on a set of names, as the filesystem would with RENAME_NOREPLACE.
    fn simulate(start: &[&str], renames: &[(OsString, OsString)]) -> BTreeSet<OsString> {
        let mut names: BTreeSet<OsString> = start.iter().map(OsString::from).collect();
        let mut held = HashMap::new();
        let mv = |names: &mut BTreeSet<OsString>, from: &OsString, to: OsString| {
            assert!(names.remove(from), "{from:?} is there");
            assert!(names.insert(to.clone()), "{to:?} is free");
        };
        for step in order(renames).unwrap().into_iter().flatten() {
            match step {
                Step::Direct(i) => mv(&mut names, &renames[i].0, renames[i].1.clone()),
                Step::ToTemporary(i) => {
                    let t = OsString::from(format!("tmp{i}"));
                    mv(&mut names, &renames[i].0, t.clone());
                    held.insert(i, t);
                }
                Step::FromTemporary(i) => mv(&mut names, &held[&i], renames[i].1.clone()),
            }
        }
        names
    }

    fn set(names: &[&str]) -> BTreeSet<OsString> {
        names.iter().map(OsString::from).collect()
    }

    #[test]
    fn chains_go_last_first() {
        let r = pairs(&[("a", "b"), ("b", "c"), ("c", "d")]);
        assert_eq!(
            order(&r).unwrap(),
            [[Step::Direct(2), Step::Direct(1), Step::Direct(0)]]
        );
        assert_eq!(
            simulate(&["a", "b", "c", "x"], &r),
            set(&["b", "c", "d", "x"])
        );
    }

    #[test]
    fn cycles_go_through_a_temporary_name() {
        let swap = pairs(&[("a", "b"), ("b", "a")]);
        assert_eq!(simulate(&["a", "b"], &swap), set(&["a", "b"]));
        assert_eq!(
            order(&swap).unwrap(),
            [[
                Step::ToTemporary(0),
                Step::Direct(1),
                Step::FromTemporary(0)
            ]]
        );
        let three = pairs(&[("1", "2"), ("2", "3"), ("3", "1"), ("x", "y"), ("q", "q")]);
        assert_eq!(
            simulate(&["1", "2", "3", "x", "q"], &three),
            set(&["1", "2", "3", "y", "q"])
        );
    }

    #[test]
    fn one_target_twice_is_refused() {
        assert!(matches!(
            order(&pairs(&[("a", "c"), ("b", "c")])),
            Err(OrderError::SameTarget { .. })
        ));
        assert!(matches!(
            order(&pairs(&[("a", "c"), ("a", "d")])),
            Err(OrderError::SameSource { .. })
        ));
    }
}
