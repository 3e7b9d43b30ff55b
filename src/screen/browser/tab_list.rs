//! Tabs in the window: opening, closing, showing and moving them, and keeping the tabs'
//! folders in the settings so they come back at the next start. (Which pane takes which
//! listing's events is `panes`'.)

use std::path::PathBuf;

use super::pane::Pane;
use super::panes::{Beside, Tab, all};
use super::tabs::TabMsg;
use super::{Browser, Context, Event};
use crate::effects::Effect;

/// The height of the tab bar, when there is more than one tab.
pub const TAB_BAR_HEIGHT: f32 = 34.0;

impl Browser {
    pub fn on_tab_message(&mut self, m: TabMsg, cx: &mut Context) -> Vec<Effect> {
        match m {
            TabMsg::New => {
                let here = self.pane.path().to_owned();
                self.open_tab(here, true, cx)
            }
            TabMsg::OpenBehind(folder) => self.open_tab(folder, false, cx),
            TabMsg::Close(at) => self.close_tab(at.unwrap_or(self.tabs.shown()), cx),
            TabMsg::Show(at) => self.show_tab(at, cx),
            TabMsg::Pressed(at) => {
                let effects = self.show_tab(at, cx);
                self.marks.tab_press = Some(at);
                effects
            }
            TabMsg::OpenEntry(name) => match self.pane.folder_of(&name) {
                Some(folder) => self.open_tab(folder, false, cx),
                None => Vec::new(),
            },
            TabMsg::Next => self.show_tab((self.tabs.shown() + 1) % self.tabs.count(), cx),
            TabMsg::Previous => {
                let n = self.tabs.count();
                self.show_tab((self.tabs.shown() + n - 1) % n, cx)
            }
            TabMsg::Reopen => match self.closed_tabs.pop() {
                Some(folder) => self.open_tab(folder, true, cx),
                None => Vec::new(),
            },
            TabMsg::Moved { from, to } => {
                self.tabs.move_tab(from, to);
                self.save_tabs(cx);
                Vec::new()
            }
        }
    }

    /// Open the tabs given at the start after the first (the command line's folders, or
    /// the tabs of the last run: each one folder, or two in split view from left to
    /// right), and show the one at `shown`.
    pub fn open_tabs(
        &mut self,
        tabs: Vec<Vec<PathBuf>>,
        shown: usize,
        cx: &mut Context,
    ) -> Vec<Effect> {
        let mut effects = Vec::new();
        // Each opens right after the shown one: the last first keeps their order.
        for folders in tabs.into_iter().rev() {
            let mut folders = folders.into_iter();
            let Some(left) = folders.next() else {
                continue;
            };
            effects.extend(self.open_tab(left, false, cx));
            if let Some(right) = folders.next() {
                let at = self.tabs.shown();
                let viewport = self.pane.viewport.scrolled_to_top();
                let (pane, listing) = Pane::open(right, viewport, self.around(cx));
                effects.extend(listing);
                if let Some(tab) = self.tabs.others_mut().nth(at) {
                    tab.beside = Some(Beside { pane, left: false });
                }
            }
        }
        effects.extend(self.show_tab(shown, cx));
        effects
    }

    /// A new tab at `folder`, after the shown one; `show`: it becomes the shown tab.
    pub fn open_tab(&mut self, folder: PathBuf, show: bool, cx: &mut Context) -> Vec<Effect> {
        let viewport = self.pane.viewport.scrolled_to_top();
        let (pane, mut effects) = Pane::open(folder, viewport, self.around(cx));
        let tab = Tab { pane, beside: None };
        if show {
            self.tabs
                .open(tab, |tab| swap_shown(&mut self.pane, &mut self.beside, tab));
            effects.extend(self.tab_changed(cx));
        } else {
            self.tabs.open_behind(tab);
            self.save_tabs(cx);
        }
        effects
    }

    /// Close the tab at `at`; the last one closes the window.
    fn close_tab(&mut self, at: usize, cx: &mut Context) -> Vec<Effect> {
        if self.tabs.is_single() {
            cx.tell(Event::Close);
            return Vec::new();
        }
        let closed = if at == self.tabs.shown() {
            self.tabs
                .close_shown(|tab| swap_shown(&mut self.pane, &mut self.beside, tab))
        } else {
            self.tabs.close(at)
        };
        let Some(closed) = closed else {
            return Vec::new();
        };
        self.closed_tabs.push(closed.pane.path().to_owned());
        let peers = all(&self.pane, &self.beside, &self.tabs);
        closed.pane.close(&mut self.cache, &peers);
        if let Some(beside) = closed.beside {
            beside.pane.close(&mut self.cache, &peers);
        }
        self.tab_changed(cx)
    }

    fn show_tab(&mut self, at: usize, cx: &mut Context) -> Vec<Effect> {
        let size = self.pane.viewport;
        let (pane, beside) = (&mut self.pane, &mut self.beside);
        if !self.tabs.show(at, |tab| swap_shown(pane, beside, tab)) {
            return Vec::new();
        }
        self.pane.viewport.width = size.width;
        self.pane.viewport.height = size.height;
        self.tab_changed(cx)
    }

    /// Another pane (or the same one in another place) is shown: what belonged to the
    /// one before goes, the new one takes the view settings and its scroll position.
    fn tab_changed(&mut self, cx: &mut Context) -> Vec<Effect> {
        self.marks.left_folder();
        cx.tell(Event::LeftFolder);
        self.adopt_settings(cx.settings);
        let mut effects = vec![self.pane.scroll_back()];
        if let Some(b) = &self.beside {
            effects.push(b.pane.scroll_back());
        }
        self.save_tabs(cx);
        effects
    }

    /// Keep the tabs' folders in the settings (written a little later).
    pub(super) fn save_tabs(&mut self, cx: &mut Context) {
        let folders: Vec<Vec<PathBuf>> = self
            .tab_list()
            .iter()
            .map(|t| t.left_to_right().map(|p| p.path().to_owned()).collect())
            .collect();
        let shown = self.tabs.shown();
        let before = (cx.settings.tabs.clone(), cx.settings.shown_tab);
        cx.settings.set_tabs(&folders, shown);
        if (cx.settings.tabs.clone(), cx.settings.shown_tab) != before {
            cx.tell(Event::Save);
        }
    }

    /// How many tabs there are.
    pub fn tab_count(&self) -> usize {
        self.tabs.count()
    }

    /// The place of the shown tab.
    pub fn shown_tab(&self) -> usize {
        self.tabs.shown()
    }

    /// Every tab in order, each with its panes.
    pub fn tab_list(&self) -> Vec<TabPanes<'_>> {
        let (before, after) = self.tabs.around();
        fn of(t: &Tab) -> TabPanes<'_> {
            TabPanes::of(&t.pane, t.beside.as_ref())
        }
        let shown = TabPanes::of(&self.pane, self.beside.as_ref());
        before
            .iter()
            .map(of)
            .chain([shown])
            .chain(after.iter().map(of))
            .collect()
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

/// Put `tab` in the shown tab's place (`pane`, `beside`); the tab shown before comes back,
/// its panes no longer in the middle of anything (a menu, a name, a typed location).
fn swap_shown(pane: &mut Pane, beside: &mut Option<Beside>, tab: Tab) -> Tab {
    let mut behind = Tab {
        pane: std::mem::replace(pane, tab.pane),
        beside: std::mem::replace(beside, tab.beside),
    };
    behind.pane.end_mode();
    if let Some(b) = &mut behind.beside {
        b.pane.end_mode();
    }
    behind
}

/// A tab's panes as the window shows them: the one with the keyboard, and the one beside
/// it in split view.
#[derive(Clone, Copy)]
pub struct TabPanes<'a> {
    pub focused: &'a Pane,
    pub beside: Option<(&'a Pane, bool)>,
}

impl<'a> TabPanes<'a> {
    pub(super) fn of(focused: &'a Pane, beside: Option<&'a Beside>) -> TabPanes<'a> {
        TabPanes {
            focused,
            beside: beside.map(|b| (&b.pane, b.left)),
        }
    }

    /// Its panes from left to right.
    pub fn left_to_right(self) -> impl Iterator<Item = &'a Pane> {
        let (left, right) = match self.beside {
            Some((b, true)) => (Some(b), Some(self.focused)),
            Some((b, false)) => (Some(self.focused), Some(b)),
            None => (Some(self.focused), None),
        };
        left.into_iter().chain(right)
    }
}
