//! The browser's side of drags: a press on an entry (selected as a click does, and the
//! start of what may become a drag), the click a press on a larger selection waits to
//! make, which folder a drop target of the browser stands for, and the drop menu.

use iced::Task;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::menus::job;
use super::pane::Mode;
use super::{Browser, Context, Event, Message};
use crate::actions::{DropMenu, DropTarget, NameEntry, NameKind, drag};
use crate::request::JobKind;

impl Browser {
    /// A press on an entry: select it as a click does (but a press on a member of a larger
    /// selection waits for the release) and get ready to drag.
    pub(super) fn press_entry(&mut self, name: Vec<u8>, cx: &mut Context) -> Task<Message> {
        // A press ends a menu, and a press on another entry a rename there.
        self.pane.end_mode_if(|m| match m {
            Mode::Menu(_) | Mode::Drop(_) => true,
            Mode::Naming(NameEntry {
                kind: NameKind::Rename(renamed),
                busy: false,
                ..
            }) => *renamed != name,
            _ => false,
        });
        let m = cx.modifiers;
        let selected = self.pane.selection().is_selected(&name);
        let path = self.path().join(OsStr::from_bytes(&name));
        let key = name.clone();
        let task = if selected && self.pane.selection().len() > 1 && !m.control() && !m.shift() {
            self.marks.deferred_click = Some(name);
            Task::none()
        } else {
            self.clicked(name, cx)
        };
        let sources = if self.pane.selection().is_selected(&key) {
            self.selected_paths()
        } else {
            vec![path]
        };
        cx.tell(Event::Press(sources));
        task
    }

    /// The button came up: a press that did not become a drag makes its click now; a drag
    /// ends a click sequence (the next press is not a double-click).
    pub fn released(&mut self, dragged: bool, cx: &mut Context) -> Task<Message> {
        self.marks.tab_press = None;
        let deferred = self.marks.deferred_click.take();
        if dragged {
            self.pane.set_last_click(None);
            return Task::none();
        }
        deferred.map(|n| self.clicked(n, cx)).unwrap_or_default()
    }

    /// A release on the tab at `to` after a press on another tab moves that one there.
    pub fn tab_released_on(&mut self, to: usize, cx: &mut Context) -> Option<Task<Message>> {
        let from = self.marks.tab_press?;
        Some(self.on_tab_message(super::tabs::TabMsg::Moved { from, to }, cx))
    }

    /// The folder a target of the browser stands for: a folder entry of the view, the
    /// other pane, a tab (the Trash view's: `trash`).
    pub fn drop_dest(&self, target: &DropTarget, trash: &Path) -> Option<PathBuf> {
        match target {
            DropTarget::Entry(name) => {
                let entry = self.pane.rows().entry(name)?;
                entry
                    .is_dir_like()
                    .then(|| self.path().join(OsStr::from_bytes(name)))
            }
            DropTarget::Place(p) => Some(p.clone()),
            DropTarget::Bookmarks => None,
            DropTarget::Tab(at) => {
                let tabs = self.tab_list();
                let pane = tabs.get(*at)?.focused;
                Some(match pane.trash_view() {
                    Some(_) => trash.to_owned(),
                    None => pane.path().to_owned(),
                })
            }
        }
    }

    /// Ask what to do with `sources` dropped into `dest`: the drop menu at `at`, its
    /// default first.
    pub fn open_drop_menu(&mut self, menu: DropMenu) {
        self.pane.set_mode(Mode::Drop(menu));
    }

    pub(super) fn drop_pick(&mut self, kind: JobKind, cx: &mut Context) -> Task<Message> {
        let Some(menu) = self.pane.take_drop_menu() else {
            return Task::none();
        };
        if let Some(r) = drag::drop_request(kind, &menu.sources, &menu.dest) {
            job(cx, r.kind, r.sources, r.dest);
        }
        Task::none()
    }
}
