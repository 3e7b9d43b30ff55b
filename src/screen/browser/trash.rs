//! The Trash view: reading the trash, selecting items, restoring them and emptying it
//! (after asking), all off the UI thread; the list is read again after each change.

use iced::Task;
use porpoise_engine::error::IoError;
use porpoise_engine::jobs::trash::{TrashItem, TrashListing};

use super::menus::act;
use super::pane::Mode;
use super::{Browser, Context, Event, Message};
use crate::actions::{ActionMsg, TrashView, work};
use crate::failures;
use crate::i18n::fl;
use porpoise_engine::jobs::trash::HomeTrash;

impl Browser {
    pub fn open_trash(&mut self, cx: &mut Context) -> Task<Message> {
        self.pane.end_mode();
        cx.tell(Event::ClearError);
        self.pane.set_trash(Some(TrashView::default()));
        self.list_trash(&cx.home.trash)
    }

    /// Read the trash, unless a reading is still under way (its answer fills the view).
    fn list_trash(&mut self, trash: &HomeTrash) -> Task<Message> {
        if std::mem::replace(&mut self.marks.trash_listing, true) {
            return Task::none();
        }
        self.marks.trash_dirty = false;
        act(work::list_trash(trash.clone()))
    }

    /// The trash changed (or F5): read it again, after the reading under way if there is
    /// one.
    pub(super) fn relist_trash(&mut self, cx: &mut Context) -> Task<Message> {
        if !self.pane.in_trash() {
            return Task::none();
        }
        if self.marks.trash_listing {
            self.marks.trash_dirty = true;
            return Task::none();
        }
        self.list_trash(&cx.home.trash)
    }

    pub(super) fn trash_listed(
        &mut self,
        r: Result<TrashListing, IoError>,
        cx: &mut Context,
    ) -> Task<Message> {
        self.marks.trash_listing = false;
        let Some(view) = self.pane.trash_mut() else {
            return Task::none();
        };
        match r {
            Ok(TrashListing {
                mut items,
                unreachable,
                details,
            }) => {
                view.unreachable = unreachable;
                view.details = details;
                items.sort_by(|a, b| {
                    b.time_deleted
                        .cmp(&a.time_deleted)
                        .then_with(|| a.name.cmp(&b.name))
                });
                view.items = Some(items);
            }
            Err(e) => {
                view.items = Some(Vec::new());
                tracing::info!("{}", porpoise_engine::error::chain(&e));
                cx.tell(Event::Error(fl!(
                    "status-trash-failed",
                    error = failures::why(&e)
                )));
            }
        }
        view.selected.clear();
        view.busy = false;
        if std::mem::take(&mut self.marks.trash_dirty) {
            return self.list_trash(&cx.home.trash);
        }
        Task::none()
    }

    pub(super) fn trash_clicked(&mut self, i: usize, cx: &mut Context) -> Task<Message> {
        let ctrl = cx.modifiers.control();
        if let Some(view) = self.pane.trash_mut() {
            if ctrl {
                if !view.selected.remove(&i) {
                    view.selected.insert(i);
                }
            } else {
                view.selected.clear();
                view.selected.insert(i);
            }
        }
        Task::none()
    }

    /// Right-press on row `i`: it joins the selection (alone, if it was not in it) and
    /// the menu opens at the pointer.
    pub(super) fn trash_menu(&mut self, i: usize, cx: &mut Context) -> Task<Message> {
        let Some(view) = self.pane.trash_mut() else {
            return Task::none();
        };
        if !view.selected.contains(&i) {
            view.selected.clear();
            view.selected.insert(i);
        }
        self.pane.set_mode(Mode::Menu(crate::actions::ContextMenu {
            target: None,
            items: crate::actions::MenuItem::TRASH.to_vec(),
            at: cx.pointer,
            highlighted: None,
            open_with: None,
        }));
        Task::none()
    }

    /// The answer to "Delete these for good?": the selected items go, off the UI thread.
    pub(super) fn confirm_purge(&mut self, yes: bool) -> Task<Message> {
        let Some(view) = self.pane.trash_mut() else {
            return Task::none();
        };
        view.confirm_purge = false;
        if !answered(view, yes) {
            return Task::none();
        }
        on_selected(view, work::purge_trash)
    }

    pub(super) fn trash_restore(&mut self) -> Task<Message> {
        let Some(view) = self.pane.trash_mut().filter(|v| !v.busy) else {
            return Task::none();
        };
        on_selected(view, work::restore_trash)
    }

    pub(super) fn confirm_empty(&mut self, yes: bool, cx: &mut Context) -> Task<Message> {
        let Some(view) = self.pane.trash_mut() else {
            return Task::none();
        };
        view.confirm_empty = false;
        if !answered(view, yes) {
            return Task::none();
        }
        view.busy = true;
        act(work::empty_trash(cx.home.trash.clone()))
    }

    /// A restore or empty finished: tell a failure, read the trash again.
    /// `restore`: it was a restore (else emptying).
    pub(super) fn trash_changed(
        &mut self,
        r: Result<(), IoError>,
        restore: bool,
        cx: &mut Context,
    ) -> Task<Message> {
        if let Err(e) = r {
            cx.tell(Event::Error(if restore {
                fl!("status-restore-failed", error = failures::why(&e))
            } else {
                fl!("status-empty-failed", error = failures::why(&e))
            }));
        }
        if let Some(view) = self.pane.trash_mut() {
            view.busy = false;
        } else {
            return Task::none();
        }
        self.list_trash(&cx.home.trash)
    }
}

/// A question of the Trash view's was answered (the caller closes it): whether to go on,
/// which is a yes while nothing else runs.
fn answered(view: &mut TrashView, yes: bool) -> bool {
    view.cancel_highlighted = false;
    yes && !view.busy
}

/// The work `work` makes of the selected items, the view busy until it is done; nothing
/// when none is selected.
fn on_selected(view: &mut TrashView, work: fn(Vec<TrashItem>) -> Task<ActionMsg>) -> Task<Message> {
    let items = selected_items(view);
    if items.is_empty() {
        return Task::none();
    }
    view.busy = true;
    act(work(items))
}

/// The selected items of the Trash view.
fn selected_items(view: &TrashView) -> Vec<TrashItem> {
    view.items
        .iter()
        .flatten()
        .enumerate()
        .filter(|(i, _)| view.selected.contains(i))
        .map(|(_, it)| it.clone())
        .collect()
}
