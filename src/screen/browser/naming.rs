//! New folder (F10) and rename in place (F2): the name entry, its check, the create or
//! rename off the UI thread, and what is selected after.

use iced::Task;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use porpoise_engine::jobs::unused_name;

use super::menus::act;
use super::pane::Mode;
use super::pane::tree::{child_key, split_key};
use super::templates;
use super::{Browser, Context, Event, Message};
use crate::actions::names::{NameOpError, check_name, stem_chars};
use crate::actions::work::{describe, describe_name_error};
use crate::actions::{NameEntry, NameKind, work};
use crate::i18n::fl;
use crate::undo::UndoStep;

impl Browser {
    /// Open the name entry for a new folder, with a free "New Folder (n)" selected.
    pub(super) fn new_folder(&mut self) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        let text = unused_name(OsStr::new(&fl!("new-folder-name")), |n| {
            self.pane.lister().position(n.as_bytes()).is_some()
        })
        .to_string_lossy()
        .into_owned();
        let select = text.chars().count();
        self.pane.set_mode(Mode::Naming(NameEntry {
            kind: NameKind::NewFolder,
            text,
            busy: false,
        }));
        work::focus_name(select)
    }

    /// Turn an entry's name into a text input, its stem selected.
    pub(super) fn start_rename(
        &mut self,
        name: Vec<u8>,
        s: &crate::settings::Settings,
    ) -> Task<Message> {
        if self.pane.in_trash() || self.pane.rows().position(&name).is_none() {
            return Task::none();
        }
        // A row inside an opened folder is renamed in its own folder.
        let text = String::from_utf8_lossy(split_key(&name).1).into_owned();
        let select = stem_chars(&text);
        self.pane.selection_mut().select_only(&name);
        self.pane.set_mode(Mode::Naming(NameEntry {
            kind: NameKind::Rename(name),
            text,
            busy: false,
        }));
        // The entry must be on screen (rows are virtualised) before it can take the focus.
        self.reveal_cursor(s).chain(work::focus_name(select))
    }

    /// Enter in the name entry: check the name, then create or rename off the UI thread.
    pub(super) fn submit_name(&mut self, cx: &mut Context) -> Task<Message> {
        let parent = self.path().to_owned();
        let Some(entry) = self.pane.naming_mut().filter(|n| !n.busy) else {
            return Task::none();
        };
        // A name the entry shows with stand-ins for bytes that are not UTF-8, left as it
        // was: nothing to do (its bytes are not what the entry shows).
        if let NameKind::Rename(from) = &entry.kind
            && entry.text == String::from_utf8_lossy(split_key(from).1)
        {
            self.pane.end_mode();
            return Task::none();
        }
        let name = match check_name(&entry.text) {
            Ok(n) => n,
            Err(e) => {
                cx.tell(Event::Error(describe_name_error(e)));
                return Task::none();
            }
        };
        let task = match &entry.kind {
            NameKind::NewFolder => act(work::create_folder(parent, name)),
            NameKind::NewFile(template) => {
                templates::make(parent, name, template.clone()).map(Message::NewFile)
            }
            NameKind::Rename(key) => {
                let (of, from) = split_key(key);
                let parent = parent.join(OsStr::from_bytes(of));
                act(work::rename(parent, from.to_vec(), name))
            }
        };
        entry.busy = true;
        cx.tell(Event::ClearError);
        task
    }

    pub(super) fn created(
        &mut self,
        r: Result<Vec<u8>, NameOpError>,
        cx: &mut Context,
    ) -> Task<Message> {
        match r {
            Ok(name) => {
                self.end_naming();
                self.pane.selection_mut().select_only(&name);
                let path = self.path().join(OsStr::from_bytes(&name));
                done(cx, UndoStep::CreatedFolder(path))
            }
            Err(e) => self.name_failed(e, cx),
        }
    }

    pub(super) fn renamed(
        &mut self,
        r: Result<(Vec<u8>, Vec<u8>), NameOpError>,
        cx: &mut Context,
    ) -> Task<Message> {
        match r {
            Ok((from, to)) => {
                // The folder the renamed row is in (an opened one, or the pane's).
                let of = match self.pane.naming().map(|n| &n.kind) {
                    Some(NameKind::Rename(key)) => split_key(key).0.to_vec(),
                    _ => Vec::new(),
                };
                self.end_naming();
                self.pane.selection_mut().select_only(&child_key(&of, &to));
                let dir = &self.path().join(OsStr::from_bytes(&of));
                let step = UndoStep::Renamed {
                    from: dir.join(OsStr::from_bytes(&from)),
                    to: dir.join(OsStr::from_bytes(&to)),
                };
                done(cx, step)
            }
            Err(e) => self.name_failed(e, cx),
        }
    }

    /// The entry stays open so the name can be fixed; the reason shows in the status bar.
    pub(super) fn name_failed(&mut self, e: NameOpError, cx: &mut Context) -> Task<Message> {
        if let Some(n) = self.pane.naming_mut() {
            n.busy = false;
        }
        cx.tell(Event::Error(describe(&e)));
        Task::none()
    }

    /// The name entry closes (its create or rename is done).
    pub(super) fn end_naming(&mut self) {
        self.pane.end_mode_if(|m| matches!(m, Mode::Naming(_)));
    }
}

/// A change finished: Ctrl+Z can take it back.
pub(super) fn done(cx: &mut Context, step: UndoStep) -> Task<Message> {
    tracing::info!(?step, "done");
    cx.tell(Event::Done(step));
    Task::none()
}
