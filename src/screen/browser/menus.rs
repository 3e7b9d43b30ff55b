//! The file actions' messages in the browser: the dispatcher, the clipboard, the context
//! and main menus and the keys of the actions (Ctrl+C/X/V, F2, F10, Escape). What the
//! pointer does over drop targets is the window's (its drags) and goes out as an event.

use iced::Task;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::Point;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::pane::{Mode, PaneMsg};
use super::{Browser, Context, Event, Message};
use crate::actions::{ActionMsg, ContextMenu, MenuItem, drag, work};
use crate::clipboard::FileList;
use crate::clipboard::owner::ClipboardError;
use crate::failures;
use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::request::{JobKind, JobRequest};

/// The file actions' work, its outcome as the browser's message.
pub(super) fn act(work: Task<ActionMsg>) -> Task<Message> {
    work.map(Message::Action)
}

/// Ask the window to start a job of `kind` on `sources` into `dest`.
pub(super) fn job(cx: &mut Context, kind: JobKind, sources: Vec<PathBuf>, dest: PathBuf) {
    cx.tell(Event::Job(JobRequest {
        kind,
        sources,
        dest,
        modes: None,
        compress: None,
    }));
}

impl Browser {
    /// Del: the selection goes to the trash.
    pub(super) fn trash_selection(&mut self, cx: &mut Context) -> Task<Message> {
        let sources = self.selected_paths();
        if !sources.is_empty() {
            job(cx, crate::request::JobKind::Trash, sources, PathBuf::new());
        }
        Task::none()
    }

    pub(super) fn action(&mut self, m: ActionMsg, cx: &mut Context) -> Task<Message> {
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
                Task::none()
            }
            ActionMsg::Band(e) => self.on_band(e, cx),
            ActionMsg::ContextMenu(target) => self.open_menu_at(target, cx.pointer, false),
            ActionMsg::HeaderMenu(column) => {
                self.open_header_menu(column, cx);
                Task::none()
            }
            ActionMsg::MenuPick(item) => self.menu_pick(item, cx),
            ActionMsg::MainMenu => {
                self.open_main_menu(false, cx.settings);
                Task::none()
            }
            ActionMsg::CloseMenu => {
                self.pane.close_menus();
                Task::none()
            }
            ActionMsg::DropPick(kind) => self.drop_pick(kind, cx),
            ActionMsg::Cut | ActionMsg::NewFolder if self.refused_here(cx) => Task::none(),
            ActionMsg::Paste(dest) if self.refused_in(&dest, cx) => Task::none(),
            ActionMsg::Copy => self.put_selection(false),
            ActionMsg::Cut => self.put_selection(true),
            ActionMsg::Paste(dest) => act(work::clipboard_read(dest)),
            ActionMsg::ClipboardPut(r) | ActionMsg::ClipboardCleared(r) => {
                if let Err(e) = r {
                    tracing::info!("the clipboard failed: {e}");
                    cx.tell(Event::Error(fl!(
                        "status-clipboard-failed",
                        error = failures::clipboard(&e)
                    )));
                }
                Task::none()
            }
            ActionMsg::ClipboardRead(dest, r) => self.paste(dest, r, cx),
            ActionMsg::NewFolder => self.new_folder(),
            ActionMsg::Rename(name) => self.start_rename(name, cx.settings),
            ActionMsg::NameInput(t) => {
                if let Some(n) = self.pane.naming_mut() {
                    n.text = t;
                }
                Task::none()
            }
            ActionMsg::NameSubmit => self.submit_name(cx),
            ActionMsg::NameCancel => {
                self.end_naming();
                Task::none()
            }
            ActionMsg::Created(r) => self.created(r, cx),
            ActionMsg::Renamed(r) => self.renamed(r, cx),
            ActionMsg::OpenTrash => self.open_trash(cx),
            ActionMsg::TrashListed(r) => self.trash_listed(r, cx),
            ActionMsg::TrashClicked(i) => self.trash_clicked(i, cx),
            ActionMsg::TrashRestore => self.trash_restore(),
            ActionMsg::TrashRestored(r) => self.trash_changed(r, true, cx),
            ActionMsg::AskEmptyTrash => {
                if let Some(t) = self.pane.trash_mut() {
                    t.confirm_empty = true;
                }
                Task::none()
            }
            ActionMsg::ConfirmEmptyTrash(yes) => self.confirm_empty(yes, cx),
            ActionMsg::TrashChangedOutside => self.relist_trash(cx),
            ActionMsg::TrashMenu(i) => self.trash_menu(i, cx),
            ActionMsg::ConfirmPurgeTrash(yes) => self.confirm_purge(yes),
            ActionMsg::TrashEmptied(r) => self.trash_changed(r, false, cx),
        }
    }

    /// The keys of what is open in the pane (see [`Pane::holds_keys`]): the "New File"
    /// and "Open With" submenus, a menu, the drop menu, a name being typed and the Trash
    /// view's questions. `None` leaves the key to the commands.
    ///
    /// [`Pane::holds_keys`]: super::pane::Pane::holds_keys
    pub(super) fn open_menu_key(
        &mut self,
        k: &KeyPress,
        cx: &mut Context,
    ) -> Option<Task<Message>> {
        let escape = k.key == Key::Named(Named::Escape);
        if let Some(task) = self.new_file_menu_key(k, cx) {
            return Some(task);
        }
        // A shown "Open With" submenu takes the arrows, Enter and Escape first.
        if let Some(task) = self.open_with_key(k, cx) {
            return Some(task);
        }
        if escape {
            let ended = self
                .pane
                .end_mode_if(|m| matches!(m, Mode::Menu(_) | Mode::Drop(_) | Mode::Naming(_)));
            let unasked = self.pane.trash_mut().is_some_and(|t| {
                let was = t.confirm_empty || t.confirm_purge;
                t.confirm_empty = false;
                t.confirm_purge = false;
                was
            });
            return (ended || unasked).then(Task::none);
        }
        // "Empty the trash?": Enter empties it (Escape, above, keeps it).
        // The Trash view's questions: Enter presses the highlighted button, Tab and the
        // arrows move the highlight (Escape, above, cancels).
        if let Some(t) = self
            .pane
            .trash_mut()
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
                    Task::none()
                }
                _ => Task::none(),
            });
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
                        Some(_) if right => Some(Task::none()),
                        Some(&item) => Some(self.menu_pick(item, cx)),
                        None => Some(Task::none()),
                    };
                }
                _ => return None,
            }
            return Some(Task::none());
        }
        // Enter in the drop menu picks its default (Copy onto removable devices).
        if k.key == Key::Named(Named::Enter)
            && let Some(menu) = self.pane.drop_menu()
        {
            let kind = menu.default;
            return Some(self.drop_pick(kind, cx));
        }
        None
    }

    /// F2: rename the entry under the cursor; with more selected, rename them all.
    pub(super) fn rename_selection(&mut self, cx: &mut Context) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        if self.pane.selection().len() > 1 {
            cx.tell(Event::BatchRename);
            return Task::none();
        }
        match self.pane.selection().cursor() {
            Some(name) => {
                let name = name.to_vec();
                self.start_rename(name, cx.settings)
            }
            None => Task::none(),
        }
    }

    /// Ctrl+C and Ctrl+X: the selection onto the clipboard, to be copied or moved.
    pub(super) fn put_selection(&mut self, cut: bool) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        let paths = self.selected_paths();
        if paths.is_empty() {
            return Task::none();
        }
        self.marks.cut = cut.then(|| {
            let names = self.pane.selection().names().map(<[u8]>::to_vec).collect();
            (self.path().to_owned(), names)
        });
        act(work::clipboard_put(FileList { paths, cut }))
    }

    /// Ctrl+Alt+C and "Copy Location": the paths of the selection (`of_selection`), or
    /// the shown folder's, onto the clipboard as text.
    pub(super) fn copy_location(&mut self, of_selection: bool) -> Task<Message> {
        let paths = match of_selection {
            true => self.selected_paths(),
            false => vec![self.path().to_owned()],
        };
        if paths.is_empty() || self.pane.in_trash() {
            return Task::none();
        }
        // A path in a remote place goes as its address.
        let text = paths
            .iter()
            .map(|p| match self.remote().uri_of(p) {
                Some(uri) => uri,
                None => crate::clipboard::locations_text(std::slice::from_ref(p)),
            })
            .collect::<Vec<_>>()
            .join("\n");
        act(work::clipboard_put_text(text))
    }

    /// Ctrl+M and "Create Link", and "Duplicate": a link to (`Link`) or a copy of
    /// (`Copy`) each selected item, made beside it in the shown folder.
    pub(super) fn beside_selection(&mut self, kind: JobKind, cx: &mut Context) -> Task<Message> {
        let paths = self.selected_paths();
        if !paths.is_empty() && !self.pane.in_trash() {
            job(cx, kind, paths, self.path().to_owned());
        }
        Task::none()
    }

    /// Paste what the clipboard held: copied files are copied, cut ones moved (and the
    /// clipboard emptied, as other file managers do).
    fn paste(
        &mut self,
        dest: PathBuf,
        r: Result<FileList, ClipboardError>,
        cx: &mut Context,
    ) -> Task<Message> {
        let list = match r {
            Ok(l) => l,
            Err(e) => {
                tracing::info!("nothing to paste: {e}");
                cx.tell(Event::Error(fl!(
                    "status-paste-failed",
                    error = failures::clipboard(&e)
                )));
                return Task::none();
            }
        };
        // A folder into itself never, and the person is told (as Nautilus tells); a cut
        // list back into its own folder does nothing.
        if list.paths.iter().any(|s| dest.starts_with(s)) {
            cx.tell(Event::Error(match list.cut {
                true => fl!("status-paste-into-itself-move"),
                false => fl!("status-paste-into-itself-copy"),
            }));
            return Task::none();
        }
        if list.cut && !drag::drop_allowed(&list.paths, &dest) {
            return Task::none();
        }
        let kind = if list.cut {
            JobKind::Move
        } else {
            JobKind::Copy
        };
        let cut = list.cut;
        job(cx, kind, list.paths, dest);
        if !cut {
            return Task::none();
        }
        self.marks.cut = None;
        act(work::clipboard_clear())
    }

    /// The context menu of `target` (or of the folder), its corner at `at`; opened `by_key`,
    /// the arrows start on its first entry.
    pub(super) fn open_menu_at(
        &mut self,
        target: Option<Vec<u8>>,
        at: Point,
        by_key: bool,
    ) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        let archive = target.as_ref().is_some_and(|name| {
            porpoise_engine::archive::landing::named_as_archive(OsStr::from_bytes(name))
        });
        let folder = target.as_ref().map(|name| {
            if !self.pane.selection().is_selected(name) {
                self.pane.selection_mut().select_only(name);
            }
            self.pane
                .rows()
                .entry(name)
                .is_some_and(|e| e.is_dir_like())
        });
        let mut items = MenuItem::for_target(folder, archive);
        // Where no trash is kept: "Delete…" alone, as Nautilus offers there.
        if self.remote().keeps_no_trash(self.path()) {
            items.retain(|i| *i != MenuItem::Trash);
        }
        self.new_file.open = None;
        self.new_file.highlighted = None;
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target,
            items,
            at,
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
        Task::none()
    }

    /// The main menu, under the toolbar's menu button (on its first entry when opened
    /// `by_key`).
    pub fn open_main_menu(&mut self, by_key: bool, s: &crate::settings::Settings) {
        self.pane.set_mode(Mode::Menu(ContextMenu {
            target: None,
            items: MenuItem::MAIN.to_vec(),
            at: crate::layout::main_menu_corner(s.window_width),
            highlighted: by_key.then_some(0),
            open_with: None,
        }));
    }

    fn menu_pick(&mut self, item: MenuItem, cx: &mut Context) -> Task<Message> {
        if item == MenuItem::OpenWith {
            // The menu stays, its submenu beside it.
            return self.ask_open_with(false, cx);
        }
        if item == MenuItem::ViewMenu {
            let by_key = self.pane.menu().is_some_and(|m| m.highlighted.is_some());
            self.open_view_menu(by_key, cx.settings);
            return Task::none();
        }
        let Some(menu) = self.pane.take_menu() else {
            return Task::none();
        };
        if let Some(task) = self.column_pick(item, cx) {
            return task;
        }
        let target = menu.target;
        match item {
            MenuItem::Cut
            | MenuItem::PasteInto
            | MenuItem::Paste
            | MenuItem::Rename
            | MenuItem::Trash
            | MenuItem::Delete
            | MenuItem::NewFolder
            | MenuItem::NewFile
                if self.refused_here(cx) =>
            {
                Task::none()
            }
            MenuItem::Open => match target {
                Some(n) => self.pane_message(PaneMsg::Activate(n), cx),
                None => Task::none(),
            },
            MenuItem::OpenWith => Task::none(),
            MenuItem::Cut => self.put_selection(true),
            MenuItem::Copy => self.put_selection(false),
            MenuItem::PasteInto => match target {
                Some(n) => act(work::clipboard_read(
                    self.path().join(OsStr::from_bytes(&n)),
                )),
                None => Task::none(),
            },
            MenuItem::Paste => act(work::clipboard_read(self.path().to_owned())),
            MenuItem::Rename if self.pane.selection().len() > 1 => {
                cx.tell(Event::BatchRename);
                Task::none()
            }
            MenuItem::Rename => match target {
                Some(n) => self.start_rename(n, cx.settings),
                None => Task::none(),
            },
            MenuItem::Trash => {
                let paths = self.selected_paths();
                if !paths.is_empty() {
                    job(cx, JobKind::Trash, paths, self.path().to_owned());
                }
                Task::none()
            }
            MenuItem::Delete => {
                let paths = self.selected_paths();
                if !paths.is_empty() {
                    cx.tell(Event::AskDelete(paths));
                }
                Task::none()
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
                Task::none()
            }
            MenuItem::ShowHidden => self.toggle_hidden(cx),
            MenuItem::ShowPlaces => {
                self.toggle_places(cx);
                Task::none()
            }
            MenuItem::VerifyCopies => flip(cx, |s| &mut s.verify_copies),
            MenuItem::QueuePerDevice => flip(cx, |s| &mut s.queue_per_device),
            MenuItem::NetworkPreviews => flip(cx, |s| &mut s.previews_on_network),
            MenuItem::RestoreTabs => flip(cx, |s| &mut s.restore_tabs),
            MenuItem::Reload => self.pane_message(PaneMsg::Reload, cx),
            MenuItem::Preferences => {
                cx.tell(Event::Preferences);
                Task::none()
            }
            MenuItem::Properties => {
                // The folder's menu: the folder's properties, whatever is selected.
                if target.is_none() {
                    self.pane.selection_mut().clear();
                }
                if !self.pane.in_trash() {
                    cx.tell(Event::Properties);
                }
                Task::none()
            }
            MenuItem::OpenInNewTab => match target {
                Some(n) => self.on_tab_message(super::tabs::TabMsg::OpenEntry(n), cx),
                None => Task::none(),
            },
            MenuItem::OpenInNewWindow => {
                if let Some(n) = target {
                    cx.tell(Event::NewWindow(self.path().join(OsStr::from_bytes(&n))));
                }
                Task::none()
            }
            MenuItem::CopyLocation => self.copy_location(target.is_some()),
            MenuItem::CreateLink => self.beside_selection(JobKind::Link, cx),
            MenuItem::Duplicate => self.beside_selection(JobKind::Copy, cx),
            MenuItem::ExtractHere => self.beside_selection(JobKind::Extract, cx),
            MenuItem::Compress => {
                let sources = self.selected_paths();
                if !sources.is_empty() && !self.pane.in_trash() {
                    let name = match sources.as_slice() {
                        [one] => porpoise_engine::archive::landing::stem(
                            one.file_name().unwrap_or(one.as_os_str()),
                        )
                        .to_string_lossy()
                        .into_owned(),
                        _ => fl!("compress-default-name"),
                    };
                    cx.tell(Event::Compress {
                        sources,
                        folder: self.path().to_owned(),
                        name,
                    });
                }
                Task::none()
            }
            MenuItem::ExtractTo => {
                let archives = self.selected_paths();
                if !archives.is_empty() {
                    cx.tell(Event::ExtractTo {
                        archives,
                        from: self.path().to_owned(),
                    });
                }
                Task::none()
            }
            MenuItem::SelectAll => {
                self.pane.select_all();
                Task::none()
            }
            MenuItem::InvertSelection => {
                self.pane.invert_selection();
                Task::none()
            }
            MenuItem::Shortcuts => {
                cx.tell(Event::Help(crate::dialog::help::Page::Shortcuts));
                Task::none()
            }
            MenuItem::About => {
                cx.tell(Event::Help(crate::dialog::help::Page::About));
                Task::none()
            }
            MenuItem::Restore => self.trash_restore(),
            MenuItem::DeleteFromTrash => {
                if let Some(t) = self.pane.trash_mut().filter(|t| !t.selected.is_empty()) {
                    t.confirm_purge = true;
                }
                Task::none()
            }
            // The View and header menus' entries (taken above).
            MenuItem::ViewMenu
            | MenuItem::SortBy(_)
            | MenuItem::SortAscending(_)
            | MenuItem::FoldersFirst
            | MenuItem::ToggleColumn(_)
            | MenuItem::MoveColumn(..)
            | MenuItem::ResetColumns => Task::none(),
        }
    }
}

/// A switch of the main menu turned: the setting `of` flips, and is saved.
fn flip(cx: &mut Context, of: fn(&mut crate::settings::Settings) -> &mut bool) -> Task<Message> {
    let on = of(cx.settings);
    *on = !*on;
    cx.tell(Event::Save);
    Task::none()
}
