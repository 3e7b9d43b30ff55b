//! The applications that open files, as the desktop's other programs find them: desktop
//! entries (`entry`), the association files of the XDG MIME Applications spec
//! (`mimeapps`: defaults, added and removed associations, `mimeinfo.cache`), all read
//! once (`load`) and looked up for a type and the types it is a kind of (`lookup`); a new
//! default written (`default`); the command lines that open files with one (`exec`, with
//! `terminal` for `Terminal=true`), and starting them detached (`launch`). Where all this
//! is comes in as a value ([`Env`]), read from the environment by the binaries alone.
//!
//! Loading reads every entry: do it off the UI thread, keep the [`Apps`] and load again
//! when a default changed.

mod default;
mod entry;
mod env;
mod exec;
mod launch;
mod load;
mod lookup;
mod mimeapps;
mod terminal;

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;

pub use default::set_default;
pub use env::Env;
pub use launch::{Launch, LaunchError, spawn};
pub use terminal::terminal_in;

use crate::error::{IoError, Op};
use crate::mime::MimeDb;
pub(crate) use exec::Exec;
use exec::Fields;
use mimeapps::List;

/// An application that can open files: what its desktop entry says, in the reader's
/// language.
#[derive(Debug, Clone)]
pub struct App {
    /// The desktop file ID (`org.gnome.TextEditor.desktop`), as association files name it.
    pub id: String,
    /// `Name`.
    pub name: String,
    /// `GenericName` ("Text Editor").
    pub generic_name: Option<String>,
    /// `Comment`.
    pub comment: Option<String>,
    /// `Icon`: a name in the icon theme, or an absolute path.
    pub icon: Option<String>,
    /// It opens several files in one run (`%F`, `%U`); else one run per file.
    pub takes_list: bool,
    /// It runs in a terminal (`Terminal=true`).
    pub terminal: bool,
    /// It asks to stay out of menus (`NoDisplay=true`); it still opens its types.
    pub no_display: bool,
    /// `OnlyShowIn`/`NotShowIn` let it show on this desktop.
    pub shown: bool,
    /// The types its entry lists (`MimeType`).
    pub mime_types: Vec<String>,
    /// Its desktop entry file.
    pub file: PathBuf,
    /// `Path`: the folder it runs in.
    dir: Option<PathBuf>,
    exec: Exec,
    /// The lookup level of the folder its entry is in.
    level: usize,
}

/// Every application of this desktop and the associations of types with them, loaded
/// once ([`Apps::load`]).
#[derive(Debug)]
pub struct Apps {
    /// The usable applications, one per desktop file ID.
    apps: Vec<App>,
    by_id: HashMap<String, usize>,
    /// The association folders, most important first: `$XDG_CONFIG_HOME`, each of
    /// `$XDG_CONFIG_DIRS`, then each `applications/` folder.
    levels: Vec<Level>,
    /// What a `Terminal=true` command line is put after; `None`: no terminal installed.
    terminal: Option<Vec<OsString>>,
}

/// One folder of the lookup.
#[derive(Debug, Default)]
struct Level {
    /// Its association lists: the desktop's own ones (in `XDG_CURRENT_DESKTOP`'s order),
    /// then `mimeapps.list`.
    lists: Vec<List>,
    /// For an `applications/` folder: each type with the IDs of the entries there that
    /// support it.
    declared: HashMap<String, Vec<String>>,
}

/// Why files could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// No application opens files of this type (nor of any type it is a kind of).
    #[error("no application opens {} ({mime})", path.display())]
    NoApplication { path: PathBuf, mime: String },
    /// The application runs in a terminal and none is installed.
    #[error("no terminal is installed to run {app} in")]
    NoTerminal { app: String, files: Vec<PathBuf> },
    /// A file's absolute path could not be made (the current folder is gone).
    #[error(transparent)]
    File(#[from] IoError),
}

impl Apps {
    /// The application of desktop file ID `id` (`.desktop` may be left off).
    pub fn get(&self, id: &str) -> Option<&App> {
        let i = self
            .by_id
            .get(id)
            .or_else(|| self.by_id.get(&format!("{id}.desktop")))?;
        Some(&self.apps[*i])
    }

    /// Every application to offer in a chooser ("Other application…"): those shown on
    /// this desktop and not kept out of menus, by name.
    pub fn all(&self) -> Vec<&App> {
        let mut all: Vec<&App> = self
            .apps
            .iter()
            .filter(|a| a.shown && !a.no_display)
            .collect();
        all.sort_by_cached_key(|a| (a.name.to_lowercase(), a.id.clone()));
        all
    }

    /// The command lines that open `files` with `app`: one when it takes a list, else one
    /// per file (one without files for none), each after the terminal when it runs in one.
    /// Relative paths are made absolute against the current folder.
    pub fn commands(&self, app: &App, files: &[PathBuf]) -> Result<Vec<Launch>, OpenError> {
        let files = files
            .iter()
            .map(|f| std::path::absolute(f).map_err(|e| IoError::new(Op::Stat, f, e)))
            .collect::<Result<Vec<_>, _>>()?;
        let prefix: &[OsString] = if app.terminal {
            self.terminal
                .as_deref()
                .ok_or_else(|| OpenError::NoTerminal {
                    app: app.id.clone(),
                    files: files.clone(),
                })?
        } else {
            &[]
        };
        let fields = Fields {
            name: &app.name,
            icon: app.icon.as_deref(),
            file: &app.file,
        };
        let lines = app.exec.expand(&files, &fields);
        // One line for all the files, or one per file, in their order.
        let opened: Vec<Vec<PathBuf>> = if lines.len() == 1 {
            vec![files]
        } else {
            files.into_iter().map(|f| vec![f]).collect()
        };
        Ok(lines
            .into_iter()
            .zip(opened)
            .map(|(line, files)| Launch {
                app: app.id.clone(),
                argv: prefix.iter().cloned().chain(line).collect(),
                dir: app.dir.clone(),
                files,
            })
            .collect())
    }

    /// What opening `files` (each with its type) with their default applications takes:
    /// files whose default is the same application go to it together when it takes a
    /// list, in the order given; a file no application opens is an error of its own.
    pub fn open_plan(
        &self,
        db: &MimeDb,
        files: &[(PathBuf, String)],
    ) -> Vec<Result<Launch, OpenError>> {
        let mut groups: Vec<(&App, Vec<PathBuf>)> = Vec::new();
        let mut plan = Vec::new();
        for (path, mime) in files {
            match self.default_for(db, mime) {
                Some(app) => match groups.iter_mut().find(|(a, _)| a.id == app.id) {
                    Some((_, paths)) => paths.push(path.clone()),
                    None => groups.push((app, vec![path.clone()])),
                },
                None => plan.push(Err(OpenError::NoApplication {
                    path: path.clone(),
                    mime: mime.clone(),
                })),
            }
        }
        for (app, paths) in groups {
            match self.commands(app, &paths) {
                Ok(launches) => plan.extend(launches.into_iter().map(Ok)),
                Err(e) => plan.push(Err(e)),
            }
        }
        plan
    }
}
