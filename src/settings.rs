//! What the window remembers between runs (view mode, sort, the details view's columns,
//! hidden files, window size, theme, icon theme, language, verifying copies), stored as
//! TOML in the XDG config folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::columns::Column;

use porpoise_engine::error::{IoError, Op};
use porpoise_engine::listing::{SortKey, SortOrder};
use porpoise_engine::remote::{Address, looks_like_address};
use serde::{Deserialize, Serialize};

pub use crate::theme::ThemeChoice;

/// How the file view shows a folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewMode {
    #[default]
    Details,
    Icons,
}

/// How the file view lays a folder out: the view, and the icons view's icon size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewShape {
    pub mode: ViewMode,
    /// Pixels of an icon in the icons view.
    pub icon: f32,
}

impl ViewShape {
    /// Height of one row: a details row, or a row of tiles.
    pub fn row_height(self) -> f32 {
        match self.mode {
            ViewMode::Details => crate::theme::ROW_HEIGHT,
            ViewMode::Icons => crate::theme::tile_height(self.icon),
        }
    }

    /// Items per row in a view this wide (1 in details).
    pub fn columns(self, width: f32) -> usize {
        match self.mode {
            ViewMode::Details => 1,
            ViewMode::Icons => (((width - 16.0) / self.tile_width()).floor() as usize).max(1),
        }
    }

    /// Width of one tile of the icons view.
    pub fn tile_width(self) -> f32 {
        crate::theme::tile_width(self.icon)
    }
}

/// The sort key as written in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortBy {
    #[default]
    Name,
    Size,
    Modified,
    Type,
    Accessed,
    Created,
    Extension,
    Owner,
    Group,
    Permissions,
}

impl SortBy {
    const KEYS: [(SortBy, SortKey); 10] = [
        (SortBy::Name, SortKey::Name),
        (SortBy::Size, SortKey::Size),
        (SortBy::Modified, SortKey::Modified),
        (SortBy::Type, SortKey::Type),
        (SortBy::Accessed, SortKey::Accessed),
        (SortBy::Created, SortKey::Created),
        (SortBy::Extension, SortKey::Extension),
        (SortBy::Owner, SortKey::Owner),
        (SortBy::Group, SortKey::Group),
        (SortBy::Permissions, SortKey::Permissions),
    ];
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub view: ViewMode,
    /// Pixels of an icon in the icons view (Ctrl+wheel, Ctrl+plus and Ctrl+minus).
    pub icon_size: u16,
    pub sort_by: SortBy,
    pub descending: bool,
    /// Folders come before files in every sort (the View menu's "Folders First").
    pub folders_first: bool,
    /// The details view's columns beside the name, in their order (names it does not
    /// know, from another version, are passed over).
    #[serde(deserialize_with = "crate::columns::known_columns")]
    pub columns: Vec<Column>,
    /// Widths in pixels the person gave columns by dragging their header's edge; the
    /// others have their usual width.
    #[serde(
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::columns::known_widths"
    )]
    pub column_widths: BTreeMap<Column, f32>,
    pub show_hidden: bool,
    pub window_width: f32,
    pub window_height: f32,
    pub theme: ThemeChoice,
    /// The Places panel is shown (F9), where the window is wide enough for it.
    pub show_places: bool,
    /// The information panel is shown (F11), where the window is wide enough for it.
    pub show_info: bool,
    /// An icon theme to use instead of the desktop's (e.g. "Papirus"); unset: the desktop's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_theme: Option<String>,
    /// Copies and moves read every copy back from the device and compare it with its
    /// source (the main menu's "Verify copies").
    pub verify_copies: bool,
    /// The tabs of the last run come back when the window opens without paths (the main
    /// menu's "Restore tabs").
    pub restore_tabs: bool,
    /// Files on network shares get thumbnails too (the main menu's "Previews on network
    /// shares"); off, as reading whole files over the network is slow.
    pub previews_on_network: bool,
    /// The window's language (e.g. "de"); unset: the desktop's (LANGUAGE, LC_ALL, LANG).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Copies and moves to one device run one after the other, to different devices at
    /// once (the main menu's "One job at a time per device"); off, every job starts at once.
    pub queue_per_device: bool,
    /// The folders of the tabs as last saved, each a `file://` URI (so any path's bytes
    /// survive TOML), and the place of the tab that was shown.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tabs: Vec<String>,
    pub shown_tab: usize,
    /// The addresses of the servers connected to lately, the latest first (at most
    /// [`RECENT_SERVERS`]): "Connect to Server…" offers them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub recent_servers: Vec<String>,
}

/// The tabs of the last run to open again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RestoredTabs {
    /// Each tab on this computer: its folder, or two in split view from left to right.
    pub local: Vec<Vec<PathBuf>>,
    /// The place among `local` of the tab that was shown (the first when it was a
    /// server's).
    pub shown: usize,
    /// Each tab on a server: the address of its folder, and whether it was shown.
    pub servers: Vec<(Address, bool)>,
}

/// How many servers "Connect to Server…" remembers.
pub const RECENT_SERVERS: usize = 8;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            view: ViewMode::Details,
            icon_size: crate::theme::ICON_SIZES[crate::theme::DEFAULT_ICON],
            sort_by: SortBy::Name,
            descending: false,
            folders_first: true,
            columns: Column::DEFAULT.to_vec(),
            column_widths: BTreeMap::new(),
            show_hidden: false,
            window_width: 1024.0,
            window_height: 700.0,
            theme: ThemeChoice::Auto,
            show_places: true,
            show_info: false,
            icon_theme: None,
            verify_copies: false,
            restore_tabs: true,
            previews_on_network: false,
            language: None,
            queue_per_device: true,
            tabs: Vec::new(),
            shown_tab: 0,
            recent_servers: Vec::new(),
        }
    }
}

/// Why the settings could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error(transparent)]
    Write(#[from] IoError),
    #[error("cannot encode the settings")]
    Encode(#[from] toml::ser::Error),
    /// The task that saved them ended without an answer.
    #[error("the save did not finish")]
    Lost,
}

impl SaveError {
    /// Why, in the window's words.
    pub fn words(&self) -> String {
        match self {
            SaveError::Write(e) => crate::failures::why(e),
            SaveError::Encode(_) => crate::i18n::fl!("why-unknown"),
            SaveError::Lost => crate::i18n::fl!("why-interrupted"),
        }
    }
}

/// `~/.config/porpoise/settings.toml` (or wherever XDG_CONFIG_HOME says).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "porpoise").map(|d| d.config_dir().join("settings.toml"))
}

impl Settings {
    /// `uri` is the latest server connected to.
    pub fn remember_server(&mut self, uri: String) {
        self.recent_servers.retain(|u| *u != uri);
        self.recent_servers.insert(0, uri);
        self.recent_servers.truncate(RECENT_SERVERS);
    }

    /// How the file view lays a folder out now.
    pub fn shape(&self) -> ViewShape {
        ViewShape {
            mode: self.view,
            icon: f32::from(self.icon_size),
        }
    }

    /// One step bigger (`steps` > 0) or smaller icons in the icons view; false when
    /// they are as big or small as they get.
    pub fn zoom(&mut self, steps: i32) -> bool {
        use crate::theme::ICON_SIZES;
        let now = ICON_SIZES
            .iter()
            .position(|&s| s >= self.icon_size)
            .unwrap_or(ICON_SIZES.len() - 1);
        let to = (now as i32 + steps).clamp(0, ICON_SIZES.len() as i32 - 1) as usize;
        let changed = ICON_SIZES[to] != self.icon_size;
        self.icon_size = ICON_SIZES[to];
        changed
    }

    /// Remember these tabs' folders (each tab's one, or two in split view from left to
    /// right), and which tab is shown. A folder on a server is kept as its address
    /// (`address_of`), so that the tab can connect again where GVfs's folder is gone.
    pub fn set_tabs(
        &mut self,
        tabs: &[Vec<PathBuf>],
        shown: usize,
        address_of: impl Fn(&Path) -> Option<Address>,
    ) {
        use std::os::unix::ffi::OsStrExt;
        let uri = |f: &PathBuf| match address_of(f) {
            Some(address) => address.uri(),
            None => {
                let bytes = f.as_os_str().as_bytes();
                format!("file://{}", porpoise_engine::uri::percent_encode(bytes))
            }
        };
        // A URI holds no raw space: it parts the two folders of a split tab.
        self.tabs = tabs
            .iter()
            .map(|folders| folders.iter().map(uri).collect::<Vec<_>>().join(" "))
            .collect();
        self.shown_tab = shown;
    }

    /// The tabs to open when the window opens without paths (when they are to come
    /// back): those on this computer, and those on servers by their address.
    pub fn tabs_to_restore(&self) -> Option<RestoredTabs> {
        if !self.restore_tabs {
            return None;
        }
        let mut restored = RestoredTabs::default();
        for (i, tab) in self.tabs.iter().enumerate() {
            let parts: Vec<&[u8]> = tab.split(' ').take(2).map(str::as_bytes).collect();
            let local: Vec<PathBuf> = parts
                .iter()
                .filter_map(|uri| porpoise_engine::uri::local_path(uri, ""))
                .collect();
            if !local.is_empty() {
                if i == self.shown_tab {
                    restored.shown = restored.local.len();
                }
                restored.local.push(local);
            } else if let Some(address) = parts
                .first()
                .filter(|uri| looks_like_address(uri))
                .and_then(|uri| Address::parse(uri).ok())
            {
                restored.servers.push((address, i == self.shown_tab));
            }
        }
        let any = !restored.local.is_empty() || !restored.servers.is_empty();
        any.then_some(restored)
    }

    /// Read the settings; a missing or broken file gives the defaults (and a log line).
    pub fn load(path: &Path) -> Settings {
        match std::fs::read_to_string(path) {
            Ok(text) => Settings::parse(&text).unwrap_or_else(|e| {
                tracing::warn!("ignoring {}: {e}", path.display());
                Settings::default()
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Settings::default(),
            Err(e) => {
                tracing::warn!("cannot read {}: {e}", path.display());
                Settings::default()
            }
        }
    }

    pub fn parse(text: &str) -> Result<Settings, toml::de::Error> {
        toml::from_str(text)
    }

    /// Write the settings atomically (a temporary file renamed over the old one).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        let text = toml::to_string_pretty(self)?;
        let write = |p: &Path| -> std::io::Result<()> {
            if let Some(dir) = p.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = p.with_extension("toml.tmp");
            std::fs::write(&tmp, text.as_bytes())?;
            std::fs::rename(&tmp, p)
        };
        write(path).map_err(|source| IoError::new(Op::Write, path, source).into())
    }

    pub fn sort_key(&self) -> SortKey {
        SortBy::KEYS
            .iter()
            .find(|(by, _)| *by == self.sort_by)
            .map_or(SortKey::Name, |&(_, key)| key)
    }

    pub fn sort_order(&self) -> SortOrder {
        if self.descending {
            SortOrder::Descending
        } else {
            SortOrder::Ascending
        }
    }

    pub fn set_sort(&mut self, key: SortKey, order: SortOrder) {
        self.sort_by = SortBy::KEYS
            .iter()
            .find(|(_, k)| *k == key)
            .map_or(SortBy::Name, |&(by, _)| by);
        self.descending = order == SortOrder::Descending;
    }
}

#[cfg(test)]
mod tests {
    use porpoise_engine::remote::Address;

    #[test]
    fn tabs_on_servers_are_kept_by_address_and_come_back_after_the_others() {
        let fuse = Path::new("/run/user/0/gvfs/smb-share:server=nas,share=photos");
        let address = |p: &Path| {
            let rest = p.strip_prefix(fuse).ok()?;
            let uri = format!("smb://nas/photos/{}", rest.display());
            Address::parse(uri.trim_end_matches('/').as_bytes()).ok()
        };
        let mut s = Settings::default();
        let tabs = [
            vec![PathBuf::from("/home/a")],
            vec![fuse.join("2026 summer")],
            vec![PathBuf::from("/srv/left"), PathBuf::from("/srv/right")],
        ];
        s.set_tabs(&tabs, 1, address);
        assert_eq!(s.tabs[1], "smb://nas/photos/2026%20summer");
        let read = Settings::parse(&toml::to_string(&s).expect("encodes")).expect("parses");
        let restored = read.tabs_to_restore().expect("tabs to restore");
        assert_eq!(
            restored.local,
            [
                vec![PathBuf::from("/home/a")],
                vec![PathBuf::from("/srv/left"), PathBuf::from("/srv/right")]
            ]
        );
        assert_eq!(restored.servers.len(), 1);
        let (server, shown) = &restored.servers[0];
        assert_eq!(server.uri(), "smb://nas/photos/2026%20summer");
        assert!(shown, "the server's tab was the one shown");
    }

    use super::*;

    #[test]
    fn zoom_steps_through_the_sizes_and_stops_at_the_ends() {
        let mut s = Settings::default();
        assert_eq!(s.icon_size, 48);
        assert!(s.zoom(2));
        assert_eq!(s.icon_size, 96);
        assert!(s.zoom(10));
        assert_eq!(s.icon_size, 256);
        assert!(!s.zoom(1), "as big as they get");
        assert!(s.zoom(-100));
        assert_eq!(s.icon_size, 32);
        // A size between steps (edited by hand) goes to the next step.
        s.icon_size = 50;
        assert!(s.zoom(1));
        assert_eq!(s.icon_size, 96);
        let shape = ViewShape {
            mode: ViewMode::Icons,
            icon: 96.0,
        };
        assert_eq!((shape.tile_width(), shape.row_height()), (160.0, 148.0));
        assert_eq!(shape.columns(16.0 + 3.0 * 160.0 + 10.0), 3);
    }

    #[test]
    fn round_trips_and_tolerates_missing_fields() {
        let mut s = Settings {
            view: ViewMode::Icons,
            show_hidden: true,
            ..Settings::default()
        };
        s.set_sort(SortKey::Size, SortOrder::Descending);
        let text = toml::to_string_pretty(&s).expect("encode");
        assert_eq!(Settings::parse(&text).expect("parse"), s);
        let partial = Settings::parse("view = \"icons\"\n").expect("parse");
        assert_eq!(partial.view, ViewMode::Icons);
        assert_eq!(partial.sort_key(), SortKey::Name);
    }

    #[test]
    fn columns_widths_and_folders_first_round_trip_and_old_files_load() {
        let mut s = Settings {
            columns: vec![Column::Permissions, Column::Size, Column::Owner],
            folders_first: false,
            ..Settings::default()
        };
        s.column_widths.insert(Column::Size, 150.0);
        s.set_sort(SortKey::Permissions, SortOrder::Ascending);
        let text = toml::to_string_pretty(&s).expect("encode");
        assert!(text.contains("permissions"), "{text}");
        assert_eq!(Settings::parse(&text).expect("parse"), s);
        // A file from before columns could be chosen: the usual columns, folders first.
        let old = Settings::parse("sort_by = \"size\"\ndescending = true\n").expect("parse");
        assert_eq!(old.columns, Column::DEFAULT);
        assert!(old.folders_first);
        assert!(old.column_widths.is_empty());
        assert_eq!(old.sort_key(), SortKey::Size);
        // Names of columns this version does not know are passed over, not an error.
        let newer = Settings::parse(
            "columns = [\"size\", \"rating\", \"group\", \"size\"]\n\
             [column_widths]\nrating = 80.0\ngroup = 90.0\n",
        )
        .expect("parse");
        assert_eq!(newer.columns, [Column::Size, Column::Group]);
        assert_eq!(newer.column_widths.get(&Column::Group), Some(&90.0));
        assert_eq!(newer.column_widths.len(), 1);
    }

    #[test]
    fn saves_to_a_new_folder() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a/b/settings.toml");
        Settings::default().save(&path).expect("save");
        assert_eq!(Settings::load(&path), Settings::default());
    }
}
