//! Tabs in the window: opening, closing, showing and moving them, sending each listing's
//! events to the pane that asked for it, and keeping the tabs' folders in the settings so
//! they come back at the next start.

use std::path::PathBuf;

use porpoise_engine::listing::DirEvent;

use super::super::effects::Effect;
use super::super::pane::{Around, Pane};
use super::super::tabs::TabMsg;
use super::App;

/// The height of the tab bar, when there is more than one tab.
pub const TAB_BAR_HEIGHT: f32 = 34.0;

impl App {
    pub(super) fn on_tab_message(&mut self, m: TabMsg) -> Vec<Effect> {
        match m {
            TabMsg::New => {
                let here = self.pane.path().to_owned();
                self.open_tab(here, true)
            }
            TabMsg::OpenBehind(folder) => self.open_tab(folder, false),
            TabMsg::Close(at) => self.close_tab(at.unwrap_or(self.tabs.shown())),
            TabMsg::Show(at) => self.show_tab(at),
            TabMsg::Pressed(at) => {
                let effects = self.show_tab(at);
                self.actions.tab_press = Some(at);
                effects
            }
            TabMsg::OpenEntry(name) => match self.pane.folder_of(&name) {
                Some(folder) => self.open_tab(folder, false),
                None => Vec::new(),
            },
            TabMsg::Next => self.show_tab((self.tabs.shown() + 1) % self.tabs.count()),
            TabMsg::Previous => {
                let n = self.tabs.count();
                self.show_tab((self.tabs.shown() + n - 1) % n)
            }
            TabMsg::Reopen => match self.closed_tabs.pop() {
                Some(folder) => self.open_tab(folder, true),
                None => Vec::new(),
            },
            TabMsg::Moved { from, to } => {
                self.tabs.move_tab(from, to);
                self.save_tabs()
            }
        }
    }

    /// Open folders given at the start (the command line's, or the tabs of the last run)
    /// as tabs after the first, and show the one at `shown`.
    pub fn open_tabs(&mut self, folders: Vec<PathBuf>, shown: usize) -> Vec<Effect> {
        let mut effects = Vec::new();
        // Each opens right after the shown one: the last first keeps their order.
        for folder in folders.into_iter().rev() {
            effects.extend(self.open_tab(folder, false));
        }
        effects.extend(self.show_tab(shown));
        effects
    }

    /// A new tab at `folder`, after the shown one; `show`: it becomes the shown tab.
    fn open_tab(&mut self, folder: PathBuf, show: bool) -> Vec<Effect> {
        let viewport = self.pane.viewport.scrolled_to_top();
        let (_, cx) = self.split();
        let (pane, mut effects) = Pane::open(folder, viewport, cx);
        if show {
            self.tabs.open(&mut self.pane, pane);
            effects.extend(self.tab_changed());
        } else {
            self.tabs.open_behind(pane);
            effects.extend(self.save_tabs());
        }
        effects
    }

    /// Close the tab at `at`; the last one closes the window.
    fn close_tab(&mut self, at: usize) -> Vec<Effect> {
        if self.tabs.is_single() {
            return vec![Effect::Close];
        }
        let closed = if at == self.tabs.shown() {
            self.tabs.close_shown(&mut self.pane)
        } else {
            self.tabs.close(at)
        };
        let Some(closed) = closed else {
            return Vec::new();
        };
        self.closed_tabs.push(closed.path().to_owned());
        closed.close(&mut self.cache);
        self.tab_changed()
    }

    fn show_tab(&mut self, at: usize) -> Vec<Effect> {
        let size = self.pane.viewport;
        if !self.tabs.show(&mut self.pane, at) {
            return Vec::new();
        }
        self.pane.viewport.width = size.width;
        self.pane.viewport.height = size.height;
        self.tab_changed()
    }

    /// Another pane (or the same one in another place) is shown: what belonged to the
    /// one before goes, the new one takes the view settings and its scroll position.
    fn tab_changed(&mut self) -> Vec<Effect> {
        self.actions.left_folder();
        self.clear_status();
        let (pane, cx) = self.split();
        pane.adopt(cx.settings);
        let mut effects = vec![Effect::ScrollTo(self.pane.viewport.offset_y)];
        effects.extend(self.save_tabs());
        effects
    }

    /// Keep the tabs' folders in the settings (written a little later).
    pub(super) fn save_tabs(&mut self) -> Vec<Effect> {
        let folders: Vec<PathBuf> = self
            .tabs
            .iter(&self.pane)
            .map(|p| p.path().to_owned())
            .collect();
        let shown = self.tabs.shown();
        let before = (self.settings.tabs.clone(), self.settings.shown_tab);
        self.settings
            .set_tabs(folders.iter().map(PathBuf::as_path), shown);
        if (self.settings.tabs.clone(), self.settings.shown_tab) == before {
            return Vec::new();
        }
        self.save()
    }

    /// The pane whose current listing is `generation`: the shown one or a tab behind.
    pub(super) fn pane_listing(&mut self, generation: u64) -> Option<&mut Pane> {
        if self.pane.generation() == generation {
            return Some(&mut self.pane);
        }
        self.tabs
            .others_mut()
            .find(|p| p.generation() == generation)
    }

    /// A listing event, for the pane that listed it (events of listings no pane waits
    /// for any more are dropped).
    pub(super) fn on_dir_event(&mut self, generation: u64, event: DirEvent) -> Vec<Effect> {
        if self.pane.generation() == generation {
            return self.in_pane(|p, cx| p.on_dir_event(event, cx));
        }
        let cx = Around {
            settings: &self.settings,
            cache: &mut self.cache,
            home: &self.home,
        };
        let Some(pane) = self
            .tabs
            .others_mut()
            .find(|p| p.generation() == generation)
        else {
            return Vec::new();
        };
        pane.on_dir_event(event, cx)
            .into_iter()
            // A tab behind is not drawn: it scrolls when it is shown.
            .filter(|e| !e.is_for_the_shown_view())
            .collect()
    }

    /// How many tabs there are.
    pub fn tab_count(&self) -> usize {
        self.tabs.count()
    }

    /// The place of the shown tab.
    pub fn shown_tab(&self) -> usize {
        self.tabs.shown()
    }

    /// Every tab's pane, in order.
    pub fn tab_panes(&self) -> impl Iterator<Item = &Pane> {
        self.tabs.iter(&self.pane)
    }

    /// The height the tab bar takes (none with one tab).
    pub fn tab_bar_height(&self) -> f32 {
        if self.tabs.is_single() {
            0.0
        } else {
            TAB_BAR_HEIGHT
        }
    }
}
