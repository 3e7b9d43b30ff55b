//! Starting other programs through a small helper process started before any job runs. A
//! program started straight from the window would inherit the open files of a running
//! copy, and closing them on exec makes the kernel flush their dirty data to a slow or
//! network mount first (seconds, measured); the helper holds none of them.
//!
//! The helper is this binary (`porpoise-window`) run as `launcher-helper`. It reads
//! launches on stdin (the engine's [`Launch`]: an application's command line, already
//! planned by the window, as [`Launch::write_to`] writes it), starts each one detached
//! ([`apps::spawn`]) and answers one line per launch: `ok`, or why it could not start:
//! `start ERRNO` (the program), `folder ERRNO` (the folder it runs in; ERRNO is 0 when the
//! system gave none) or `empty` (no program).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

use porpoise_engine::apps::{self, Launch, LaunchError};

/// The window's side of the helper.
pub struct Launcher {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// The helper could not be asked: it is gone, or said something it never says.
#[derive(Debug, thiserror::Error)]
pub enum HelperError {
    #[error("cannot talk to the launcher")]
    Pipe(#[from] std::io::Error),
    #[error("the launcher answered {0:?}")]
    Answer(String),
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

    /// Start `launch` through the helper: the inner result says whether it started.
    pub fn launch(&mut self, launch: &Launch) -> Result<Result<(), LaunchError>, HelperError> {
        launch.write_to(&mut self.stdin)?;
        self.stdin.flush()?;
        let mut answer = String::new();
        if self.stdout.read_line(&mut answer)? == 0 {
            return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof).into());
        }
        parse(answer.trim_end(), launch)
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
        Err(e) => tracing::warn!("no launcher, programs start from the window itself: {e}"),
    }
}

/// Start `launch` through the window's launcher, or directly when there is none (tests,
/// or a helper that went away). Blocks only until the program is started.
pub fn launch(launch: &Launch) -> Result<(), LaunchError> {
    let mut guard = GLOBAL.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(helper) = guard.as_mut() {
        match helper.launch(launch) {
            Ok(started) => return started,
            Err(e) => {
                tracing::warn!("the launcher is gone, programs start from the window now: {e}");
                *guard = None;
            }
        }
    }
    drop(guard);
    apps::spawn(launch)
}

/// The helper's loop: start each launch read from `input`, answer on `output`.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    while let Some(launch) = Launch::read_from(&mut input)? {
        let answer = answer(&apps::spawn(&launch));
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

/// The line that tells how a launch went.
fn answer(started: &Result<(), LaunchError>) -> String {
    let code = |e: &std::io::Error| e.raw_os_error().unwrap_or(0);
    match started {
        Ok(()) => "ok".to_owned(),
        Err(LaunchError::Start { source, .. }) => format!("start {}", code(source)),
        Err(LaunchError::Folder { source, .. }) => format!("folder {}", code(source)),
        Err(LaunchError::Empty) => "empty".to_owned(),
    }
}

/// The helper's answer about `launch`, as the error [`apps::spawn`] gave it.
fn parse(answer: &str, launch: &Launch) -> Result<Result<(), LaunchError>, HelperError> {
    let program = || PathBuf::from(launch.argv.first().cloned().unwrap_or_default());
    let source = |code: &str| -> Result<std::io::Error, HelperError> {
        match code.parse::<i32>() {
            Ok(0) => Ok(std::io::Error::other("the system gave no reason")),
            Ok(n) => Ok(std::io::Error::from_raw_os_error(n)),
            Err(_) => Err(HelperError::Answer(answer.to_owned())),
        }
    };
    Ok(Err(match answer.split_once(' ') {
        None if answer == "ok" => return Ok(Ok(())),
        None if answer == "empty" => LaunchError::Empty,
        Some(("start", code)) => LaunchError::Start {
            program: program(),
            source: source(code)?,
        },
        Some(("folder", code)) => LaunchError::Folder {
            program: program(),
            dir: launch.dir.clone().unwrap_or_default(),
            source: source(code)?,
        },
        _ => return Err(HelperError::Answer(answer.to_owned())),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_back_as_the_errors_they_were() {
        let launch = Launch {
            app: "a.desktop".into(),
            argv: vec!["/no/such/program".into()],
            dir: Some("/no/such/folder".into()),
            files: Vec::new(),
        };
        let missing = std::io::Error::from_raw_os_error(rustix::io::Errno::NOENT.raw_os_error());
        let start = Err(LaunchError::Start {
            program: "/no/such/program".into(),
            source: missing,
        });
        match parse(&answer(&start), &launch) {
            Ok(Err(LaunchError::Start { program, source })) => {
                assert_eq!(program, Path::new("/no/such/program"));
                assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
            }
            other => panic!("{other:?}"),
        }
        match parse("folder 13", &launch) {
            Ok(Err(LaunchError::Folder { dir, source, .. })) => {
                assert_eq!(dir, Path::new("/no/such/folder"));
                assert_eq!(source.kind(), std::io::ErrorKind::PermissionDenied);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("ok", &launch), Ok(Ok(()))));
        assert!(matches!(
            parse("empty", &launch),
            Ok(Err(LaunchError::Empty))
        ));
        assert!(parse("what", &launch).is_err());
        assert!(parse("start x", &launch).is_err());
    }
}
