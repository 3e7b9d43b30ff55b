//! The templates folder (`XDG_TEMPLATES_DIR`, e.g. `~/Templates`) and what it offers for
//! "New file": its files, and its subfolders as submenus. Reading it is I/O: call these
//! off the UI thread.

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

/// How deep subfolders are followed, and how many entries are offered at most.
const MAX_DEPTH: usize = 4;
const MAX_ENTRIES: usize = 500;

/// One entry of the templates folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub name: OsString,
    pub path: PathBuf,
    pub kind: TemplateKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateKind {
    /// A file copied as the new file.
    File,
    /// A subfolder: a submenu of these.
    Folder(Vec<Template>),
}

/// The templates folder: `XDG_TEMPLATES_DIR` from `user-dirs.dirs` in `config_home`, else
/// `home/Templates`. `None` when it is set to the home folder itself (xdg-user-dirs' way of
/// turning it off). The `directories` crate reads only this process's own environment,
/// so the file (one `KEY="value"` a line, `$HOME/` allowed in front) is read here.
pub fn templates_dir(config_home: Option<&Path>, home: &Path) -> Option<PathBuf> {
    let set = config_home
        .and_then(|c| std::fs::read(c.join("user-dirs.dirs")).ok())
        .and_then(|bytes| user_dir(&bytes, b"XDG_TEMPLATES_DIR", home));
    let dir = set.unwrap_or_else(|| home.join("Templates"));
    (dir != home).then_some(dir)
}

/// The folder `key` names in a `user-dirs.dirs` file's content.
fn user_dir(content: &[u8], key: &[u8], home: &Path) -> Option<PathBuf> {
    content.split(|&b| b == b'\n').find_map(|line| {
        let line = line.trim_ascii();
        let value = line.strip_prefix(key)?.trim_ascii().strip_prefix(b"=")?;
        let value = value.trim_ascii();
        let value = value.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
        if let Some(rest) = value.strip_prefix(b"$HOME") {
            let rest = rest.strip_prefix(b"/").unwrap_or(rest);
            return Some(home.join(std::ffi::OsStr::from_bytes(rest)));
        }
        value
            .starts_with(b"/")
            .then(|| PathBuf::from(OsString::from_vec(value.to_vec())))
    })
}

/// What the templates folder `dir` offers: its files and the subfolders that hold some,
/// sorted by name, hidden ones left out; a missing or unreadable folder offers nothing.
pub fn find(dir: &Path) -> Vec<Template> {
    let mut budget = MAX_ENTRIES;
    walk(dir, 0, &mut budget)
}

fn walk(dir: &Path, depth: usize, budget: &mut usize) -> Vec<Template> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in read.flatten() {
        if *budget == 0 {
            break;
        }
        let name = entry.file_name();
        if name.as_bytes().starts_with(b".") || name.as_bytes().ends_with(b"~") {
            continue;
        }
        let path = entry.path();
        // A link to a file is a template too: follow it.
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        let kind = if meta.is_file() {
            TemplateKind::File
        } else if meta.is_dir() && depth < MAX_DEPTH {
            let inside = walk(&path, depth + 1, budget);
            if inside.is_empty() {
                continue;
            }
            TemplateKind::Folder(inside)
        } else {
            continue;
        };
        *budget -= 1;
        out.push(Template { name, path, kind });
    }
    out.sort_by_key(|t| t.name.to_string_lossy().to_lowercase());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_templates_folder_from_user_dirs() {
        let home = Path::new("/home/a");
        let file = b"# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_TEMPLATES_DIR=\"$HOME/Vorlagen\"\n";
        assert_eq!(
            user_dir(file, b"XDG_TEMPLATES_DIR", home),
            Some(PathBuf::from("/home/a/Vorlagen"))
        );
        assert_eq!(
            user_dir(b"XDG_TEMPLATES_DIR=\"/srv/t\"", b"XDG_TEMPLATES_DIR", home),
            Some(PathBuf::from("/srv/t"))
        );
        assert_eq!(
            user_dir(b"XDG_TEMPLATES_DIR=\"$HOME/\"", b"XDG_TEMPLATES_DIR", home),
            Some(PathBuf::from("/home/a/"))
        );
    }

    #[test]
    fn finds_files_and_folders_with_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::write(d.join("Text.txt"), b"x").expect("write");
        std::fs::write(d.join(".hidden"), b"x").expect("write");
        std::fs::create_dir_all(d.join("Office/empty")).expect("mkdir");
        std::fs::write(d.join("Office/Letter.odt"), b"x").expect("write");
        let found = find(d);
        let names: Vec<_> = found.iter().map(|t| t.name.clone()).collect();
        assert_eq!(names, ["Office", "Text.txt"]);
        let TemplateKind::Folder(inside) = &found[0].kind else {
            panic!("a folder");
        };
        assert_eq!(inside.len(), 1, "the empty folder is left out");
        assert_eq!(inside[0].path, d.join("Office/Letter.odt"));
        assert!(find(&d.join("missing")).is_empty());
        let home = d.join("home");
        assert_eq!(templates_dir(None, &home), Some(home.join("Templates")));
    }
}
