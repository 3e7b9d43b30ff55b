//! The `Exec` key of a desktop entry: split into arguments by the spec's quoting rules
//! (double quotes, in which `\"`, `` \` ``, `\$` and `\\` escape; a backslash outside
//! them escapes the next character, and single quotes quote as a shell's do, as GLib and
//! KDE read them), and its field codes expanded for a list of files: `%f` a path, `%F`
//! paths, `%u` a URI, `%U` URIs, `%i` `--icon NAME`, `%c` the name, `%k` the entry's
//! file, `%%` a `%`; the deprecated `%d %D %n %N %v %m` and unknown codes are dropped.
//! Values go into the arguments as bytes (paths are not UTF-8), never through a shell;
//! a code inside quotes (`sh -c "tool %f"`, which the spec leaves undefined) gets its
//! value quoted for a shell, as GLib does, so such entries work on any name.

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::uri::percent_encode;

/// A parsed `Exec` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Exec {
    args: Vec<Vec<Piece>>,
}

/// A part of one argument.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// A field code (`f` for `%f`), and whether it stood inside quotes.
    Code {
        code: char,
        quoted: bool,
    },
}

/// What the codes that are not files expand to.
pub(crate) struct Fields<'a> {
    /// `%c`: the name in the reader's language.
    pub name: &'a str,
    /// `%i`: the icon.
    pub icon: Option<&'a str>,
    /// `%k`: the desktop entry's file.
    pub file: &'a Path,
}

impl Exec {
    /// Split `line` (its value, string escapes already undone) into arguments; `None`
    /// for a line without a program or with a quote left open.
    pub fn parse(line: &str) -> Option<Exec> {
        let mut args = Vec::new();
        let mut arg = Arg::default();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                ' ' | '\t' | '\n' | '\r' => {
                    if let Some(done) = arg.take() {
                        args.push(done);
                    }
                }
                '"' => {
                    arg.started = true;
                    loop {
                        match chars.next()? {
                            '"' => break,
                            '\\' => match chars.next()? {
                                c @ ('"' | '`' | '$' | '\\') => arg.text(c),
                                c => {
                                    arg.text('\\');
                                    arg.text(c);
                                }
                            },
                            '%' => arg.percent(&mut chars, true),
                            c => arg.text(c),
                        }
                    }
                }
                '\'' => {
                    arg.started = true;
                    loop {
                        match chars.next()? {
                            '\'' => break,
                            '%' => arg.percent(&mut chars, true),
                            c => arg.text(c),
                        }
                    }
                }
                '\\' => arg.text(chars.next().unwrap_or('\\')),
                '%' => arg.percent(&mut chars, false),
                c => arg.text(c),
            }
        }
        if let Some(done) = arg.take() {
            args.push(done);
        }
        match args.first()?.as_slice() {
            [Piece::Text(program)] if !program.is_empty() => Some(Exec { args }),
            _ => None,
        }
    }

    /// The program the line runs (its first argument).
    pub fn program(&self) -> &str {
        match self.args.first().map(Vec::as_slice) {
            Some([Piece::Text(program)]) => program,
            _ => "",
        }
    }

    /// One command line with each code's value from `value` (bytes, as paths are), for
    /// lines with codes of their own (a thumbnailer's `%i %o %s %u`): an argument that is a
    /// code with no value is dropped, a code inside a longer argument with no value is
    /// left out of it, and a code in quotes gets its value quoted for a shell.
    pub fn expand_with(&self, value: impl Fn(char) -> Option<Vec<u8>>) -> Vec<OsString> {
        let mut argv = Vec::new();
        for arg in &self.args {
            if let [
                Piece::Code {
                    code,
                    quoted: false,
                },
            ] = arg.as_slice()
            {
                argv.extend(value(*code).map(OsString::from_vec));
                continue;
            }
            let mut out = Vec::new();
            for piece in arg {
                match piece {
                    Piece::Text(t) => out.extend_from_slice(t.as_bytes()),
                    Piece::Code { code, quoted } => match value(*code) {
                        Some(v) if *quoted => shell_quote(&mut out, &v),
                        Some(v) => out.extend_from_slice(&v),
                        None => {}
                    },
                }
            }
            argv.push(OsString::from_vec(out));
        }
        argv
    }

    /// The line takes a list of files in one run (`%F` or `%U`).
    pub fn takes_list(&self) -> bool {
        self.codes().any(|c| matches!(c, 'F' | 'U'))
    }

    /// The line has a place for files (`%f`, `%F`, `%u` or `%U`).
    fn takes_files(&self) -> bool {
        self.codes().any(|c| matches!(c, 'f' | 'F' | 'u' | 'U'))
    }

    fn codes(&self) -> impl Iterator<Item = char> + '_ {
        self.args.iter().flatten().filter_map(|p| match p {
            Piece::Code { code, .. } => Some(*code),
            Piece::Text(_) => None,
        })
    }

    /// The command lines that open `files` (absolute paths): one for all of them when the
    /// line takes a list, else one per file; one without files when there are none. A
    /// line with no place for files gets each file's path after its last argument (as
    /// GLib does).
    pub fn expand(&self, files: &[PathBuf], fields: &Fields) -> Vec<Vec<OsString>> {
        if files.is_empty() || self.takes_list() {
            return vec![self.line(files, fields)];
        }
        files
            .iter()
            .map(|file| {
                let one = std::slice::from_ref(file);
                if self.takes_files() {
                    self.line(one, fields)
                } else {
                    let mut argv = self.line(&[], fields);
                    argv.push(file.clone().into_os_string());
                    argv
                }
            })
            .collect()
    }

    /// One command line with `files` in its codes.
    fn line(&self, files: &[PathBuf], fields: &Fields) -> Vec<OsString> {
        let mut argv = Vec::new();
        for arg in &self.args {
            match arg.as_slice() {
                [
                    Piece::Code {
                        code,
                        quoted: false,
                    },
                ] => argv.extend(standalone(*code, files, fields)),
                pieces => {
                    let list = pieces.iter().any(|p| {
                        matches!(
                            p,
                            Piece::Code {
                                code: 'F' | 'U',
                                quoted: false
                            }
                        )
                    });
                    if list && files.len() > 1 {
                        // `--file=%F`: the argument once per file.
                        for file in files {
                            argv.push(embedded(pieces, std::slice::from_ref(file), fields));
                        }
                    } else {
                        argv.push(embedded(pieces, files, fields));
                    }
                }
            }
        }
        argv
    }
}

/// The arguments a code that is a whole argument of its own becomes.
fn standalone(code: char, files: &[PathBuf], fields: &Fields) -> Vec<OsString> {
    let bytes = |v: Vec<u8>| OsString::from_vec(v);
    match code {
        'f' => files
            .first()
            .map(|f| f.clone().into())
            .into_iter()
            .collect(),
        'u' => files.first().map(|f| uri(f).into()).into_iter().collect(),
        'F' => files.iter().map(|f| f.clone().into()).collect(),
        'U' => files.iter().map(|f| uri(f).into()).collect(),
        'i' => match fields.icon.filter(|i| !i.is_empty()) {
            Some(icon) => vec!["--icon".into(), icon.into()],
            None => Vec::new(),
        },
        'c' => vec![fields.name.into()],
        'k' => vec![bytes(fields.file.as_os_str().as_bytes().to_vec())],
        _ => Vec::new(),
    }
}

/// An argument of text and codes as one argument: a code in quotes gets its values
/// quoted for a shell (a list: each, with spaces between), one outside them its values
/// as they are.
fn embedded(pieces: &[Piece], files: &[PathBuf], fields: &Fields) -> OsString {
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.extend_from_slice(t.as_bytes()),
            Piece::Code { code, quoted } => {
                let values: Vec<Vec<u8>> = match code {
                    'f' => files
                        .first()
                        .map(|f| f.as_os_str().as_bytes().to_vec())
                        .into_iter()
                        .collect(),
                    'F' => files
                        .iter()
                        .map(|f| f.as_os_str().as_bytes().to_vec())
                        .collect(),
                    'u' => files
                        .first()
                        .map(|f| uri(f).into_bytes())
                        .into_iter()
                        .collect(),
                    'U' => files.iter().map(|f| uri(f).into_bytes()).collect(),
                    'i' => fields
                        .icon
                        .map(|i| i.as_bytes().to_vec())
                        .into_iter()
                        .collect(),
                    'c' => vec![fields.name.as_bytes().to_vec()],
                    'k' => vec![fields.file.as_os_str().as_bytes().to_vec()],
                    _ => Vec::new(),
                };
                for (i, value) in values.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    if *quoted {
                        shell_quote(&mut out, value);
                    } else {
                        out.extend_from_slice(value);
                    }
                }
            }
        }
    }
    OsString::from_vec(out)
}

/// `value` in single quotes, each `'` in it as `'\''`: one word to any POSIX shell.
fn shell_quote(out: &mut Vec<u8>, value: &[u8]) {
    out.push(b'\'');
    for &b in value {
        if b == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(b);
        }
    }
    out.push(b'\'');
}

/// The `file://` URI of an absolute path, its bytes percent-encoded.
fn uri(path: &Path) -> String {
    format!("file://{}", percent_encode(path.as_os_str().as_bytes()))
}

/// The argument being read.
#[derive(Default)]
struct Arg {
    pieces: Vec<Piece>,
    /// Something (maybe only `""`) was read: an empty quoted argument still counts.
    started: bool,
}

impl Arg {
    fn text(&mut self, c: char) {
        self.started = true;
        match self.pieces.last_mut() {
            Some(Piece::Text(t)) => t.push(c),
            _ => self.pieces.push(Piece::Text(c.to_string())),
        }
    }

    /// After a `%`: a field code when a letter follows, `%` for `%%` or anything else.
    fn percent(&mut self, chars: &mut std::iter::Peekable<std::str::Chars>, quoted: bool) {
        self.started = true;
        match chars.peek().copied() {
            Some(code) if code.is_ascii_alphabetic() => {
                chars.next();
                self.pieces.push(Piece::Code { code, quoted });
            }
            Some('%') => {
                chars.next();
                self.text('%');
            }
            _ => self.text('%'),
        }
    }

    fn take(&mut self) -> Option<Vec<Piece>> {
        let arg = std::mem::take(self);
        arg.started.then(|| {
            if arg.pieces.is_empty() {
                vec![Piece::Text(String::new())]
            } else {
                arg.pieces
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(args: &[&str]) -> Vec<Vec<Piece>> {
        args.iter()
            .map(|a| vec![Piece::Text(a.to_string())])
            .collect()
    }

    #[test]
    fn quoting_follows_the_spec() {
        let e = Exec::parse(r#"prog "a b" "q\"uote" "back\\slash" "\$HOME" plain\ space '' x"#)
            .expect("parses");
        assert_eq!(
            e.args,
            text(&[
                "prog",
                "a b",
                "q\"uote",
                "back\\slash",
                "$HOME",
                "plain space",
                "",
                "x"
            ])
        );
        assert_eq!(Exec::parse(r#"prog "open"#), None);
        assert_eq!(Exec::parse("   "), None);
        assert_eq!(Exec::parse("%f"), None);
    }

    #[test]
    fn percent_signs() {
        let e = Exec::parse("prog 100%% %").expect("parses");
        assert_eq!(e.args, text(&["prog", "100%", "%"]));
        let e = Exec::parse("prog --x=%f").expect("parses");
        assert_eq!(
            e.args[1],
            [
                Piece::Text("--x=".into()),
                Piece::Code {
                    code: 'f',
                    quoted: false
                }
            ]
        );
        assert!(!e.takes_list());
        assert!(Exec::parse("prog %U").expect("parses").takes_list());
    }

    #[test]
    fn codes_of_their_own() {
        let e = Exec::parse(r#"thumb -s %s %u --out=%o "%i" %x 100%%"#).expect("parses");
        assert_eq!(e.program(), "thumb");
        let value = |c: char| match c {
            's' => Some(b"256".to_vec()),
            'u' => Some(b"file:///a%20b".to_vec()),
            'o' => Some(b"/t/o.png".to_vec()),
            'i' => Some(b"/a b/it's\xff".to_vec()),
            _ => None,
        };
        let argv = e.expand_with(value);
        let want: Vec<OsString> = [
            &b"thumb"[..],
            b"-s",
            b"256",
            b"file:///a%20b",
            b"--out=/t/o.png",
            b"'/a b/it'\\''s\xff'",
            b"100%",
        ]
        .iter()
        .map(|a| OsString::from_vec(a.to_vec()))
        .collect();
        assert_eq!(argv, want);
    }
}
