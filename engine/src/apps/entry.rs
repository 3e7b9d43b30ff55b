//! Desktop entries (`*.desktop` under each `applications/` folder, its sub-folders too),
//! read with the `freedesktop-desktop-entry` crate: each file's desktop file ID (its path
//! under the folder, `/` as `-`), and what a usable application entry says. An entry that
//! is hidden, not an application, without a name or a runnable `Exec`, or whose `TryExec`
//! program is missing is no application, but still hides entries of its ID further down.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use freedesktop_desktop_entry::DesktopEntry;

use super::App;
use super::env::Env;
use super::exec::Exec;

/// How deep sub-folders of an `applications/` folder are read (links may make loops).
const MAX_DEPTH: usize = 8;

/// Every `*.desktop` file under `dir` with its desktop file ID; IDs that are not UTF-8
/// are skipped (the association files could not name them).
pub(super) fn files(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    walk(dir, "", 0, &mut out);
    out
}

fn walk(dir: &Path, prefix: &str, depth: usize, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let path = entry.path();
        // Follows links, as every desktop does (whole folders are often links).
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            if depth < MAX_DEPTH {
                walk(&path, &format!("{prefix}{name}-"), depth + 1, out);
            }
        } else if name.ends_with(".desktop") {
            out.push((format!("{prefix}{name}"), path));
        }
    }
}

/// The application the entry `file` (of ID `id`, in the folder of level `level`)
/// describes, with its texts in `env.languages`; `None` when it is no usable application.
pub(super) fn read(id: &str, file: &Path, level: usize, env: &Env) -> Option<App> {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            tracing::debug!("skipping {}: {e}", file.display());
            return None;
        }
    };
    let entry = match DesktopEntry::from_str(file, &text, Some(&env.languages)) {
        Ok(e) => e,
        Err(e) => {
            tracing::debug!("skipping {}: {e}", file.display());
            return None;
        }
    };
    if entry.hidden() || entry.type_() != Some("Application") {
        return None;
    }
    if let Some(program) = entry.try_exec().filter(|p| !p.is_empty())
        && env.find_program(program.as_ref()).is_none()
    {
        return None;
    }
    let exec = Exec::parse(entry.exec()?)?;
    let langs = &env.languages;
    let list = |value: Option<Vec<&str>>| -> Vec<String> {
        value
            .unwrap_or_default()
            .into_iter()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let text =
        |v: Option<std::borrow::Cow<str>>| v.map(|v| v.into_owned()).filter(|v| !v.is_empty());
    Some(App {
        id: id.to_owned(),
        name: text(entry.name(langs))?,
        generic_name: text(entry.generic_name(langs)),
        comment: text(entry.comment(langs)),
        icon: entry.icon().filter(|i| !i.is_empty()).map(str::to_owned),
        takes_list: exec.takes_list(),
        terminal: entry.terminal(),
        no_display: entry.no_display(),
        shown: shown_in(
            &list(entry.only_show_in()),
            &list(entry.not_show_in()),
            &env.desktops,
        ),
        mime_types: list(entry.mime_type()),
        file: file.to_owned(),
        dir: entry.path().filter(|p| !p.is_empty()).map(PathBuf::from),
        exec,
        level,
    })
}

/// Whether an entry with these `OnlyShowIn` and `NotShowIn` lists shows on a desktop
/// known by `desktops` (most specific name first): the first name either list holds
/// decides; with none, it shows unless it names where it only shows (as GLib decides).
fn shown_in(only: &[String], not: &[String], desktops: &[String]) -> bool {
    for desktop in desktops {
        if only.contains(desktop) {
            return true;
        }
        if not.contains(desktop) {
            return false;
        }
    }
    only.is_empty()
}

/// The IDs under `level`'s folder whose entries there support each type: their
/// `MimeType` lists and the folder's `mimeinfo.cache`, for the entries that are the ones
/// of their ID (`winner`) at this level.
pub(super) fn declared(
    apps: &[App],
    cache: HashMap<String, Vec<String>>,
    level: usize,
    winner: impl Fn(&str) -> Option<usize>,
) -> HashMap<String, Vec<String>> {
    let mut declared: HashMap<String, Vec<String>> = HashMap::new();
    let mut add = |mime: &str, id: &str| {
        let ids = declared.entry(mime.to_owned()).or_default();
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_owned());
        }
    };
    for app in apps.iter().filter(|a| a.level == level) {
        for mime in &app.mime_types {
            add(mime, &app.id);
        }
    }
    for (mime, ids) in cache {
        for id in ids.iter().filter(|id| winner(id) == Some(level)) {
            add(&mime, id);
        }
    }
    declared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_and_not_show_in() {
        let s = |v: &[&str]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>();
        assert!(shown_in(&[], &[], &s(&["GNOME"])));
        assert!(shown_in(&s(&["KDE"]), &[], &s(&["KDE"])));
        assert!(!shown_in(&s(&["KDE"]), &[], &s(&["GNOME"])));
        assert!(!shown_in(&s(&["KDE"]), &[], &[]));
        assert!(!shown_in(&[], &s(&["GNOME"]), &s(&["ubuntu", "GNOME"])));
        assert!(shown_in(&[], &s(&["GNOME"]), &s(&["XFCE"])));
    }
}
