//! The Places panel's model: home and user folders, trash, mounted devices and network
//! shares. Finding which user folders exist is I/O and runs off the UI thread.

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::trash::HomeTrash;
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

/// The home trash the window uses: the environment's (`XDG_DATA_HOME`, else `HOME`), else
/// the one in the home folder the password database names. Read once, at start-up.
pub fn home_trash() -> HomeTrash {
    HomeTrash::from_env()
        .unwrap_or_else(|| HomeTrash::in_data_home(home_dir().join(".local/share")))
}

/// The Trash place: the home trash's `files/` folder.
fn trash_place(trash: &HomeTrash) -> Place {
    Place {
        kind: PlaceKind::Trash,
        path: trash.files(),
        name: String::new(),
    }
}

/// The places that are always there: Home and Trash (no I/O).
pub fn fixed(trash: &HomeTrash) -> Vec<Place> {
    vec![
        Place {
            kind: PlaceKind::Home,
            path: home_dir(),
            name: String::new(),
        },
        trash_place(trash),
    ]
}

/// Home, the user folders that exist, and Trash. Reads user-dirs.dirs and stats each
/// folder: call it on a blocking thread.
pub fn load_user_places(trash: &HomeTrash) -> Vec<Place> {
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
    v.push(trash_place(trash));
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
