//! Icons: the bundled SVGs compiled into the binary (each parsed into a handle once), and
//! the desktop theme's icons that replace them once [`desktop::load`] found them.

pub mod desktop;
pub mod installed;
pub mod set;

use std::sync::LazyLock;

use iced::widget::svg::Handle;

pub use set::{Icon, IconFile, IconSet, IconSize, Slot, ThemeIcons};

macro_rules! icon {
    ($name:ident, $file:literal) => {
        pub static $name: LazyLock<Handle> = LazyLock::new(|| {
            Handle::from_memory(&include_bytes!(concat!("../assets/icons/", $file))[..])
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
icon!(FILTER, "filter.svg");
icon!(MENU, "menu.svg");
icon!(CHECK, "check.svg");
icon!(EJECT, "eject.svg");
icon!(EMBLEM_LINK, "emblem-link.svg");
icon!(CLOSE, "close.svg");
icon!(LOCK, "lock.svg");

/// The application's own icon.
pub static APP: LazyLock<Handle> =
    LazyLock::new(|| Handle::from_memory(&include_bytes!("../assets/porpoise.svg")[..]));
