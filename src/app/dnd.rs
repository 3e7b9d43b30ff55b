//! Drag and drop: a press on an entry, the drag past the threshold, the drop on a folder
//! or a place (the drop menu, or directly with Shift/Ctrl), and files dropped in by other
//! applications.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use super::App;
use super::actions::job;
use crate::actions::{
    ActionEffect, Drag, DropMenu, DropTarget, NameEntry, NameKind, drag, drop_default,
};
use crate::drag_out::DragOutEffect;
use crate::effects::Effect;
use crate::message::Message;
use crate::pane::Mode;
use crate::request::JobKind;
use crate::screen::places::bookmarks::Edit;
use crate::widgets::pointer::PointerEvent;

impl App {
    /// A press on an entry: select it as a click does (but a press on a member of a larger
    /// selection waits for the release) and get ready to drag.
    pub(super) fn press_entry(&mut self, name: Vec<u8>) -> Vec<Effect> {
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
        let m = self.modifiers;
        let selected = self.pane.selection.is_selected(&name);
        let path = self.path().join(OsStr::from_bytes(&name));
        let effects = if selected && self.pane.selection.len() > 1 && !m.control() && !m.shift() {
            self.actions.deferred_click = Some(name);
            Vec::new()
        } else {
            self.clicked(name)
        };
        let sources = if self.pane.selection.is_selected(path_name(&path)) {
            self.selected_paths()
        } else {
            vec![path]
        };
        self.actions.drag = Some(Drag::new(sources, self.actions.pointer));
        effects
    }

    pub(super) fn pointer(&mut self, e: PointerEvent) -> Vec<Effect> {
        match e {
            PointerEvent::Pressed(p) => {
                self.actions.pointer = p;
                self.places
                    .bookmarks
                    .pressed_over(self.actions.hover.as_ref());
                Vec::new()
            }
            PointerEvent::Moved(p) => match &mut self.actions.drag {
                // Once it is a drag, other applications are offered it too, whenever
                // the pointer is over one of their windows.
                Some(d) => match d.moved(p) {
                    true => vec![Effect::DragOut(DragOutEffect::Start(d.sources.clone()))],
                    false => Vec::new(),
                },
                None => Vec::new(),
            },
            PointerEvent::Released => self.released(),
        }
    }

    fn released(&mut self) -> Vec<Effect> {
        self.actions.tab_press = None;
        let deferred = self.actions.deferred_click.take();
        let Some(d) = self.actions.drag.take() else {
            return Vec::new();
        };
        if !d.active {
            return deferred.map(|n| self.clicked(n)).unwrap_or_default();
        }
        // A drag ends a click sequence: the next press is not a double-click.
        self.pane.last_click = None;
        let Some(target) = d.released_on.clone() else {
            return Vec::new();
        };
        if target == DropTarget::Bookmarks {
            // Folders dropped on Places (not on a place) are bookmarked.
            let task = self.places.bookmarks.edit(Edit::AddFolders(d.sources));
            return Effect::task(
                task.map(|m| Message::Places(crate::screen::places::Message::Bookmarks(m))),
            );
        }
        let Some(dest) = self.drop_dest(&target) else {
            return Vec::new();
        };
        if self.trash.files() == dest {
            return vec![job(JobKind::Trash, d.sources, dest)];
        }
        if !drag::drop_allowed(&d.sources, &dest) {
            return Vec::new();
        }
        match drag::direct_kind(self.modifiers.shift(), self.modifiers.control()) {
            Some(kind) => vec![job(kind, d.sources, dest)],
            None => {
                let default = drop_default(self.on_removable(&dest));
                self.pane.set_mode(Mode::Drop(DropMenu {
                    sources: d.sources,
                    dest,
                    at: d.at,
                    default,
                }));
                Vec::new()
            }
        }
    }

    /// The folder a target stands for: a folder entry of the view, or a place.
    fn drop_dest(&self, target: &DropTarget) -> Option<PathBuf> {
        match target {
            DropTarget::Entry(name) => {
                let (entry, _) = self.pane.lister.get(self.pane.lister.position(name)?)?;
                entry
                    .is_dir_like()
                    .then(|| self.path().join(OsStr::from_bytes(name)))
            }
            DropTarget::Place(p) => Some(p.clone()),
            DropTarget::Bookmarks => None,
            DropTarget::Tab(at) => {
                let tabs = self.tab_list();
                let pane = tabs.get(*at)?.focused;
                Some(match pane.trash {
                    Some(_) => self.trash.files().to_owned(),
                    None => pane.path().to_owned(),
                })
            }
        }
    }

    /// Whether `target` is where a drop would go now (for highlighting).
    pub fn is_drop_hover(&self, target: &DropTarget) -> bool {
        let Some(d) = self.actions.drag.as_ref().filter(|d| d.active) else {
            return false;
        };
        if *target == DropTarget::Bookmarks {
            return self.actions.hover.as_ref() == Some(target);
        }
        self.actions.hover.as_ref() == Some(target)
            && self.drop_dest(target).is_some_and(|dest| {
                drag::drop_allowed(&d.sources, &dest)
                    || matches!(target, DropTarget::Place(p) if self.is_trash_place(p))
            })
    }

    fn is_trash_place(&self, p: &std::path::Path) -> bool {
        self.places.is_trash(p)
    }

    pub(super) fn drop_pick(&mut self, kind: JobKind) -> Vec<Effect> {
        let Some(menu) = self.pane.take_drop_menu() else {
            return Vec::new();
        };
        match drag::drop_request(kind, &menu.sources, &menu.dest) {
            Some(r) => vec![job(r.kind, r.sources, r.dest)],
            None => Vec::new(),
        }
    }

    /// One file of a drop from another application; the drop settles shortly after.
    pub(super) fn file_dropped(&mut self, path: PathBuf) -> Vec<Effect> {
        self.actions.dropped.push(path);
        self.actions.dropped_ticket += 1;
        vec![Effect::Action(ActionEffect::SettleDrop(
            self.actions.dropped_ticket,
        ))]
    }

    /// All files of a drop arrived: ask what to do with them in the shown folder.
    pub(super) fn drop_settled(&mut self, ticket: u64) -> Vec<Effect> {
        if ticket != self.actions.dropped_ticket || self.pane.trash.is_some() {
            return Vec::new();
        }
        let sources = std::mem::take(&mut self.actions.dropped);
        let dest = self.path().to_owned();
        if drag::drop_allowed(&sources, &dest) {
            let at = iced::Point::new(
                self.settings.window_width / 2.0 - 90.0,
                self.settings.window_height / 3.0,
            );
            let default = drop_default(self.on_removable(&dest));
            self.pane.set_mode(Mode::Drop(DropMenu {
                sources,
                dest,
                at,
                default,
            }));
        }
        Vec::new()
    }
}

fn path_name(p: &std::path::Path) -> &[u8] {
    p.file_name().map(OsStr::as_bytes).unwrap_or_default()
}
