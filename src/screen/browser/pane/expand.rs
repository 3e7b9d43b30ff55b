//! A pane opening and closing folders in place (the details view's triangles, Right and
//! Left): each opened folder is listed through the same lister, cache and watching as a
//! shown folder, and its events change its rows only.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use iced::Task;
use porpoise_engine::listing::{DirEvent, ListOptions, ListerCache, Progress};

use super::tree::{self, Branch};
use super::{Around, Pane, PaneMsg, keep_unused, listing, next_generation, work};

impl Pane {
    /// Whether the row of key `key` is an opened folder.
    pub fn is_open(&self, key: &[u8]) -> bool {
        self.tree.is_open(key)
    }

    /// Whether any folder is opened in place.
    pub fn has_open_folders(&self) -> bool {
        !self.tree.is_empty()
    }

    /// Whether the row of key `key` is a folder that can be opened in place.
    pub fn can_open(&self, key: &[u8]) -> bool {
        self.trash.is_none()
            && self.search.is_none()
            && self.rows().entry(key).is_some_and(|e| e.is_dir_like())
    }

    /// Open the folder `key` in place if it is closed, close it if it is open.
    pub fn toggle_open(&mut self, key: &[u8], cx: Around) {
        if self.tree.is_open(key) {
            self.close_folder(key, cx.cache, &cx.peers);
        } else {
            self.open_folder(key, cx);
        }
    }

    /// Open the folder `key` in place: its entries come from the cache when it was shown
    /// lately, and its listing (and watching) starts with the window's subscription.
    pub fn open_folder(&mut self, key: &[u8], cx: Around) {
        if self.tree.is_open(key) || !self.can_open(key) {
            return;
        }
        let path = self.lister.path().join(OsStr::from_bytes(key));
        let lister = super::nav::listed(path.clone(), self.view_options(cx.settings), cx.cache);
        let listing = listing::Listing {
            generation: next_generation(),
            path,
            opts: ListOptions {
                known_mtime: lister.mtime(),
                sort: Some(lister.options().sort()),
                ..ListOptions::default()
            },
            ended: false,
        };
        self.tree.open(key.to_vec(), Branch { lister, listing });
        self.relayout();
    }

    /// Close the opened folder `key` (and those opened inside it): their entries wait in
    /// the cache, what was selected inside is let go.
    pub fn close_folder(&mut self, key: &[u8], cache: &mut ListerCache, peers: &[&Pane]) {
        for lister in self.tree.close(key) {
            keep_unused(lister, cache, peers);
        }
        self.selection.close_folder(key);
        self.relayout();
    }

    /// Close every folder opened in place (the pane leaves its folder, or the view shows
    /// the top level only).
    pub fn close_all_folders(&mut self, cache: &mut ListerCache, peers: &[&Pane]) {
        if self.tree.is_empty() {
            return;
        }
        for lister in self.tree.close_all() {
            keep_unused(lister, cache, peers);
        }
        self.selection.keep_top();
        self.relayout();
    }

    /// List the opened folders again from scratch (the pane's folder is, too).
    pub(super) fn reload_branches(&mut self, settings: &crate::settings::Settings) {
        let opts = self.view_options(settings);
        for lister in self.tree.listers_mut() {
            *lister = porpoise_engine::listing::Lister::new(lister.path().to_owned(), opts.clone());
        }
        self.tree.restart_listings();
        self.relayout();
    }

    /// The listings it follows: its folder's and its opened folders'.
    pub fn listings(&self) -> impl Iterator<Item = &listing::Listing> {
        std::iter::once(&self.listing).chain(self.tree.listings())
    }

    /// Whether it follows listing `generation` for an opened folder.
    pub fn follows_branch(&self, generation: u64) -> bool {
        self.tree.listings().any(|l| l.generation == generation)
    }

    /// An event of the listing of one of its opened folders: its rows change.
    pub fn on_branch_event(
        &mut self,
        generation: u64,
        event: DirEvent,
        hidden: bool,
    ) -> Task<PaneMsg> {
        let Some((key, branch)) = self.tree.branch_listing(generation) else {
            return Task::none();
        };
        let key = key.to_vec();
        let settled = matches!(
            event,
            DirEvent::Complete | DirEvent::Unchanged | DirEvent::Changed(_)
        );
        let finished = matches!(event, DirEvent::Complete | DirEvent::Unchanged);
        branch.listing.take(&event);
        if let DirEvent::Changed(c) = &event {
            for (from, to) in &c.renamed {
                let (from, to) = (tree::child_key(&key, from), tree::child_key(&key, to));
                self.selection.rename(&from, &to);
            }
        }
        if let DirEvent::Failed(e) = &event {
            tracing::info!("{}", porpoise_engine::error::chain(e));
        }
        branch.lister.apply(event);
        let count = match finished {
            true => branch_count(branch, hidden),
            false => Task::none(),
        };
        self.relayout();
        if settled {
            self.unselect_hidden_rows();
        }
        count
    }

    /// Lay the rows out again after its entries changed; opened folders that are gone
    /// from a listing that came to its end (not hidden for a moment by a filter) close.
    pub(super) fn relayout(&mut self) {
        let missing = self.tree.relayout(&self.lister);
        if missing.is_empty() || self.filter.as_deref().is_some_and(|f| !f.is_empty()) {
            return;
        }
        let settled = |of: &[u8]| {
            self.rows()
                .lister_of(of)
                .is_none_or(|l| l.progress() == Progress::Complete)
        };
        let gone: Vec<Vec<u8>> = missing
            .into_iter()
            .filter(|k| settled(tree::split_key(k).0))
            .collect();
        if gone.is_empty() {
            return;
        }
        for k in &gone {
            self.tree.close(k);
            self.selection.close_folder(k);
        }
        self.tree.relayout(&self.lister);
    }

    /// A count of folders of the opened folder listed as `generation`: its rows' Size.
    pub(super) fn take_branch_counts(&mut self, generation: u64, counts: Vec<(Vec<u8>, u64)>) {
        let Some((key, _)) = self.tree.branch_listing(generation) else {
            return;
        };
        let key = key.to_vec();
        self.folder_counts.extend(
            counts
                .into_iter()
                .map(|(name, n)| (tree::child_key(&key, &name), n)),
        );
    }
}

/// Count what the folders of an opened folder hold, as the pane's own are counted.
fn branch_count(branch: &Branch, hidden: bool) -> Task<PaneMsg> {
    let lister = &branch.lister;
    if lister.class() == porpoise_engine::mounts::MountClass::Network {
        return Task::none();
    }
    let names: Vec<Vec<u8>> = lister
        .iter()
        .filter(|(e, _)| e.is_dir_like())
        .take(super::nav::MAX_COUNTED)
        .map(|(_, n)| n.to_vec())
        .collect();
    if names.is_empty() {
        return Task::none();
    }
    let dir = lister.path().to_owned();
    work::count(branch.listing.generation, dir, names, hidden)
}
