//! The location bar's help with typing: Tab completes the last part of a typed path from
//! the folders that are there (as a shell does), and a path is looked at before the pane
//! goes there, so one that does not exist is said rather than shown as a made-up page.
//! Both read the disk, so they run off the UI thread.

use std::path::{Path, PathBuf};

use iced::Task;

use super::PaneMsg;
use crate::history::resolve_typed;
use crate::offload::blocking;

/// At most this many entries of a folder are read to complete a name.
const READ_AT_MOST: usize = 20_000;

/// What Tab found for the text `typed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The text it completes (a later text makes it stale).
    pub typed: String,
    /// The text completed: the folder's part as typed, then the names' common beginning
    /// (and a `/` when one folder alone matched).
    pub text: String,
    /// The folders that begin so, when more than one does, sorted.
    pub names: Vec<String>,
}

/// What is at a typed location.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Something the pane can go to (a folder, or a file whose folder it opens).
    There,
    /// Nothing by that name.
    Missing,
}

/// Complete `typed` (from `current`, `~` the home) off the UI thread.
pub fn complete(typed: String, current: PathBuf, home: PathBuf) -> Task<PaneMsg> {
    Task::perform(blocking(move || completion(&typed, &current, &home)), |c| {
        PaneMsg::LocationCompleted(c.flatten())
    })
}

/// Look at `path` (what `typed` led to) off the UI thread.
pub fn look(typed: String, path: PathBuf) -> Task<PaneMsg> {
    Task::perform(
        blocking({
            let path = path.clone();
            move || found_at(&path)
        }),
        move |found| PaneMsg::LocationLooked {
            typed: typed.clone(),
            path: path.clone(),
            found: found.unwrap_or(Found::There),
        },
    )
}

/// What is at `path`. A path on a network share or FUSE mount is not looked at: a server
/// that does not answer would hold the look (and the pane) forever, where the pane's own
/// listing says that it does not answer, or that the folder does not exist.
pub fn found_at(path: &Path) -> Found {
    let on_share = porpoise_engine::mounts::current()
        .ok()
        .and_then(|t| t.containing(path).map(|m| m.class.is_slow()))
        .unwrap_or(false);
    if on_share {
        return Found::There;
    }
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Found::Missing,
        // A link whose target is gone leads nowhere either.
        Ok(m) if m.file_type().is_symlink() && std::fs::metadata(path).is_err() => Found::Missing,
        // Anything else (there, or not readable) is for the pane to show.
        _ => Found::There,
    }
}

/// The completion of `typed`: `None` when no folder begins as its last part does.
pub fn completion(typed: &str, current: &Path, home: &Path) -> Option<Completion> {
    let (dir_part, prefix) = match typed.rfind('/') {
        Some(at) => typed.split_at(at + 1),
        None => ("", typed),
    };
    let dir = match dir_part {
        "" => current.to_owned(),
        d => resolve_typed(d, current, home)?,
    };
    let hidden = prefix.starts_with('.');
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .take(READ_AT_MOST)
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let wanted = name.starts_with(prefix) && (hidden || !name.starts_with('.'));
            // A link to a folder counts as one.
            let is_dir = wanted
                && match e.file_type().ok()? {
                    t if t.is_dir() => true,
                    t if t.is_symlink() => std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir()),
                    _ => false,
                };
            is_dir.then_some(name)
        })
        .collect();
    if names.is_empty() {
        return None;
    }
    names.sort();
    let common = common_beginning(&names);
    let mut text = format!("{dir_part}{common}");
    if names.len() == 1 {
        text.push('/');
        names.clear();
    }
    Some(Completion {
        typed: typed.to_owned(),
        text,
        names,
    })
}

/// The longest beginning all of `names` share (whole characters).
fn common_beginning(names: &[String]) -> &str {
    let Some(first) = names.first() else {
        return "";
    };
    let end = names[1..].iter().fold(first.len(), |end, n| {
        let shared = first
            .char_indices()
            .zip(n.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8());
        end.min(shared)
    });
    &first[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_path_is_looked_at_and_a_broken_link_leads_nowhere() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::create_dir(d.join("there")).expect("mkdir");
        std::os::unix::fs::symlink(d.join("gone"), d.join("broken")).expect("symlink");
        assert_eq!(found_at(&d.join("there")), Found::There);
        assert_eq!(found_at(&d.join("not-there")), Found::Missing);
        assert_eq!(found_at(&d.join("broken")), Found::Missing);
    }

    #[test]
    fn tab_completes_folders_as_a_shell_does() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        for f in ["Documents", "Downloads", "Desktop", ".dotfolder", "Music"] {
            std::fs::create_dir(d.join(f)).expect("mkdir");
        }
        std::fs::write(d.join("Document.txt"), b"x").expect("write");
        std::os::unix::fs::symlink(d.join("Music"), d.join("Mu-link")).expect("symlink");
        let home = Path::new("/nonexistent-home");
        let c = |t: &str| completion(t, d, home);

        // One folder: completed with its slash.
        let one = c("Des").expect("one");
        assert_eq!(one.text, "Desktop/");
        assert!(one.names.is_empty());
        // Two: their common beginning, and both named (the file is not offered).
        let two = c("Do").expect("two");
        assert_eq!(two.text, "Do");
        assert_eq!(two.names, ["Documents", "Downloads"]);
        let path = format!("{}/Doc", d.display());
        assert_eq!(
            c(&path).expect("abs").text,
            format!("{}/Documents/", d.display())
        );
        // A link to a folder counts; hidden ones only when asked for.
        assert_eq!(c("Mu").expect("mu").names, ["Mu-link", "Music"]);
        assert!(c("dot").is_none());
        assert_eq!(c(".d").expect("dot").text, ".dotfolder/");
        assert!(c("Nothing").is_none());
    }

    #[test]
    fn common_beginnings_keep_whole_characters() {
        let v = |s: &[&str]| s.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(common_beginning(&v(&["abc", "abd"])), "ab");
        assert_eq!(common_beginning(&v(&["äx", "äy"])), "ä");
        assert_eq!(common_beginning(&v(&["ab", "abc"])), "ab");
        assert_eq!(common_beginning(&v(&["x"])), "x");
    }
}
