//! Making an application the default for a type, as "Always use for this type" does: the
//! user's `mimeapps.list` gets `type=app.desktop;` in `[Default Applications]`, the app
//! first in the type's `[Added Associations]` (so it stays associated even when its entry
//! does not list the type, as GLib writes it) and out of its `[Removed Associations]`.
//! Every other line of the file stays as it was; the new file replaces the old at once
//! (written beside it, then renamed), through a link to wherever the link points.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::env::Env;
use crate::error::{IoError, Op};

/// Make `id` (`org.gnome.TextEditor.desktop`) the default application for `mime` in the
/// user's `mimeapps.list` (`$XDG_CONFIG_HOME/mimeapps.list`), which `xdg-mime query
/// default` and every desktop then report. An [`super::Apps`] loaded before does not
/// see it: load again.
pub fn set_default(env: &Env, mime: &str, id: &str) -> Result<(), IoError> {
    let Some(list) = env.user_mimeapps_list() else {
        return Err(IoError::new(
            Op::Write,
            "mimeapps.list",
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "neither XDG_CONFIG_HOME nor HOME is set",
            ),
        ));
    };
    // Write where a link points, so the link stays (dotfiles kept elsewhere).
    let target = std::fs::canonicalize(&list).unwrap_or(list);
    let old = match std::fs::read_to_string(&target) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(IoError::new(Op::Read, &target, e)),
    };
    let new = with_default(&old, mime, id);
    replace(&target, new.as_bytes())
}

/// `text` with `id` as the default for `mime` (see the module).
pub(super) fn with_default(text: &str, mime: &str, id: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    set_key(
        &mut lines,
        "Default Applications",
        mime,
        Some(format!("{id};")),
    );
    let mut added = vec![id.to_owned()];
    added.extend(
        get_key(&lines, "Added Associations", mime)
            .into_iter()
            .filter(|other| other != id),
    );
    set_key(&mut lines, "Added Associations", mime, Some(joined(&added)));
    let removed = get_key(&lines, "Removed Associations", mime);
    if removed.iter().any(|other| other == id) {
        let kept: Vec<String> = removed.into_iter().filter(|other| other != id).collect();
        let value = (!kept.is_empty()).then(|| joined(&kept));
        set_key(&mut lines, "Removed Associations", mime, value);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// `a.desktop;b.desktop;`
fn joined(ids: &[String]) -> String {
    ids.iter().map(|id| format!("{id};")).collect()
}

/// The lines of `group` (after its header up to the next header): their range.
fn group_range(lines: &[String], group: &str) -> Option<std::ops::Range<usize>> {
    let header = format!("[{group}]");
    let start = lines.iter().position(|l| l.trim() == header)? + 1;
    let end = lines[start..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |n| start + n);
    Some(start..end)
}

/// Where `key=` is in `group`.
fn key_line(lines: &[String], group: &str, key: &str) -> Option<usize> {
    group_range(lines, group)?.find(|&i| {
        let l = lines[i].trim_start();
        !l.starts_with('#') && l.split_once('=').is_some_and(|(k, _)| k.trim() == key)
    })
}

/// The IDs `group` lists for `key`.
fn get_key(lines: &[String], group: &str, key: &str) -> Vec<String> {
    key_line(lines, group, key)
        .and_then(|i| lines[i].split_once('=').map(|(_, v)| v.to_owned()))
        .map(|v| {
            v.split(';')
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// Set `key=value` in `group` (its line replaced, else added after the group's last
/// line, else a new group at the end), or remove the key's line (`None`).
fn set_key(lines: &mut Vec<String>, group: &str, key: &str, value: Option<String>) {
    if let Some(i) = key_line(lines, group, key) {
        match value {
            Some(v) => lines[i] = format!("{key}={v}"),
            None => {
                lines.remove(i);
                // A group left with nothing in it goes, with its blank lines.
                if let Some(range) = group_range(lines, group)
                    && lines[range.clone()].iter().all(|l| l.trim().is_empty())
                {
                    lines.drain(range.start - 1..range.end);
                }
            }
        }
        return;
    }
    let Some(value) = value else { return };
    let line = format!("{key}={value}");
    match group_range(lines, group) {
        Some(range) => {
            // After the group's last line that is not blank.
            let at = range
                .clone()
                .rev()
                .find(|&i| !lines[i].trim().is_empty())
                .map_or(range.start, |i| i + 1);
            lines.insert(at, line);
        }
        None => {
            if lines.last().is_some_and(|l| !l.trim().is_empty()) {
                lines.push(String::new());
            }
            lines.push(format!("[{group}]"));
            lines.push(line);
        }
    }
}

/// Put `data` at `path` in one step: written to a new file beside it, made durable, then
/// renamed over it (the folder is made when missing).
fn replace(path: &Path, data: &[u8]) -> Result<(), IoError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| IoError::new(Op::Create, dir, e))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let temp: PathBuf = dir.join(format!(
        ".{}.{}.new",
        name.as_deref().unwrap_or("mimeapps.list"),
        std::process::id()
    ));
    let written = std::fs::File::create(&temp)
        .and_then(|mut f| f.write_all(data).and_then(|()| f.sync_all()))
        .map_err(|e| IoError::new(Op::Write, &temp, e));
    let renamed = written
        .and_then(|()| std::fs::rename(&temp, path).map_err(|e| IoError::new(Op::Rename, path, e)));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_gets_both_groups() {
        assert_eq!(
            with_default("", "text/plain", "a.desktop"),
            "[Default Applications]\ntext/plain=a.desktop;\n\n[Added Associations]\ntext/plain=a.desktop;\n"
        );
    }

    #[test]
    fn other_lines_stay_and_the_app_leaves_removed() {
        let old = "# mine\n[Added Associations]\ntext/plain=b.desktop;a.desktop;\nimage/png=c.desktop;\n\n\
                   [Removed Associations]\ntext/plain=a.desktop;d.desktop;\n\n\
                   [Default Applications]\nimage/png=c.desktop;\ntext/plain=b.desktop;\n";
        let new = with_default(old, "text/plain", "a.desktop");
        assert_eq!(
            new,
            "# mine\n[Added Associations]\ntext/plain=a.desktop;b.desktop;\nimage/png=c.desktop;\n\n\
             [Removed Associations]\ntext/plain=d.desktop;\n\n\
             [Default Applications]\nimage/png=c.desktop;\ntext/plain=a.desktop;\n"
        );
        // Removed entirely when it was the only one.
        let old = "[Removed Associations]\ntext/plain=a.desktop;\n";
        let new = with_default(old, "text/plain", "a.desktop");
        assert!(!new.contains("Removed Associations]\ntext/plain"), "{new}");
    }

    #[test]
    fn a_key_goes_after_the_groups_last_line() {
        let old = "[Default Applications]\nimage/png=c.desktop;\n\n[Other]\nx=y\n";
        let new = with_default(old, "text/plain", "a.desktop");
        assert!(
            new.starts_with(
                "[Default Applications]\nimage/png=c.desktop;\ntext/plain=a.desktop;\n\n[Other]\nx=y\n"
            ),
            "{new}"
        );
    }
}
