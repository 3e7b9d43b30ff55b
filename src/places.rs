//! The Places panel's model: home and user folders, trash, mounted devices and network
//! shares. Finding which user folders exist is I/O and runs off the UI thread.

use std::path::{Path, PathBuf};

use porpoise_engine::mounts::{MountClass, MountTable};

/// What a place is, which decides its icon and (for user folders) its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    Home,
    Desktop,
    Documents,
    Downloads,
    Music,
    Pictures,
    Videos,
    Trash,
    FileSystem,
    Drive,
    Removable,
    Network,
}

/// One entry of the Places panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub kind: PlaceKind,
    pub path: PathBuf,
    /// Shown name for devices and shares (user folders are named by their kind).
    pub name: String,
}

/// The home folder, from `$HOME` (or the password database), no file I/O.
pub fn home_dir() -> PathBuf {
    directories::BaseDirs::new()
        .map(|d| d.home_dir().to_owned())
        .unwrap_or_else(|| PathBuf::from("/"))
}

/// The trash's files folder: `$XDG_DATA_HOME/Trash/files`.
pub fn trash_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|d| d.data_dir().join("Trash/files"))
}

/// The places that are always there: Home and Trash (no I/O).
pub fn fixed() -> Vec<Place> {
    let mut v = vec![Place {
        kind: PlaceKind::Home,
        path: home_dir(),
        name: String::new(),
    }];
    if let Some(t) = trash_dir() {
        v.push(Place {
            kind: PlaceKind::Trash,
            path: t,
            name: String::new(),
        });
    }
    v
}

/// Home, the user folders that exist, and Trash. Reads user-dirs.dirs and stats each
/// folder: call it on a blocking thread.
pub fn load_user_places() -> Vec<Place> {
    let mut v = Vec::new();
    let home = home_dir();
    v.push(Place {
        kind: PlaceKind::Home,
        path: home.clone(),
        name: String::new(),
    });
    if let Some(dirs) = directories::UserDirs::new() {
        let candidates = [
            (PlaceKind::Desktop, dirs.desktop_dir()),
            (PlaceKind::Documents, dirs.document_dir()),
            (PlaceKind::Downloads, dirs.download_dir()),
            (PlaceKind::Music, dirs.audio_dir()),
            (PlaceKind::Pictures, dirs.picture_dir()),
            (PlaceKind::Videos, dirs.video_dir()),
        ];
        for (kind, dir) in candidates {
            if let Some(dir) = dir
                && dir != home
                && dir.is_dir()
            {
                v.push(Place {
                    kind,
                    path: dir.to_owned(),
                    name: String::new(),
                });
            }
        }
    }
    if let Some(t) = trash_dir() {
        v.push(Place {
            kind: PlaceKind::Trash,
            path: t,
            name: String::new(),
        });
    }
    v
}

/// Devices and network shares a person would browse to, from the mount table.
pub fn from_mounts(table: &MountTable) -> Vec<Place> {
    table
        .user_visible()
        .into_iter()
        .map(|m| {
            let root = m.mount_point == Path::new("/");
            let kind = match m.class {
                _ if root => PlaceKind::FileSystem,
                MountClass::Local => PlaceKind::Drive,
                MountClass::Removable => PlaceKind::Removable,
                MountClass::Network => PlaceKind::Network,
            };
            let name = match kind {
                PlaceKind::Network => porpoise_engine::mounts::source_display(m).into_owned(),
                _ => m
                    .mount_point
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            };
            Place {
                kind,
                path: m.mount_point.clone(),
                name,
            }
        })
        .collect()
}
