//! The Trash view: reading the trash, selecting items, restoring them and emptying it
//! (after asking), all off the UI thread; the list is read again after each change.

use porpoise_engine::error::IoError;
use porpoise_engine::jobs::trash::{TrashItem, TrashListing};

use super::pane::Mode;
use super::{Browser, Context, Event};
use crate::actions::{ActionEffect, TrashView};
use crate::effects::Effect;
use crate::failures;
use crate::i18n::fl;
use porpoise_engine::jobs::trash::HomeTrash;

impl Browser {
    pub fn open_trash(&mut self, cx: &mut Context) -> Vec<Effect> {
        self.pane.end_mode();
        cx.tell(Event::ClearError);
        self.pane.trash = Some(TrashView::default());
        self.list_trash(&cx.home.trash)
    }

    /// Read the trash, unless a reading is still under way (its answer fills the view).
    fn list_trash(&mut self, trash: &HomeTrash) -> Vec<Effect> {
        if std::mem::replace(&mut self.marks.trash_listing, true) {
            return Vec::new();
        }
        self.marks.trash_dirty = false;
        vec![Effect::Action(ActionEffect::ListTrash(trash.clone()))]
    }

    /// The trash changed (or F5): read it again, after the reading under way if there is
    /// one.
    pub(super) fn relist_trash(&mut self, cx: &mut Context) -> Vec<Effect> {
        if self.pane.trash.is_none() {
            return Vec::new();
        }
        if self.marks.trash_listing {
            self.marks.trash_dirty = true;
            return Vec::new();
        }
        self.list_trash(&cx.home.trash)
    }

    pub(super) fn trash_listed(
        &mut self,
        r: Result<TrashListing, IoError>,
        cx: &mut Context,
    ) -> Vec<Effect> {
        self.marks.trash_listing = false;
        let Some(view) = &mut self.pane.trash else {
            return Vec::new();
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
        Vec::new()
    }

    pub(super) fn trash_clicked(&mut self, i: usize, cx: &mut Context) -> Vec<Effect> {
        let ctrl = cx.modifiers.control();
        if let Some(view) = &mut self.pane.trash {
            if ctrl {
                if !view.selected.remove(&i) {
                    view.selected.insert(i);
                }
            } else {
                view.selected.clear();
                view.selected.insert(i);
            }
        }
        Vec::new()
    }

    /// Right-press on row `i`: it joins the selection (alone, if it was not in it) and
    /// the menu opens at the pointer.
    pub(super) fn trash_menu(&mut self, i: usize, cx: &mut Context) -> Vec<Effect> {
        let Some(view) = &mut self.pane.trash else {
            return Vec::new();
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
        Vec::new()
    }

    /// The answer to "Delete these for good?": the selected items go, off the UI thread.
    pub(super) fn confirm_purge(&mut self, yes: bool) -> Vec<Effect> {
        let Some(view) = &mut self.pane.trash else {
            return Vec::new();
        };
        view.confirm_purge = false;
        if !answered(view, yes) {
            return Vec::new();
        }
        on_selected(view, ActionEffect::PurgeTrash)
    }

    pub(super) fn trash_restore(&mut self) -> Vec<Effect> {
        let Some(view) = self.pane.trash.as_mut().filter(|v| !v.busy) else {
            return Vec::new();
        };
        on_selected(view, ActionEffect::RestoreTrash)
    }

    pub(super) fn confirm_empty(&mut self, yes: bool, cx: &mut Context) -> Vec<Effect> {
        let Some(view) = &mut self.pane.trash else {
            return Vec::new();
        };
        view.confirm_empty = false;
        if !answered(view, yes) {
            return Vec::new();
        }
        view.busy = true;
        vec![Effect::Action(ActionEffect::EmptyTrash(
            cx.home.trash.clone(),
        ))]
    }

    /// A restore or empty finished: tell a failure, read the trash again.
    /// `restore`: it was a restore (else emptying).
    pub(super) fn trash_changed(
        &mut self,
        r: Result<(), IoError>,
        restore: bool,
        cx: &mut Context,
    ) -> Vec<Effect> {
        if let Err(e) = r {
            cx.tell(Event::Error(if restore {
                fl!("status-restore-failed", error = failures::why(&e))
            } else {
                fl!("status-empty-failed", error = failures::why(&e))
            }));
        }
        if let Some(view) = &mut self.pane.trash {
            view.busy = false;
        } else {
            return Vec::new();
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

/// The work `effect` makes of the selected items, the view busy until it is done; nothing
/// when none is selected.
fn on_selected(view: &mut TrashView, effect: fn(Vec<TrashItem>) -> ActionEffect) -> Vec<Effect> {
    let items = selected_items(view);
    if items.is_empty() {
        return Vec::new();
    }
    view.busy = true;
    vec![Effect::Action(effect(items))]
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
