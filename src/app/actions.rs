//! The file actions' messages reach the app here: the dispatcher, the clipboard, the
//! context and main menus and the keys of the actions (Ctrl+C/X/V, F2, F10, Escape).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Point;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::actions::{ActionEffect, ActionMsg, ContextMenu, DropTarget, MenuItem, drag};
use crate::clipboard::FileList;
use crate::clipboard::owner::ClipboardError;
use crate::effects::Effect;
use crate::failures;
use crate::i18n::fl;
use crate::message::{KeyPress, Message};
use crate::pane::{Mode, PaneMsg};
use crate::request::{JobKind, JobRequest};
use crate::tabs::TabMsg;

/// A message for the app, as an effect (job requests go out this way).
pub(super) fn send(m: Message) -> Effect {
    Effect::Action(ActionEffect::Send(Box::new(m)))
}

/// A job request, as an effect.
pub(super) fn job(kind: JobKind, sources: Vec<PathBuf>, dest: PathBuf) -> Effect {
    send(Message::StartJob(JobRequest {
        kind,
        sources,
        dest,
        modes: None,
    }))
}

impl App {
    pub(super) fn action(&mut self, m: ActionMsg) -> Vec<Effect> {
        match m {
            ActionMsg::Pointer(e) => self.pointer(e),
            ActionMsg::Band(e) => self.on_band(e),
            ActionMsg::ReleasedOn(t) => {
                if let Some(d) = &mut self.actions.drag {
                    // The innermost target hears the release first (a folder in the
                    // other pane before that pane as a whole): it takes the drop.
                    d.released_on.get_or_insert(t);
                } else if let (Some(from), DropTarget::Tab(to)) = (self.actions.tab_press, &t) {
                    return self.on_tab_message(TabMsg::Moved { from, to: *to });
                } else if let DropTarget::Place(to) = t {
                    let task = self.places.bookmarks.released_on(to);
                    return Effect::task(
                        task.map(|m| Message::Places(crate::screen::places::Message::Bookmarks(m))),
                    );
                }
                Vec::new()
            }
            // Places as a whole never hides the place under the pointer.
            ActionMsg::Hover(DropTarget::Bookmarks) if self.actions.hover.is_some() => {
                self.places.bookmarks.over_panel = true;
                Vec::new()
            }
            ActionMsg::Hover(t) => {
                self.places.bookmarks.over_panel |= t == DropTarget::Bookmarks;
                self.actions.hover = Some(t);
                Vec::new()
            }
            ActionMsg::Unhover(t) => {
                self.places.bookmarks.over_panel &= t != DropTarget::Bookmarks;
                if self.actions.hover.as_ref() == Some(&t) {
                    self.actions.hover = None;
                }
                Vec::new()
            }
            ActionMsg::ContextMenu(target) => self.open_menu(target),
            ActionMsg::MenuPick(item) => self.menu_pick(item),
            ActionMsg::MainMenu => self.open_main_menu(false),
            ActionMsg::CloseMenu => {
                self.pane.close_menus();
                self.places.bookmarks.menu = None;
                Vec::new()
            }
            ActionMsg::DropPick(kind) => self.drop_pick(kind),
            ActionMsg::FileDropped(p) => self.file_dropped(p),
            ActionMsg::DropSettled(t) => self.drop_settled(t),
            ActionMsg::Copy => self.put_selection(false),
            ActionMsg::Cut => self.put_selection(true),
            ActionMsg::Paste(dest) => vec![Effect::Action(ActionEffect::ClipboardRead(dest))],
            ActionMsg::ClipboardPut(r) | ActionMsg::ClipboardCleared(r) => {
                if let Err(e) = r {
                    tracing::info!("the clipboard failed: {e}");
                    self.status.error(fl!(
                        "status-clipboard-failed",
                        error = failures::clipboard(&e)
                    ));
                }
                Vec::new()
            }
            ActionMsg::ClipboardRead(dest, r) => self.paste(dest, r),
            ActionMsg::NewFolder => self.new_folder(),
            ActionMsg::Rename(name) => self.start_rename(name),
            ActionMsg::NameInput(t) => {
                if let Some(n) = self.pane.naming_mut() {
                    n.text = t;
                }
                Vec::new()
            }
            ActionMsg::NameSubmit => self.submit_name(),
            ActionMsg::NameCancel => {
                self.end_naming();
                Vec::new()
            }
            ActionMsg::Created(r) => self.created(r),
            ActionMsg::Renamed(r) => self.renamed(r),
            ActionMsg::OpenTrash => self.open_trash(),
            ActionMsg::TrashListed(r) => self.trash_listed(r),
            ActionMsg::TrashClicked(i) => self.trash_clicked(i),
            ActionMsg::TrashRestore => self.trash_restore(),
            ActionMsg::TrashRestored(r) => self.trash_changed(r, true),
            ActionMsg::AskEmptyTrash => {
                if let Some(t) = &mut self.pane.trash {
                    t.confirm_empty = true;
                }
                Vec::new()
            }
            ActionMsg::ConfirmEmptyTrash(yes) => self.confirm_empty(yes),
            ActionMsg::TrashChangedOutside => self.relist_trash(),
            ActionMsg::TrashMenu(i) => self.trash_menu(i),
            ActionMsg::ConfirmPurgeTrash(yes) => self.confirm_purge(yes),
            ActionMsg::TrashEmptied(r) => self.trash_changed(r, false),
        }
    }

    /// The keys of the actions; `None` leaves the key to the rest of the app.
    pub(super) fn action_key(&mut self, k: &KeyPress) -> Option<Vec<Effect>> {
        let escape = k.key == Key::Named(Named::Escape);
        // A shown "Open With" submenu takes the arrows, Enter and Escape first.
        if let Some(effects) = self.open_with_key(k) {
            return Some(effects);
        }
        if escape {
            let ended = self
                .pane
                .end_mode_if(|m| matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Naming(_)));
            let cancelled = self.actions.drag.take().is_some_and(|d| d.active);
            let unasked = self.pane.trash.as_mut().is_some_and(|t| {
                let was = t.confirm_empty || t.confirm_purge;
                t.confirm_empty = false;
                t.confirm_purge = false;
                was
            });
            // A cancelled drag leaves the other application it may be over.
            let leave =
                cancelled.then_some(Effect::DragOut(crate::drag_out::DragOutEffect::Cancel));
            return (ended || cancelled || unasked).then(|| leave.into_iter().collect());
        }
        // "Empty the trash?": Enter empties it (Escape, above, keeps it).
        // The Trash view's questions: Enter presses the highlighted button, Tab and the
        // arrows move the highlight (Escape, above, cancels).
        if let Some(t) = self
            .pane
            .trash
            .as_mut()
            .filter(|t| t.confirm_empty || t.confirm_purge)
        {
            let yes = !t.cancel_highlighted;
            return Some(match k.key.as_ref() {
                Key::Named(Named::Enter | Named::Space) if t.confirm_empty => {
                    self.confirm_empty(yes)
                }
                Key::Named(Named::Enter | Named::Space) => self.confirm_purge(yes),
                Key::Named(
                    Named::Tab
                    | Named::ArrowLeft
                    | Named::ArrowRight
                    | Named::ArrowUp
                    | Named::ArrowDown,
                ) => {
                    t.cancel_highlighted = !t.cancel_highlighted;
                    Vec::new()
                }
                _ => Vec::new(),
            });
        }
        // F5 in the Trash view reads the trash again.
        if k.key == Key::Named(Named::F5) && self.pane.trash.is_some() {
            return Some(self.relist_trash());
        }
        // An open menu takes the arrows, and Enter or Space picks the highlighted entry.
        if let Some(menu) = self.pane.menu_mut() {
            match k.key.as_ref() {
                Key::Named(Named::ArrowDown) => menu.step(true),
                Key::Named(Named::ArrowUp) => menu.step(false),
                Key::Named(Named::Enter | Named::Space | Named::ArrowRight) => {
                    let right = k.key == Key::Named(Named::ArrowRight);
                    return match menu.highlighted.and_then(|i| menu.items.get(i)) {
                        // "Open With" opens its submenu on its first entry.
                        Some(MenuItem::OpenWith) => Some(self.ask_open_with(true)),
                        Some(_) if right => Some(Vec::new()),
                        Some(&item) => Some(self.menu_pick(item)),
                        None => Some(Vec::new()),
                    };
                }
                _ => return None,
            }
            return Some(Vec::new());
        }
        // Enter in the drop menu picks its default (Copy onto removable devices).
        if k.key == Key::Named(Named::Enter)
            && let Some(menu) = self.pane.drop_menu()
        {
            let kind = menu.default;
            return Some(self.drop_pick(kind));
        }
        if k.captured || self.pane.location().is_some() || self.pane.naming().is_some() {
            return None;
        }
        let m = k.modifiers;
        let in_trash = self.pane.trash.is_some();
        let effects = match k.key.as_ref() {
            Key::Character(c) if m.control() && !m.alt() && !in_trash => {
                match c.to_ascii_lowercase().as_str() {
                    "c" => self.put_selection(false),
                    "x" => self.put_selection(true),
                    "v" => vec![Effect::Action(ActionEffect::ClipboardRead(
                        self.path().to_owned(),
                    ))],
                    "n" if m.shift() => self.new_folder(),
                    _ => return None,
                }
            }
            Key::Named(Named::F2) if !in_trash && self.pane.selection.len() > 1 => {
                self.open_batch_rename()
            }
            Key::Named(Named::F2) if !in_trash => match self.pane.selection.cursor() {
                Some(name) => {
                    let name = name.to_vec();
                    self.start_rename(name)
                }
                None => Vec::new(),
            },
            Key::Named(Named::F10) if !in_trash && !m.shift() => self.new_folder(),
            _ => return None,
        };
        Some(effects)
    }

    fn put_selection(&mut self, cut: bool) -> Vec<Effect> {
        let paths = self.selected_paths();
        if paths.is_empty() {
            return Vec::new();
        }
        self.actions.cut = cut.then(|| {
            let names = self.pane.selection.names().map(<[u8]>::to_vec).collect();
            (self.path().to_owned(), names)
        });
        vec![Effect::Action(ActionEffect::ClipboardPut(FileList {
            paths,
            cut,
        }))]
    }

    /// Paste what the clipboard held: copied files are copied, cut ones moved (and the
    /// clipboard emptied, as other file managers do).
    fn paste(&mut self, dest: PathBuf, r: Result<FileList, ClipboardError>) -> Vec<Effect> {
        let list = match r {
            Ok(l) => l,
            Err(e) => {
                tracing::info!("nothing to paste: {e}");
                self.status
                    .error(fl!("status-paste-failed", error = failures::clipboard(&e)));
                return Vec::new();
            }
        };
        // A folder into itself never; a cut list back into its own folder does nothing.
        if list.paths.iter().any(|s| dest.starts_with(s))
            || (list.cut && !drag::drop_allowed(&list.paths, &dest))
        {
            return Vec::new();
        }
        let kind = if list.cut {
            JobKind::Move
        } else {
            JobKind::Copy
        };
        let mut effects = vec![job(kind, list.paths, dest)];
        if list.cut {
            self.actions.cut = None;
            effects.push(Effect::Action(ActionEffect::ClipboardClear));
        }
        effects
    }

    fn open_menu(&mut self, target: Option<Vec<u8>>) -> Vec<Effect> {
        let at = self.actions.pointer;
        self.open_menu_at(target, at, false)
    }

    /// The context menu of `target` (or of the folder), its corner at `at`; opened `by_key`,
    /// the arrows start on its first entry.
    pub(super) fn open_menu_at(
        &mut self,
        target: Option<Vec<u8>>,
        at: Point,
        by_key: bool,
    ) -> Vec<Effect> {
        if self.pane.trash.is_some() {
            return Vec::new();
        }
        let folder = target.as_ref().map(|name| {
            if !self.pane.selection.is_selected(name) {
                self.pane.selection.select_only(name);
            }
            self.pane
                .lister
                .position(name)
                .and_then(|i| self.pane.lister.get(i))
                .is_some_and(|(e, _)| e.is_dir_like())
        });
        let items = MenuItem::for_target(folder);
        self.new_file.open = None;
        self.new_file.highlighted = None;
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target,
            items,
            at,
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
        Vec::new()
    }

    /// The main menu, under the toolbar's menu button (on its first entry when opened
    /// `by_key`).
    pub(super) fn open_main_menu(&mut self, by_key: bool) -> Vec<Effect> {
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target: None,
            items: MenuItem::MAIN.to_vec(),
            at: crate::layout::main_menu_corner(self.settings.window_width),
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
        Vec::new()
    }

    fn menu_pick(&mut self, item: MenuItem) -> Vec<Effect> {
        if item == MenuItem::OpenWith {
            // The menu stays, its submenu beside it.
            return self.ask_open_with(false);
        }
        let Some(menu) = self.pane.take_menu() else {
            return Vec::new();
        };
        let target = menu.target;
        match item {
            MenuItem::Open => target
                .map(|n| self.pane_message(PaneMsg::Activate(n)))
                .unwrap_or_default(),
            MenuItem::OpenWith => Vec::new(),
            MenuItem::Cut => self.put_selection(true),
            MenuItem::Copy => self.put_selection(false),
            MenuItem::PasteInto => match target {
                Some(n) => vec![Effect::Action(ActionEffect::ClipboardRead(
                    self.path().join(OsStr::from_bytes(&n)),
                ))],
                None => Vec::new(),
            },
            MenuItem::Paste => vec![Effect::Action(ActionEffect::ClipboardRead(
                self.path().to_owned(),
            ))],
            MenuItem::Rename if self.pane.selection.len() > 1 => self.open_batch_rename(),
            MenuItem::Rename => target.map(|n| self.start_rename(n)).unwrap_or_default(),
            MenuItem::Trash => {
                let paths = self.selected_paths();
                if paths.is_empty() {
                    return Vec::new();
                }
                vec![job(JobKind::Trash, paths, self.path().to_owned())]
            }
            MenuItem::Delete => self.ask_delete_selection(),
            MenuItem::NewFolder => self.new_folder(),
            MenuItem::OpenTerminal => self.open_terminal(target),
            MenuItem::NewFile => self.name_new_file(None),
            MenuItem::AddToPlaces => {
                let folder = match target {
                    Some(n) => self.path().join(OsStr::from_bytes(&n)),
                    None => self.path().to_owned(),
                };
                self.bookmark(folder)
            }
            MenuItem::ShowHidden => self.toggle_hidden(),
            MenuItem::ShowPlaces => self.toggle_places(),
            MenuItem::VerifyCopies => {
                self.settings.verify_copies = !self.settings.verify_copies;
                self.save()
            }
            MenuItem::QueuePerDevice => {
                self.settings.queue_per_device = !self.settings.queue_per_device;
                self.save()
            }
            MenuItem::NetworkPreviews => self.toggle_network_previews(),
            MenuItem::RestoreTabs => {
                self.settings.restore_tabs = !self.settings.restore_tabs;
                self.save()
            }
            MenuItem::Reload => self.pane_message(PaneMsg::Reload),
            MenuItem::Preferences => self.open_preferences(),
            MenuItem::Properties => {
                // The folder's menu: the folder's properties, whatever is selected.
                if target.is_none() {
                    self.pane.selection.clear();
                }
                self.open_properties()
            }
            MenuItem::Restore => self.trash_restore(),
            MenuItem::DeleteFromTrash => {
                if let Some(t) = self.pane.trash.as_mut().filter(|t| !t.selected.is_empty()) {
                    t.confirm_purge = true;
                }
                Vec::new()
            }
        }
    }
}
