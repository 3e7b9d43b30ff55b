//! The remote places GVfs mounted, each as its folder in GVfs's FUSE folder and its
//! address, and a path in one of them shown as the address it stands for
//! (`/run/user/0/gvfs/smb-share:server=nas,share=photos/2026` → `smb://nas/photos/2026`).
//! Pure: the table is read off the UI thread, then looked up here.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use porpoise_engine::remote::{Address, Scheme};

/// A remote place: its root in GVfs's FUSE folder and the address of that root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemotePlace {
    pub root: PathBuf,
    pub address: Address,
}

impl RemotePlace {
    /// The kind of server the place is on, as people call it ("Windows or Samba share").
    pub fn kind(&self) -> String {
        use crate::i18n::fl;
        match self.address.scheme {
            Scheme::Smb => fl!("server-kind-smb"),
            Scheme::Sftp => fl!("server-kind-sftp"),
            Scheme::Ftp => fl!("server-kind-ftp"),
            Scheme::Dav | Scheme::Davs => fl!("server-kind-dav"),
            Scheme::Nfs => fl!("server-kind-nfs"),
        }
    }

    /// The place's name as Places shows it: the share and its server (`photos on nas`),
    /// or the server alone with its user (`ann@host`).
    pub fn label(&self) -> String {
        let a = &self.address;
        let server = match a.port {
            Some(port) => format!("{}:{port}", a.host),
            None => a.host.clone(),
        };
        let share = match a.scheme {
            Scheme::Smb | Scheme::Nfs => a
                .path
                .rsplit(|&b| b == b'/')
                .find(|part| !part.is_empty())
                .map(crate::format::shown_name),
            _ => None,
        };
        match (share, &a.user) {
            (Some(share), _) => crate::i18n::fl!("server-share-on", share = share, server = server),
            (None, Some(user)) => format!("{user}@{server}"),
            (None, None) => server,
        }
    }
}

/// The remote places known, longest root first (a path goes to the deepest root it is in).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemotePlaces {
    places: Vec<RemotePlace>,
}

impl RemotePlaces {
    /// No remote places.
    pub const NONE: RemotePlaces = RemotePlaces { places: Vec::new() };

    pub fn new(mut places: Vec<RemotePlace>) -> RemotePlaces {
        places.sort_by_key(|p| std::cmp::Reverse(p.root.as_os_str().len()));
        RemotePlaces { places }
    }

    pub fn iter(&self) -> impl Iterator<Item = &RemotePlace> {
        self.places.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// The place `path` is in, and the path's part under its root.
    fn containing<'a>(&self, path: &'a Path) -> Option<(&RemotePlace, &'a Path)> {
        self.places
            .iter()
            .find_map(|p| Some((p, path.strip_prefix(&p.root).ok()?)))
    }

    /// The address `path` stands for, when it is in a remote place.
    pub fn address_of(&self, path: &Path) -> Option<Address> {
        let (place, rest) = self.containing(path)?;
        place.address.below(rest)
    }

    /// `path` as the window shows it: its address, as a person reads it, when it is in
    /// a remote place (`smb://nas/photos/Summer 2026`).
    pub fn shown(&self, path: &Path) -> Option<String> {
        self.address_of(path).map(|a| a.readable())
    }

    /// `path` as other programs take it: its address as a URI, when it is in a remote
    /// place (`smb://nas/photos/Summer%202026`).
    pub fn uri_of(&self, path: &Path) -> Option<String> {
        self.address_of(path).map(|a| a.uri())
    }

    /// A folder's name as a tab, the title or a job shows it: a remote place's root by
    /// its share and server (`photos on nas`), any other by its own name.
    pub fn folder_name(&self, path: &Path) -> String {
        match self.at_root(path) {
            Some(place) => place.label(),
            None => crate::format::name_of(path),
        }
    }

    /// `path` as the window writes it in a line of text: its address when it is in a
    /// remote place, else the path itself.
    pub fn text_of(&self, path: &Path) -> String {
        self.shown(path)
            .unwrap_or_else(|| path.display().to_string())
    }

    /// The path of `address` in a known place (`None`: no known place holds it).
    pub fn path_of(&self, address: &Address) -> Option<PathBuf> {
        self.places.iter().find_map(|p| {
            let a = &p.address;
            let same_server = (a.scheme, &a.host, a.port)
                == (address.scheme, &address.host, address.port)
                && (address.user.is_none() || a.user == address.user);
            if !same_server {
                return None;
            }
            let rest = match a.path.as_slice() {
                b"/" => address.path.strip_prefix(b"/")?,
                root => {
                    let rest = address.path.strip_prefix(root)?;
                    match rest {
                        [] => rest,
                        [b'/', tail @ ..] => tail,
                        _ => return None,
                    }
                }
            };
            Some(p.root.join(std::ffi::OsStr::from_bytes(rest)))
        })
    }

    /// The place whose root is `root`.
    pub fn at_root(&self, root: &Path) -> Option<&RemotePlace> {
        self.places.iter().find(|p| p.root == root)
    }

    /// Is `path` where no trash is kept? GVfs's places keep none (its backends have no
    /// trash, and none can be made at the root of its FUSE folder).
    pub fn keeps_no_trash(&self, path: &Path) -> bool {
        self.root_of(path).is_some()
    }

    /// Take the paths where no trash is kept out of `paths`: those, and the name of the
    /// first one's place; `None` when there are none.
    pub fn take_without_trash(&self, paths: &mut Vec<PathBuf>) -> Option<(Vec<PathBuf>, String)> {
        let (remote, rest) = std::mem::take(paths)
            .into_iter()
            .partition::<Vec<_>, _>(|p| self.keeps_no_trash(p));
        *paths = rest;
        let root = self.root_of(remote.first()?)?;
        let place = self.folder_name(root);
        Some((remote, place))
    }

    /// The place a path is in, when it is in one.
    pub fn place_of(&self, path: &Path) -> Option<&RemotePlace> {
        self.containing(path).map(|(p, _)| p)
    }

    /// The place a path is in (its root), when it is in one.
    pub fn root_of(&self, path: &Path) -> Option<&Path> {
        self.place_of(path).map(|p| p.root.as_path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> RemotePlaces {
        let place = |root: &str, uri: &str| RemotePlace {
            root: root.into(),
            address: Address::parse(uri.as_bytes()).expect("an address"),
        };
        RemotePlaces::new(vec![
            place(
                "/run/user/0/gvfs/smb-share:server=nas,share=photos",
                "smb://nas/photos",
            ),
            place("/run/user/0/gvfs/sftp:host=box,user=ann", "sftp://ann@box/"),
        ])
    }

    #[test]
    fn paths_in_a_remote_place_are_taken_out_with_the_place_named() {
        let p = places();
        let mut paths: Vec<PathBuf> = vec![
            "/home/u/a".into(),
            "/run/user/0/gvfs/smb-share:server=nas,share=photos/b".into(),
            "/home/u/c".into(),
            "/run/user/0/gvfs/sftp:host=box,user=ann/d".into(),
        ];
        let (remote, place) = p.take_without_trash(&mut paths).expect("remote paths");
        assert_eq!(paths, [PathBuf::from("/home/u/a"), "/home/u/c".into()]);
        assert_eq!(
            remote,
            [
                PathBuf::from("/run/user/0/gvfs/smb-share:server=nas,share=photos/b"),
                "/run/user/0/gvfs/sftp:host=box,user=ann/d".into(),
            ]
        );
        assert_eq!(place, "photos on nas");
        assert_eq!(p.take_without_trash(&mut paths), None);
        assert_eq!(paths.len(), 2, "the local paths stay");
    }

    #[test]
    fn paths_in_a_place_are_shown_as_addresses() {
        let p = places();
        let shown = |s: &str| p.shown(Path::new(s));
        assert_eq!(
            shown("/run/user/0/gvfs/smb-share:server=nas,share=photos/2026/a b").as_deref(),
            Some("smb://nas/photos/2026/a b")
        );
        // Other programs get the URI.
        assert_eq!(
            p.uri_of(Path::new(
                "/run/user/0/gvfs/smb-share:server=nas,share=photos/2026/a b"
            ))
            .as_deref(),
            Some("smb://nas/photos/2026/a%20b")
        );
        assert_eq!(
            shown("/run/user/0/gvfs/smb-share:server=nas,share=photos").as_deref(),
            Some("smb://nas/photos")
        );
        assert_eq!(
            shown("/run/user/0/gvfs/sftp:host=box,user=ann/srv").as_deref(),
            Some("sftp://ann@box/srv")
        );
        assert_eq!(
            shown("/run/user/0/gvfs/smb-share:server=nas,share=photosX"),
            None
        );
        assert_eq!(shown("/tmp"), None);
    }

    #[test]
    fn addresses_in_a_place_have_their_path() {
        let p = places();
        let path = |s: &str| p.path_of(&Address::parse(s.as_bytes()).expect("an address"));
        assert_eq!(
            path("smb://nas/photos/2026"),
            Some("/run/user/0/gvfs/smb-share:server=nas,share=photos/2026".into())
        );
        assert_eq!(
            path("smb://nas/photos"),
            Some("/run/user/0/gvfs/smb-share:server=nas,share=photos".into())
        );
        assert_eq!(path("smb://nas/photosX"), None);
        assert_eq!(path("smb://other/photos"), None);
        assert_eq!(
            path("sftp://box/etc"),
            Some("/run/user/0/gvfs/sftp:host=box,user=ann/etc".into())
        );
        assert_eq!(path("sftp://bob@box/etc"), None);
    }

    #[test]
    fn places_are_named_by_share_and_server() {
        let p = places();
        let labels: Vec<String> = p.iter().map(RemotePlace::label).collect();
        assert!(
            labels
                .iter()
                .any(|l| l.contains("photos") && l.contains("nas"))
        );
        assert!(labels.contains(&"ann@box".to_owned()));
    }
}
