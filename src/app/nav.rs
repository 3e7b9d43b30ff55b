//! Moving between folders and keeping the shown one current: navigation, history, the
//! folder cache, listing events, sort and view options.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use porpoise_engine::error::Reason;
use porpoise_engine::listing::{DirEvent, ListOptions, Lister, SortKey, SortOrder, ViewOptions};

use super::super::effects::Effect;
use super::super::history::{History, resolve_typed};
use super::super::settings::ViewMode;
use super::super::theme;
use super::App;

impl App {
    /// Start (or restart) listing the shown folder; `known_mtime` revalidates a cached one.
    pub(super) fn start_listing(&mut self, known_mtime: Option<(i64, u32)>) -> Vec<Effect> {
        self.generation += 1;
        self.space = None;
        self.folder_counts.clear();
        let path = self.lister.path().to_owned();
        vec![
            Effect::OpenDir {
                generation: self.generation,
                path: path.clone(),
                opts: ListOptions {
                    known_mtime,
                    // The worker sorts each batch; this thread only merges.
                    sort: Some((self.lister.options().key, self.lister.options().order)),
                    ..ListOptions::default()
                },
            },
            Effect::LoadSpace {
                generation: self.generation,
                path,
            },
        ]
    }

    /// Show `path`, keeping the folder left in the cache. `select`: a name to select
    /// once it is listed (the folder we came up from).
    fn enter(&mut self, path: PathBuf, select: Option<Vec<u8>>) -> Vec<Effect> {
        // Another folder starts unfiltered.
        self.filter = None;
        let opts = self.view_options();
        let next = match self.cache.take(&path) {
            Some(mut cached) => {
                cached.set_sort(opts.key, opts.order);
                cached.set_show_hidden(opts.show_hidden);
                cached.set_filter(&opts.filter);
                cached
            }
            None => Lister::new(path, opts),
        };
        let known_mtime = next.mtime();
        let left = std::mem::replace(&mut self.lister, next);
        if left.progress() == porpoise_engine::listing::Progress::Complete {
            self.cache.put(left);
        }
        self.selection.clear();
        self.actions.left_folder();
        if let Some(name) = select {
            self.selection.select_only(&name);
        }
        self.location = None;
        // Another folder: what the status bar said about the last one goes.
        self.clear_status();
        self.last_click = None;
        self.viewport.offset_y = 0.0;
        let mut effects = self.start_listing(known_mtime);
        effects.push(Effect::ScrollTo(0.0));
        effects.extend(self.reveal_cursor());
        effects
    }

    /// Go to a folder chosen by the person (place, breadcrumb, typed path).
    pub(super) fn navigate(&mut self, path: PathBuf) -> Vec<Effect> {
        if path == self.lister.path() {
            return Vec::new();
        }
        self.history.visit(self.lister.path().to_owned());
        self.enter(path, None)
    }

    pub(super) fn back(&mut self) -> Vec<Effect> {
        self.step_in_history(History::back)
    }

    pub(super) fn forward(&mut self) -> Vec<Effect> {
        self.step_in_history(History::forward)
    }

    /// Go where `step` takes the history from here, selecting the folder we came from
    /// when it is inside.
    fn step_in_history(
        &mut self,
        step: fn(&mut History, PathBuf) -> Option<PathBuf>,
    ) -> Vec<Effect> {
        let here = self.lister.path().to_owned();
        match step(&mut self.history, here.clone()) {
            Some(to) => {
                let select = child_name(&to, &here);
                self.enter(to, select)
            }
            None => Vec::new(),
        }
    }

    /// Go to the parent folder and select the folder we came from.
    pub(super) fn up(&mut self) -> Vec<Effect> {
        let here = self.lister.path().to_owned();
        let Some(parent) = here.parent().map(PathBuf::from) else {
            return Vec::new();
        };
        self.history.visit(here.clone());
        let select = child_name(&parent, &here);
        self.enter(parent, select)
    }

    /// List the shown folder again from scratch, keeping the selection.
    pub(super) fn reload(&mut self) -> Vec<Effect> {
        let path = self.lister.path().to_owned();
        self.lister = Lister::new(path, self.view_options());
        self.status_error = None;
        self.start_listing(None)
    }

    /// Open an entry: a folder (or a link to one) in the view, a file in its application.
    pub(super) fn activate(&mut self, name: &[u8]) -> Vec<Effect> {
        let Some(i) = self.lister.position(name) else {
            return Vec::new();
        };
        let Some((entry, _)) = self.lister.get(i) else {
            return Vec::new();
        };
        let path = self.lister.path().join(OsStr::from_bytes(name));
        if entry.is_dir_like() {
            self.history.visit(self.lister.path().to_owned());
            self.enter(path, None)
        } else {
            self.status_error = None;
            vec![Effect::OpenFile(path)]
        }
    }

    /// Folders to visit later (the command line's other paths): the forward steps.
    pub fn open_later(&mut self, later: Vec<PathBuf>) {
        self.history.set_forward(later);
    }

    pub(super) fn on_dir_event(&mut self, generation: u64, event: DirEvent) -> Vec<Effect> {
        if generation != self.generation {
            return Vec::new();
        }
        let settled = matches!(
            event,
            DirEvent::Complete | DirEvent::Unchanged | DirEvent::Changed(_)
        );
        let finished = matches!(event, DirEvent::Complete | DirEvent::Unchanged);
        if let DirEvent::Failed(e) = &event {
            tracing::info!("{}", porpoise_engine::error::chain(e));
            // A file was asked for (on the command line, typed): show its folder with
            // the file selected, in its place in the history.
            if e.reason() == Reason::NotADirectory
                && let (Some(parent), Some(name)) =
                    (self.lister.path().parent(), self.lister.path().file_name())
            {
                let (parent, name) = (parent.to_owned(), name.as_bytes().to_vec());
                return self.enter(parent, Some(name));
            }
        }
        let mut new_folders = Vec::new();
        if let DirEvent::Changed(c) = &event {
            // Renamed by another program: what was selected stays with its entry.
            for (from, to) in &c.renamed {
                self.selection.rename(from, to);
            }
            new_folders = c
                .upserts
                .entries
                .iter()
                .filter(|e| e.is_dir_like())
                .map(|e| c.upserts.names.name_of(e).to_vec())
                .collect();
        }
        self.lister.apply(event);
        let mut effects = if finished {
            self.count_folders(None)
        } else if new_folders.is_empty() {
            Vec::new()
        } else {
            self.count_folders(Some(new_folders))
        };
        if settled {
            self.selection.retain_shown(&self.lister);
        }
        if finished {
            effects.extend(self.reveal_cursor());
        }
        effects
    }

    /// Count what the shown folder's folders hold (all of them, or `only` these), on
    /// local and removable disks; a network share could take long for little.
    fn count_folders(&mut self, only: Option<Vec<Vec<u8>>>) -> Vec<Effect> {
        if self.lister.class() == porpoise_engine::mounts::MountClass::Network {
            return Vec::new();
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
            return Vec::new();
        }
        vec![Effect::CountFolders {
            generation: self.generation,
            dir: self.lister.path().to_owned(),
            names,
            hidden: self.settings.show_hidden,
        }]
    }

    pub(super) fn sort_by(&mut self, key: SortKey) -> Vec<Effect> {
        let (cur_key, cur_order) = (self.settings.sort_key(), self.settings.sort_order());
        let order = if key == cur_key {
            cur_order.flipped()
        } else {
            SortOrder::Ascending
        };
        self.settings.set_sort(key, order);
        self.lister.set_sort(key, order);
        let mut effects = self.reveal_cursor();
        effects.extend(self.save());
        effects
    }

    pub(super) fn set_view(&mut self, mode: ViewMode) -> Vec<Effect> {
        if self.settings.view == mode {
            return Vec::new();
        }
        self.settings.view = mode;
        self.viewport.offset_y = 0.0;
        // One scroll: to the cursor if it would be out of view, else to the top.
        let mut effects = self.reveal_cursor();
        if effects.is_empty() {
            effects.push(Effect::ScrollTo(0.0));
        }
        effects.extend(self.save());
        effects
    }

    pub(super) fn toggle_hidden(&mut self) -> Vec<Effect> {
        self.settings.show_hidden = !self.settings.show_hidden;
        self.lister.set_show_hidden(self.settings.show_hidden);
        self.selection.retain_shown(&self.lister);
        let mut effects = self.reveal_cursor();
        effects.extend(self.save());
        effects
    }

    pub(super) fn toggle_places(&mut self) -> Vec<Effect> {
        self.settings.show_places = !self.settings.show_places;
        self.save()
    }

    pub(super) fn edit_location(&mut self) -> Vec<Effect> {
        let mut text = self.lister.path().display().to_string();
        if !text.ends_with('/') {
            text.push('/');
        }
        self.location = Some(text);
        vec![Effect::FocusLocation]
    }

    pub(super) fn submit_location(&mut self) -> Vec<Effect> {
        let Some(typed) = self.location.take() else {
            return Vec::new();
        };
        match resolve_typed(&typed, self.lister.path(), &self.home) {
            Some(path) => self.navigate(path),
            None => Vec::new(),
        }
    }

    fn view_options(&self) -> ViewOptions {
        ViewOptions {
            key: self.settings.sort_key(),
            order: self.settings.sort_order(),
            show_hidden: self.settings.show_hidden,
            filter: self.filter.clone().unwrap_or_default(),
        }
    }

    /// Items per row of the shown view (1 in details).
    pub fn columns(&self) -> usize {
        match self.settings.view {
            ViewMode::Details => 1,
            ViewMode::Icons => icon_columns(self.viewport.width),
        }
    }

    /// Height of one row of the shown view.
    pub fn row_height(&self) -> f32 {
        match self.settings.view {
            ViewMode::Details => theme::ROW_HEIGHT,
            ViewMode::Icons => theme::TILE_HEIGHT,
        }
    }

    /// A point in the window beside the entry at `index` (for a menu opened by key).
    pub(super) fn entry_point(&self, index: usize) -> iced::Point {
        let cols = self.columns();
        let (row, col) = (index / cols, index % cols);
        let y = crate::layout::VIEW_TOP + (row as f32 + 0.8) * self.row_height()
            - self.viewport.offset_y;
        let x = self.places_width()
            + match self.settings.view {
                ViewMode::Details => 60.0,
                ViewMode::Icons => (col as f32 + 0.5) * theme::TILE_WIDTH,
            };
        iced::Point::new(x, y.max(crate::layout::VIEW_TOP))
    }

    /// Scroll so the cursor's row is visible, if it is not.
    pub(super) fn reveal_cursor(&mut self) -> Vec<Effect> {
        let Some(i) = self.selection.cursor_position(&self.lister) else {
            return Vec::new();
        };
        let row = i / self.columns();
        match self.viewport.reveal(row, self.row_height()) {
            Some(y) => {
                self.viewport.offset_y = y;
                vec![Effect::ScrollTo(y)]
            }
            None => Vec::new(),
        }
    }
}

/// At most this many folders of one folder get their item count.
const MAX_COUNTED: usize = 5000;

/// Tiles per row in the icons view for a viewport this wide.
pub fn icon_columns(width: f32) -> usize {
    (((width - 16.0) / theme::TILE_WIDTH).floor() as usize).max(1)
}

/// If `child` is directly inside `parent`, its name.
fn child_name(parent: &std::path::Path, child: &std::path::Path) -> Option<Vec<u8>> {
    (child.parent() == Some(parent))
        .then(|| child.file_name().map(|n| n.as_bytes().to_vec()))
        .flatten()
}
