//! A pane moving between folders and keeping its folder current: navigation, history,
//! the folder cache, listing events, and keeping the cursor in view.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use porpoise_engine::archive::browse;
use porpoise_engine::entry::{Batch, Entry};
use porpoise_engine::error::{ArchiveTrouble, Reason};
use porpoise_engine::listing::{
    DirEvent, ListOptions, Lister, ListerCache, SortKey, SortOrder, ViewOptions,
};

use iced::Task;

use super::work;
use super::{Around, Mode, Pane, PaneEvent, PaneMsg, next_generation};
use crate::history::{History, resolve_typed};
use crate::settings::{Settings, ViewShape};
use crate::viewport::Viewport;
use std::time::Instant;

impl Pane {
    /// A new pane at `folder` (from the cache when it was shown lately); its listing is
    /// under way, or shared with the pane that shows it already.
    pub fn open(folder: PathBuf, viewport: Viewport, cx: Around) -> Pane {
        let mut pane = Pane::new(folder.clone(), cx.settings, viewport);
        if let Some(peer) = cx.showing(&folder) {
            pane.lister = peer.lister.mirror(pane.view_options(cx.settings));
            pane.share_listing_of(peer);
            return pane;
        }
        pane.lister = listed(folder, pane.view_options(cx.settings), cx.cache);
        pane.start_listing(pane.lister.mtime());
        pane
    }

    /// Take the window's view settings (hidden files), which may have changed while the
    /// pane was behind.
    pub fn adopt(&mut self, settings: &Settings) {
        self.lister.set_show_hidden(settings.show_hidden);
        self.lister.set_folders_first(settings.folders_first);
        for lister in self.tree.listers_mut() {
            lister.set_show_hidden(settings.show_hidden);
            lister.set_folders_first(settings.folders_first);
        }
        self.relayout();
        self.unselect_hidden_rows();
    }

    /// Sort by `key`: the same key again turns the direction round.
    pub fn sort_by(&mut self, key: SortKey) {
        let (cur_key, cur_order) = self.sort;
        let order = if key == cur_key {
            cur_order.flipped()
        } else {
            SortOrder::Ascending
        };
        self.set_sort(key, order);
    }

    /// Sort its entries, and those of its opened folders, by `key` in `order`.
    pub(super) fn set_sort(&mut self, key: SortKey, order: SortOrder) {
        self.sort = (key, order);
        self.lister.set_sort(key, order);
        for lister in self.tree.listers_mut() {
            lister.set_sort(key, order);
        }
        self.relayout();
    }

    /// Start (or restart) listing the folder; `known_mtime` revalidates a cached one. The
    /// window's subscription for the new listing does the listing.
    pub fn start_listing(&mut self, known_mtime: Option<(i64, u32)>) {
        self.space = None;
        self.folder_counts.clear();
        self.asked_at = Instant::now();
        self.unanswered = false;
        // Types are told by listing: those asked under the one before come to nobody.
        self.types.forget_asked();
        // The free space is asked for once the folder answered (a server that does not
        // answer would hold a thread per visit).
        self.listing = super::listing::Listing {
            generation: next_generation(),
            path: self.lister.path().to_owned(),
            opts: ListOptions {
                known_mtime,
                // The worker sorts each batch; this thread only merges.
                sort: Some(self.lister.options().sort()),
                ..ListOptions::default()
            },
            ended: false,
        };
    }

    /// Show `path`, keeping the folder left in the cache. `select`: a name to select
    /// once it is listed (the folder we came up from).
    fn enter(&mut self, path: PathBuf, select: Option<Vec<u8>>, cx: Around) -> Task<PaneMsg> {
        // Up the way already shown, the breadcrumb keeps the folders below; elsewhere
        // it starts again.
        if !self.trail.starts_with(&path) {
            self.trail = path.clone();
        }
        // Folders opened in place were opened in the folder left.
        self.close_all_folders(cx.cache, &cx.peers);
        // Another folder starts unfiltered, its types untold.
        self.filter = None;
        self.types.clear();
        let peer = cx.showing(&path);
        let next = match peer {
            Some(peer) => peer.lister.mirror(self.view_options(cx.settings)),
            None => listed(path, self.view_options(cx.settings), cx.cache),
        };
        let known_mtime = next.mtime();
        let left = std::mem::replace(&mut self.lister, next);
        super::keep_unused(left, cx.cache, &cx.peers);
        self.selection.clear();
        self.trash = None;
        self.search = None;
        if let Some(name) = select {
            self.selection.select_only(&name);
        }
        // What the pane was in the middle of (a menu, a name) belonged to the folder left.
        self.mode = Mode::Browsing;
        self.last_click = None;
        self.viewport.offset_y = 0.0;
        match peer {
            // Shown by another pane: its listing is this one's too.
            Some(peer) => self.share_listing_of(peer),
            None => self.start_listing(known_mtime),
        }
        self.scroll_to_cursor_or_top(cx.settings.shape())
    }

    /// Go to `path` with its entry `name` selected (a search result's folder).
    pub fn navigate_to_entry(&mut self, path: PathBuf, name: Vec<u8>, cx: Around) -> Task<PaneMsg> {
        self.history.visit(self.lister.path().to_owned());
        self.enter(path, Some(name), cx)
    }

    /// Go to a folder chosen by the person (place, breadcrumb, typed path).
    pub fn navigate(&mut self, path: PathBuf, cx: Around) -> Task<PaneMsg> {
        if path == self.lister.path() {
            return Task::none();
        }
        self.history.visit(self.lister.path().to_owned());
        self.enter(path, None, cx)
    }

    pub fn back(&mut self, cx: Around) -> Task<PaneMsg> {
        self.step_in_history(History::back, cx)
    }

    pub fn forward(&mut self, cx: Around) -> Task<PaneMsg> {
        self.step_in_history(History::forward, cx)
    }

    /// Go where `step` takes the history from here, selecting the folder we came from
    /// when it is inside.
    fn step_in_history(
        &mut self,
        step: fn(&mut History, PathBuf) -> Option<PathBuf>,
        cx: Around,
    ) -> Task<PaneMsg> {
        let here = self.lister.path().to_owned();
        match step(&mut self.history, here.clone()) {
            Some(to) => {
                let select = child_name(&to, &here);
                self.enter(to, select, cx)
            }
            None => Task::none(),
        }
    }

    /// Go to the parent folder and select the folder we came from.
    pub fn up(&mut self, cx: Around) -> Task<PaneMsg> {
        let here = self.lister.path().to_owned();
        let Some(parent) = here.parent().map(PathBuf::from) else {
            return Task::none();
        };
        self.history.visit(here.clone());
        let select = child_name(&parent, &here);
        self.enter(parent, select, cx)
    }

    /// List the folder again from scratch, keeping the selection.
    pub fn reload(&mut self, settings: &Settings) {
        let path = self.lister.path().to_owned();
        self.lister = Lister::new(path, self.view_options(settings));
        self.start_listing(None);
        self.reload_branches(settings);
    }

    /// Open an entry: a folder (or a link to one) in the pane. (A file is the window's to
    /// open: it knows the applications.)
    pub fn activate(&mut self, name: &[u8], cx: Around) -> Task<PaneMsg> {
        let Some(entry) = self.rows().entry(name) else {
            return Task::none();
        };
        // An archive opens as a folder (the engine confirms it is one).
        let archive = entry.kind() == porpoise_engine::entry::Kind::File
            && porpoise_engine::archive::browse::is_archive_name(name);
        if !entry.is_dir_like() && !archive {
            return Task::none();
        }
        let path = self.lister.path().join(OsStr::from_bytes(name));
        self.history.visit(self.lister.path().to_owned());
        self.enter(path, None, cx)
    }

    /// A listing event of this pane's current listing, and what it means to the window
    /// (a file asked for leads the pane to its folder). Only the pane with the
    /// `keyboard` moves its view to the cursor; a tab behind scrolls back to where it
    /// was when it is shown.
    pub fn on_dir_event(
        &mut self,
        event: DirEvent,
        keyboard: bool,
        cx: Around,
    ) -> (Task<PaneMsg>, Option<PaneEvent>) {
        let view = |scroll: Task<PaneMsg>| if keyboard { scroll } else { Task::none() };
        let settled = matches!(
            event,
            DirEvent::Complete | DirEvent::Unchanged | DirEvent::Changed(_)
        );
        let finished = matches!(event, DirEvent::Complete | DirEvent::Unchanged);
        let space = matches!(event, DirEvent::Opened { .. })
            .then(|| work::space(self.listing.generation, self.lister.path().to_owned()));
        self.unanswered = false;
        let mut locked = None;
        if let DirEvent::Failed(e) = &event {
            tracing::info!("{}", porpoise_engine::error::chain(e));
            if let Reason::Archive(
                t @ (ArchiveTrouble::NeedsPassword | ArchiveTrouble::WrongPassword),
            ) = e.reason()
                && let Some((archive, _)) = browse::split(self.lister.path())
            {
                locked = Some(PaneEvent::Locked {
                    archive,
                    wrong: t == ArchiveTrouble::WrongPassword,
                });
            }
            // A file was asked for (on the command line, typed): show its folder with
            // the file selected, in its place in the history.
            if e.reason() == Reason::NotADirectory
                && let (Some(parent), Some(name)) =
                    (self.lister.path().parent(), self.lister.path().file_name())
            {
                let (parent, name) = (parent.to_owned(), name.as_bytes().to_vec());
                return (
                    view(self.enter(parent, Some(name), cx)),
                    Some(PaneEvent::LeftFolder),
                );
            }
        }
        let mut new_folders = Vec::new();
        if let DirEvent::Changed(c) = &event {
            // Renamed by another program: what was selected stays with its entry.
            for (from, to) in &c.renamed {
                self.selection.rename(from, to);
            }
            new_folders = changed_folders(&self.lister, &c.upserts);
        }
        self.lister.apply(event);
        self.relayout();
        let hidden = cx.settings.show_hidden;
        let count = if finished {
            self.count_folders(None, hidden)
        } else if new_folders.is_empty() {
            Task::none()
        } else {
            self.count_folders(Some(new_folders), hidden)
        };
        if settled {
            self.unselect_hidden_rows();
        }
        let reveal = match finished {
            true => view(self.reveal_cursor(cx.settings.shape())),
            false => Task::none(),
        };
        let tasks = [count, reveal, space.unwrap_or_else(Task::none)];
        (crate::tasks::batch(tasks), locked)
    }

    /// A listing's answer to the work it asked for (counts, free space); answers to a
    /// listing the pane has left are late, and dropped.
    pub fn take_answer(&mut self, answer: PaneMsg) {
        match answer {
            PaneMsg::FolderCounts(generation, counts) if generation == self.listing.generation => {
                self.folder_counts.extend(counts);
            }
            PaneMsg::FolderCounts(generation, counts) => {
                self.take_branch_counts(generation, counts);
            }
            PaneMsg::Space(generation, space) if generation == self.listing.generation => {
                self.space = space;
            }
            _ => {}
        }
    }

    /// Count what the folder's folders hold (all of them, or `only` these), on local and
    /// removable disks; a network share could take long for little.
    fn count_folders(&mut self, only: Option<Vec<Vec<u8>>>, hidden: bool) -> Task<PaneMsg> {
        if self.lister.class() == porpoise_engine::mounts::MountClass::Network {
            return Task::none();
        }
        let names: Vec<Vec<u8>> = match only {
            Some(names) => names,
            None => self
                .lister
                .iter()
                .filter(|(e, _)| e.is_dir_like())
                .take(MAX_COUNTED)
                .map(|(_, n)| n.to_vec())
                .collect(),
        };
        if names.is_empty() {
            return Task::none();
        }
        let (generation, dir) = (self.listing.generation, self.lister.path().to_owned());
        work::count(generation, dir, names, hidden)
    }

    /// The location bar becomes a text input holding the folder's path (its address, in
    /// a remote place).
    pub fn edit_location<T: Send + 'static>(
        &mut self,
        remote: &crate::servers::RemotePlaces,
    ) -> Task<T> {
        let path = self.lister.path();
        let mut text = remote.text_of(path);
        if !text.ends_with('/') {
            text.push('/');
        }
        self.mode = Mode::Location(text);
        work::focus(self.ids.location.clone())
    }

    /// Go where the location bar's text leads (from this folder, `~` the home folder).
    pub fn submit_location(&mut self, cx: Around) -> Task<PaneMsg> {
        let Some(typed) = self.location().map(str::to_owned) else {
            return Task::none();
        };
        // What is there is looked at first (off the UI thread): a path that leads
        // nowhere is said, and the typed text stays to be mended.
        match resolve_typed(&typed, self.lister.path(), cx.home) {
            Some(path) => super::complete::look(typed, path),
            None => {
                self.mode = Mode::Browsing;
                Task::none()
            }
        }
    }

    /// Items per row of the view (1 in details).
    pub fn columns(&self, view: ViewShape) -> usize {
        view.columns(self.viewport.width)
    }

    /// Scroll so the cursor's row is visible, if it is not.
    pub fn reveal_cursor<T>(&mut self, view: ViewShape) -> Task<T> {
        match self.cursor_offset(view) {
            Some(y) => self.scroll_to(y),
            None => Task::none(),
        }
    }

    /// Scroll to show the cursor's row, else to the top (the list changed under it).
    pub fn scroll_to_cursor_or_top<T>(&mut self, view: ViewShape) -> Task<T> {
        self.viewport.offset_y = 0.0;
        let y = self.cursor_offset(view).unwrap_or(0.0);
        self.scroll_to(y)
    }

    /// Where the view moves to show the cursor's row (and the pane takes it as its
    /// offset), if the row is out of sight.
    fn cursor_offset(&mut self, view: ViewShape) -> Option<f32> {
        let i = self
            .selection
            .cursor_position(&crate::screen::browser::pane::tree::Rows::new(
                &self.lister,
                &self.tree,
            ))?;
        let row = i / self.columns(view);
        let y = self.viewport.reveal(row, view.row_height())?;
        self.viewport.offset_y = y;
        Some(y)
    }
}

/// The lister of `folder`: the cached one under these options, else a new one.
pub(super) fn listed(folder: PathBuf, opts: ViewOptions, cache: &mut ListerCache) -> Lister {
    match cache.take(&folder) {
        Some(mut cached) => {
            cached.set_order(opts.sort());
            cached.set_show_hidden(opts.show_hidden);
            cached.set_filter(&opts.filter);
            cached
        }
        None => Lister::new(folder, opts),
    }
}

/// At most this many folders of one folder get their item count.
pub(super) const MAX_COUNTED: usize = 5000;

/// If `child` is directly inside `parent`, its name.
fn child_name(parent: &Path, child: &Path) -> Option<Vec<u8>> {
    (child.parent() == Some(parent))
        .then(|| child.file_name().map(|n| n.as_bytes().to_vec()))
        .flatten()
}

/// The folders among `upserts` to count again: new ones, and ones changed inside (their
/// mtime moved), not ones whose permissions or owner alone changed. One pass over the
/// listing, whatever the number of upserts.
fn changed_folders(lister: &Lister, upserts: &Batch) -> Vec<Vec<u8>> {
    let stamp = |e: &Entry| (e.ino, e.mtime_sec, e.mtime_nsec);
    let mut told: HashMap<&[u8], _> = upserts
        .entries
        .iter()
        .filter(|e| e.is_dir_like())
        .map(|e| (upserts.names.name_of(e), stamp(e)))
        .collect();
    if !told.is_empty() {
        for (known, name) in lister.iter() {
            if told.get(name) == Some(&stamp(known)) {
                told.remove(name);
            }
        }
    }
    told.into_keys().map(<[u8]>::to_vec).collect()
}

#[cfg(test)]
mod tests {
    use std::fs::{File, FileTimes};
    use std::os::unix::fs::PermissionsExt;
    use std::time::{Duration, SystemTime};

    use porpoise_engine::events::Events;
    use porpoise_engine::listing::open_dir;

    use super::*;

    /// The names of the folders the task counted, run to its end on a runtime of its
    /// own (its scrolling needs a window, and is passed over).
    fn counted(task: Task<PaneMsg>) -> Vec<Vec<u8>> {
        use iced::futures::StreamExt;
        let Some(stream) = iced_runtime::task::into_stream(task) else {
            return Vec::new();
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let actions: Vec<_> = runtime.block_on(stream.collect());
        actions
            .into_iter()
            .flat_map(|action| match action {
                iced_runtime::Action::Output(PaneMsg::FolderCounts(_, counts)) => {
                    counts.into_iter().map(|(name, _)| name).collect()
                }
                _ => Vec::new(),
            })
            .collect()
    }

    /// Feed the pane the stream's events up to the next change (or the listing's end);
    /// the folders it then wants counted.
    fn next_counted(
        pane: &mut Pane,
        stream: &mut Events<DirEvent>,
        settings: &Settings,
    ) -> Vec<Vec<u8>> {
        let mut cache = ListerCache::default();
        loop {
            let event = stream.next().expect("a listing event");
            let last = matches!(event, DirEvent::Complete | DirEvent::Changed(_));
            let cx = Around {
                settings,
                cache: &mut cache,
                home: Path::new("/"),
                peers: Vec::new(),
                remote: &crate::servers::RemotePlaces::NONE,
            };
            let (task, _) = pane.on_dir_event(event, true, cx);
            if last {
                return counted(task);
            }
        }
    }

    #[test]
    fn a_folder_is_counted_again_only_when_it_changed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).expect("mkdir");
        let settings = Settings::default();
        let viewport = Viewport {
            offset_y: 0.0,
            width: 400.0,
            height: 300.0,
        };
        let mut pane = Pane::new(dir.path().to_owned(), &settings, viewport);
        let opts = ListOptions {
            watch: true,
            ..ListOptions::default()
        };
        let mut stream = open_dir(dir.path().to_owned(), opts);
        assert_eq!(next_counted(&mut pane, &mut stream, &settings), [b"sub"]);

        // Its permissions changed: told as a change, but nothing in it changed.
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        assert!(next_counted(&mut pane, &mut stream, &settings).is_empty());

        // Changed inside (its mtime moves): counted again.
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        let times = FileTimes::new().set_modified(hour_ago);
        File::open(&sub)
            .expect("open")
            .set_times(times)
            .expect("set mtime");
        assert_eq!(next_counted(&mut pane, &mut stream, &settings), [b"sub"]);
    }
}
