//! The Places panel's model: home and user folders, trash, mounted devices and network
//! shares. Finding which user folders exist is I/O and runs off the UI thread.

use std::path::{Path, PathBuf};

use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::mounts::{MountClass, MountTable};

/// What a place is, which decides its icon and (for user folders) its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// A folder of the GTK bookmarks file (`name`: its label, else the folder's name).
    Bookmark,
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

/// The person's own places the window starts from: the home folder, the home trash and
/// where their applications are. The window reads them from the environment once, at
/// start-up; tests give their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserHome {
    pub folder: PathBuf,
    pub trash: HomeTrash,
    /// Where applications and their associations with types are (`XDG_*`).
    pub apps: porpoise_engine::apps::Env,
}

impl UserHome {
    /// The environment's: `$HOME` (or the password database), its trash
    /// (`XDG_DATA_HOME`, else the home folder's `.local/share`) and its applications.
    pub fn from_env() -> UserHome {
        let folder = home_dir();
        let trash = HomeTrash::from_env()
            .unwrap_or_else(|| HomeTrash::in_data_home(folder.join(".local/share")));
        UserHome {
            folder,
            trash,
            apps: porpoise_engine::apps::Env::from_env(),
        }
    }
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
pub fn fixed(home: &UserHome) -> Vec<Place> {
    vec![
        Place {
            kind: PlaceKind::Home,
            path: home.folder.clone(),
            name: String::new(),
        },
        trash_place(&home.trash),
    ]
}

/// Home, the user folders that exist, and Trash. Reads user-dirs.dirs and stats each
/// folder: call it on a blocking thread.
pub fn load_user_places(user: &UserHome) -> Vec<Place> {
    let mut v = Vec::new();
    let home = user.folder.clone();
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
    v.push(trash_place(&user.trash));
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
                    .map(|n| crate::format::shown_name(n.as_encoded_bytes()))
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
