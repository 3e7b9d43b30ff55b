//! Which icon each file class and place shows: the desktop theme's where one was found,
//! else the bundled SVG. Built from the bytes the loader read off the UI thread; building
//! handles from bytes is no I/O.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use iced::Element;
use iced::widget::{image, svg};

use crate::format::FileClass;
use crate::places::PlaceKind;

/// An icon of the file view or of Places that a desktop theme may provide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Folder,
    File,
    Text,
    Image,
    Audio,
    Video,
    Archive,
    Document,
    Code,
    Executable,
    Home,
    Desktop,
    Documents,
    Downloads,
    Music,
    Pictures,
    Videos,
    Trash,
    Drive,
    Removable,
    Network,
}

impl Slot {
    pub const ALL: [Slot; 21] = [
        Slot::Folder,
        Slot::File,
        Slot::Text,
        Slot::Image,
        Slot::Audio,
        Slot::Video,
        Slot::Archive,
        Slot::Document,
        Slot::Code,
        Slot::Executable,
        Slot::Home,
        Slot::Desktop,
        Slot::Documents,
        Slot::Downloads,
        Slot::Music,
        Slot::Pictures,
        Slot::Videos,
        Slot::Trash,
        Slot::Drive,
        Slot::Removable,
        Slot::Network,
    ];

    /// The freedesktop icon names to try, best first. User folders fall back to the
    /// theme's plain folder rather than mixing in a bundled one.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Slot::Folder => &["folder"],
            Slot::File => &["application-x-generic", "text-x-generic"],
            Slot::Text => &["text-x-generic"],
            Slot::Image => &["image-x-generic"],
            Slot::Audio => &["audio-x-generic"],
            Slot::Video => &["video-x-generic"],
            Slot::Archive => &["package-x-generic", "application-x-archive"],
            Slot::Document => &["x-office-document"],
            Slot::Code => &["text-x-script"],
            Slot::Executable => &["application-x-executable"],
            Slot::Home => &["user-home"],
            Slot::Desktop => &["user-desktop", "folder"],
            Slot::Documents => &["folder-documents", "folder"],
            Slot::Downloads => &["folder-download", "folder"],
            Slot::Music => &["folder-music", "folder"],
            Slot::Pictures => &["folder-pictures", "folder"],
            Slot::Videos => &["folder-videos", "folder"],
            Slot::Trash => &["user-trash"],
            Slot::Drive => &["drive-harddisk"],
            Slot::Removable => &["drive-removable-media"],
            Slot::Network => &["folder-remote"],
        }
    }

    /// The bundled icon shown when the theme has none.
    fn bundled(self) -> &'static LazyLock<svg::Handle> {
        use super::*;
        match self {
            Slot::Folder
            | Slot::Desktop
            | Slot::Documents
            | Slot::Downloads
            | Slot::Music
            | Slot::Pictures
            | Slot::Videos => &FOLDER,
            Slot::File => &FILE,
            Slot::Text | Slot::Document => &TEXT,
            Slot::Image => &IMAGE,
            Slot::Audio => &AUDIO,
            Slot::Video => &VIDEO,
            Slot::Archive => &ARCHIVE,
            Slot::Code => &CODE,
            Slot::Executable => &EXECUTABLE,
            Slot::Home => &HOME,
            Slot::Trash => &TRASH,
            Slot::Drive => &DRIVE,
            Slot::Removable => &REMOVABLE,
            Slot::Network => &NETWORK,
        }
    }

    /// The slot of a file class; links keep their bundled arrow icons (`None`).
    pub fn for_class(class: FileClass) -> Option<Slot> {
        Some(match class {
            FileClass::Folder => Slot::Folder,
            FileClass::Text => Slot::Text,
            FileClass::Image => Slot::Image,
            FileClass::Audio => Slot::Audio,
            FileClass::Video => Slot::Video,
            FileClass::Archive => Slot::Archive,
            FileClass::Document => Slot::Document,
            FileClass::Code => Slot::Code,
            FileClass::Executable => Slot::Executable,
            FileClass::Special | FileClass::Other => Slot::File,
            FileClass::Link | FileClass::BrokenLink => return None,
        })
    }

    pub fn for_place(kind: PlaceKind) -> Slot {
        match kind {
            PlaceKind::Home => Slot::Home,
            PlaceKind::Desktop => Slot::Desktop,
            PlaceKind::Documents => Slot::Documents,
            PlaceKind::Downloads => Slot::Downloads,
            PlaceKind::Music => Slot::Music,
            PlaceKind::Pictures => Slot::Pictures,
            PlaceKind::Videos => Slot::Videos,
            PlaceKind::Trash => Slot::Trash,
            PlaceKind::FileSystem | PlaceKind::Drive => Slot::Drive,
            PlaceKind::Removable => Slot::Removable,
            PlaceKind::Network => Slot::Network,
            PlaceKind::Bookmark => Slot::Folder,
        }
    }
}

/// Theme icons come in two sizes: small for rows and Places, large for tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IconSize {
    Small,
    Large,
}

impl IconSize {
    pub const ALL: [IconSize; 2] = [IconSize::Small, IconSize::Large];

    /// The nominal size asked of the theme, in pixels.
    pub fn pixels(self) -> u16 {
        match self {
            IconSize::Small => 24,
            IconSize::Large => 48,
        }
    }
}

/// How an icon file is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Svg,
}

/// One icon file read from the theme.
#[derive(Debug, Clone)]
pub struct IconFile {
    pub slot: Slot,
    pub size: IconSize,
    pub format: Format,
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// What the theme loader found: the theme it chose (`None`: only hicolor) and its files.
#[derive(Debug, Clone, Default)]
pub struct ThemeIcons {
    pub theme: Option<String>,
    pub files: Vec<IconFile>,
}

/// A ready icon: a vector or a raster handle.
#[derive(Debug, Clone)]
pub enum Icon {
    Svg(svg::Handle),
    Raster(image::Handle),
}

impl Icon {
    /// A handle for an icon file's bytes.
    pub fn from_file(format: Format, bytes: Vec<u8>) -> Icon {
        match format {
            Format::Png => Icon::Raster(image::Handle::from_bytes(bytes)),
            Format::Svg => Icon::Svg(svg::Handle::from_memory(bytes)),
        }
    }

    /// The icon as a square widget of `size` pixels.
    pub fn view<'a, M: 'a>(&self, size: f32) -> Element<'a, M> {
        self.view_faded(size, 1.0)
    }

    /// The icon at `opacity` (cut items are drawn faded until pasted).
    pub fn view_faded<'a, M: 'a>(&self, size: f32, opacity: f32) -> Element<'a, M> {
        match self {
            Icon::Svg(h) => svg(h.clone())
                .width(size)
                .height(size)
                .opacity(opacity)
                .into(),
            Icon::Raster(h) => image(h.clone())
                .width(size)
                .height(size)
                .opacity(opacity)
                .into(),
        }
    }
}

#[derive(Debug, Clone)]
struct Themed {
    icon: Icon,
    path: PathBuf,
}

/// The icons the window shows; starts bundled-only.
#[derive(Debug, Clone, Default)]
pub struct IconSet {
    theme: Option<String>,
    themed: HashMap<(Slot, IconSize), Themed>,
}

impl IconSet {
    /// Handles for the files the loader read.
    pub fn from_theme(loaded: ThemeIcons) -> IconSet {
        let themed = loaded
            .files
            .into_iter()
            .map(|f| {
                let icon = Icon::from_file(f.format, f.bytes);
                ((f.slot, f.size), Themed { icon, path: f.path })
            })
            .collect();
        IconSet {
            theme: loaded.theme,
            themed,
        }
    }

    /// The chosen desktop theme, once loaded (`None`: none or only hicolor).
    pub fn theme(&self) -> Option<&str> {
        self.theme.as_deref()
    }

    pub fn get(&self, slot: Slot, size: IconSize) -> Icon {
        match self.themed.get(&(slot, size)) {
            Some(t) => t.icon.clone(),
            None => Icon::Svg((**slot.bundled()).clone()),
        }
    }

    /// The theme file shown for this slot, or `None` when the bundled icon is.
    pub fn source(&self, slot: Slot, size: IconSize) -> Option<&Path> {
        self.themed.get(&(slot, size)).map(|t| t.path.as_path())
    }

    pub fn for_class(&self, class: FileClass, size: IconSize) -> Icon {
        match Slot::for_class(class) {
            Some(slot) => self.get(slot, size),
            None if class == FileClass::BrokenLink => Icon::Svg(super::BROKEN_LINK.clone()),
            None => Icon::Svg(super::SYMLINK.clone()),
        }
    }

    pub fn for_place(&self, kind: PlaceKind, size: IconSize) -> Icon {
        self.get(Slot::for_place(kind), size)
    }
}
