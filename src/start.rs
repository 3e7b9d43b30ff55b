//! What the window opens at: the paths and `file://` URIs a desktop or a person passes
//! on the command line (`Exec=porpoise %U`), made into absolute paths without touching
//! the disk. Whether each is a folder, a file or nothing is found out by listing it.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::history::normalize;

/// An argument that names no local path.
#[derive(Debug, thiserror::Error)]
#[error("cannot open {}: only local files and file:// URIs can be opened", .0.to_string_lossy())]
pub struct NotLocal(pub OsString);

/// Each argument as an absolute path, in order: a `file://` URI decoded (its host must
/// be this computer), a relative path taken from `cwd`.
fn targets(args: &[OsString], cwd: &Path, hostname: &str) -> Vec<Result<PathBuf, NotLocal>> {
    args.iter().map(|a| target(a, cwd, hostname)).collect()
}

fn target(arg: &OsString, cwd: &Path, hostname: &str) -> Result<PathBuf, NotLocal> {
    let bytes = arg.as_bytes();
    let path = if bytes.len() >= 5 && bytes[..5].eq_ignore_ascii_case(b"file:") {
        porpoise_engine::uri::local_path(bytes, hostname).ok_or_else(|| NotLocal(arg.clone()))?
    } else if has_scheme(bytes) {
        return Err(NotLocal(arg.clone()));
    } else {
        PathBuf::from(arg)
    };
    Ok(normalize(&cwd.join(path)))
}

/// Where the window opens (the home folder without arguments) and what waits after it.
/// Arguments that name no local path are told on stderr and left out; `None` when no
/// argument is left.
pub fn first_and_later(args: &[OsString]) -> Option<(PathBuf, Vec<PathBuf>)> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| super::places::home_dir());
    let mut paths = targets(args, &cwd, &porpoise_engine::host::hostname())
        .into_iter()
        .filter_map(|t| t.inspect_err(|e| eprintln!("porpoise: {e}")).ok());
    match paths.next() {
        Some(first) => Some((first, paths.collect())),
        None if args.is_empty() => Some((super::places::home_dir(), Vec::new())),
        None => None,
    }
}

/// `scheme://…` as URIs write it (a letter, then letters, digits, `+`, `-`, `.`).
fn has_scheme(bytes: &[u8]) -> bool {
    let Some(colon) = bytes.windows(3).position(|w| w == b"://") else {
        return false;
    };
    let scheme = &bytes[..colon];
    scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(arg: &str) -> Result<PathBuf, NotLocal> {
        target(&OsString::from(arg), Path::new("/home/a"), "box")
    }

    #[test]
    fn paths_and_file_uris_become_absolute_paths() {
        assert_eq!(one("Music").unwrap(), Path::new("/home/a/Music"));
        assert_eq!(one("../b/./c").unwrap(), Path::new("/home/b/c"));
        assert_eq!(one("/srv").unwrap(), Path::new("/srv"));
        assert_eq!(
            one("file:///home/a/My%20Files").unwrap(),
            Path::new("/home/a/My Files")
        );
        assert_eq!(one("file://box/tmp/x").unwrap(), Path::new("/tmp/x"));
        assert!(one("file://other/tmp").is_err());
        assert!(one("sftp://box/home").is_err());
        // A colon in a plain name is a name.
        assert_eq!(one("notes:old").unwrap(), Path::new("/home/a/notes:old"));
    }
}
