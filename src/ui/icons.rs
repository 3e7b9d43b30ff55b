//! Bundled icons: small SVGs compiled into the binary, each parsed into a handle once.
//! No file is read at run time.

use std::sync::LazyLock;

use iced::widget::svg::Handle;

use super::format::FileClass;
use super::places::PlaceKind;

macro_rules! icon {
    ($name:ident, $file:literal) => {
        pub static $name: LazyLock<Handle> = LazyLock::new(|| {
            Handle::from_memory(&include_bytes!(concat!("../../assets/icons/", $file))[..])
        });
    };
}

icon!(FOLDER, "folder.svg");
icon!(FILE, "file.svg");
icon!(TEXT, "text.svg");
icon!(IMAGE, "image.svg");
icon!(AUDIO, "audio.svg");
icon!(VIDEO, "video.svg");
icon!(ARCHIVE, "archive.svg");
icon!(CODE, "code.svg");
icon!(EXECUTABLE, "executable.svg");
icon!(SYMLINK, "symlink.svg");
icon!(BROKEN_LINK, "broken-link.svg");
icon!(HOME, "home.svg");
icon!(TRASH, "trash.svg");
icon!(DRIVE, "drive.svg");
icon!(REMOVABLE, "drive-removable.svg");
icon!(NETWORK, "network.svg");
icon!(GO_BACK, "go-back.svg");
icon!(GO_FORWARD, "go-forward.svg");
icon!(GO_UP, "go-up.svg");
icon!(RELOAD, "reload.svg");
icon!(VIEW_DETAILS, "view-details.svg");
icon!(VIEW_ICONS, "view-icons.svg");
icon!(HIDDEN, "hidden.svg");

/// The application's own icon.
pub static APP: LazyLock<Handle> =
    LazyLock::new(|| Handle::from_memory(&include_bytes!("../../assets/porpoise.svg")[..]));

/// The icon of a file of this class.
pub fn for_class(class: FileClass) -> Handle {
    let h: &LazyLock<Handle> = match class {
        FileClass::Folder => &FOLDER,
        FileClass::Text => &TEXT,
        FileClass::Image => &IMAGE,
        FileClass::Audio => &AUDIO,
        FileClass::Video => &VIDEO,
        FileClass::Archive => &ARCHIVE,
        FileClass::Document => &TEXT,
        FileClass::Code => &CODE,
        FileClass::Executable => &EXECUTABLE,
        FileClass::Link => &SYMLINK,
        FileClass::BrokenLink => &BROKEN_LINK,
        FileClass::Special | FileClass::Other => &FILE,
    };
    (**h).clone()
}

/// The icon of a place.
pub fn for_place(kind: PlaceKind) -> Handle {
    let h: &LazyLock<Handle> = match kind {
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
        | PlaceKind::Videos => &FOLDER,
    };
    (**h).clone()
}
