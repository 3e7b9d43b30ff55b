//! Everything that can happen to the window: a part's message (the browser, Places, the
//! job panel, the status bar, the dialog), the keyboard and the window itself, and what
//! the desktop and the window's own work tell it.

use std::sync::Arc;

use iced::keyboard::Modifiers;

use super::actions::ActionMsg;
use super::icons::ThemeIcons;
pub use super::key_press::KeyPress;

#[derive(Debug, Clone)]
pub enum Message {
    /// The tabs and their panes.
    Browser(super::screen::browser::Message),
    /// Places: its places, the mount table, the devices and the bookmarks.
    Places(super::screen::places::Message),
    /// Connecting to servers and the remote places.
    Servers(super::servers::Message),
    /// Job events, the job panel and undo.
    Jobs(super::screen::jobs::Message),
    /// The status bar (its clock, while it shows a message).
    Status(super::screen::status::Message),
    /// The dialog over the window.
    Dialog(super::dialog::Message),
    /// The quick preview over the window (Space).
    Preview(super::screen::preview::Message),
    /// The information panel (F11).
    Info(super::screen::info::Message),
    /// The pointer over the window, drop targets, files other applications drop.
    Drag(ActionMsg),
    SaveDue(u64),
    Saved(Result<(), Arc<super::settings::SaveError>>),
    /// The slow timer: folders no pane shows leave the cache after a while.
    PurgeCache,
    /// The window came to the front: folders of network mounts are looked at again.
    WindowFocused,
    /// The window lost the desktop's keyboard.
    WindowUnfocused,
    /// A screen reader came or went, or asks for an action on the window's tree.
    Accessible(super::accessible::bridge::Request),
    /// The accessibility tree held back (another went moments ago) may go now.
    AccessibleDue,
    /// Where the window's parts were drawn, measured after a tree went.
    AccessibleBounds(super::accessible::bounds::Bounds),
    /// The desktop theme's icons, read off the UI thread.
    ThemeIcons(ThemeIcons),
    /// File types: the database, entries' types, types' words and icons.
    Types(super::types::TypesMsg),
    /// The thumbnail pool started, and its outcomes.
    Thumbs(super::thumbs::ThumbsMsg),
    /// What the desktop says of its look (dark or light, accent colour), now or changed.
    Appearance(porpoise_engine::appearance::Appearance),
    /// The applications that open files: reading them, opening, "Open With".
    Apps(super::apps::AppsMsg),
    /// Another program asked to show folders, items or their properties (the session
    /// bus: a second start, `org.freedesktop.FileManager1`).
    Show(super::instance::ShowRequest),
    /// A drag handed to other applications (XDND) ended.
    DragOut(super::drag_out::DragOutMsg),
    /// The window's drop target: started, or files dropped on it.
    DropIn(super::drop_in::DropInMsg),
    // Window and keyboard
    Key(KeyPress),
    Modifiers(Modifiers),
    Resized(f32, f32),
}
