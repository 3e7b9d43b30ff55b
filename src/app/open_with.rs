//! Opening files in the app: Enter and a double-click open a file with its default
//! application (with the rest of the selection's files when it is selected); the "Open
//! With" submenu of a file's menu; the chooser ("Other Application…", and for files no
//! application opens) with its keys; and what opening said: a failure to the status bar,
//! files without an application to the chooser.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::apps::work::Loaded;
use crate::apps::{AppChoice, AppsEffect, AppsMsg, OpenWithMenu, Opened};
use crate::effects::Effect;
use crate::i18n::fl;
use crate::message::KeyPress;

impl App {
    pub(super) fn on_apps_message(&mut self, m: AppsMsg) -> Vec<Effect> {
        match m {
            AppsMsg::Loaded(apps) => {
                self.chooser_gets(&apps);
                self.apps.apps = Some(apps);
                Vec::new()
            }
            AppsMsg::Choices {
                ticket,
                choices,
                mimes,
            } => {
                let asked = self.pane.menu_mut().and_then(|m| m.open_with.as_mut());
                if let Some(sub) = asked.filter(|s| s.ticket == ticket) {
                    sub.told(choices, mimes);
                }
                Vec::new()
            }
            AppsMsg::OpenWith(id) => match self.take_open_with() {
                Some(sub) => self.open_files(sub.files, Some(id)),
                None => Vec::new(),
            },
            AppsMsg::Other => match self.take_open_with() {
                Some(sub) => {
                    let mimes = sub.mimes().to_vec();
                    self.open_chooser(sub.files, mimes)
                }
                None => Vec::new(),
            },
            AppsMsg::Opened(o) => self.opened(o),
            AppsMsg::DefaultSet { app, result } => match result {
                // Read again: Enter opens with the new default from now on.
                Ok(()) => self.reload_apps(),
                Err(e) => {
                    tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                    self.status.error(fl!(
                        "status-default-failed",
                        app = app,
                        error = crate::failures::why(&e)
                    ));
                    Vec::new()
                }
            },
        }
    }

    /// What the work needs of what is loaded.
    fn loaded(&self) -> Loaded {
        Loaded {
            env: self.apps.env.clone(),
            db: self.types.db().cloned(),
            apps: self.apps.apps.clone(),
        }
    }

    /// F4 and "Open Terminal Here": the desktop's terminal in the folder `entry` of the
    /// shown folder, or in the shown folder itself (not in the Trash view).
    pub(super) fn open_terminal(&self, entry: Option<Vec<u8>>) -> Vec<Effect> {
        if self.pane.trash.is_some() {
            return Vec::new();
        }
        let shown = self.pane.path();
        let folder = match entry {
            Some(name) => shown.join(OsStr::from_bytes(&name)),
            None => shown.to_owned(),
        };
        vec![Effect::Apps(AppsEffect::Terminal {
            env: self.apps.env.clone(),
            folder,
        })]
    }

    /// Read the applications (again), once the type database is there.
    pub(super) fn reload_apps(&self) -> Vec<Effect> {
        match self.types.db() {
            Some(db) => vec![Effect::Apps(AppsEffect::Load {
                env: self.apps.env.clone(),
                db: db.clone(),
            })],
            None => Vec::new(),
        }
    }

    /// Open `files`, each with its default application, or all `with` one.
    pub(super) fn open_files(&mut self, files: Vec<PathBuf>, with: Option<String>) -> Vec<Effect> {
        if files.is_empty() {
            return Vec::new();
        }
        vec![Effect::Apps(AppsEffect::Open {
            files,
            with,
            cx: self.loaded(),
        })]
    }

    /// The entry `name` of the pane with the keyboard is a file (not a folder or a link
    /// to one).
    pub(super) fn is_file_entry(&self, name: &[u8]) -> bool {
        let lister = &self.pane.lister;
        lister
            .position(name)
            .and_then(|i| lister.get(i))
            .is_some_and(|(e, _)| !e.is_dir_like())
    }

    /// Open the file `name` with its default application; when it is selected, the
    /// selection's other files go with it (in the view's order; folders stay closed), so
    /// files one application opens reach it in one launch.
    pub(super) fn open_entry(&mut self, name: &[u8]) -> Vec<Effect> {
        let dir = self.pane.path().to_owned();
        let mut files = vec![dir.join(OsStr::from_bytes(name))];
        if self.pane.selection.is_selected(name) {
            let selection = &self.pane.selection;
            files.extend(
                self.pane
                    .lister
                    .iter()
                    .filter(|(e, n)| *n != name && !e.is_dir_like() && selection.is_selected(n))
                    .map(|(_, n)| dir.join(OsStr::from_bytes(n))),
            );
        }
        self.open_files(files, None)
    }

    /// "Open With" in a file's menu: ask for its applications (the submenu shows when
    /// they come), once per menu; opened `by_key`, the arrows start on its first entry.
    pub(super) fn ask_open_with(&mut self, by_key: bool) -> Vec<Effect> {
        let Some(menu) = self.pane.menu_mut() else {
            return Vec::new();
        };
        if let Some(sub) = &mut menu.open_with {
            // Asked already (the pointer came onto it first): the keys now go into it.
            if by_key {
                sub.by_key = true;
                if sub.shown() && sub.highlighted.is_none() {
                    sub.highlighted = Some(0);
                }
            }
            return Vec::new();
        }
        let Some(target) = menu.target.clone() else {
            return Vec::new();
        };
        let first = self.pane.path().join(OsStr::from_bytes(&target));
        let mut files = vec![first.clone()];
        files.extend(self.selected_paths().into_iter().filter(|p| *p != first));
        let ticket = self.apps.next_ticket();
        let cx = self.loaded();
        let Some(menu) = self.pane.menu_mut() else {
            return Vec::new();
        };
        menu.open_with = Some(OpenWithMenu::asking(ticket, files.clone(), by_key));
        vec![Effect::Apps(AppsEffect::Choices { ticket, files, cx })]
    }

    /// Close the menu and hand over its submenu, if it was shown.
    fn take_open_with(&mut self) -> Option<OpenWithMenu> {
        self.pane
            .take_menu()
            .and_then(|m| m.open_with)
            .filter(|s| s.shown())
    }

    /// Open `files` with the application chosen in the chooser, and make it the default
    /// for `default_for` when "Always use" was ticked.
    pub(super) fn open_with_chosen(
        &mut self,
        files: Vec<PathBuf>,
        app: AppChoice,
        default_for: Option<String>,
    ) -> Vec<Effect> {
        let mut effects = Vec::new();
        if let Some(mime) = default_for {
            effects.push(Effect::Apps(AppsEffect::SetDefault {
                env: self.apps.env.clone(),
                mime,
                app: app.clone(),
            }));
        }
        effects.extend(self.open_files(files, Some(app.id)));
        effects
    }

    /// What opening said: the first failure in the status bar (all of them in the log),
    /// and the chooser for the files no application opens.
    fn opened(&mut self, o: Opened) -> Vec<Effect> {
        if let Some(failure) = o.failures.first() {
            self.status.error(crate::failures::open(failure));
        }
        if o.unopened.is_empty() {
            return Vec::new();
        }
        let mut mimes: Vec<String> = Vec::new();
        let mut files = Vec::new();
        for (file, mime) in o.unopened {
            if !mimes.contains(&mime) {
                mimes.push(mime);
            }
            files.push(file);
        }
        self.open_chooser(files, mimes)
    }

    /// A key while an entry's menu shows its "Open With" submenu: the arrows move in it,
    /// Left closes it, Enter, Space or Right picks; `None` when no submenu is shown.
    pub(super) fn open_with_key(&mut self, k: &KeyPress) -> Option<Vec<Effect>> {
        let sub = self
            .pane
            .menu_mut()
            .and_then(|m| m.open_with.as_mut())
            .filter(|s| s.shown())?;
        let pick = match k.key.as_ref() {
            Key::Named(Named::ArrowDown) => {
                sub.step(true);
                return Some(Vec::new());
            }
            Key::Named(Named::ArrowUp) => {
                sub.step(false);
                return Some(Vec::new());
            }
            Key::Named(Named::ArrowLeft | Named::Escape) => {
                self.close_open_with();
                return Some(Vec::new());
            }
            Key::Named(Named::Enter | Named::Space | Named::ArrowRight) => sub
                .at_highlight()
                .map(|a| a.map(|a: &AppChoice| a.id.clone())),
            _ => return Some(Vec::new()),
        };
        Some(match pick {
            Some(Some(id)) => self.on_apps_message(AppsMsg::OpenWith(id)),
            Some(None) => self.on_apps_message(AppsMsg::Other),
            None => Vec::new(),
        })
    }

    /// Close the "Open With" submenu, keeping the menu.
    fn close_open_with(&mut self) {
        if let Some(m) = self.pane.menu_mut() {
            m.open_with = None;
        }
    }
}
