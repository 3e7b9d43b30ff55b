//! Everything that can happen to the window: user input, engine events, finished tasks.

use std::path::PathBuf;

use std::sync::Arc;

use iced::keyboard::{Key, Modifiers};

use porpoise_engine::listing::{DirEvent, SortKey, SortOrder};

use super::actions::ActionMsg;
use super::icons::ThemeIcons;
use super::request::JobRequest;
use super::settings::ViewMode;
use super::viewport::Viewport;

/// A key press as the app sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyPress {
    pub key: Key,
    pub modifiers: Modifiers,
    /// The text the key would type, if any (for type-ahead).
    pub text: Option<String>,
    /// A focused widget (the location input) already used this key.
    pub captured: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    // Engine and tasks
    /// A listing event of the folder opened as `generation`.
    Dir(u64, DirEvent),
    /// How many entries folders of the folder opened as `generation` hold.
    FolderCounts(u64, Vec<(Vec<u8>, u64)>),
    /// Free and total bytes of the folder opened as `generation`.
    Space(u64, Option<(u64, u64)>),
    /// Places: its places, the mount table, the devices and the bookmarks.
    Places(super::screen::places::Message),
    SaveDue(u64),
    Saved(Result<(), Arc<super::settings::SaveError>>),
    /// The slow timer: purge the folder cache.
    Tick,
    /// The status bar (its clock, while it shows a message).
    Status(super::screen::status::Message),
    /// The clock that tells when a folder asked for has kept silent too long, while one
    /// is asked for.
    AnswerClock(std::time::Instant),
    /// The window came to the front: folders of network mounts are looked at again.
    WindowFocused,
    /// The desktop theme's icons, read off the UI thread.
    ThemeIcons(ThemeIcons),
    /// File types: the database, entries' types, types' words and icons.
    Types(super::types::TypesMsg),
    /// The thumbnail pool started, and its outcomes.
    Thumbs(super::thumbs::ThumbsMsg),
    /// The dialog over the window.
    Dialog(super::dialog::Message),
    /// What the desktop says of its look (dark or light, accent colour), now or changed.
    Appearance(porpoise_engine::appearance::Appearance),
    /// The applications that open files: opening, "Open With" and the chooser.
    Apps(super::apps::AppsMsg),
    /// Another program asked to show folders, items or their properties (the session
    /// bus: a second start, `org.freedesktop.FileManager1`).
    Show(super::instance::ShowRequest),
    /// "New File": its submenu of templates.
    NewFile(super::new_file::NewFileMsg),
    /// A drag handed to other applications (XDND) ended.
    DragOut(super::drag_out::DragOutMsg),

    /// What the person does to the pane with the keyboard's folder view: go somewhere,
    /// open an entry, sort, scroll, filter, type a location.
    Pane(PaneMsg),

    // The file view
    /// A row or tile was pressed (by name): selected, maybe the start of a drag.
    Clicked(Vec<u8>),
    SetView(ViewMode),
    ToggleHidden,
    /// Bigger (> 0) or smaller icons in the icons view by so many steps; 0: the usual
    /// size again (Ctrl+wheel, Ctrl+plus, Ctrl+minus, Ctrl+0).
    Zoom(i32),

    // File jobs
    /// Start a copy, move, link, trash or delete.
    StartJob(JobRequest),
    /// Job events, the job panel, its dialogs and undo.
    Jobs(super::screen::jobs::Message),

    /// Clipboard, drag and drop, menus, new folder, rename, the Trash view.
    Action(ActionMsg),
    /// The search view (Ctrl+F): typing, results coming in, opening them.
    Search(super::search::SearchMsg),
    /// Opening, closing, showing and moving tabs.
    Tab(super::tabs::TabMsg),
    /// A message from the pane beside the one with the keyboard (split view).
    Beside(Box<Message>),
    /// F3: split view on or off.
    ToggleSplit,
    /// A pane's close button in split view.
    ClosePane {
        left: bool,
    },

    // Window and keyboard
    Key(KeyPress),
    Modifiers(Modifiers),
    Resized(f32, f32),
}

/// What the person does to one pane (the pane with the keyboard, or in split view the
/// one beside it, whose messages the app gives it the keyboard for).
#[derive(Debug, Clone)]
pub enum PaneMsg {
    /// Go to a folder (a place, the breadcrumb, a typed path).
    Navigate(PathBuf),
    Back,
    Forward,
    Up,
    /// List the folder again from scratch.
    Reload,
    /// Open an entry by name (a double-click): a folder here, a file in its application.
    Activate(Vec<u8>),
    /// A column header: sort by it (again: the other way round).
    SortBy(SortKey),
    /// The view was scrolled or resized.
    Scrolled(Viewport),
    /// The filter box's toggle, and typing in it.
    ToggleFilter,
    FilterInput(String),
    /// The location bar becomes a text input, is typed in, submitted or given up.
    EditLocation,
    LocationInput(String),
    LocationSubmit,
    LocationCancel,
}

/// What a pane's update tells the window around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaneEvent {
    /// It shows another folder now: what the window kept for the last one (drags, the
    /// status bar's message) goes, and the tabs are saved.
    LeftFolder,
    /// It sorts another way now: new panes start so.
    Sorted(SortKey, SortOrder),
    /// Its view moved: the entry under the pointer is another.
    Scrolled,
}
