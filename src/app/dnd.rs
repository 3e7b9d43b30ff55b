//! Drag and drop in the window: the pointer's press, moves and release; a press on an
//! entry that becomes a drag past the threshold (and is then offered to other
//! applications too); the drop on a folder, a place, a tab or the other pane (the drop
//! menu, or directly with Shift/Ctrl), folders dropped on Places bookmarked; and files
//! dropped in by other applications.

use iced::Task;
use std::path::PathBuf;

use super::App;
use crate::actions::{ActionMsg, DropMenu, DropTarget, drag, drop_default, work};
use crate::drag_out::DragOutEffect;
use crate::drop_in::DropInMsg;
use crate::i18n::fl;
use crate::message::Message;
use crate::request::{JobKind, JobRequest};
use crate::screen::places::{self, bookmarks::Edit};
use crate::widgets::pointer::PointerEvent;

impl App {
    pub(super) fn on_drag(&mut self, m: ActionMsg) -> Task<Message> {
        match m {
            ActionMsg::Pointer(e) => self.pointer(e),
            ActionMsg::ReleasedOn(t) => {
                if let Some(d) = &mut self.actions.drag {
                    // The innermost target hears the release first (a folder in the
                    // other pane before that pane as a whole): it takes the drop.
                    d.released_on.get_or_insert(t);
                    return Task::none();
                }
                match t {
                    DropTarget::Tab(to) => self
                        .in_browser(|b, cx| b.tab_released_on(to, cx).unwrap_or_else(Task::none)),
                    DropTarget::Place(to) => {
                        let task = self.places.bookmarks.released_on(to);
                        task.map(bookmarks_message)
                    }
                    _ => Task::none(),
                }
            }
            // Places as a whole never hides the place under the pointer.
            ActionMsg::Hover(DropTarget::Bookmarks) if self.actions.hover.is_some() => {
                self.places.bookmarks.over_panel = true;
                Task::none()
            }
            ActionMsg::Hover(t) => {
                self.places.bookmarks.over_panel |= t == DropTarget::Bookmarks;
                self.actions.hover = Some(t);
                Task::none()
            }
            ActionMsg::Unhover(t) => {
                self.places.bookmarks.over_panel &= t != DropTarget::Bookmarks;
                if self.actions.hover.as_ref() == Some(&t) {
                    self.actions.hover = None;
                }
                Task::none()
            }
            ActionMsg::FileDropped(p) => self.files_dropped(vec![p]),
            ActionMsg::DropSettled(t) => self.drop_settled(t),
            // The rest is the browser's.
            other => self.on_browser_message(crate::screen::browser::Message::Action(other)),
        }
    }

    fn pointer(&mut self, e: PointerEvent) -> Task<Message> {
        match e {
            PointerEvent::Pressed(p) => {
                self.actions.pointer = p;
                self.places
                    .bookmarks
                    .pressed_over(self.actions.hover.as_ref());
                Task::none()
            }
            PointerEvent::Moved(p) => match &mut self.actions.drag {
                // Once it is a drag, other applications are offered it too, whenever
                // the pointer is over one of their windows.
                Some(d) => match d.moved(p) {
                    true => DragOutEffect::Start(d.sources.clone())
                        .into_task()
                        .map(Message::DragOut),
                    false => Task::none(),
                },
                None => Task::none(),
            },
            PointerEvent::Released => self.released(),
        }
    }

    fn released(&mut self) -> Task<Message> {
        let drag = self.actions.drag.take();
        let dragged = drag.as_ref().is_some_and(|d| d.active);
        let mut tasks = vec![self.in_browser(|b, cx| b.released(dragged, cx))];
        let Some(d) = drag.filter(|d| d.active) else {
            return crate::tasks::batch(tasks);
        };
        let Some(target) = d.released_on.clone() else {
            return crate::tasks::batch(tasks);
        };
        if target == DropTarget::Bookmarks {
            // Folders dropped on Places (not on a place) are bookmarked.
            let task = self.places.bookmarks.edit(Edit::AddFolders(d.sources));
            tasks.push(task.map(bookmarks_message));
            return crate::tasks::batch(tasks);
        }
        let trash = self.home.trash.files();
        let Some(dest) = self.browser.drop_dest(&target, &trash) else {
            return crate::tasks::batch(tasks);
        };
        if trash == dest {
            tasks.push(self.start_job(request(JobKind::Trash, d.sources, dest)));
            return crate::tasks::batch(tasks);
        }
        if !drag::drop_allowed(&d.sources, &dest) {
            return crate::tasks::batch(tasks);
        }
        match drag::direct_kind(
            self.keyboard.modifiers.shift(),
            self.keyboard.modifiers.control(),
        ) {
            Some(kind) => tasks.push(self.start_job(request(kind, d.sources, dest))),
            None => {
                let default = drop_default(self.places.on_removable(&dest));
                self.browser.open_drop_menu(DropMenu {
                    sources: d.sources,
                    dest,
                    at: d.at,
                    default,
                });
            }
        }
        crate::tasks::batch(tasks)
    }

    /// Escape while dragging: the drag ends, here and in the other application it may be
    /// over.
    pub(super) fn cancel_drag(&mut self) -> Task<Message> {
        self.actions.drag = None;
        DragOutEffect::Cancel.into_task().map(Message::DragOut)
    }

    /// The target a drop would go to now, if a drag is under way and could drop there
    /// (it is highlighted).
    pub fn drop_hover(&self) -> Option<&DropTarget> {
        let d = self.actions.drag.as_ref().filter(|d| d.active)?;
        let target = self.actions.hover.as_ref()?;
        if *target == DropTarget::Bookmarks {
            return Some(target);
        }
        let trash = self.home.trash.files();
        let dest = self.browser.drop_dest(target, &trash)?;
        let trash_place = matches!(target, DropTarget::Place(p) if self.places.is_trash(p));
        (drag::drop_allowed(&d.sources, &dest) || trash_place).then_some(target)
    }

    /// Whether `target` is where a drop would go now (for highlighting).
    pub fn is_drop_hover(&self, target: &DropTarget) -> bool {
        self.drop_hover() == Some(target)
    }

    /// One file of a drop from another application; the drop settles shortly after.
    /// Files dropped on the window by the drop target of its own.
    pub(super) fn on_drop_in(&mut self, m: DropInMsg) -> Task<Message> {
        match self.actions.drop_in.update(m) {
            Some(Ok(paths)) => self.files_dropped(paths),
            Some(Err(e)) => {
                let error = crate::failures::file_list(&e);
                self.status.error(fl!("status-drop-failed", error = error));
                Task::none()
            }
            None => Task::none(),
        }
    }

    /// Files of a drop arrived: once none come for a moment, the drop is settled.
    fn files_dropped(&mut self, paths: Vec<PathBuf>) -> Task<Message> {
        self.actions.dropped.extend(paths);
        self.actions.dropped_ticket += 1;
        work::settle_drop(self.actions.dropped_ticket).map(Message::Drag)
    }

    /// All files of a drop arrived: ask what to do with them in the shown folder.
    fn drop_settled(&mut self, ticket: u64) -> Task<Message> {
        let pane = self.browser.pane();
        if ticket != self.actions.dropped_ticket || pane.in_trash() {
            return Task::none();
        }
        let sources = std::mem::take(&mut self.actions.dropped);
        let dest = pane.path().to_owned();
        if drag::drop_allowed(&sources, &dest) {
            let at = iced::Point::new(
                self.settings.window_width / 2.0 - 90.0,
                self.settings.window_height / 3.0,
            );
            let default = drop_default(self.places.on_removable(&dest));
            self.browser.open_drop_menu(DropMenu {
                sources,
                dest,
                at,
                default,
            });
        }
        Task::none()
    }
}

/// A message of the bookmarks in Places, as the window's.
fn bookmarks_message(m: places::bookmarks::BookmarkMsg) -> Message {
    Message::Places(places::Message::Bookmarks(m))
}

fn request(kind: JobKind, sources: Vec<PathBuf>, dest: PathBuf) -> JobRequest {
    JobRequest {
        kind,
        sources,
        dest,
        modes: None,
        compress: None,
    }
}
