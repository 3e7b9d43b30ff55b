//! One pane: a folder shown with its own history, selection, scroll position, filter,
//! what it is in the middle of (`mode`), and the listing that keeps it current. Each tab
//! of the window holds one or two. What a pane does on its own (navigate, filter, take
//! its listing's events, keep the cursor in view) lives here; its update (`update`)
//! returns effects and tells the app what concerns the whole window.

mod access;
pub mod complete;
mod expand;
mod filter;
pub mod listing;
mod mode;
mod nav;
pub mod tree;
mod types;
mod update;
pub mod work;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use iced::Task;
use iced::widget::Id;
use porpoise_engine::listing::{
    Listed, Lister, ListerCache, Progress, SortKey, SortOrder, ViewOptions,
};

pub use filter::FILTER_INPUT;
pub use mode::Mode;

use crate::actions::TrashView;
use crate::history::History;
use crate::i18n::fl;
use crate::selection::Selection;
use crate::settings::Settings;
use crate::types::EntryTypes;
use crate::viewport::Viewport;

/// What the person does to one pane (the pane with the keyboard, or in split view the
/// one beside it, whose messages the app gives it the keyboard for).
#[derive(Debug, Clone)]
pub enum PaneMsg {
    /// Go to a folder (a place, the breadcrumb, a typed path).
    Navigate(PathBuf),
    Back,
    Forward,
    Up,
    /// List the folder again from scratch.
    Reload,
    /// Open an entry by name (a double-click): a folder here, a file in its application.
    Activate(Vec<u8>),
    /// A folder's triangle in the details view: open the folder in place, or close it
    /// (by its row's key: its path below the pane's folder).
    ToggleOpen(Vec<u8>),
    /// A column header: sort by it (again: the other way round).
    SortBy(SortKey),
    /// The View menu: sort by this key in this direction.
    Sort(SortKey, SortOrder),
    /// The view was scrolled or resized.
    Scrolled(Viewport),
    /// The filter box's toggle, and typing in it.
    ToggleFilter,
    FilterInput(String),
    /// The location bar becomes a text input, is typed in, submitted or given up.
    EditLocation,
    LocationInput(String),
    LocationSubmit,
    LocationCancel,
    /// Tab in the location bar: complete its last part.
    CompleteLocation,
    /// What Tab found (none: no folder begins so).
    LocationCompleted(Option<complete::Completion>),
    /// What is at a submitted location.
    LocationLooked {
        typed: String,
        path: PathBuf,
        found: complete::Found,
    },
    /// How many entries folders of the folder listed as `generation` hold.
    FolderCounts(u64, Vec<(Vec<u8>, u64)>),
    /// Free and total bytes of the folder listed as `generation`.
    Space(u64, Option<(u64, u64)>),
}

/// What a pane's update tells the window around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaneEvent {
    /// It shows another folder now: what the window kept for the last one (drags, the
    /// status bar's message) goes, and the tabs are saved.
    LeftFolder,
    /// It sorts another way now: new panes start so.
    Sorted(SortKey, SortOrder),
    /// Its view moved: the entry under the pointer is another.
    Scrolled,
    /// Something for the status bar: the folders Tab could complete to, or a typed
    /// location that is not there (`failed`).
    Say { text: String, failed: bool },
    /// The archive it shows as a folder has locked names: its password is needed.
    Locked { archive: PathBuf, wrong: bool },
    /// A server's address was typed: connect to it and show it here.
    Connect(porpoise_engine::remote::Address),
}

/// How long a folder may keep silent before the view says its server does not answer.
pub const NO_ANSWER: std::time::Duration = std::time::Duration::from_secs(3);

/// A folder shown in a tab.
pub struct Pane {
    lister: Lister,
    history: History,
    /// The deepest folder of the way here: the breadcrumb keeps the folders below the
    /// shown one while the pane goes up that way (as Dolphin and Nautilus keep them).
    trail: PathBuf,
    /// This pane's current listing: events of older listings (and of other panes) carry
    /// other numbers and are dropped.
    listing: listing::Listing,
    selection: Selection,
    viewport: Viewport,
    /// What the pane is in the middle of (a typed location, a name, a menu), if anything.
    mode: Mode,
    /// The filter box's text while it is open.
    filter: Option<String>,
    /// How many entries the shown folder's folders hold (their Size column), as counted.
    folder_counts: HashMap<Vec<u8>, u64>,
    space: Option<(u64, u64)>,
    typeahead: (String, Instant),
    last_click: Option<(Vec<u8>, Instant)>,
    /// The Trash view, when this pane shows the trash instead of its folder.
    trash: Option<TrashView>,
    /// The search view, when this pane shows search results instead of its folder.
    search: Option<super::search::SearchView>,
    /// The ids of its widgets that the app scrolls or focuses.
    ids: PaneIds,
    /// Its own sort (a column header sorts the pane it is in).
    sort: (SortKey, SortOrder),
    /// Its entries' types, as told so far.
    types: EntryTypes,
    /// When the running listing was asked for.
    asked_at: Instant,
    /// Its folder has not answered for [`NO_ANSWER`]: the view says so.
    unanswered: bool,
    /// The folders opened in place in the details view.
    tree: tree::Tree,
}

/// The ids of a pane's widgets, its own so two panes drawn side by side are told apart.
#[derive(Debug, Clone)]
pub struct PaneIds {
    /// The file view's scrollable.
    pub view: Id,
    /// The location bar's text input.
    pub location: Id,
}

impl PaneIds {
    fn new() -> PaneIds {
        PaneIds {
            view: Id::unique(),
            location: Id::unique(),
        }
    }
}

/// What a pane reads from the window around it while it changes: the view settings
/// (sort, hidden files, view mode), the cache of folders no pane shows, and the other
/// panes (a folder one of them shows is not read again but shared with it, and is not
/// cached when left).
pub struct Around<'a> {
    pub settings: &'a Settings,
    pub cache: &'a mut ListerCache,
    pub home: &'a Path,
    pub peers: Vec<&'a Pane>,
    /// The remote places, whose folders are shown and typed as addresses.
    pub remote: &'a crate::servers::RemotePlaces,
}

impl<'a> Around<'a> {
    /// The other pane showing `folder`, if one does (not as the Trash view).
    pub fn showing(&self, folder: &Path) -> Option<&'a Pane> {
        self.peers
            .iter()
            .copied()
            .find(|p| p.trash.is_none() && p.path() == folder)
    }
}

/// A listing number no listing of any pane had before.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Pane {
    /// A pane at `path`, not yet listed (see [`Pane::start_listing`]).
    pub fn new(path: PathBuf, settings: &Settings, viewport: Viewport) -> Pane {
        // A new pane sorts as the last sort chosen.
        let sort = (settings.sort_key(), settings.sort_order());
        Pane {
            lister: Lister::new(path.clone(), view_options(settings, sort, None)),
            history: History::default(),
            trail: path.clone(),
            listing: listing::Listing::none(path),
            selection: Selection::default(),
            viewport,
            mode: Mode::Browsing,
            filter: None,
            folder_counts: HashMap::new(),
            space: None,
            typeahead: (String::new(), Instant::now()),
            last_click: None,
            trash: None,
            search: None,
            ids: PaneIds::new(),
            sort,
            types: EntryTypes::default(),
            asked_at: Instant::now(),
            unanswered: false,
            tree: tree::Tree::default(),
        }
    }

    /// See whether its folder answered, at `now`: after [`NO_ANSWER`] without a word
    /// from the folder, the view says the server does not answer.
    pub fn check_answer(&mut self, now: Instant) {
        self.unanswered = self.is_waiting_for_answer()
            && now.saturating_duration_since(self.asked_at) >= NO_ANSWER;
    }

    /// Its folder was asked for and has said nothing yet.
    pub fn is_waiting_for_answer(&self) -> bool {
        self.trash.is_none()
            && self.lister.error().is_none()
            && self.lister.progress() == Progress::Opening
    }

    /// Its sort: key and direction.
    pub fn sort(&self) -> (SortKey, SortOrder) {
        self.sort
    }

    /// Scroll this pane's view to `y`.
    pub fn scroll_to<T>(&self, y: f32) -> Task<T> {
        work::scroll(self.ids.view.clone(), y)
    }

    /// Scroll the view back to where the pane was (its widget showed another pane since).
    pub fn scroll_back<T>(&self) -> Task<T> {
        self.scroll_to(self.viewport.offset_y)
    }

    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// The shown names, in order (as `format::shown_name` shows them), those inside
    /// opened folders too.
    pub fn shown_names(&self) -> Vec<String> {
        self.rows()
            .iter()
            .map(|(_, n)| crate::format::shown_name(tree::split_key(&n).1))
            .collect()
    }

    /// The rows it shows: its entries, each opened folder's after it.
    pub fn rows(&self) -> tree::Rows<'_> {
        tree::Rows::new(&self.lister, &self.tree)
    }

    /// The search view, while the pane shows search results.
    pub fn search(&self) -> Option<&super::search::SearchView> {
        self.search.as_ref()
    }

    /// The Trash view, while the pane shows the trash.
    pub fn trash_view(&self) -> Option<&TrashView> {
        self.trash.as_ref()
    }

    /// How many entries the folder `name` of the shown folder holds, once counted.
    pub fn folder_count(&self, name: &[u8]) -> Option<u64> {
        self.folder_counts.get(name).copied()
    }

    /// The free and total bytes of its filesystem, once known.
    pub fn space(&self) -> Option<(u64, u64)> {
        self.space
    }

    /// The deepest folder of the way to the shown one: it or a folder below it.
    pub fn trail(&self) -> &Path {
        &self.trail
    }

    /// Its history of folders (back and forward).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Add the entry `name` to the selection (another program asked to show it).
    pub fn select(&mut self, name: &[u8]) {
        self.selection.add(name);
    }

    pub fn viewport(&self) -> &Viewport {
        &self.viewport
    }

    pub fn ids(&self) -> &PaneIds {
        &self.ids
    }

    pub fn path(&self) -> &Path {
        self.lister.path()
    }

    /// It shows a folder inside an archive (read-only), as its path's names say.
    pub fn in_archive(&self) -> bool {
        self.trash.is_none() && crate::archived::in_archive(self.lister.path())
    }

    pub fn lister(&self) -> &Lister {
        &self.lister
    }

    /// Its entries' types, as told so far.
    pub fn types(&self) -> &EntryTypes {
        &self.types
    }

    pub fn generation(&self) -> u64 {
        self.listing.generation
    }

    /// The listing it follows.
    pub fn listing(&self) -> &listing::Listing {
        &self.listing
    }

    /// The view options of this pane under `settings`: its own filter text.
    fn view_options(&self, settings: &Settings) -> ViewOptions {
        view_options(settings, self.sort, self.filter.as_deref())
    }

    /// The full path of `name` (a row's key) when it is a folder (or a link to one) of
    /// this pane's.
    pub fn folder_of(&self, name: &[u8]) -> Option<PathBuf> {
        use std::os::unix::ffi::OsStrExt;
        let entry = self.rows().entry(name)?;
        entry
            .is_dir_like()
            .then(|| self.lister.path().join(std::ffi::OsStr::from_bytes(name)))
    }

    /// What the file view says instead of a list, if anything; a folder in one of the
    /// `remote` places is named by its address.
    pub fn notice(&self, remote: &crate::servers::RemotePlaces) -> Option<String> {
        use porpoise_engine::error::Reason;
        let l = &self.lister;
        if let Some(e) = l.error() {
            return Some(match e.reason() {
                Reason::PermissionDenied => fl!("error-permission"),
                // Listed before (from the cache): it was there and has gone.
                Reason::NotFound if l.mtime().is_some() => fl!("error-not-found"),
                Reason::NotFound => fl!("error-does-not-exist", path = remote.text_of(l.path())),
                Reason::NotADirectory => fl!("error-not-a-folder"),
                _ => fl!("error-other", error = crate::failures::why(e)),
            });
        }
        if !l.is_empty() {
            return None;
        }
        let filter = self.filter.as_deref().unwrap_or_default();
        match l.progress() {
            Progress::Opening if self.unanswered => {
                Some(fl!("view-no-answer", place = remote.text_of(l.path())))
            }
            Progress::Opening | Progress::Listing => Some(fl!("view-loading")),
            _ if !filter.is_empty() => Some(fl!("view-no-match", filter = filter)),
            _ if l.total() > 0 => Some(fl!("view-hidden-only")),
            _ => Some(fl!("view-empty")),
        }
    }

    /// The pane goes: its folder, when fully listed and shown by no other pane of
    /// `peers`, waits in the cache for a while.
    pub fn close(mut self, cache: &mut ListerCache, peers: &[&Pane]) {
        for lister in self.tree.close_all() {
            keep_unused(lister, cache, peers);
        }
        keep_unused(self.lister, cache, peers);
    }

    /// Keep in the selection only the rows shown now (after a filter, a sort, a listing
    /// or a folder opened or closed in place).
    pub(super) fn unselect_hidden_rows(&mut self) {
        let rows = tree::Rows::new(&self.lister, &self.tree);
        self.selection.retain_shown(&rows);
    }

    /// Take the listing of `listed` again after the pane this one shares it with took
    /// its event: the listing's entries with this pane's own filter; `renamed`: entries
    /// another program renamed (what was selected stays with them); `settled`: what is
    /// selected but no longer shown is let go.
    pub fn follow(&mut self, listed: &Listed, renamed: &[(Vec<u8>, Vec<u8>)], settled: bool) {
        self.lister.follow(listed);
        for (from, to) in renamed {
            self.selection.rename(from, to);
        }
        self.relayout();
        if settled {
            self.unselect_hidden_rows();
        }
    }

    /// Share the listing of `peer`, which shows the same folder, once the lister mirrors
    /// its one: its counts and free space, and its listing's events from now on (the disk
    /// is not read a second time).
    fn share_listing_of(&mut self, peer: &Pane) {
        self.listing = peer.listing.clone();
        self.folder_counts = peer.folder_counts.clone();
        self.types = peer.types.clone();
        self.space = peer.space;
    }
}

/// Put a folder left in the cache when it is fully listed and no other pane shows it.
fn keep_unused(lister: Lister, cache: &mut ListerCache, peers: &[&Pane]) {
    let complete = lister.progress() == Progress::Complete;
    if complete && !peers.iter().any(|p| p.path() == lister.path()) {
        cache.put(lister);
    }
}

fn view_options(
    settings: &Settings,
    (key, order): (SortKey, SortOrder),
    filter: Option<&str>,
) -> ViewOptions {
    ViewOptions {
        key,
        order,
        folders_first: settings.folders_first,
        show_hidden: settings.show_hidden,
        filter: filter.unwrap_or_default().to_owned(),
    }
}
