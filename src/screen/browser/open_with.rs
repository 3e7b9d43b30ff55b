//! Opening files from the browser: Enter and a double-click open a file with its default
//! application (with the rest of the selection's files when it is selected); the "Open
//! With" submenu of a file's menu, with its keys; F4 and "Open Terminal Here". The window
//! knows the applications and does the opening.

use iced::Task;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::{Browser, Context, Event, Message};
use crate::apps::{AppChoice, OpenWithMenu, OpenWithMsg};
use crate::key_press::KeyPress;

impl Browser {
    pub(super) fn on_open_with_message(
        &mut self,
        m: OpenWithMsg,
        cx: &mut Context,
    ) -> Task<Message> {
        match m {
            OpenWithMsg::Choices {
                ticket,
                choices,
                mimes,
            } => {
                let asked = self.pane.menu_mut().and_then(|m| m.open_with.as_mut());
                if let Some(sub) = asked.filter(|s| s.ticket == ticket) {
                    sub.told(choices, mimes);
                }
            }
            OpenWithMsg::OpenWith(id) => {
                if let Some(sub) = self.take_open_with() {
                    cx.tell(Event::Open {
                        files: sub.files,
                        with: Some(id),
                    });
                }
            }
            OpenWithMsg::Other => {
                if let Some(sub) = self.take_open_with() {
                    let mimes = sub.mimes().to_vec();
                    cx.tell(Event::Chooser {
                        files: sub.files,
                        mimes,
                    });
                }
            }
        }
        Task::none()
    }

    /// F4 and "Open Terminal Here": the desktop's terminal in the folder `entry` of the
    /// shown folder, or in the shown folder itself (not in the Trash view).
    pub(super) fn open_terminal(&self, entry: Option<Vec<u8>>, cx: &mut Context) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        let shown = self.pane.path();
        let folder = match entry {
            Some(name) => shown.join(OsStr::from_bytes(&name)),
            None => shown.to_owned(),
        };
        cx.tell(Event::Terminal(folder));
        Task::none()
    }

    /// The entry `name` of the pane with the keyboard is a file (not a folder or a link
    /// to one).
    /// Whether `name` is a file named as an archive that opens as a folder.
    pub(super) fn is_archive_entry(&self, name: &[u8]) -> bool {
        self.is_file_entry(name) && porpoise_engine::archive::browse::is_archive_name(name)
    }

    pub(super) fn is_file_entry(&self, name: &[u8]) -> bool {
        self.pane
            .rows()
            .entry(name)
            .is_some_and(|e| !e.is_dir_like())
    }

    /// Open the file `name` with its default application (a broken link: the window asks
    /// what to do with it); when it is selected, the selection's other files go with it (in the view's order; folders stay closed), so
    /// files one application opens reach it in one launch.
    pub(super) fn open_entry(&mut self, name: &[u8], cx: &mut Context) -> Task<Message> {
        let dir = self.pane.path().to_owned();
        let broken = self
            .pane
            .rows()
            .entry(name)
            .is_some_and(|e| e.is_broken_link());
        if broken {
            // Nothing can open it (its type is only "link"): say why, as Nautilus does.
            cx.tell(Event::BrokenLink(dir.join(OsStr::from_bytes(name))));
            return Task::none();
        }
        let mut files = vec![dir.join(OsStr::from_bytes(name))];
        if self.pane.selection().is_selected(name) {
            let selection = self.pane.selection();
            files.extend(
                self.pane
                    .rows()
                    .iter()
                    .filter(|(e, n)| {
                        n.as_ref() != name && !e.is_dir_like() && selection.is_selected(n)
                    })
                    .map(|(_, n)| dir.join(OsStr::from_bytes(&n))),
            );
        }
        cx.tell(Event::Open { files, with: None });
        Task::none()
    }

    /// "Open With" in a file's menu: ask the window for its applications (the submenu
    /// shows when they come), once per menu; opened `by_key`, the arrows start on its
    /// first entry.
    pub(super) fn ask_open_with(&mut self, by_key: bool, cx: &mut Context) -> Task<Message> {
        let Some(menu) = self.pane.menu_mut() else {
            return Task::none();
        };
        if let Some(sub) = &mut menu.open_with {
            // Asked already (the pointer came onto it first): the keys now go into it.
            if by_key {
                sub.by_key = true;
                if sub.shown() && sub.highlighted.is_none() {
                    sub.highlighted = Some(0);
                }
            }
            return Task::none();
        }
        let Some(target) = menu.target.clone() else {
            return Task::none();
        };
        let first = self.pane.path().join(OsStr::from_bytes(&target));
        let mut files = vec![first.clone()];
        files.extend(self.selected_paths().into_iter().filter(|p| *p != first));
        self.open_with_ticket += 1;
        let ticket = self.open_with_ticket;
        let Some(menu) = self.pane.menu_mut() else {
            return Task::none();
        };
        menu.open_with = Some(OpenWithMenu::asking(ticket, files.clone(), by_key));
        cx.tell(Event::AskOpenWith { ticket, files });
        Task::none()
    }

    /// Close the menu and hand over its submenu, if it was shown.
    fn take_open_with(&mut self) -> Option<OpenWithMenu> {
        self.pane
            .take_menu()
            .and_then(|m| m.open_with)
            .filter(|s| s.shown())
    }

    /// A key while an entry's menu shows its "Open With" submenu: the arrows move in it,
    /// Left closes it, Enter, Space or Right picks; `None` when no submenu is shown.
    pub(super) fn open_with_key(
        &mut self,
        k: &KeyPress,
        cx: &mut Context,
    ) -> Option<Task<Message>> {
        let sub = self
            .pane
            .menu_mut()
            .and_then(|m| m.open_with.as_mut())
            .filter(|s| s.shown())?;
        let pick = match k.key.as_ref() {
            Key::Named(Named::ArrowDown) => {
                sub.step(true);
                return Some(Task::none());
            }
            Key::Named(Named::ArrowUp) => {
                sub.step(false);
                return Some(Task::none());
            }
            Key::Named(Named::ArrowLeft | Named::Escape) => {
                self.close_open_with();
                return Some(Task::none());
            }
            Key::Named(Named::Enter | Named::Space | Named::ArrowRight) => sub
                .at_highlight()
                .map(|a| a.map(|a: &AppChoice| a.id.clone())),
            _ => return Some(Task::none()),
        };
        Some(match pick {
            Some(Some(id)) => self.on_open_with_message(OpenWithMsg::OpenWith(id), cx),
            Some(None) => self.on_open_with_message(OpenWithMsg::Other, cx),
            None => Task::none(),
        })
    }

    /// Close the "Open With" submenu, keeping the menu.
    fn close_open_with(&mut self) {
        if let Some(m) = self.pane.menu_mut() {
            m.open_with = None;
        }
    }
}
