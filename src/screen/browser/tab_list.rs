//! Tabs in the window: opening, closing, showing and moving them, and keeping the tabs'
//! folders in the settings so they come back at the next start. (Which pane takes which
//! listing's events is `panes`'.)

use iced::Task;
use std::path::PathBuf;

use super::pane::Pane;
use super::panes::all;
use super::tab::{Beside, TAB_BAR_HEIGHT, Tab, TabPanes};
use super::tabs::TabMsg;
use super::{Browser, Context, Event, Message};

impl Browser {
    pub fn on_tab_message(&mut self, m: TabMsg, cx: &mut Context) -> Task<Message> {
        match m {
            TabMsg::New => {
                let here = self.pane.path().to_owned();
                self.open_tab(here, true, cx)
            }
            TabMsg::OpenBehind(folder) => self.open_tab(folder, false, cx),
            TabMsg::Close(at) => self.close_tab(at.unwrap_or(self.tabs.shown()), cx),
            TabMsg::Show(at) => self.show_tab(at, cx),
            TabMsg::Pressed(at) => {
                let task = self.show_tab(at, cx);
                self.marks.tab_press = Some(at);
                task
            }
            TabMsg::OpenEntry(name) => match self.pane.folder_of(&name) {
                Some(folder) => self.open_tab(folder, false, cx),
                None => Task::none(),
            },
            TabMsg::Next => self.show_tab((self.tabs.shown() + 1) % self.tabs.count(), cx),
            TabMsg::Previous => {
                let n = self.tabs.count();
                self.show_tab((self.tabs.shown() + n - 1) % n, cx)
            }
            TabMsg::Reopen => match self.closed_tabs.pop() {
                Some((folder, at)) => self.reopen_tab(folder, at, cx),
                None => Task::none(),
            },
            TabMsg::Moved { from, to } => {
                self.tabs.move_tab(from, to);
                self.save_tabs(cx);
                Task::none()
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
    ) -> Task<Message> {
        // Each opens right after the shown one: the last first keeps their order.
        for folders in tabs.into_iter().rev() {
            let mut folders = folders.into_iter();
            let Some(left) = folders.next() else {
                continue;
            };
            // A tab behind: nothing of it is drawn to scroll.
            let _ = self.open_tab(left, false, cx);
            if let Some(right) = folders.next() {
                let at = self.tabs.shown();
                let viewport = self.pane.viewport().scrolled_to_top();
                let pane = Pane::open(right, viewport, self.around(cx));
                if let Some(tab) = self.tabs.others_mut().nth(at) {
                    tab.beside = Some(Beside { pane, left: false });
                }
            }
        }
        self.show_tab(shown, cx)
    }

    /// A new tab at `folder`, after the shown one; `show`: it becomes the shown tab.
    pub fn open_tab(&mut self, folder: PathBuf, show: bool, cx: &mut Context) -> Task<Message> {
        let tab = self.new_tab(folder, cx);
        if show {
            self.tabs
                .open(tab, |tab| swap_shown(&mut self.pane, &mut self.beside, tab));
            self.tab_changed(cx)
        } else {
            self.tabs.open_behind(tab);
            self.save_tabs(cx);
            Task::none()
        }
    }

    /// A tab at `folder`, scrolled to its top, not yet among the tabs.
    fn new_tab(&mut self, folder: PathBuf, cx: &mut Context) -> Tab {
        let viewport = self.pane.viewport().scrolled_to_top();
        let pane = Pane::open(folder, viewport, self.around(cx));
        Tab { pane, beside: None }
    }

    /// A new tab at `folder` after all the others; `show`: it becomes the shown tab.
    pub fn open_last_tab(
        &mut self,
        folder: PathBuf,
        show: bool,
        cx: &mut Context,
    ) -> Task<Message> {
        let tab = self.new_tab(folder, cx);
        if show {
            let last = self.tabs.count();
            self.tabs.open_at(last, tab, |tab| {
                swap_shown(&mut self.pane, &mut self.beside, tab)
            });
            self.tab_changed(cx)
        } else {
            self.tabs.open_last(tab);
            self.save_tabs(cx);
            Task::none()
        }
    }

    /// A closed tab at `folder` again, shown, at its place `at` among the tabs.
    fn reopen_tab(&mut self, folder: PathBuf, at: usize, cx: &mut Context) -> Task<Message> {
        let tab = self.new_tab(folder, cx);
        self.tabs.open_at(at, tab, |tab| {
            swap_shown(&mut self.pane, &mut self.beside, tab)
        });
        self.tab_changed(cx)
    }

    /// Close the tab at `at`; the last one closes the window.
    fn close_tab(&mut self, at: usize, cx: &mut Context) -> Task<Message> {
        if self.tabs.is_single() {
            cx.tell(Event::Close);
            return Task::none();
        }
        let closed = if at == self.tabs.shown() {
            self.tabs
                .close_shown(|tab| swap_shown(&mut self.pane, &mut self.beside, tab))
        } else {
            self.tabs.close(at)
        };
        let Some(closed) = closed else {
            return Task::none();
        };
        self.closed_tabs.push((closed.pane.path().to_owned(), at));
        let peers = all(&self.pane, &self.beside, &self.tabs);
        closed.pane.close(&mut self.cache, &peers);
        if let Some(beside) = closed.beside {
            beside.pane.close(&mut self.cache, &peers);
        }
        self.tab_changed(cx)
    }

    fn show_tab(&mut self, at: usize, cx: &mut Context) -> Task<Message> {
        let size = *self.pane.viewport();
        let (pane, beside) = (&mut self.pane, &mut self.beside);
        if !self.tabs.show(at, |tab| swap_shown(pane, beside, tab)) {
            return Task::none();
        }
        self.pane.viewport_mut().width = size.width;
        self.pane.viewport_mut().height = size.height;
        self.tab_changed(cx)
    }

    /// Another pane (or the same one in another place) is shown: what belonged to the
    /// one before goes, the new one takes the view settings and its scroll position.
    fn tab_changed(&mut self, cx: &mut Context) -> Task<Message> {
        self.marks.left_folder();
        cx.tell(Event::LeftFolder);
        self.adopt_settings(cx.settings);
        let beside = match &self.beside {
            Some(b) => b.pane.scroll_back(),
            None => Task::none(),
        };
        self.save_tabs(cx);
        crate::tasks::batch([self.pane.scroll_back(), beside])
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
        let remote = self.remote.clone();
        cx.settings
            .set_tabs(&folders, shown, |f| remote.address_of(f));
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

#[cfg(test)]
mod tests {
    use iced::keyboard::Modifiers;

    use super::*;
    use crate::key_press::{KeyPress, char_key};
    use crate::places::UserHome;
    use crate::settings::Settings;
    use crate::viewport::Viewport;

    /// The browser takes `k` as the window hands it over; what it tells the window.
    fn key(
        browser: &mut Browser,
        settings: &mut Settings,
        home: &UserHome,
        k: KeyPress,
    ) -> Vec<Event> {
        let mut cx = Context {
            settings,
            home,
            modifiers: k.modifiers,
            pointer: iced::Point::ORIGIN,
            events: Vec::new(),
        };
        let _ = browser.key(&k, &mut cx);
        cx.events
    }

    #[test]
    fn ctrl_w_closes_a_tab_and_with_the_last_one_the_window() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut settings = Settings::default();
        let home = UserHome {
            folder: dir.path().to_owned(),
            trash: porpoise_engine::jobs::trash::HomeTrash::at(dir.path().join("trash")),
            apps: Default::default(),
        };
        let viewport = Viewport {
            offset_y: 0.0,
            width: 400.0,
            height: 300.0,
        };
        let mut browser = Browser::new(dir.path().to_owned(), &settings, viewport);
        let ctrl_t = KeyPress::new(char_key("t"), Modifiers::CTRL);
        key(&mut browser, &mut settings, &home, ctrl_t);
        assert_eq!(browser.tab_count(), 2);

        let ctrl_w = || KeyPress::new(char_key("w"), Modifiers::CTRL);
        let told = key(&mut browser, &mut settings, &home, ctrl_w());
        assert_eq!(browser.tab_count(), 1);
        assert!(!told.iter().any(|e| matches!(e, Event::Close)), "{told:?}");

        let told = key(&mut browser, &mut settings, &home, ctrl_w());
        assert!(told.iter().any(|e| matches!(e, Event::Close)), "{told:?}");
    }
}
