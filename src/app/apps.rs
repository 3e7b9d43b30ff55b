//! The applications in the app: reading them (once the type database is there, and again
//! after "Always use" changed a default), opening files with them (what the browser and
//! the chooser ask), the "Open With" submenu's question, and what opening said: a failure
//! to the status bar, files without an application to the chooser.

use crate::message::Message;
use iced::Task;
use std::path::PathBuf;

use super::App;
use crate::apps::OpenWithMsg;
use crate::apps::work::Loaded;
use crate::apps::{AppChoice, AppsEffect, AppsMsg, Opened};
use crate::i18n::fl;

impl App {
    pub(super) fn on_apps_message(&mut self, m: AppsMsg) -> Task<Message> {
        match m {
            AppsMsg::Loaded(apps) => {
                self.chooser_gets(&apps);
                self.apps.apps = Some(apps);
                Task::none()
            }
            AppsMsg::Choices {
                ticket,
                choices,
                mimes,
            } => self.on_browser_message(crate::screen::browser::Message::OpenWith(
                OpenWithMsg::Choices {
                    ticket,
                    choices,
                    mimes,
                },
            )),
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
                    Task::none()
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

    /// The desktop's terminal in `folder`.
    pub(super) fn open_terminal(&self, folder: PathBuf) -> Task<Message> {
        AppsEffect::Terminal {
            env: self.apps.env.clone(),
            folder,
        }
        .into_task()
        .map(Message::Apps)
    }

    /// "Open in New Window": this program again, with a window of its own at `folder`.
    pub(super) fn open_new_window(&self, folder: PathBuf) -> Task<Message> {
        AppsEffect::NewWindow { folder }
            .into_task()
            .map(Message::Apps)
    }

    /// Read the applications (again), once the type database is there.
    pub(super) fn reload_apps(&self) -> Task<Message> {
        match self.types.db() {
            Some(db) => AppsEffect::Load {
                env: self.apps.env.clone(),
                db: db.clone(),
            }
            .into_task()
            .map(Message::Apps),
            None => Task::none(),
        }
    }

    /// Open `files`, each with its default application, or all `with` one.
    pub(super) fn open_files(
        &mut self,
        files: Vec<PathBuf>,
        with: Option<String>,
    ) -> Task<Message> {
        if files.is_empty() {
            return Task::none();
        }
        AppsEffect::Open {
            files,
            with,
            cx: self.loaded(),
        }
        .into_task()
        .map(Message::Apps)
    }

    /// Ask which applications the "Open With" submenu (question `ticket`) offers for
    /// `files`.
    pub(super) fn ask_open_with(&self, ticket: u64, files: Vec<PathBuf>) -> Task<Message> {
        AppsEffect::Choices {
            ticket,
            files,
            cx: self.loaded(),
        }
        .into_task()
        .map(Message::Apps)
    }

    /// Open `files` with the application chosen in the chooser, and make it the default
    /// for `default_for` when "Always use" was ticked.
    pub(super) fn open_with_chosen(
        &mut self,
        files: Vec<PathBuf>,
        app: AppChoice,
        default_for: Option<String>,
    ) -> Task<Message> {
        let mut tasks = Vec::new();
        if let Some(mime) = default_for {
            tasks.push(
                AppsEffect::SetDefault {
                    env: self.apps.env.clone(),
                    mime,
                    app: app.clone(),
                }
                .into_task()
                .map(Message::Apps),
            );
        }
        tasks.push(self.open_files(files, Some(app.id)));
        crate::tasks::batch(tasks)
    }

    /// What opening said: the first failure in the status bar (all of them in the log),
    /// and the chooser for the files no application opens.
    fn opened(&mut self, o: Opened) -> Task<Message> {
        if let Some(failure) = o.failures.first() {
            self.status.error(crate::failures::open(failure));
        }
        if o.unopened.is_empty() {
            return Task::none();
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
}
