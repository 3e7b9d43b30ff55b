//! The applications that open files, in the window: the engine's [`Apps`], loaded off the
//! UI thread once the type database is there (and again after "Always use" changed a
//! default); the "Open With" submenu of an entry's menu (`menu`); and the work off the UI
//! thread (`work`):
//! telling the files' types, planning which application opens what, and handing each
//! launch to the launcher helper.

pub mod menu;
pub mod work;

use std::sync::Arc;

use porpoise_engine::apps::{App as Application, Apps, Env};
use porpoise_engine::error::IoError;

pub use menu::{OpenWithMenu, OpenWithMsg};
pub use work::{AppsEffect, OpenFailure, Opened};

/// The applications' messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum AppsMsg {
    /// Every application and association, read.
    Loaded(Arc<Apps>),
    /// The "Open With" submenu's applications for the files it was asked for (`ticket`),
    /// and their types.
    Choices {
        ticket: u64,
        choices: Vec<AppChoice>,
        mimes: Vec<String>,
    },
    /// Files were handed to their applications (or not).
    Opened(Opened),
    /// "Always use" was written to `mimeapps.list` for the application of this name, or
    /// not.
    DefaultSet {
        app: String,
        result: Result<(), Arc<IoError>>,
    },
}

/// An application as a menu or the chooser offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppChoice {
    /// Its desktop file ID.
    pub id: String,
    pub name: String,
    /// What kind of program it is ("Text Editor"), when its entry says.
    pub generic: Option<String>,
}

impl AppChoice {
    pub fn of(app: &Application) -> AppChoice {
        AppChoice {
            id: app.id.clone(),
            name: app.name.clone(),
            generic: app.generic_name.clone(),
        }
    }
}

/// What the window keeps of the applications.
#[derive(Debug, Default)]
pub struct AppsState {
    /// Where applications and associations are (the environment's, read once at start).
    pub env: Env,
    /// Every application, once loaded.
    pub apps: Option<Arc<Apps>>,
}

impl AppsState {
    pub fn new(env: Env) -> AppsState {
        AppsState {
            env,
            ..AppsState::default()
        }
    }
}
