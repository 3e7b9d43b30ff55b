//! The file actions' messages in the browser: the dispatcher, the clipboard, the context
//! and main menus and the keys of the actions (Ctrl+C/X/V, F2, F10, Escape). What the
//! pointer does over drop targets is the window's (its drags) and goes out as an event.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Point;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::pane::{Mode, PaneMsg};
use super::{Browser, Context, Event};
use crate::actions::{ActionEffect, ActionMsg, ContextMenu, MenuItem, drag};
use crate::clipboard::FileList;
use crate::clipboard::owner::ClipboardError;
use crate::effects::Effect;
use crate::failures;
use crate::i18n::fl;
use crate::message::KeyPress;
use crate::request::{JobKind, JobRequest};

/// Ask the window to start a job of `kind` on `sources` into `dest`.
pub(super) fn job(cx: &mut Context, kind: JobKind, sources: Vec<PathBuf>, dest: PathBuf) {
    cx.tell(Event::Job(JobRequest {
        kind,
        sources,
        dest,
        modes: None,
    }));
}

impl Browser {
    pub(super) fn action(&mut self, m: ActionMsg, cx: &mut Context) -> Vec<Effect> {
        match m {
            // The window's drags: the pointer, what it is over, files other
            // applications drop.
            m @ (ActionMsg::Pointer(_)
            | ActionMsg::ReleasedOn(_)
            | ActionMsg::Hover(_)
            | ActionMsg::Unhover(_)
            | ActionMsg::FileDropped(_)
            | ActionMsg::DropSettled(_)) => {
                cx.tell(Event::Drag(m));
                Vec::new()
            }
            ActionMsg::Band(e) => self.on_band(e, cx),
            ActionMsg::ContextMenu(target) => self.open_menu_at(target, cx.pointer, false),
            ActionMsg::MenuPick(item) => self.menu_pick(item, cx),
            ActionMsg::MainMenu => self.open_main_menu(false, cx.settings),
            ActionMsg::CloseMenu => {
                self.pane.close_menus();
                Vec::new()
            }
            ActionMsg::DropPick(kind) => self.drop_pick(kind, cx),
            ActionMsg::Copy => self.put_selection(false),
            ActionMsg::Cut => self.put_selection(true),
            ActionMsg::Paste(dest) => vec![Effect::Action(ActionEffect::ClipboardRead(dest))],
            ActionMsg::ClipboardPut(r) | ActionMsg::ClipboardCleared(r) => {
                if let Err(e) = r {
                    tracing::info!("the clipboard failed: {e}");
                    cx.tell(Event::Error(fl!(
                        "status-clipboard-failed",
                        error = failures::clipboard(&e)
                    )));
                }
                Vec::new()
            }
            ActionMsg::ClipboardRead(dest, r) => self.paste(dest, r, cx),
            ActionMsg::NewFolder => self.new_folder(),
            ActionMsg::Rename(name) => self.start_rename(name, cx.settings),
            ActionMsg::NameInput(t) => {
                if let Some(n) = self.pane.naming_mut() {
                    n.text = t;
                }
                Vec::new()
            }
            ActionMsg::NameSubmit => self.submit_name(cx),
            ActionMsg::NameCancel => {
                self.end_naming();
                Vec::new()
            }
            ActionMsg::Created(r) => self.created(r, cx),
            ActionMsg::Renamed(r) => self.renamed(r, cx),
            ActionMsg::OpenTrash => self.open_trash(cx),
            ActionMsg::TrashListed(r) => self.trash_listed(r, cx),
            ActionMsg::TrashClicked(i) => self.trash_clicked(i, cx),
            ActionMsg::TrashRestore => self.trash_restore(),
            ActionMsg::TrashRestored(r) => self.trash_changed(r, true, cx),
            ActionMsg::AskEmptyTrash => {
                if let Some(t) = &mut self.pane.trash {
                    t.confirm_empty = true;
                }
                Vec::new()
            }
            ActionMsg::ConfirmEmptyTrash(yes) => self.confirm_empty(yes, cx),
            ActionMsg::TrashChangedOutside => self.relist_trash(cx),
            ActionMsg::TrashMenu(i) => self.trash_menu(i, cx),
            ActionMsg::ConfirmPurgeTrash(yes) => self.confirm_purge(yes),
            ActionMsg::TrashEmptied(r) => self.trash_changed(r, false, cx),
        }
    }

    /// The keys of the actions; `None` leaves the key to the rest of the browser.
    pub(super) fn action_key(&mut self, k: &KeyPress, cx: &mut Context) -> Option<Vec<Effect>> {
        let escape = k.key == Key::Named(Named::Escape);
        // A shown "Open With" submenu takes the arrows, Enter and Escape first.
        if let Some(effects) = self.open_with_key(k, cx) {
            return Some(effects);
        }
        if escape {
            let ended = self
                .pane
                .end_mode_if(|m| matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Naming(_)));
            let unasked = self.pane.trash.as_mut().is_some_and(|t| {
                let was = t.confirm_empty || t.confirm_purge;
                t.confirm_empty = false;
                t.confirm_purge = false;
                was
            });
            return (ended || unasked).then(Vec::new);
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
                    self.confirm_empty(yes, cx)
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
            return Some(self.relist_trash(cx));
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
                        Some(MenuItem::OpenWith) => Some(self.ask_open_with(true, cx)),
                        Some(_) if right => Some(Vec::new()),
                        Some(&item) => Some(self.menu_pick(item, cx)),
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
            return Some(self.drop_pick(kind, cx));
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
                cx.tell(Event::BatchRename);
                Vec::new()
            }
            Key::Named(Named::F2) if !in_trash => match self.pane.selection.cursor() {
                Some(name) => {
                    let name = name.to_vec();
                    self.start_rename(name, cx.settings)
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
        self.marks.cut = cut.then(|| {
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
    fn paste(
        &mut self,
        dest: PathBuf,
        r: Result<FileList, ClipboardError>,
        cx: &mut Context,
    ) -> Vec<Effect> {
        let list = match r {
            Ok(l) => l,
            Err(e) => {
                tracing::info!("nothing to paste: {e}");
                cx.tell(Event::Error(fl!(
                    "status-paste-failed",
                    error = failures::clipboard(&e)
                )));
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
        let cut = list.cut;
        job(cx, kind, list.paths, dest);
        if !cut {
            return Vec::new();
        }
        self.marks.cut = None;
        vec![Effect::Action(ActionEffect::ClipboardClear)]
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
    pub fn open_main_menu(&mut self, by_key: bool, s: &crate::settings::Settings) -> Vec<Effect> {
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target: None,
            items: MenuItem::MAIN.to_vec(),
            at: crate::layout::main_menu_corner(s.window_width),
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
        Vec::new()
    }

    fn menu_pick(&mut self, item: MenuItem, cx: &mut Context) -> Vec<Effect> {
        if item == MenuItem::OpenWith {
            // The menu stays, its submenu beside it.
            return self.ask_open_with(false, cx);
        }
        let Some(menu) = self.pane.take_menu() else {
            return Vec::new();
        };
        let target = menu.target;
        match item {
            MenuItem::Open => target
                .map(|n| self.pane_message(PaneMsg::Activate(n), cx))
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
            MenuItem::Rename if self.pane.selection.len() > 1 => {
                cx.tell(Event::BatchRename);
                Vec::new()
            }
            MenuItem::Rename => target
                .map(|n| self.start_rename(n, cx.settings))
                .unwrap_or_default(),
            MenuItem::Trash => {
                let paths = self.selected_paths();
                if !paths.is_empty() {
                    job(cx, JobKind::Trash, paths, self.path().to_owned());
                }
                Vec::new()
            }
            MenuItem::Delete => {
                let paths = self.selected_paths();
                if !paths.is_empty() {
                    cx.tell(Event::AskDelete(paths));
                }
                Vec::new()
            }
            MenuItem::NewFolder => self.new_folder(),
            MenuItem::OpenTerminal => self.open_terminal(target, cx),
            MenuItem::NewFile => self.name_new_file(None),
            MenuItem::AddToPlaces => {
                let folder = match target {
                    Some(n) => self.path().join(OsStr::from_bytes(&n)),
                    None => self.path().to_owned(),
                };
                cx.tell(Event::Bookmark(folder));
                Vec::new()
            }
            MenuItem::ShowHidden => self.toggle_hidden(cx),
            MenuItem::ShowPlaces => self.toggle_places(cx),
            MenuItem::VerifyCopies => flip(cx, |s| &mut s.verify_copies),
            MenuItem::QueuePerDevice => flip(cx, |s| &mut s.queue_per_device),
            MenuItem::NetworkPreviews => flip(cx, |s| &mut s.previews_on_network),
            MenuItem::RestoreTabs => flip(cx, |s| &mut s.restore_tabs),
            MenuItem::Reload => self.pane_message(PaneMsg::Reload, cx),
            MenuItem::Preferences => {
                cx.tell(Event::Preferences);
                Vec::new()
            }
            MenuItem::Properties => {
                // The folder's menu: the folder's properties, whatever is selected.
                if target.is_none() {
                    self.pane.selection.clear();
                }
                if self.pane.trash.is_none() {
                    cx.tell(Event::Properties);
                }
                Vec::new()
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

/// A switch of the main menu turned: the setting `of` flips, and is saved.
fn flip(cx: &mut Context, of: fn(&mut crate::settings::Settings) -> &mut bool) -> Vec<Effect> {
    let on = of(cx.settings);
    *on = !*on;
    cx.tell(Event::Save);
    Vec::new()
}
