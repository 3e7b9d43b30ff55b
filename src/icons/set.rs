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

/// An icon of the file view or of Places that a desktop theme may provide: a file
/// class's or a place's. Kinds that look alike share one slot (see [`Slot::class`] and
/// [`Slot::place`]), so [`Slot::ALL`] lists each icon once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Class(FileClass),
    Place(PlaceKind),
}

impl Slot {
    pub const ALL: [Slot; 21] = {
        use FileClass as C;
        use PlaceKind as P;
        [
            Slot::Class(C::Folder),
            Slot::Class(C::Other),
            Slot::Class(C::Text),
            Slot::Class(C::Image),
            Slot::Class(C::Audio),
            Slot::Class(C::Video),
            Slot::Class(C::Archive),
            Slot::Class(C::Document),
            Slot::Class(C::Code),
            Slot::Class(C::Executable),
            Slot::Place(P::Home),
            Slot::Place(P::Desktop),
            Slot::Place(P::Documents),
            Slot::Place(P::Downloads),
            Slot::Place(P::Music),
            Slot::Place(P::Pictures),
            Slot::Place(P::Videos),
            Slot::Place(P::Trash),
            Slot::Place(P::Drive),
            Slot::Place(P::Removable),
            Slot::Place(P::Network),
        ]
    };

    /// The slot of a file class; links keep their bundled arrow icons (`None`), special
    /// files show the plain file's.
    pub fn class(class: FileClass) -> Option<Slot> {
        match class {
            FileClass::Link | FileClass::BrokenLink => None,
            FileClass::Special => Some(Slot::Class(FileClass::Other)),
            class => Some(Slot::Class(class)),
        }
    }

    /// The slot of a place: a file system shows a drive, a bookmark a folder.
    pub fn place(kind: PlaceKind) -> Slot {
        match kind {
            PlaceKind::FileSystem => Slot::Place(PlaceKind::Drive),
            PlaceKind::Bookmark => Slot::Class(FileClass::Folder),
            kind => Slot::Place(kind),
        }
    }

    /// The freedesktop icon names to try, best first. User folders fall back to the
    /// theme's plain folder rather than mixing in a bundled one.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Slot::Class(class) => match class {
                FileClass::Folder => &["folder"],
                FileClass::Text => &["text-x-generic"],
                FileClass::Image => &["image-x-generic"],
                FileClass::Audio => &["audio-x-generic"],
                FileClass::Video => &["video-x-generic"],
                FileClass::Archive => &["package-x-generic", "application-x-archive"],
                FileClass::Document => &["x-office-document"],
                FileClass::Code => &["text-x-script"],
                FileClass::Executable => &["application-x-executable"],
                FileClass::Link | FileClass::BrokenLink | FileClass::Special | FileClass::Other => {
                    &["application-x-generic", "text-x-generic"]
                }
            },
            Slot::Place(kind) => match kind {
                PlaceKind::Home => &["user-home"],
                PlaceKind::Desktop => &["user-desktop", "folder"],
                PlaceKind::Documents => &["folder-documents", "folder"],
                PlaceKind::Downloads => &["folder-download", "folder"],
                PlaceKind::Music => &["folder-music", "folder"],
                PlaceKind::Pictures => &["folder-pictures", "folder"],
                PlaceKind::Videos => &["folder-videos", "folder"],
                PlaceKind::Trash => &["user-trash"],
                PlaceKind::FileSystem | PlaceKind::Drive => &["drive-harddisk"],
                PlaceKind::Removable => &["drive-removable-media"],
                PlaceKind::Network => &["folder-remote"],
                PlaceKind::Bookmark => &["folder"],
            },
        }
    }

    /// The bundled icon shown when the theme has none.
    fn bundled(self) -> &'static LazyLock<svg::Handle> {
        use super::*;
        match self {
            Slot::Class(class) => match class {
                FileClass::Folder => &FOLDER,
                FileClass::Text | FileClass::Document => &TEXT,
                FileClass::Image => &IMAGE,
                FileClass::Audio => &AUDIO,
                FileClass::Video => &VIDEO,
                FileClass::Archive => &ARCHIVE,
                FileClass::Code => &CODE,
                FileClass::Executable => &EXECUTABLE,
                FileClass::Link | FileClass::BrokenLink | FileClass::Special | FileClass::Other => {
                    &FILE
                }
            },
            Slot::Place(kind) => match kind {
                PlaceKind::Home => &HOME,
                PlaceKind::Trash => &TRASH,
                PlaceKind::FileSystem | PlaceKind::Drive => &DRIVE,
                PlaceKind::Removable => &REMOVABLE,
                PlaceKind::Network => &NETWORK,
                PlaceKind::Desktop
                | PlaceKind::Documents
                | PlaceKind::Downloads
                | PlaceKind::Music
                | PlaceKind::Pictures
                | PlaceKind::Videos
                | PlaceKind::Bookmark => &FOLDER,
            },
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
        match Slot::class(class) {
            Some(slot) => self.get(slot, size),
            None if class == FileClass::BrokenLink => Icon::Svg(super::BROKEN_LINK.clone()),
            None => Icon::Svg(super::SYMLINK.clone()),
        }
    }

    pub fn for_place(&self, kind: PlaceKind, size: IconSize) -> Icon {
        self.get(Slot::place(kind), size)
    }
}
