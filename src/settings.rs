//! What the window remembers between runs (view mode, sort, the details view's columns,
//! hidden files, window size, theme, icon theme, language, verifying copies), stored as
//! TOML in the XDG config folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::columns::Column;

use porpoise_engine::error::{IoError, Op};
use porpoise_engine::listing::{SortKey, SortOrder};
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
    /// right), and which tab is shown.
    pub fn set_tabs(&mut self, tabs: &[Vec<PathBuf>], shown: usize) {
        use std::os::unix::ffi::OsStrExt;
        let uri = |f: &PathBuf| {
            let bytes = f.as_os_str().as_bytes();
            format!("file://{}", porpoise_engine::uri::percent_encode(bytes))
        };
        // A URI holds no raw space: it parts the two folders of a split tab.
        self.tabs = tabs
            .iter()
            .map(|folders| folders.iter().map(uri).collect::<Vec<_>>().join(" "))
            .collect();
        self.shown_tab = shown;
    }

    /// The tabs to open when the window opens without paths: the saved ones (when they
    /// are to come back), and the place of the shown one.
    pub fn tabs_to_restore(&self) -> Option<(Vec<Vec<PathBuf>>, usize)> {
        let tabs: Vec<Vec<PathBuf>> = self
            .tabs
            .iter()
            .map(|tab| {
                tab.split(' ')
                    .filter_map(|uri| porpoise_engine::uri::local_path(uri.as_bytes(), ""))
                    .take(2)
                    .collect::<Vec<_>>()
            })
            .filter(|folders| !folders.is_empty())
            .collect();
        (self.restore_tabs && !tabs.is_empty())
            .then(|| (tabs.clone(), self.shown_tab.min(tabs.len() - 1)))
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
