//! "New File" reaches the app here: the templates read at start and when its submenu
//! shows, Ctrl+Alt+N and the submenu's entries opening the name entry (the template's
//! name, its stem selected, so the extension stays), and the made file recorded for undo.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::keyboard::Key;

use porpoise_engine::jobs::unused_name;

use super::App;
use crate::actions::names::stem_chars;
use crate::actions::{ActionEffect, NameEntry, NameKind};
use crate::effects::Effect;
use crate::i18n::fl;
use crate::message::KeyPress;
use crate::new_file::{NewFileEffect, NewFileMsg};
use crate::pane::Mode;
use crate::places::UserHome;
use crate::undo::UndoStep;

impl App {
    /// Read the templates (off the UI thread) from `home`'s templates folder.
    pub(super) fn start_new_file(&mut self, home: &UserHome) -> Vec<Effect> {
        self.new_file.find = Some(NewFileEffect::Find {
            config_home: home.apps.config_home.clone(),
            home: home.folder.clone(),
        });
        self.find_templates()
    }

    fn find_templates(&self) -> Vec<Effect> {
        self.new_file
            .find
            .clone()
            .map(Effect::NewFile)
            .into_iter()
            .collect()
    }

    pub fn new_file_state(&self) -> &crate::new_file::NewFileState {
        &self.new_file
    }

    pub(super) fn on_new_file_message(&mut self, m: NewFileMsg) -> Vec<Effect> {
        match m {
            NewFileMsg::Found(t) => {
                self.new_file.templates = t;
                Vec::new()
            }
            NewFileMsg::ShowMenu => {
                if self.pane.menu().is_none() {
                    return Vec::new();
                }
                self.new_file.open = Some(Vec::new());
                self.find_templates()
            }
            NewFileMsg::OpenFolder { level, index } => {
                if let Some(open) = &mut self.new_file.open {
                    open.truncate(level);
                    open.push(index);
                }
                Vec::new()
            }
            NewFileMsg::Pick(template) => {
                self.new_file.open = None;
                self.pane.close_menus();
                self.name_new_file(template)
            }
            NewFileMsg::Created(Ok(made)) => {
                self.end_naming();
                if let Some(name) = made.path.file_name() {
                    self.pane.selection.select_only(name.as_bytes());
                }
                let step = UndoStep::CreatedFile {
                    path: made.path,
                    stamp: made.stamp,
                    template: made.template,
                };
                tracing::info!(?step, "done");
                self.push_undo(step);
                Vec::new()
            }
            NewFileMsg::Created(Err(e)) => {
                if let Some(n) = self.pane.naming_mut() {
                    n.busy = false;
                }
                self.status_error = Some(crate::actions::effect::describe(&e));
                Vec::new()
            }
        }
    }

    /// Open the name entry for a new file: "New File" for an empty one, else the
    /// template's name, made free with "(n)", its stem selected.
    pub(super) fn name_new_file(&mut self, template: Option<PathBuf>) -> Vec<Effect> {
        if self.pane.trash.is_some() {
            return Vec::new();
        }
        let base = match template.as_ref().and_then(|t| t.file_name()) {
            Some(n) => n.to_owned(),
            None => OsStr::new(&fl!("new-file-name")).to_owned(),
        };
        let text = unused_name(&base, |n| self.pane.lister.position(n.as_bytes()).is_some())
            .to_string_lossy()
            .into_owned();
        let select = stem_chars(&text);
        self.pane.set_mode(Mode::Naming(NameEntry {
            kind: NameKind::NewFile(template),
            text,
            busy: false,
        }));
        vec![Effect::Action(ActionEffect::FocusName { select })]
    }

    /// Ctrl+Alt+N: a new empty file. `None` leaves the key to the rest of the app.
    pub(super) fn new_file_key(&mut self, k: &KeyPress) -> Option<Vec<Effect>> {
        let m = k.modifiers;
        if k.captured || self.pane.naming().is_some() || self.pane.location().is_some() {
            return None;
        }
        match k.key.as_ref() {
            Key::Character(c)
                if m.control() && m.alt() && !m.shift() && c.eq_ignore_ascii_case("n") =>
            {
                Some(self.name_new_file(None))
            }
            _ => None,
        }
    }
}
