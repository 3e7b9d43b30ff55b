//! The terminal that runs `Terminal=true` applications: `xdg-terminal-exec` (the
//! desktop's own choice, per the proposed spec), then `$TERMINAL`, then Debian's
//! `x-terminal-emulator`, then the first of a short list of well-known terminals; each
//! with the arguments that make it run a command line.

use std::ffi::OsString;

use super::env::Env;

/// Known terminals and what comes between them and the command they run.
const KNOWN: &[(&str, &[&str])] = &[
    ("kgx", &["--"]),
    ("gnome-terminal", &["--"]),
    ("ptyxis", &["--"]),
    ("konsole", &["-e"]),
    ("xfce4-terminal", &["-x"]),
    ("mate-terminal", &["-x"]),
    ("lxterminal", &["-e"]),
    ("alacritty", &["-e"]),
    ("kitty", &[]),
    ("foot", &[]),
    ("wezterm", &["start", "--"]),
    ("terminator", &["-x"]),
    ("urxvt", &["-e"]),
    ("xterm", &["-e"]),
];

/// What a command line is put after to run in a terminal (`["/usr/bin/konsole", "-e"]`),
/// or `None` when no terminal is installed.
pub(super) fn find(env: &Env) -> Option<Vec<OsString>> {
    if let Some(p) = env.find_program("xdg-terminal-exec".as_ref()) {
        return Some(vec![p.into()]);
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
            let run = KNOWN
                .iter()
                .find(|(known, _)| Some(*known) == name.as_deref())
                .map_or(&["-e"][..], |(_, run)| run);
            let mut prefix = vec![p.into_os_string()];
            prefix.extend(options);
            prefix.extend(run.iter().map(OsString::from));
            return Some(prefix);
        }
    }
    if let Some(p) = env.find_program("x-terminal-emulator".as_ref()) {
        return Some(vec![p.into(), "-e".into()]);
    }
    KNOWN.iter().find_map(|(name, run)| {
        let p = env.find_program(name.as_ref())?;
        let mut prefix = vec![p.into_os_string()];
        prefix.extend(run.iter().map(OsString::from));
        Some(prefix)
    })
}
