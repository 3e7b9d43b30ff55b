//! Opening files with other programs through a small helper process started before any job
//! runs. A program started straight from the window would inherit the open files of a running
//! copy, and closing them on exec makes the kernel flush their dirty data to a slow or
//! network mount first (seconds, measured); the helper holds none of them.
//!
//! The helper is this binary (`porpoise-window`) run as `launcher-helper`: it reads
//! NUL-terminated paths on stdin, opens each with its default application, and answers one
//! line per path: `ok`; `none` (a launcher such as `xdg-open` or `gio` ran and found no
//! application for the file); `missing` (no launcher is installed); or `error: …`.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

/// The window's side of the helper.
pub struct Launcher {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// Why a file could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    #[error("cannot talk to the launcher")]
    Helper(#[source] std::io::Error),
    /// The desktop's launcher ran and opened nothing: no application is set for the file.
    #[error("no application is set to open the file")]
    NoApplication,
    /// None of the launchers (`xdg-open`, `gio`, …) is installed.
    #[error("no program that opens files (xdg-open, gio) is installed")]
    NoLauncher,
    #[error("{0}")]
    Open(String),
}

impl LaunchError {
    /// What `open` said, sorted: a launcher that ran and failed means no application; one
    /// that could not be started means none is installed.
    fn from_open(e: std::io::Error) -> LaunchError {
        match e.kind() {
            std::io::ErrorKind::NotFound => LaunchError::NoLauncher,
            std::io::ErrorKind::Other => LaunchError::NoApplication,
            _ => LaunchError::Open(e.to_string().replace('\n', " ")),
        }
    }
}

impl Launcher {
    /// Start the helper from `exe` (this program).
    pub fn start(exe: &Path) -> std::io::Result<Launcher> {
        Launcher::start_with(exe, &[])
    }

    /// [`Launcher::start`] with extra environment variables for the helper (and so for the
    /// programs it starts).
    pub fn start_with(exe: &Path, env: &[(&str, &std::ffi::OsStr)]) -> std::io::Result<Launcher> {
        let mut child = Command::new(exe)
            .arg("launcher-helper")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("the launcher has no pipes"));
        };
        Ok(Launcher {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// Open `path` with its default application, through the helper.
    pub fn open(&mut self, path: &Path) -> Result<(), LaunchError> {
        let mut request = path.as_os_str().as_bytes().to_vec();
        request.push(0);
        self.stdin
            .write_all(&request)
            .and_then(|()| self.stdin.flush())
            .map_err(LaunchError::Helper)?;
        let mut answer = String::new();
        match self.stdout.read_line(&mut answer) {
            Ok(0) => Err(LaunchError::Helper(
                std::io::ErrorKind::UnexpectedEof.into(),
            )),
            Ok(_) => match answer.trim_end() {
                "ok" => Ok(()),
                "none" => Err(LaunchError::NoApplication),
                "missing" => Err(LaunchError::NoLauncher),
                other => Err(LaunchError::Open(
                    other.strip_prefix("error: ").unwrap_or(other).to_owned(),
                )),
            },
            Err(e) => Err(LaunchError::Helper(e)),
        }
    }

    /// The helper's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // Closing stdin ends the helper; reap it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The launcher of this window, started by [`start_global`].
static GLOBAL: Mutex<Option<Launcher>> = Mutex::new(None);

/// Start the window's launcher (before any job, so it holds none of their files).
pub fn start_global() {
    let started = std::env::current_exe().and_then(|exe| Launcher::start(&exe));
    match started {
        Ok(l) => *GLOBAL.lock().unwrap_or_else(|p| p.into_inner()) = Some(l),
        Err(e) => tracing::warn!("no launcher, files open from the window itself: {e}"),
    }
}

/// Open `path` through the window's launcher, or directly when there is none.
pub fn open(path: &Path) -> Result<(), LaunchError> {
    let mut guard = GLOBAL.lock().unwrap_or_else(|p| p.into_inner());
    match guard.as_mut() {
        Some(l) => {
            let r = l.open(path);
            if matches!(r, Err(LaunchError::Helper(_))) {
                // The helper is gone: do without it from now on.
                *guard = None;
                drop(guard);
                return open_directly(path);
            }
            r
        }
        None => open_directly(path),
    }
}

fn open_directly(path: &Path) -> Result<(), LaunchError> {
    open::that_detached(path).map_err(LaunchError::from_open)
}

/// The helper's loop: open each NUL-terminated path from `input`, answer on `output`.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for request in input.split(0) {
        let request = request?;
        let path = Path::new(std::ffi::OsStr::from_bytes(&request));
        let answer = match open::that_detached(path).map_err(LaunchError::from_open) {
            Ok(()) => "ok".to_owned(),
            Err(LaunchError::NoApplication) => "none".to_owned(),
            Err(LaunchError::NoLauncher) => "missing".to_owned(),
            Err(e) => format!("error: {e}"),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}
