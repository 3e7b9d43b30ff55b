//! Starting an application's command line without ever waiting on it: detached (a
//! session of its own, no zombie left, standard input and output on `/dev/null`), from
//! whichever process runs it: the command, or the window's launcher helper, which is
//! handed each [`Launch`] through its pipe ([`Launch::write_to`], [`Launch::read_from`]).

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// One command line to start: what opening files with an application comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The desktop file ID of the application it starts.
    pub app: String,
    /// The program and its arguments (the terminal's first, for `Terminal=true`).
    pub argv: Vec<OsString>,
    /// The folder to run it in (the entry's `Path`), else wherever the starter is.
    pub dir: Option<PathBuf>,
    /// The files it opens (absolute), to name them when it cannot be started.
    pub files: Vec<PathBuf>,
}

/// Why a command line could not be started.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The program could not be run (missing, not executable, …).
    #[error("cannot start {}", program.display())]
    Start {
        program: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The folder it should run in is not there.
    #[error("cannot run {} in {}", program.display(), dir.display())]
    Folder {
        program: PathBuf,
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A launch without a program.
    #[error("nothing to start")]
    Empty,
}

/// Start `launch` detached and return at once: the program runs in a session of its own,
/// outlives this process and is never waited for (no zombie), with `/dev/null` for its
/// standard input, output and error. A program that cannot be started is an error.
pub fn spawn(launch: &Launch) -> Result<(), LaunchError> {
    let Some((program, args)) = launch.argv.split_first() else {
        return Err(LaunchError::Empty);
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        // The launch that started this process is answered by it, not by what it starts.
        .env_remove("DESKTOP_STARTUP_ID")
        .env_remove("XDG_ACTIVATION_TOKEN");
    if let Some(dir) = &launch.dir {
        if let Err(source) = std::fs::read_dir(dir) {
            return Err(LaunchError::Folder {
                program: program.into(),
                dir: dir.clone(),
                source,
            });
        }
        command.current_dir(dir);
    }
    crate::sys::spawn_detached(&mut command).map_err(|source| LaunchError::Start {
        program: program.into(),
        source,
    })
}

impl Launch {
    /// Write this launch to a pipe as one record [`Launch::read_from`] reads back: each
    /// field NUL-terminated (no argument or path holds a NUL): the application, the
    /// folder (empty: none), the number of arguments, each argument, the number of
    /// files, each file.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        let mut record = Vec::new();
        let mut field = |bytes: &[u8]| {
            record.extend_from_slice(bytes);
            record.push(0);
        };
        field(self.app.as_bytes());
        field(
            self.dir
                .as_deref()
                .map_or(&[][..], |d| d.as_os_str().as_bytes()),
        );
        field(self.argv.len().to_string().as_bytes());
        for arg in &self.argv {
            field(arg.as_bytes());
        }
        field(self.files.len().to_string().as_bytes());
        for file in &self.files {
            field(file.as_os_str().as_bytes());
        }
        out.write_all(&record)
    }

    /// The next launch [`Launch::write_to`] wrote to `input`; `None` at the end of it.
    pub fn read_from(input: &mut impl BufRead) -> std::io::Result<Option<Launch>> {
        let mut field = || -> std::io::Result<Option<Vec<u8>>> {
            let mut buf = Vec::new();
            match input.read_until(0, &mut buf)? {
                0 => Ok(None),
                _ if buf.pop() == Some(0) => Ok(Some(buf)),
                _ => Err(std::io::ErrorKind::UnexpectedEof.into()),
            }
        };
        let bad = || std::io::Error::from(std::io::ErrorKind::InvalidData);
        let Some(app) = field()? else {
            return Ok(None);
        };
        let app = String::from_utf8(app).map_err(|_| bad())?;
        let dir = field()?.ok_or_else(bad)?;
        let mut list = || -> std::io::Result<Vec<OsString>> {
            let count: usize = std::str::from_utf8(&field()?.ok_or_else(bad)?)
                .ok()
                .and_then(|n| n.parse().ok())
                .ok_or_else(bad)?;
            let mut items = Vec::with_capacity(count.min(4096));
            for _ in 0..count {
                items.push(OsString::from_vec(field()?.ok_or_else(bad)?));
            }
            Ok(items)
        };
        let argv = list()?;
        let files = list()?.into_iter().map(PathBuf::from).collect();
        Ok(Some(Launch {
            app,
            argv,
            dir: (!dir.is_empty()).then(|| OsString::from_vec(dir).into()),
            files,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_launch_goes_through_a_pipe_whole() {
        let launches = [
            Launch {
                app: "a.desktop".into(),
                argv: vec![
                    "prog".into(),
                    "".into(),
                    OsString::from_vec(b"x\xff y\n".to_vec()),
                ],
                dir: Some("/tmp/some where".into()),
                files: vec!["/tmp/x\ny".into(), "/tmp/z".into()],
            },
            Launch {
                app: "b.desktop".into(),
                argv: vec!["other".into()],
                dir: None,
                files: Vec::new(),
            },
        ];
        let mut pipe = Vec::new();
        for l in &launches {
            l.write_to(&mut pipe).expect("write");
        }
        let mut input = std::io::Cursor::new(pipe);
        for l in &launches {
            assert_eq!(
                Launch::read_from(&mut input).expect("read").as_ref(),
                Some(l)
            );
        }
        assert_eq!(Launch::read_from(&mut input).expect("read"), None);
        let mut cut = std::io::Cursor::new(b"a.desktop\0\x002\0prog\0".to_vec());
        assert!(Launch::read_from(&mut cut).is_err());
    }
}
