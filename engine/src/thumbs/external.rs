//! The desktop's external thumbnailers: `thumbnailers/*.thumbnailer` in each XDG data
//! folder (the user's first), a `[Thumbnailer Entry]` with `Exec` (field codes `%i` the
//! file's path, `%u` its URI, `%o` the PNG to write, `%s` the size in pixels, `%%` a `%`),
//! `MimeType` (the types it takes) and `TryExec`, as GNOME's thumbnail factory reads them:
//! a file name in an earlier folder hides the same name in later ones, the first
//! thumbnailer to list a type takes it, and one whose program is not there (`TryExec`, or
//! `Exec`'s program) counts for nothing.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use freedesktop_desktop_entry::GenericEntry;

use crate::apps::{Env, Exec};

/// Where programs named without a folder are looked for when no search path is given.
const STANDARD_PATH: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

/// One thumbnailer, from its `.thumbnailer` file.
#[derive(Debug)]
pub(crate) struct External {
    /// Its program, found: the command runs this file.
    pub program: PathBuf,
    pub exec: Exec,
}

/// The external thumbnailers by the types they take.
#[derive(Debug, Clone, Default)]
pub struct Thumbnailers {
    by_type: HashMap<String, Arc<External>>,
}

impl Thumbnailers {
    /// No external thumbnailer: images only, in-process.
    pub fn none() -> Thumbnailers {
        Thumbnailers::default()
    }

    /// The thumbnailers of `data_dirs` (most important first; `thumbnailers/` in each),
    /// programs named without a folder looked for in the standard system folders
    /// (`/usr/local/bin`, `/usr/bin`, `/bin` and their `sbin`s).
    pub fn load(data_dirs: &[PathBuf]) -> Thumbnailers {
        let path: Vec<PathBuf> = STANDARD_PATH.iter().map(PathBuf::from).collect();
        Thumbnailers::load_with_path(data_dirs, &path)
    }

    /// The thumbnailers of `data_dirs`, programs named without a folder looked for in
    /// `path` (`$PATH`'s folders).
    pub fn load_with_path(data_dirs: &[PathBuf], path: &[PathBuf]) -> Thumbnailers {
        let mut seen_names = Vec::new();
        let mut by_type = HashMap::new();
        for dir in data_dirs {
            for file in thumbnailer_files(&dir.join("thumbnailers")) {
                let name = file.file_name().map(OsStr::to_owned);
                if seen_names.contains(&name) {
                    continue;
                }
                seen_names.push(name);
                let Some((external, types)) = read(&file, path) else {
                    continue;
                };
                let external = Arc::new(external);
                for mime in types {
                    by_type.entry(mime).or_insert_with(|| external.clone());
                }
            }
        }
        Thumbnailers { by_type }
    }

    /// The thumbnailers of the environment `env` describes (`data_home`, then
    /// `data_dirs`; programs in its `path`).
    pub fn in_env(env: &Env) -> Thumbnailers {
        let dirs: Vec<PathBuf> = env
            .data_home
            .iter()
            .chain(&env.data_dirs)
            .cloned()
            .collect();
        Thumbnailers::load_with_path(&dirs, &env.path)
    }

    /// The types some thumbnailer takes, as their files name them.
    pub fn types(&self) -> impl Iterator<Item = &str> {
        self.by_type.keys().map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.by_type.is_empty()
    }

    /// The thumbnailer for exactly this type.
    pub(crate) fn for_type(&self, mime: &str) -> Option<&Arc<External>> {
        self.by_type.get(mime)
    }

    /// The same thumbnailers, each also under the name `canonical` gives its types (an
    /// alias's type), unless a thumbnailer lists that name itself.
    pub(crate) fn canonical(self, canonical: impl Fn(&str) -> String) -> Thumbnailers {
        let mut by_type = self.by_type.clone();
        let mut listed: Vec<_> = self.by_type.into_iter().collect();
        // A fixed order, whatever the map's.
        listed.sort_by(|a, b| a.0.cmp(&b.0));
        for (mime, external) in listed {
            by_type.entry(canonical(&mime)).or_insert(external);
        }
        Thumbnailers { by_type }
    }
}

/// The `.thumbnailer` files of one folder, by name (none if it is not there).
fn thumbnailer_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension() == Some(OsStr::new("thumbnailer")))
        .collect();
    files.sort();
    files
}

/// One `.thumbnailer` file: the thumbnailer and the types it takes; `None` when it is
/// unreadable, lacks `Exec` or `MimeType`, or its program is not there.
fn read(file: &Path, path: &[PathBuf]) -> Option<(External, Vec<String>)> {
    let text = std::fs::read_to_string(file).ok()?;
    let entry = GenericEntry::from_str(file, &text).ok()?;
    let group = entry.group("Thumbnailer Entry")?;
    let exec = Exec::parse(group.entry("Exec")?)?;
    let types: Vec<String> = group
        .entry("MimeType")?
        .split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    if let Some(try_exec) = group.entry("TryExec").filter(|t| !t.is_empty()) {
        find_program(OsStr::new(try_exec), path)?;
    }
    let program = find_program(OsStr::new(exec.program()), path)?;
    Some((External { program, exec }, types))
}

/// `name` as it would run: itself when it names a folder, else the first executable file
/// of that name in `path`.
fn find_program(name: &OsStr, path: &[PathBuf]) -> Option<PathBuf> {
    if name.is_empty() {
        return None;
    }
    let candidates: Vec<PathBuf> = if Path::new(name).components().count() > 1 {
        vec![PathBuf::from(name)]
    } else {
        path.iter().map(|dir| dir.join(name)).collect()
    };
    candidates.into_iter().find(|p| executable(p))
}

fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
