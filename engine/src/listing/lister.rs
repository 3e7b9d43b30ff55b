//! The lister model: one shown folder, sorted, filtered, kept current by batches and
//! single-entry changes. Its entries and names are held once however many views show the
//! folder: a [`Lister::mirror`] shares them and keeps a shown subset of its own.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::entry::{Batch, Entry, Names, is_hidden};
use crate::error::IoError;
use crate::mounts::MountClass;

use super::read::DirEvent;
use super::sort::{Sort, SortKey, SortOrder, compare};
use super::watch::Changes;

/// How the shown entries are chosen and ordered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewOptions {
    pub key: SortKey,
    pub order: SortOrder,
    /// Folders before files (in either direction), rather than among them.
    pub folders_first: bool,
    pub show_hidden: bool,
    /// Case-insensitive substring the names must contain (empty: all).
    pub filter: String,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            key: SortKey::Name,
            order: SortOrder::Ascending,
            folders_first: true,
            show_hidden: false,
            filter: String::new(),
        }
    }
}

impl ViewOptions {
    /// The order these options put entries in.
    pub fn sort(&self) -> Sort {
        Sort {
            key: self.key,
            order: self.order,
            folders_first: self.folders_first,
        }
    }
}

/// Where a listing stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Opening,
    Listing,
    /// Names are in; details are still arriving.
    Details,
    Complete,
    Failed,
}

/// One folder's entries, sorted, with the shown subset.
#[derive(Debug)]
pub struct Lister {
    path: PathBuf,
    /// The entries, sorted, and their names (shared with the listers that mirror this
    /// one, each of which shows them in its own order and with its own filter), and how
    /// far the listing got.
    listed: Listed,
    /// Indices into the entries that pass the hidden/filter rules, in this lister's
    /// order (the entries' own, or a sort of its own over them).
    shown: Vec<u32>,
    /// Entries that pass the hidden rule, whatever the filter says.
    unfiltered: usize,
    opts: ViewOptions,
    filter_lower: Vec<u8>,
}

/// A lister's entries as a mirror takes them: see [`Lister::listed`].
#[derive(Debug, Clone)]
pub struct Listed {
    store: Arc<Store>,
    progress: Progress,
    error: Option<IoError>,
    mtime: Option<(i64, u32)>,
    class: MountClass,
    /// The order the listing's batches come in, when the worker sorts them.
    batch_order: Option<Sort>,
}

/// A folder's entries in the listers' order and the arena of their names.
#[derive(Debug, Clone, Default)]
struct Store {
    entries: Vec<Entry>,
    names: Names,
    /// Arena bytes of names no entry points at any more.
    dead_name_bytes: usize,
    /// The order the entries are kept in (that of the lister that made them).
    order: Sort,
}

impl Store {
    fn empty(order: Sort) -> Arc<Store> {
        Arc::new(Store {
            order,
            ..Store::default()
        })
    }
}

impl Lister {
    pub fn new(path: impl Into<PathBuf>, opts: ViewOptions) -> Lister {
        let filter_lower = opts.filter.to_lowercase().into_bytes();
        Lister {
            path: path.into(),
            listed: Listed {
                store: Store::empty(opts.sort()),
                progress: Progress::Opening,
                error: None,
                mtime: None,
                class: MountClass::Local,
                batch_order: None,
            },
            shown: Vec::new(),
            unfiltered: 0,
            opts,
            filter_lower,
        }
    }

    /// Another view of the same folder under `opts` (its own filter): it shares this
    /// lister's entries and names rather than copying them, and is kept current by
    /// [`Lister::follow`] while this one takes the listing's events.
    pub fn mirror(&self, opts: ViewOptions) -> Lister {
        let mut view = Lister::new(self.path.clone(), opts);
        view.follow(&self.listed());
        view
    }

    /// What a mirror of this lister takes from it (cheap: the entries are shared).
    pub fn listed(&self) -> Listed {
        self.listed.clone()
    }

    /// Let go of the shared entries for a moment, so the lister this one mirrors can
    /// change them in place (see [`Lister::follow`]).
    pub fn release(&mut self) {
        self.listed.store = Store::empty(self.listed.store.order);
        self.shown.clear();
    }

    /// Take the entries of the lister this one mirrors again after it changed them,
    /// keeping this lister's own filter and order.
    pub fn follow(&mut self, listed: &Listed) {
        self.listed = listed.clone();
        self.rebuild_shown();
    }

    /// Whether this lister and `other` hold the same entries (not copies).
    pub fn shares_with(&self, other: &Lister) -> bool {
        Arc::ptr_eq(&self.listed.store, &other.listed.store)
    }

    /// Whether this lister holds the entries of `listed` (not a copy).
    pub fn holds(&self, listed: &Listed) -> bool {
        Arc::ptr_eq(&self.listed.store, &listed.store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn progress(&self) -> Progress {
        self.listed.progress
    }

    pub fn error(&self) -> Option<&IoError> {
        self.listed.error.as_ref()
    }

    pub fn mtime(&self) -> Option<(i64, u32)> {
        self.listed.mtime
    }

    pub fn class(&self) -> MountClass {
        self.listed.class
    }

    pub fn options(&self) -> &ViewOptions {
        &self.opts
    }

    /// All entries, shown or not.
    pub fn total(&self) -> usize {
        self.listed.store.entries.len()
    }

    /// Number of shown entries.
    pub fn len(&self) -> usize {
        self.shown.len()
    }

    pub fn is_empty(&self) -> bool {
        self.shown.is_empty()
    }

    /// Number of entries shown were there no filter (hidden ones still count only when
    /// hidden files are shown).
    pub fn unfiltered_len(&self) -> usize {
        self.unfiltered
    }

    /// The `i`-th shown entry and its name.
    pub fn get(&self, i: usize) -> Option<(&Entry, &[u8])> {
        let e = self
            .listed
            .store
            .entries
            .get(*self.shown.get(i)? as usize)?;
        Some((e, self.listed.store.names.name_of(e)))
    }

    /// Shown entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&Entry, &[u8])> + '_ {
        self.shown.iter().map(move |&i| {
            let e = &self.listed.store.entries[i as usize];
            (e, self.listed.store.names.name_of(e))
        })
    }

    /// The names of all entries, shown or not (hidden and filtered ones too).
    pub fn all_names(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.listed
            .store
            .entries
            .iter()
            .map(move |e| self.listed.store.names.name_of(e))
    }

    /// Position among the shown entries of the entry called `name`.
    pub fn position(&self, name: &[u8]) -> Option<usize> {
        self.iter().position(|(_, n)| n == name)
    }

    /// Heap bytes held (records, names, shown index); entries shared with a mirror
    /// count in each.
    pub fn heap_bytes(&self) -> usize {
        self.listed.store.entries.capacity() * std::mem::size_of::<Entry>()
            + self.listed.store.names.capacity_bytes()
            + self.shown.capacity() * 4
    }

    /// Apply one listing event. Returns false for events that change nothing shown.
    pub fn apply(&mut self, ev: DirEvent) -> bool {
        match ev {
            DirEvent::Opened {
                mtime,
                class,
                names_first,
                sorted,
            } => {
                self.listed.class = class;
                self.listed.batch_order = sorted;
                self.listed.error = None;
                if self.listed.mtime.is_some() && self.listed.mtime != Some(mtime) {
                    // Relisting a changed folder: start from empty.
                    self.clear();
                }
                self.listed.mtime = Some(mtime);
                self.listed.progress = Progress::Listing;
                let _ = names_first;
                true
            }
            DirEvent::Restart => {
                self.clear();
                self.listed.progress = Progress::Opening;
                true
            }
            DirEvent::Unchanged => {
                self.listed.progress = Progress::Complete;
                false
            }
            DirEvent::Batch(b) => {
                let presorted = self.listed.batch_order == Some(self.listed.store.order);
                self.merge_sorted(b, presorted);
                true
            }
            DirEvent::Details(b) => {
                self.listed.progress = Progress::Details;
                self.apply_details(b);
                true
            }
            DirEvent::Complete => {
                self.listed.progress = Progress::Complete;
                self.release_slack();
                true
            }
            DirEvent::Failed(e) => {
                self.listed.progress = Progress::Failed;
                self.listed.error = Some(e);
                true
            }
            DirEvent::Changed(c) => {
                self.apply_changes(c);
                true
            }
        }
    }

    /// Drop spare capacity once the listing is whole, and hand the transient batches'
    /// memory back to the system.
    fn release_slack(&mut self) {
        let store = Arc::make_mut(&mut self.listed.store);
        store.entries.shrink_to_fit();
        store.names.shrink_to_fit();
        self.shown.shrink_to_fit();
        crate::sys::release_free_memory();
    }

    fn clear(&mut self) {
        self.listed.store = Store::empty(self.opts.sort());
        self.shown.clear();
    }

    /// Merge a batch into the sorted list: the batch is sorted, then one linear merge.
    pub fn merge(&mut self, batch: Batch) {
        self.merge_sorted(batch, false);
    }

    /// [`Lister::merge`]; `presorted` says the batch is already in the list's order. The
    /// merge runs from the back into room added at the end of the list, so the entries
    /// are neither copied to a new list nor held twice while a folder is read.
    fn merge_sorted(&mut self, batch: Batch, presorted: bool) {
        let mut incoming = self.adopt(batch);
        let store = Arc::make_mut(&mut self.listed.store);
        let sort = store.order;
        let Store { entries, names, .. } = store;
        let is_after =
            |a: &Entry, b: &Entry| compare(a, names.name_of(a), b, names.name_of(b), sort).is_gt();
        if !presorted {
            incoming
                .sort_unstable_by(|a, b| compare(a, names.name_of(a), b, names.name_of(b), sort));
        }
        if let Some(&filler) = incoming.first() {
            // From the back, each free place takes the later of the two lists' last
            // entries not yet placed; of two equal ones the incoming goes after.
            let mut old = entries.len();
            let mut new = incoming.len();
            entries.resize(old + new, filler);
            for place in (0..entries.len()).rev() {
                if new == 0 {
                    break;
                }
                if old > 0 && is_after(&entries[old - 1], &incoming[new - 1]) {
                    old -= 1;
                    entries[place] = entries[old];
                } else {
                    new -= 1;
                    entries[place] = incoming[new];
                }
            }
        }
        self.rebuild_shown();
    }

    /// Move a batch's names into this lister's arena and return its records, rebased.
    fn adopt(&mut self, batch: Batch) -> Vec<Entry> {
        let Batch { mut entries, names } = batch;
        let store = Arc::make_mut(&mut self.listed.store);
        for e in &mut entries {
            let r = store.names.push(names.name_of(e));
            e.set_name_ref(r);
        }
        entries
    }

    fn apply_details(&mut self, batch: Batch) {
        use std::collections::HashMap;
        let store = Arc::make_mut(&mut self.listed.store);
        let index: HashMap<&[u8], usize> = store
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (store.names.name_of(e), i))
            .collect();
        let updates: Vec<(usize, Entry)> = batch
            .entries
            .iter()
            .filter_map(|e| index.get(batch.names.name_of(e)).map(|&i| (i, *e)))
            .collect();
        drop(index);
        for (i, mut e) in updates {
            e.set_name_ref(store.entries[i].name_ref());
            store.entries[i] = e;
        }
        if self.listed.store.order.key != SortKey::Name {
            self.resort();
        } else {
            self.rebuild_shown();
        }
    }

    /// Apply watcher changes: each named entry is dropped and its fresh record merged in.
    /// One linear pass per message however many entries it names, so a folder being
    /// copied into stays cheap.
    pub fn apply_changes(&mut self, changes: Changes) {
        let Changes {
            upserts, removed, ..
        } = changes;
        {
            let mut gone: HashSet<&[u8]> = removed.iter().map(Vec::as_slice).collect();
            gone.extend(upserts.entries.iter().map(|e| upserts.names.name_of(e)));
            if !gone.is_empty() {
                let store = Arc::make_mut(&mut self.listed.store);
                let names = &store.names;
                let mut dead = 0;
                store.entries.retain(|e| {
                    let n = names.name_of(e);
                    let keep = !gone.contains(n);
                    if !keep {
                        dead += n.len();
                    }
                    keep
                });
                store.dead_name_bytes += dead;
            }
        }
        self.compact_names_if_wasteful();
        // Merging also rebuilds the shown list.
        self.merge(upserts);
    }

    fn compact_names_if_wasteful(&mut self) {
        let dead = self.listed.store.dead_name_bytes;
        if dead * 2 <= self.listed.store.names.len_bytes() || dead < 4096 {
            return;
        }
        let store = Arc::make_mut(&mut self.listed.store);
        let mut fresh = Names::with_capacity(store.names.len_bytes() - dead);
        for e in &mut store.entries {
            let r = fresh.push(store.names.name_of(e));
            e.set_name_ref(r);
        }
        store.names = fresh;
        store.dead_name_bytes = 0;
    }

    /// Change the sort key or direction. Entries no mirror shares are sorted in place;
    /// shared ones stay as they are and this lister shows them in its own order.
    pub fn set_sort(&mut self, key: SortKey, order: SortOrder) {
        let folders_first = self.opts.folders_first;
        self.set_order(Sort {
            key,
            order,
            folders_first,
        });
    }

    /// Sort folders before files (`true`) or among them, keeping the key.
    pub fn set_folders_first(&mut self, folders_first: bool) {
        let sort = Sort {
            folders_first,
            ..self.opts.sort()
        };
        self.set_order(sort);
    }

    /// Change the whole order: see [`Lister::set_sort`].
    pub fn set_order(&mut self, sort: Sort) {
        if sort == self.opts.sort() {
            return;
        }
        self.opts.key = sort.key;
        self.opts.order = sort.order;
        self.opts.folders_first = sort.folders_first;
        if let Some(store) = Arc::get_mut(&mut self.listed.store) {
            store.order = sort;
            self.resort();
        } else {
            self.rebuild_shown();
        }
    }

    pub fn set_show_hidden(&mut self, show: bool) {
        if self.opts.show_hidden != show {
            self.opts.show_hidden = show;
            self.rebuild_shown();
        }
    }

    pub fn set_filter(&mut self, filter: &str) {
        if self.opts.filter != filter {
            self.opts.filter = filter.to_owned();
            self.filter_lower = filter.to_lowercase().into_bytes();
            self.rebuild_shown();
        }
    }

    /// Sort the entries again in their own order (a change of details moved them).
    fn resort(&mut self) {
        let store = Arc::make_mut(&mut self.listed.store);
        let sort = store.order;
        let names = &store.names;
        store
            .entries
            .sort_unstable_by(|a, b| compare(a, names.name_of(a), b, names.name_of(b), sort));
        self.rebuild_shown();
    }

    fn rebuild_shown(&mut self) {
        self.shown.clear();
        self.unfiltered = 0;
        let show_hidden = self.opts.show_hidden;
        let filter = &self.filter_lower;
        for (i, e) in self.listed.store.entries.iter().enumerate() {
            let name = self.listed.store.names.name_of(e);
            if !show_hidden && is_hidden(name) {
                continue;
            }
            self.unfiltered += 1;
            if !filter.is_empty() && !contains_lowercase(name, filter) {
                continue;
            }
            self.shown.push(i as u32);
        }
        let sort = self.opts.sort();
        if sort != self.listed.store.order {
            let (entries, names) = (&self.listed.store.entries, &self.listed.store.names);
            self.shown.sort_unstable_by(|&a, &b| {
                let (a, b) = (&entries[a as usize], &entries[b as usize]);
                compare(a, names.name_of(a), b, names.name_of(b), sort)
            });
        }
    }
}

/// Does `name` contain `needle` (already lower-case), ignoring case?
fn contains_lowercase(name: &[u8], needle: &[u8]) -> bool {
    if needle.is_ascii() {
        name.windows(needle.len()).any(|w| {
            w.iter()
                .zip(needle)
                .all(|(a, b)| a.to_ascii_lowercase() == *b)
        })
    } else {
        let hay = String::from_utf8_lossy(name).to_lowercase();
        let needle = String::from_utf8_lossy(needle);
        hay.contains(needle.as_ref())
    }
}
