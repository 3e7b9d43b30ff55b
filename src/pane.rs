//! One pane: a folder shown with its own history, selection, scroll position, location
//! and filter text, and the listing that keeps it current. Each tab of the window holds
//! one; what a pane does on its own (navigate, take its listing's events, keep the cursor
//! in view) lives here, and the app adds what concerns the whole window.

mod nav;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use porpoise_engine::listing::{Lister, ListerCache, ViewOptions};

pub use nav::{icon_columns, row_height};

use super::actions::TrashView;
use super::history::History;
use super::selection::Selection;
use super::settings::Settings;
use super::viewport::Viewport;

/// A folder shown in a tab.
pub struct Pane {
    pub(crate) lister: Lister,
    pub(crate) history: History,
    /// This pane's current listing: events of older listings (and of other panes) carry
    /// other numbers and are dropped.
    pub(crate) generation: u64,
    pub(crate) selection: Selection,
    pub(crate) viewport: Viewport,
    /// The typed location while the location bar is a text input.
    pub(crate) location: Option<String>,
    /// The filter box's text while it is open.
    pub(crate) filter: Option<String>,
    /// How many entries the shown folder's folders hold (their Size column), as counted.
    pub(crate) folder_counts: HashMap<Vec<u8>, u64>,
    pub(crate) space: Option<(u64, u64)>,
    pub(crate) typeahead: (String, Instant),
    pub(crate) last_click: Option<(Vec<u8>, Instant)>,
    /// The running listing task of the shown folder (window only); dropping it aborts it.
    pub(crate) listing_task: Option<iced::task::Handle>,
    /// The Trash view, when this pane shows the trash instead of its folder.
    pub(crate) trash: Option<TrashView>,
}

/// What a pane reads from the window around it while it changes: the view settings
/// (sort, hidden files, view mode) and the cache of folders no pane shows.
pub struct Around<'a> {
    pub settings: &'a Settings,
    pub cache: &'a mut ListerCache,
    pub home: &'a Path,
}

/// A listing number no listing of any pane had before.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Pane {
    /// A pane at `path`, not yet listed (see [`Pane::start_listing`]).
    pub fn new(path: PathBuf, settings: &Settings, viewport: Viewport) -> Pane {
        Pane {
            lister: Lister::new(path, view_options(settings, None)),
            history: History::default(),
            generation: 0,
            selection: Selection::default(),
            viewport,
            location: None,
            filter: None,
            folder_counts: HashMap::new(),
            space: None,
            typeahead: (String::new(), Instant::now()),
            last_click: None,
            listing_task: None,
            trash: None,
        }
    }

    pub fn path(&self) -> &Path {
        self.lister.path()
    }

    pub fn lister(&self) -> &Lister {
        &self.lister
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The view options of this pane under `settings`: its own filter text.
    fn view_options(&self, settings: &Settings) -> ViewOptions {
        view_options(settings, self.filter.as_deref())
    }

    /// The full path of `name` when it is a folder (or a link to one) of this pane's.
    pub fn folder_of(&self, name: &[u8]) -> Option<PathBuf> {
        use std::os::unix::ffi::OsStrExt;
        let (entry, _) = self.lister.get(self.lister.position(name)?)?;
        entry
            .is_dir_like()
            .then(|| self.lister.path().join(std::ffi::OsStr::from_bytes(name)))
    }

    /// The pane goes: its folder, when fully listed, waits in the cache for a while.
    pub fn close(self, cache: &mut ListerCache) {
        if self.lister.progress() == porpoise_engine::listing::Progress::Complete {
            cache.put(self.lister);
        }
    }
}

fn view_options(settings: &Settings, filter: Option<&str>) -> ViewOptions {
    ViewOptions {
        key: settings.sort_key(),
        order: settings.sort_order(),
        show_hidden: settings.show_hidden,
        filter: filter.unwrap_or_default().to_owned(),
    }
}
