//! The desktop's terminal: `xdg-terminal-exec` (the desktop's own choice, per the proposed
//! spec), then `$TERMINAL`, then Debian's `x-terminal-emulator`, then the first of a short
//! list of well-known terminals. It runs `Terminal=true` applications (each terminal with
//! the arguments that make it run a command line) and opens in a folder ("Open Terminal
//! Here").

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::env::Env;
use super::launch::Launch;

/// A well-known terminal: its program name, what comes between it and a command line it
/// runs, and how it is told the folder to start in.
struct Known {
    name: &'static str,
    run: &'static [&'static str],
    folder: Folder,
}

/// How a terminal is told its starting folder. Those that hand the window to a server
/// process (GNOME's, KDE's, Xfce's) do not start where they were started, so they get
/// an option; the others start their shell in their own working folder.
#[derive(Clone, Copy)]
enum Folder {
    /// The process's working folder is enough.
    Cwd,
    /// One argument, this option with the folder appended (`--working-directory=DIR`).
    Joined(&'static str),
    /// These arguments, then the folder as one more.
    Before(&'static [&'static str]),
}

const fn known(name: &'static str, run: &'static [&'static str], folder: Folder) -> Known {
    Known { name, run, folder }
}

/// Known terminals, the desktops' own first.
const KNOWN: &[Known] = &[
    known("kgx", &["--"], Folder::Joined("--working-directory=")),
    known(
        "gnome-terminal",
        &["--"],
        Folder::Joined("--working-directory="),
    ),
    known("ptyxis", &["--"], Folder::Joined("--working-directory=")),
    known("konsole", &["-e"], Folder::Before(&["--workdir"])),
    known(
        "xfce4-terminal",
        &["-x"],
        Folder::Joined("--working-directory="),
    ),
    known(
        "mate-terminal",
        &["-x"],
        Folder::Joined("--working-directory="),
    ),
    known(
        "lxterminal",
        &["-e"],
        Folder::Joined("--working-directory="),
    ),
    known(
        "alacritty",
        &["-e"],
        Folder::Before(&["--working-directory"]),
    ),
    known("kitty", &[], Folder::Before(&["--directory"])),
    known("foot", &[], Folder::Joined("--working-directory=")),
    known(
        "wezterm",
        &["start", "--"],
        Folder::Before(&["start", "--cwd"]),
    ),
    known(
        "terminator",
        &["-x"],
        Folder::Joined("--working-directory="),
    ),
    known("urxvt", &["-e"], Folder::Cwd),
    known("xterm", &["-e"], Folder::Cwd),
];

/// The terminal found: its program, the options the user gave with it (`$TERMINAL`),
/// and what is known of it.
struct Found {
    program: PathBuf,
    options: Vec<OsString>,
    /// The well-known terminal it is; `None` for `xdg-terminal-exec` and
    /// `x-terminal-emulator` (and terminals not on the list), which run a command after
    /// `-e` (not `xdg-terminal-exec`, which takes it as it is) and start in their working
    /// folder.
    known: Option<&'static Known>,
    /// It is `xdg-terminal-exec`.
    exec: bool,
}

/// The desktop's terminal, in the order the module's doc says.
fn found(env: &Env) -> Option<Found> {
    let plain = |program: PathBuf, exec: bool| Found {
        known: None,
        program,
        options: Vec::new(),
        exec,
    };
    if let Some(p) = env.find_program("xdg-terminal-exec".as_ref()) {
        return Some(plain(p, true));
    }
    if let Some(asked) = &env.terminal {
        // `$TERMINAL` may carry options of its own ("kitty --single-instance").
        let words: Vec<&str> = asked
            .to_str()
            .map(|s| s.split_whitespace().collect())
            .unwrap_or_default();
        let (program, options): (OsString, Vec<OsString>) = match words.split_first() {
            Some((first, rest)) => ((*first).into(), rest.iter().map(OsString::from).collect()),
            None => (asked.clone(), Vec::new()),
        };
        if let Some(p) = env.find_program(&program) {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            let known = KNOWN.iter().find(|k| Some(k.name) == name.as_deref());
            return Some(Found {
                program: p,
                options,
                known,
                exec: false,
            });
        }
    }
    if let Some(p) = env.find_program("x-terminal-emulator".as_ref()) {
        return Some(plain(p, false));
    }
    KNOWN.iter().find_map(|k| {
        Some(Found {
            program: env.find_program(k.name.as_ref())?,
            options: Vec::new(),
            known: Some(k),
            exec: false,
        })
    })
}

/// What a command line is put after to run in a terminal (`["/usr/bin/konsole", "-e"]`),
/// or `None` when no terminal is installed.
pub(super) fn find(env: &Env) -> Option<Vec<OsString>> {
    let found = found(env)?;
    let run: &[&str] = match (found.exec, found.known) {
        (true, _) => &[],
        (false, Some(k)) => k.run,
        (false, None) => &["-e"],
    };
    let mut prefix = vec![found.program.into_os_string()];
    prefix.extend(found.options);
    prefix.extend(run.iter().map(OsString::from));
    Some(prefix)
}

/// The desktop's terminal opened in `folder` (a shell there), or `None` when no terminal
/// is installed. The launch is named by the terminal's program name.
pub fn terminal_in(env: &Env, folder: &Path) -> Option<Launch> {
    let found = found(env)?;
    let name = found
        .program
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut argv = vec![found.program.into_os_string()];
    argv.extend(found.options);
    match found.known.map(|k| k.folder) {
        None | Some(Folder::Cwd) => {}
        Some(Folder::Joined(option)) => {
            let mut arg = OsString::from(option);
            arg.push(folder);
            argv.push(arg);
        }
        Some(Folder::Before(options)) => {
            argv.extend(options.iter().map(OsString::from));
            argv.push(folder.into());
        }
    }
    Some(Launch {
        app: name,
        argv,
        dir: Some(folder.to_owned()),
        files: Vec::new(),
    })
}
