//! What the window opens at: the paths, `file://` URIs and server addresses (`smb://`,
//! `sftp://`…) a desktop or a person passes on the command line (`Exec=porpoise %U`), made
//! into absolute paths and addresses without touching the disk or the network. Whether
//! each path is a folder, a file or nothing is found out by listing it; a server is
//! connected to once the window runs.

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use porpoise_engine::remote::{Address, looks_like_address};

use super::history::normalize;
use super::servers::Then;
use super::settings::RestoredTabs;

/// An argument that names no local path and no server that can be reached.
#[derive(Debug, thiserror::Error)]
pub enum NotLocal {
    #[error("cannot open {}: only local files, file:// URIs and server addresses can be opened", .0.to_string_lossy())]
    Scheme(OsString),
    #[error("cannot open {}", .0.to_string_lossy())]
    Address(OsString, #[source] porpoise_engine::remote::AddressError),
}

/// What an argument names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Path(PathBuf),
    Server(Address),
}

/// Each argument as an absolute path or an address, in order: a `file://` URI decoded
/// (its host must be this computer), a relative path taken from `cwd`.
fn targets(args: &[OsString], cwd: &Path, hostname: &str) -> Vec<Result<Target, NotLocal>> {
    args.iter().map(|a| target(a, cwd, hostname)).collect()
}

fn target(arg: &OsString, cwd: &Path, hostname: &str) -> Result<Target, NotLocal> {
    let bytes = arg.as_bytes();
    let path = if bytes.len() >= 5 && bytes[..5].eq_ignore_ascii_case(b"file:") {
        porpoise_engine::uri::local_path(bytes, hostname)
            .ok_or_else(|| NotLocal::Scheme(arg.clone()))?
    } else if looks_like_address(bytes) {
        return Address::parse(bytes)
            .map(Target::Server)
            .map_err(|e| NotLocal::Address(arg.clone(), e));
    } else {
        PathBuf::from(arg)
    };
    Ok(Target::Path(normalize(&cwd.join(path))))
}

/// Where the window opens and what it opens after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The first folder (the home folder when only servers, or nothing, were given).
    pub first: PathBuf,
    /// The other folders, each a tab.
    pub later: Vec<PathBuf>,
    /// The servers to connect to, each shown in a tab of its own (the first in the first
    /// tab when no folder was given).
    pub servers: Vec<Address>,
    /// No folder was given: `first` is the home folder.
    pub no_folder: bool,
}

/// Where the window opens (the home folder without arguments) and what waits after it.
/// Arguments that name nothing that can be opened are told on stderr and left out;
/// `None` when no argument is left.
pub fn first_and_later(args: &[OsString]) -> Option<Opening> {
    let home = super::places::home_dir();
    let cwd = std::env::current_dir().unwrap_or_else(|_| home.clone());
    let mut paths = Vec::new();
    let mut servers = Vec::new();
    for t in targets(args, &cwd, &porpoise_engine::host::hostname()) {
        match t {
            Ok(Target::Path(p)) => paths.push(p),
            Ok(Target::Server(a)) => servers.push(a),
            Err(e) => eprintln!("porpoise: {}", porpoise_engine::error::chain(&e)),
        }
    }
    if paths.is_empty() && servers.is_empty() && !args.is_empty() {
        return None;
    }
    let no_folder = paths.is_empty();
    let mut paths = paths.into_iter();
    Some(Opening {
        first: paths.next().unwrap_or(home),
        later: paths.collect(),
        servers,
        no_folder,
    })
}

/// The tabs the window opens with and the servers it connects to then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beginning {
    /// Each tab's folder, or two in split view from left to right.
    pub tabs: Vec<Vec<PathBuf>>,
    /// The place of the tab shown.
    pub shown: usize,
    /// Each server, and how it is shown once connected.
    pub servers: Vec<(Address, Then)>,
}

/// What the window begins with: the tabs of the last run when they come back
/// (`restored`; those on servers connected to again, after the others in their order),
/// else the arguments'.
pub fn beginning(opening: Opening, restored: Option<RestoredTabs>) -> Beginning {
    match restored {
        Some(r) => {
            let nothing_local = r.local.is_empty();
            let servers = r
                .servers
                .into_iter()
                .enumerate()
                .map(|(i, (address, shown))| {
                    let then = match i == 0 && nothing_local {
                        true => Then::Show,
                        false => Then::LastTab { show: shown },
                    };
                    (address, then)
                });
            Beginning {
                tabs: r.local,
                shown: r.shown,
                servers: servers.collect(),
            }
        }
        None => {
            let folders = std::iter::once(opening.first).chain(opening.later);
            let tabs = folders.map(|f| vec![f]).collect();
            let servers = opening.servers.into_iter().enumerate().map(|(i, address)| {
                let then = match i == 0 && opening.no_folder {
                    true => Then::Show,
                    false => Then::Tab,
                };
                (address, then)
            });
            Beginning {
                tabs,
                shown: 0,
                servers: servers.collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {

    fn address(uri: &str) -> Address {
        Address::parse(uri.as_bytes()).expect("an address")
    }

    #[test]
    fn servers_come_after_the_tabs_and_the_first_shows_where_nothing_else_does() {
        let opening = Opening {
            first: PathBuf::from("/home/a"),
            later: Vec::new(),
            servers: vec![address("smb://nas/a"), address("sftp://box/")],
            no_folder: true,
        };
        // The arguments: the first server in the first tab, the next in a tab shown.
        let b = beginning(opening.clone(), None);
        assert_eq!(b.tabs, [vec![PathBuf::from("/home/a")]]);
        let thens: Vec<Then> = b.servers.iter().map(|(_, t)| *t).collect();
        assert_eq!(thens, [Then::Show, Then::Tab]);
        // The last run's tabs: the servers' behind the others, but the one that was shown.
        let restored = RestoredTabs {
            local: vec![vec![PathBuf::from("/srv")]],
            shown: 0,
            servers: vec![
                (address("smb://nas/a"), false),
                (address("sftp://box/"), true),
            ],
        };
        let b = beginning(opening.clone(), Some(restored.clone()));
        assert_eq!(b.tabs, [vec![PathBuf::from("/srv")]]);
        let thens: Vec<Then> = b.servers.iter().map(|(_, t)| *t).collect();
        assert_eq!(
            thens,
            [Then::LastTab { show: false }, Then::LastTab { show: true }]
        );
        // Only servers' tabs: the first in the first tab.
        let only = RestoredTabs {
            local: Vec::new(),
            ..restored
        };
        let thens: Vec<Then> = beginning(opening, Some(only))
            .servers
            .iter()
            .map(|(_, t)| *t)
            .collect();
        assert_eq!(thens, [Then::Show, Then::LastTab { show: true }]);
    }

    use super::*;

    fn one(arg: &str) -> Result<PathBuf, NotLocal> {
        match target(&OsString::from(arg), Path::new("/home/a"), "box")? {
            Target::Path(p) => Ok(p),
            Target::Server(a) => panic!("{a} is not a path"),
        }
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
        let server = target(&OsString::from("sftp://box/home"), Path::new("/"), "box");
        assert!(matches!(server, Ok(Target::Server(a)) if a.uri() == "sftp://box/home"));
        assert!(matches!(
            target(&OsString::from("gopher://box/x"), Path::new("/"), "box"),
            Err(NotLocal::Address(..))
        ));
        // A colon in a plain name is a name.
        assert_eq!(one("notes:old").unwrap(), Path::new("/home/a/notes:old"));
    }
}
