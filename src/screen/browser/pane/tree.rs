//! Folders opened in place in the details view: each opened folder's own lister and
//! listing (listed, cached and watched as a shown folder is), and the shown rows as a few
//! runs of consecutive entries of one lister, so a row costs nothing of its own however
//! many entries an opened folder holds.
//!
//! A row is known by its key: its path below the pane's folder, names joined by `/`
//! (a name never holds one), so a top entry's key is its name.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use porpoise_engine::entry::Entry;
use porpoise_engine::listing::Lister;

use super::listing::Listing;

/// One opened folder: its entries and the listing that keeps them current.
#[derive(Debug)]
pub struct Branch {
    pub lister: Lister,
    pub listing: Listing,
}

/// Consecutive shown entries of one lister, shown as consecutive rows.
#[derive(Debug, Clone)]
struct Run {
    /// The lister's key: empty for the pane's own, else the opened folder's.
    of: Vec<u8>,
    /// Its first entry among the lister's shown ones.
    from: usize,
    len: usize,
    /// Its first row.
    start: usize,
    depth: usize,
}

/// The opened folders of a pane and the rows they make.
#[derive(Debug, Default)]
pub struct Tree {
    branches: BTreeMap<Vec<u8>, Branch>,
    /// Empty while no folder is opened: the rows are then the pane's own entries.
    runs: Vec<Run>,
    len: usize,
}

/// One shown row.
#[derive(Debug, Clone)]
pub struct Row<'a> {
    pub entry: &'a Entry,
    /// Its own name.
    pub name: &'a [u8],
    /// Its path below the pane's folder (see the module's doc).
    pub key: Cow<'a, [u8]>,
    /// How many opened folders it is inside.
    pub depth: usize,
    /// It is an opened folder.
    pub open: bool,
}

/// The rows a pane shows: its own entries with those of its opened folders after each.
#[derive(Clone, Copy)]
pub struct Rows<'a> {
    top: &'a Lister,
    tree: &'a Tree,
}

/// The key of the entry `name` of the folder of key `parent`.
pub fn child_key(parent: &[u8], name: &[u8]) -> Vec<u8> {
    if parent.is_empty() {
        return name.to_vec();
    }
    let mut key = Vec::with_capacity(parent.len() + 1 + name.len());
    key.extend_from_slice(parent);
    key.push(b'/');
    key.extend_from_slice(name);
    key
}

/// The key of the folder that holds `key` (empty: the pane's) and the entry's own name.
pub fn split_key(key: &[u8]) -> (&[u8], &[u8]) {
    match key.iter().rposition(|&b| b == b'/') {
        Some(i) => (&key[..i], &key[i + 1..]),
        None => (&[], key),
    }
}

/// Whether `key` is inside the opened folder `folder` (at any depth).
pub fn is_inside(key: &[u8], folder: &[u8]) -> bool {
    key.len() > folder.len() && key.starts_with(folder) && key[folder.len()] == b'/'
}

impl Tree {
    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    pub fn is_open(&self, key: &[u8]) -> bool {
        self.branches.contains_key(key)
    }

    pub fn branch(&self, key: &[u8]) -> Option<&Branch> {
        self.branches.get(key)
    }

    /// Open the folder of key `key` with its lister and listing.
    pub fn open(&mut self, key: Vec<u8>, branch: Branch) {
        self.branches.insert(key, branch);
    }

    /// Close the folder `key` and the folders opened inside it; their listers.
    pub fn close(&mut self, key: &[u8]) -> Vec<Lister> {
        let gone: Vec<Vec<u8>> = self
            .branches
            .keys()
            .filter(|k| k.as_slice() == key || is_inside(k, key))
            .cloned()
            .collect();
        gone.iter()
            .filter_map(|k| self.branches.remove(k))
            .map(|b| b.lister)
            .collect()
    }

    /// Close every opened folder; their listers.
    pub fn close_all(&mut self) -> Vec<Lister> {
        self.runs.clear();
        self.len = 0;
        std::mem::take(&mut self.branches)
            .into_values()
            .map(|b| b.lister)
            .collect()
    }

    /// The listings of the opened folders.
    pub fn listings(&self) -> impl Iterator<Item = &Listing> {
        self.branches.values().map(|b| &b.listing)
    }

    /// The opened folder listed as `generation`, with its key.
    pub fn branch_listing(&mut self, generation: u64) -> Option<(&[u8], &mut Branch)> {
        self.branches
            .iter_mut()
            .find(|(_, b)| b.listing.generation == generation)
            .map(|(k, b)| (k.as_slice(), b))
    }

    /// Every opened folder is listed again from scratch (under new numbers).
    pub fn restart_listings(&mut self) {
        for b in self.branches.values_mut() {
            b.listing = Listing {
                generation: super::next_generation(),
                path: b.lister.path().to_owned(),
                opts: porpoise_engine::listing::ListOptions {
                    sort: Some(b.lister.options().sort()),
                    ..Default::default()
                },
                ended: false,
            };
        }
    }

    /// Every opened folder's lister, to change (its sort, hidden files, filter).
    pub fn listers_mut(&mut self) -> impl Iterator<Item = &mut Lister> {
        self.branches.values_mut().map(|b| &mut b.lister)
    }

    /// Lay the rows out again after `top` or an opened folder changed; the keys of
    /// opened folders that are not shown now (gone, hidden, filtered out).
    pub fn relayout(&mut self, top: &Lister) -> Vec<Vec<u8>> {
        self.runs.clear();
        self.len = 0;
        if self.branches.is_empty() {
            return Vec::new();
        }
        let mut runs = Vec::with_capacity(self.branches.len() * 2 + 1);
        let mut len = 0;
        let mut missing = Vec::new();
        self.lay(top, &[], 0, &mut runs, &mut len, &mut missing);
        self.runs = runs;
        self.len = len;
        missing
    }

    /// The rows of `lister` (key `of`) and, after each opened folder among them, its own.
    fn lay(
        &self,
        lister: &Lister,
        of: &[u8],
        depth: usize,
        runs: &mut Vec<Run>,
        len: &mut usize,
        missing: &mut Vec<Vec<u8>>,
    ) {
        // The opened folders directly inside this one, by name.
        let mut inside: HashMap<&[u8], &[u8]> = self
            .branches
            .keys()
            .filter(|k| split_key(k).0 == of)
            .map(|k| (split_key(k).1, k.as_slice()))
            .collect();
        let mut opened: Vec<(usize, &[u8])> = Vec::with_capacity(inside.len());
        if !inside.is_empty() {
            for (i, (_, name)) in lister.iter().enumerate() {
                if let Some(k) = inside.remove(name) {
                    opened.push((i, k));
                    if inside.is_empty() {
                        break;
                    }
                }
            }
        }
        for k in inside.into_values() {
            // Not shown: neither are the folders opened inside it.
            missing.push(k.to_vec());
        }
        let mut from = 0;
        for (i, key) in opened {
            push_run(runs, len, of, from, i + 1 - from, depth);
            from = i + 1;
            if let Some(b) = self.branches.get(key) {
                self.lay(&b.lister, key, depth + 1, runs, len, missing);
            }
        }
        push_run(
            runs,
            len,
            of,
            from,
            lister.len().saturating_sub(from),
            depth,
        );
    }

    fn lister<'a>(&'a self, top: &'a Lister, of: &[u8]) -> Option<&'a Lister> {
        match of.is_empty() {
            true => Some(top),
            false => self.branches.get(of).map(|b| &b.lister),
        }
    }

    /// Heap bytes of the opened folders' listers and of the rows' runs.
    pub fn heap_bytes(&self) -> usize {
        let runs = self.runs.capacity() * std::mem::size_of::<Run>()
            + self.runs.iter().map(|r| r.of.capacity()).sum::<usize>();
        runs + self
            .branches
            .iter()
            .map(|(k, b)| k.capacity() + b.lister.heap_bytes())
            .sum::<usize>()
    }
}

fn push_run(runs: &mut Vec<Run>, len: &mut usize, of: &[u8], from: usize, n: usize, depth: usize) {
    if n == 0 {
        return;
    }
    runs.push(Run {
        of: of.to_vec(),
        from,
        len: n,
        start: *len,
        depth,
    });
    *len += n;
}

impl<'a> Rows<'a> {
    pub fn new(top: &'a Lister, tree: &'a Tree) -> Rows<'a> {
        Rows { top, tree }
    }

    /// Whether every row is an entry of the pane's own folder.
    fn flat(&self) -> bool {
        self.tree.branches.is_empty()
    }

    pub fn len(&self) -> usize {
        match self.flat() {
            true => self.top.len(),
            false => self.tree.len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row at `i`, with where it stands in the tree.
    pub fn row(&self, i: usize) -> Option<Row<'a>> {
        if self.flat() {
            let (entry, name) = self.top.get(i)?;
            return Some(Row {
                entry,
                name,
                key: Cow::Borrowed(name),
                depth: 0,
                open: false,
            });
        }
        let r = self.tree.runs.partition_point(|r| r.start <= i);
        let run = self.tree.runs.get(r.checked_sub(1)?)?;
        if i >= run.start + run.len {
            return None;
        }
        let lister = self.tree.lister(self.top, &run.of)?;
        let (entry, name) = lister.get(run.from + i - run.start)?;
        Some(self.made(entry, name, &run.of, run.depth))
    }

    fn made(&self, entry: &'a Entry, name: &'a [u8], of: &[u8], depth: usize) -> Row<'a> {
        let key = match of.is_empty() {
            true => Cow::Borrowed(name),
            false => Cow::Owned(child_key(of, name)),
        };
        let open = self.tree.branches.contains_key(key.as_ref());
        Row {
            entry,
            name,
            key,
            depth,
            open,
        }
    }

    /// The row at `i`: its entry and key.
    pub fn get(&self, i: usize) -> Option<(&'a Entry, Cow<'a, [u8]>)> {
        self.row(i).map(|r| (r.entry, r.key))
    }

    /// Every row in order: its entry and key.
    pub fn iter(&self) -> Box<dyn Iterator<Item = (&'a Entry, Cow<'a, [u8]>)> + 'a> {
        let top = self.top;
        if self.flat() {
            return Box::new(top.iter().map(|(e, n)| (e, Cow::Borrowed(n))));
        }
        let tree = self.tree;
        Box::new(tree.runs.iter().flat_map(move |run| {
            let lister = tree.lister(top, &run.of);
            (run.from..run.from + run.len).filter_map(move |i| {
                let (e, n) = lister?.get(i)?;
                let key = match run.of.is_empty() {
                    true => Cow::Borrowed(n),
                    false => Cow::Owned(child_key(&run.of, n)),
                };
                Some((e, key))
            })
        }))
    }

    /// The row of the entry of key `key`, when it is shown.
    pub fn position(&self, key: &[u8]) -> Option<usize> {
        if self.flat() {
            return self.top.position(key);
        }
        let (of, name) = split_key(key);
        let at = self.tree.lister(self.top, of)?.position(name)?;
        self.tree
            .runs
            .iter()
            .find(|r| r.of == of && r.from <= at && at < r.from + r.len)
            .map(|r| r.start + at - r.from)
    }

    /// The entry of key `key`, shown or not.
    pub fn entry(&self, key: &[u8]) -> Option<&'a Entry> {
        let (of, name) = split_key(key);
        let lister = self.tree.lister(self.top, of)?;
        lister.get(lister.position(name)?).map(|(e, _)| e)
    }

    /// The lister of the folder of key `of` (empty: the pane's own).
    pub fn lister_of(&self, of: &[u8]) -> Option<&'a Lister> {
        self.tree.lister(self.top, of)
    }
}
