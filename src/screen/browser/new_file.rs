//! "New File" reaches the app here: the templates read at start and when its submenu
//! shows, Ctrl+Alt+N and the submenu's entries opening the name entry (the template's
//! name, its stem selected, so the extension stays), and the made file recorded for undo.

use iced::Task;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use porpoise_engine::jobs::unused_name;
use porpoise_engine::templates::TemplateKind;

use super::pane::Mode;
use super::templates::{self, NewFileMsg, TemplatesAt};
use super::{Browser, Context, Message};
use crate::actions::names::stem_chars;
use crate::actions::{MenuItem, NameEntry, NameKind, work};
use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::places::UserHome;
use crate::undo::UndoStep;

impl Browser {
    /// Read the templates (off the UI thread) from `home`'s templates folder.
    pub fn start_new_file(&mut self, home: &UserHome) -> Task<Message> {
        self.new_file.find = Some(TemplatesAt {
            config_home: home.apps.config_home.clone(),
            home: home.folder.clone(),
        });
        self.find_templates()
    }

    fn find_templates(&self) -> Task<Message> {
        match self.new_file.find.clone() {
            Some(at) => templates::find(at).map(Message::NewFile),
            None => Task::none(),
        }
    }

    pub(super) fn on_new_file_message(&mut self, m: NewFileMsg, cx: &mut Context) -> Task<Message> {
        match m {
            NewFileMsg::Found(t) => {
                self.new_file.templates = t;
                Task::none()
            }
            NewFileMsg::ShowMenu => {
                if self.pane.menu().is_none() {
                    return Task::none();
                }
                self.new_file.open = Some(Vec::new());
                self.new_file.highlighted = None;
                self.find_templates()
            }
            NewFileMsg::OpenFolder { level, index } => {
                if let Some(open) = &mut self.new_file.open {
                    open.truncate(level);
                    open.push(index);
                }
                self.new_file.highlighted = None;
                Task::none()
            }
            NewFileMsg::Pick(template) => {
                self.new_file.open = None;
                self.new_file.highlighted = None;
                self.pane.close_menus();
                self.name_new_file(template)
            }
            NewFileMsg::Created(Ok(made)) => {
                self.end_naming();
                if let Some(name) = made.path.file_name() {
                    self.pane.selection_mut().select_only(name.as_bytes());
                }
                let step = UndoStep::CreatedFile {
                    path: made.path,
                    stamp: made.stamp,
                    template: made.template,
                };
                super::naming::done(cx, step)
            }
            NewFileMsg::Created(Err(e)) => self.name_failed(e, cx),
        }
    }

    /// In the folder's menu, Right on "New File" opens its submenu, where the arrows
    /// move, Right opens a folder, Left or Escape closes a level and Enter picks. `None`
    /// leaves the key to the menu.
    pub(super) fn new_file_menu_key(
        &mut self,
        k: &KeyPress,
        cx: &mut Context,
    ) -> Option<Task<Message>> {
        let menu = self
            .pane
            .menu()
            .filter(|m| m.items.contains(&MenuItem::NewFile))?;
        let on_new_file =
            menu.highlighted.and_then(|i| menu.items.get(i)) == Some(&MenuItem::NewFile);
        let Key::Named(key) = k.key.as_ref() else {
            return None;
        };
        let state = &mut self.new_file;
        let Some(h) = state.highlighted.filter(|_| state.open.is_some()) else {
            if on_new_file && key == Named::ArrowRight {
                state.open = Some(Vec::new());
                state.highlighted = Some(0);
                return Some(self.find_templates());
            }
            return None;
        };
        let level = state.open.as_ref().map_or(0, Vec::len);
        let count = state.shown_count(level).max(1);
        let offset = usize::from(level == 0);
        // The template at the highlight, if it is one (not "Empty File").
        let template = h.checked_sub(offset).and_then(|i| {
            state
                .level(level)
                .and_then(|t| t.get(i))
                .map(|t| (i, t.clone()))
        });
        match key {
            Named::ArrowDown => state.highlighted = Some((h + 1) % count),
            Named::ArrowUp => state.highlighted = Some((h + count - 1) % count),
            Named::ArrowLeft | Named::Escape => match state.open.as_mut().and_then(Vec::pop) {
                Some(i) => state.highlighted = Some(i + usize::from(level == 1)),
                None => {
                    state.open = None;
                    state.highlighted = None;
                }
            },
            Named::ArrowRight | Named::Enter | Named::Space => match template {
                Some((i, t)) if matches!(t.kind, TemplateKind::Folder(_)) => {
                    if let Some(open) = state.open.as_mut() {
                        open.push(i);
                    }
                    state.highlighted = Some(0);
                }
                Some((_, t)) if key != Named::ArrowRight => {
                    return Some(self.on_new_file_message(NewFileMsg::Pick(Some(t.path)), cx));
                }
                None if key != Named::ArrowRight => {
                    return Some(self.on_new_file_message(NewFileMsg::Pick(None), cx));
                }
                _ => {}
            },
            _ => return None,
        }
        Some(Task::none())
    }

    /// Open the name entry for a new file: "New File" for an empty one, else the
    /// template's name, made free with "(n)", its stem selected.
    pub(super) fn name_new_file(&mut self, template: Option<PathBuf>) -> Task<Message> {
        if self.pane.in_trash() {
            return Task::none();
        }
        let base = match template.as_ref().and_then(|t| t.file_name()) {
            Some(n) => n.to_owned(),
            None => OsStr::new(&fl!("new-file-name")).to_owned(),
        };
        let text = unused_name(&base, |n| {
            self.pane.lister().position(n.as_bytes()).is_some()
        })
        .to_string_lossy()
        .into_owned();
        let select = stem_chars(&text);
        self.pane.set_mode(Mode::Naming(NameEntry {
            kind: NameKind::NewFile(template),
            text,
            busy: false,
        }));
        work::focus_name(select)
    }
}
