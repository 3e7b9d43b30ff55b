//! The applications' work off the UI thread: reading them, telling files' types and
//! which applications the submenu offers for them, opening files (planned by the engine,
//! each launch handed to the launcher helper), and writing a new default.

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use porpoise_engine::apps::{self, Apps, Env, LaunchError, OpenError};
use porpoise_engine::error::IoError;
use porpoise_engine::mime::MimeDb;

use super::{AppChoice, AppsMsg};

/// Work of the applications, for the app to run.
#[derive(Debug, Clone)]
pub enum AppsEffect {
    /// Read every application, its types known by `db`'s names; ends with
    /// `AppsMsg::Loaded`.
    Load { env: Env, db: Arc<MimeDb> },
    /// Open `files`, each with its default application (`with: None`) or all with the
    /// application of that desktop file ID; ends with `AppsMsg::Opened`.
    Open {
        files: Vec<PathBuf>,
        with: Option<String>,
        cx: Loaded,
    },
    /// The applications the submenu offers for `files` (the first is the entry the menu
    /// is on): those that open all their types, in the order of the first one's type
    /// (its default first); ends with `AppsMsg::Choices`.
    Choices {
        ticket: u64,
        files: Vec<PathBuf>,
        cx: Loaded,
    },
    /// Make `app` the default for `mime` in the user's `mimeapps.list`; ends with
    /// `AppsMsg::DefaultSet`.
    SetDefault {
        env: Env,
        mime: String,
        app: AppChoice,
    },
    /// Open the desktop's terminal in `folder`; ends with `AppsMsg::Opened` (what failed,
    /// if anything).
    Terminal { env: Env, folder: PathBuf },
    /// A window of this program of its own at `folder` ("Open in New Window"); ends
    /// with `AppsMsg::Opened`.
    NewWindow { folder: PathBuf },
}

/// What the work needs of what the window loads: what is not loaded yet is loaded by the
/// work itself (off the UI thread, so an Enter right after the start waits for nothing).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub env: Env,
    pub db: Option<Arc<MimeDb>>,
    pub apps: Option<Arc<Apps>>,
}

impl Loaded {
    fn ready(self) -> (Arc<MimeDb>, Arc<Apps>) {
        let db = self.db.unwrap_or_else(|| Arc::new(MimeDb::load()));
        let apps = self
            .apps
            .unwrap_or_else(|| Arc::new(Apps::load(&self.env, &db)));
        (db, apps)
    }
}

/// How opening files went: what could not be opened, and the files no application opens
/// (with their types), for which the window offers the chooser.
#[derive(Debug, Clone, Default)]
pub struct Opened {
    pub failures: Vec<OpenFailure>,
    pub unopened: Vec<(PathBuf, String)>,
}

/// Why files were not opened (the application by its name).
#[derive(Debug, Clone)]
pub enum OpenFailure {
    /// The program could not be started.
    Start {
        app: String,
        error: Arc<LaunchError>,
    },
    /// It runs in a terminal, and no terminal is installed.
    NoTerminal { app: String },
    /// A terminal was asked for, and none is installed.
    NoTerminalInstalled,
    /// The application asked for is not installed (any more).
    Gone { app: String },
    /// A file could not be read to tell its type, or its path made absolute.
    File(Arc<IoError>),
}

impl AppsEffect {
    /// The task that does the work on the blocking pool.
    pub fn into_task(self) -> Task<AppsMsg> {
        crate::offload::work("an applications worker", move || self.run())
    }

    fn run(self) -> AppsMsg {
        match self {
            AppsEffect::Load { env, db } => AppsMsg::Loaded(Arc::new(Apps::load(&env, &db))),
            AppsEffect::Open { files, with, cx } => {
                let (db, apps) = cx.ready();
                AppsMsg::Opened(open(files, with, &db, &apps))
            }
            AppsEffect::Choices { ticket, files, cx } => {
                let (db, apps) = cx.ready();
                let (choices, mimes) = choices(&files, &db, &apps);
                AppsMsg::Choices {
                    ticket,
                    choices,
                    mimes,
                }
            }
            AppsEffect::SetDefault { env, mime, app } => {
                let result = apps::set_default(&env, &mime, &app.id).map_err(Arc::new);
                AppsMsg::DefaultSet {
                    app: app.name,
                    result,
                }
            }
            AppsEffect::Terminal { env, folder } => AppsMsg::Opened(terminal(&env, &folder)),
            AppsEffect::NewWindow { folder } => AppsMsg::Opened(new_window(folder)),
        }
    }
}

/// The types of `files`, each once, in their order (a file that cannot be read is left
/// out).
fn types(files: &[PathBuf], db: &MimeDb) -> Vec<String> {
    let mut mimes: Vec<String> = Vec::new();
    for f in files {
        match db.of_path(f) {
            Ok(m) if !mimes.contains(&m) => mimes.push(m),
            Ok(_) => {}
            Err(e) => tracing::info!("{}", porpoise_engine::error::chain(&e)),
        }
    }
    mimes
}

/// The applications that open every type of `files`, in the order of the first file's
/// type; and the types.
fn choices(files: &[PathBuf], db: &MimeDb, apps: &Apps) -> (Vec<AppChoice>, Vec<String>) {
    let mimes = types(files, db);
    let Some((first, rest)) = mimes.split_first() else {
        return (Vec::new(), mimes);
    };
    let others: Vec<Vec<&apps::App>> = rest.iter().map(|m| apps.for_type(db, m)).collect();
    let choices = apps
        .for_type(db, first)
        .into_iter()
        .filter(|a| others.iter().all(|o| o.iter().any(|b| b.id == a.id)))
        .map(AppChoice::of)
        .collect();
    (choices, mimes)
}

/// Open `files` (each with its default, or all `with` one application) and say how it
/// went.
fn open(files: Vec<PathBuf>, with: Option<String>, db: &MimeDb, apps: &Apps) -> Opened {
    let mut out = Opened::default();
    let plan = match with {
        None => {
            let mut typed = Vec::with_capacity(files.len());
            for f in files {
                match db.of_path(&f) {
                    Ok(mime) => typed.push((f, mime)),
                    Err(e) => out.failures.push(OpenFailure::File(Arc::new(e))),
                }
            }
            apps.open_plan(db, &typed)
        }
        Some(id) => match apps.get(&id) {
            Some(app) => match apps.commands(app, &files) {
                Ok(launches) => launches.into_iter().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            },
            None => {
                out.failures.push(OpenFailure::Gone { app: id });
                Vec::new()
            }
        },
    };
    let name = |id: &str| {
        apps.get(id)
            .map_or_else(|| id.to_owned(), |a| a.name.clone())
    };
    for item in plan {
        match item {
            Ok(launch) => {
                tracing::debug!(app = %launch.app, files = launch.files.len(), "starting");
                if let Err(e) = crate::launcher::launch(&launch) {
                    tracing::warn!("{}", porpoise_engine::error::chain(&e));
                    out.failures.push(OpenFailure::Start {
                        app: name(&launch.app),
                        error: Arc::new(e),
                    });
                }
            }
            Err(OpenError::NoApplication { path, mime }) => out.unopened.push((path, mime)),
            Err(OpenError::NoTerminal { app, .. }) => {
                out.failures
                    .push(OpenFailure::NoTerminal { app: name(&app) });
            }
            Err(OpenError::File(e)) => out.failures.push(OpenFailure::File(Arc::new(e))),
        }
    }
    out
}

/// Open the desktop's terminal in `folder` and say how it went.
/// Start this program again with a window of its own at `folder`.
fn new_window(folder: PathBuf) -> Opened {
    let mut out = Opened::default();
    let app = crate::APP_ID.to_owned();
    match std::env::current_exe() {
        Ok(exe) => start(
            apps::Launch {
                app,
                argv: vec![
                    exe.into_os_string(),
                    crate::NEW_WINDOW.into(),
                    folder.clone().into_os_string(),
                ],
                dir: None,
                files: vec![folder],
            },
            &mut out,
        ),
        Err(source) => out.failures.push(OpenFailure::Start {
            app,
            error: Arc::new(LaunchError::Start {
                program: PathBuf::from("porpoise-window"),
                source,
            }),
        }),
    }
    out
}

/// Start `launch` through the launcher; a failure goes into `out`.
fn start(launch: apps::Launch, out: &mut Opened) {
    if let Err(e) = crate::launcher::launch(&launch) {
        tracing::warn!("{}", porpoise_engine::error::chain(&e));
        out.failures.push(OpenFailure::Start {
            app: launch.app,
            error: Arc::new(e),
        });
    }
}

fn terminal(env: &Env, folder: &std::path::Path) -> Opened {
    let mut out = Opened::default();
    match apps::terminal_in(env, folder) {
        None => out.failures.push(OpenFailure::NoTerminalInstalled),
        Some(launch) => {
            tracing::debug!(terminal = %launch.app, folder = %folder.display(), "starting");
            start(launch, &mut out);
        }
    }
    out
}
