//! `porpoise open [--with APP_ID [--set-default]] FILE...`: open files with their default
//! applications, as `gio open` and `kioclient exec` do: the files one application opens
//! go to it in one launch when its `Exec` takes a list, else one launch each; the
//! applications are started detached, and the command returns once they are. A file no
//! application opens is named on stderr with its type, and the exit is non-zero.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use porpoise_engine::apps::{self, Apps, Env, Launch, OpenError};
use porpoise_engine::error::chain;
use porpoise_engine::mime::MimeDb;

use super::format::write_escaped;

#[derive(Debug, clap::Args)]
pub struct OpenArgs {
    /// Open them all with this application instead (its desktop file ID, as
    /// `org.gnome.TextEditor.desktop`; `.desktop` may be left off).
    #[arg(long, value_name = "APP_ID")]
    with: Option<String>,
    /// Also make that application the default for the files' types ("Always use for
    /// this type": written to $XDG_CONFIG_HOME/mimeapps.list).
    #[arg(long, requires = "with")]
    set_default: bool,
    /// The files (paths or file:// URIs) to open.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<OsString>,
}

pub fn run(args: &OpenArgs) -> anyhow::Result<()> {
    let env = Env::from_env();
    let db = MimeDb::load();
    let apps = Apps::load(&env, &db);
    let total = args.files.len();
    let mut failed = 0;
    // Each file with its type.
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for arg in &args.files {
        let typed = local_path(arg).and_then(|path| match db.of_path(&path) {
            Ok(mime) => Ok((path, mime)),
            Err(e) => Err(chain(&e)),
        });
        match typed {
            Ok(file) => files.push(file),
            Err(why) => {
                eprintln!("porpoise: {why}");
                failed += 1;
            }
        }
    }
    let plan = match &args.with {
        // Nothing left to open (an application started without files would open empty).
        _ if files.is_empty() => Vec::new(),
        Some(id) => {
            let app = apps
                .get(id)
                .ok_or_else(|| anyhow::anyhow!("no application {id} is installed"))?;
            if args.set_default {
                let mut types: Vec<&str> = Vec::new();
                for (_, mime) in &files {
                    if !types.contains(&mime.as_str()) {
                        types.push(mime);
                    }
                }
                for mime in types {
                    apps::set_default(&env, mime, &app.id)?;
                }
            }
            let paths: Vec<PathBuf> = files.iter().map(|(p, _)| p.clone()).collect();
            match apps.commands(app, &paths) {
                Ok(launches) => launches.into_iter().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            }
        }
        None => apps.open_plan(&db, &files),
    };
    for item in plan {
        let (why, not_opened) = match item.map(|launch| start(&launch)) {
            Ok(Ok(())) => continue,
            Ok(Err(failure)) => failure,
            Err(OpenError::NoApplication { path, mime }) => (
                format!("no application opens {} ({mime})", escaped(&path)),
                1,
            ),
            Err(OpenError::NoTerminal { app, files }) => (
                format!(
                    "no terminal is installed to run {app} for {}",
                    names(&files)
                ),
                files.len(),
            ),
            Err(OpenError::File(e)) => (chain(&e), 1),
        };
        eprintln!("porpoise: {why}");
        failed += not_opened.max(1);
    }
    if failed > 0 {
        anyhow::bail!("{failed} of {total} files could not be opened");
    }
    Ok(())
}

/// Start `launch` detached; on failure, what to say and how many files it leaves unopened.
fn start(launch: &Launch) -> Result<(), (String, usize)> {
    apps::spawn(launch).map_err(|e| {
        let mut why = format!("{e} ({}) to open {}", launch.app, names(&launch.files));
        if let Some(cause) = std::error::Error::source(&e) {
            why.push_str(": ");
            why.push_str(&chain(cause));
        }
        (why, launch.files.len())
    })
}

/// The path a command-line argument names: a path as it is, or a `file://` URI's path.
fn local_path(arg: &OsString) -> Result<PathBuf, String> {
    let bytes = arg.as_bytes();
    if !bytes.starts_with(b"file:") && !bytes.starts_with(b"FILE:") {
        return Ok(PathBuf::from(arg));
    }
    let host = porpoise_engine::host::hostname();
    porpoise_engine::uri::local_path(bytes, &host)
        .ok_or_else(|| format!("{} is not a local file", escaped(Path::new(arg))))
}

/// A path as one safe line (escaped as every command prints names).
fn escaped(path: &Path) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_escaped(&mut out, path.as_os_str().as_bytes());
    String::from_utf8_lossy(&out).into_owned()
}

/// Paths as one line, separated by commas.
fn names(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| escaped(p)).collect();
    names.join(", ")
}
