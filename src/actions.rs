//! The window's file actions: clipboard, drag and drop, the context, main and drop menus, new
//! folder, rename in place and the Trash view. Their messages ([`ActionMsg`]), the work
//! they ask for (`work`), the state the app keeps for them ([`ActionState`])
//! and what a pane keeps while one is under way (menus, the name entry: see `pane::Mode`).

pub mod drag;
pub mod names;
pub mod work;

use std::path::PathBuf;

use iced::Point;
use porpoise_engine::error::IoError;

use super::clipboard::FileList;
use super::clipboard::owner::ClipboardError;
use super::request::JobKind;
use super::widgets::pointer::PointerEvent;
pub use drag::{Drag, DropTarget};
use names::NameOpError;

/// The file actions' messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum ActionMsg {
    /// The pointer pressed, moved or released somewhere in the window.
    Pointer(PointerEvent),
    /// The left button came up over a drop target.
    ReleasedOn(DropTarget),
    /// The pointer entered or left a row, tile or place.
    Hover(DropTarget),
    Unhover(DropTarget),
    /// Right-press on an entry (by name) or on the empty view.
    ContextMenu(Option<Vec<u8>>),
    /// Right-press on the details view's header (on a column's, or the name's or between).
    HeaderMenu(Option<crate::columns::Column>),
    /// The rubber band on the view's empty space (a click there is one too).
    Band(super::widgets::band::BandEvent),
    MenuPick(MenuItem),
    /// The toolbar's menu button: the window's settings.
    MainMenu,
    /// Close the context or drop menu without acting.
    CloseMenu,
    /// The drop menu's choice.
    DropPick(JobKind),
    /// Another application dropped a file on the window (one message per file).
    FileDropped(PathBuf),
    /// The dropped files of one drop have all arrived (the ticket of the last one).
    DropSettled(u64),

    // Clipboard
    Copy,
    Cut,
    /// Paste into this folder (the shown one for Ctrl+V).
    Paste(PathBuf),
    ClipboardPut(Result<(), ClipboardError>),
    ClipboardRead(PathBuf, Result<FileList, ClipboardError>),
    ClipboardCleared(Result<(), ClipboardError>),

    // New folder and rename
    NewFolder,
    Rename(Vec<u8>),
    NameInput(String),
    NameSubmit,
    NameCancel,
    /// A folder was created (its name) or not (what to tell).
    Created(Result<Vec<u8>, NameOpError>),
    /// An entry was renamed (old and new name) or not.
    Renamed(Result<(Vec<u8>, Vec<u8>), NameOpError>),

    // Trash view
    OpenTrash,
    TrashListed(Result<porpoise_engine::jobs::trash::TrashListing, IoError>),
    TrashClicked(usize),
    /// Right-press on a row of the Trash view.
    TrashMenu(usize),
    /// The answer to "Delete these for good?" about selected trash items.
    ConfirmPurgeTrash(bool),
    TrashRestore,
    TrashRestored(Result<(), IoError>),
    AskEmptyTrash,
    /// The answer to "Empty the trash?".
    ConfirmEmptyTrash(bool),
    TrashEmptied(Result<(), IoError>),
    /// Something changed in a trash folder (another program, or this one).
    TrashChangedOutside,
}

/// The context menu's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    Open,
    /// A file's: the submenu of the applications that open it.
    OpenWith,
    Cut,
    Copy,
    /// Paste into the folder the menu was opened on.
    PasteInto,
    Rename,
    Trash,
    Delete,
    /// Paste into the shown folder.
    Paste,
    NewFolder,
    /// A new empty file; its submenu offers the templates too.
    NewFile,
    /// Bookmark the folder (the entry's, or the shown one) in Places.
    AddToPlaces,
    ShowHidden,
    Reload,
    /// The Trash view's: put the selected items back.
    Restore,
    /// The Trash view's: delete the selected items for good (after asking).
    DeleteFromTrash,
    /// The main menu's: show or hide Places (F9).
    ShowPlaces,
    /// The main menu's: read every copy back from the device and compare it with its
    /// source.
    VerifyCopies,
    /// The main menu's: copies and moves to one device run one after the other.
    QueuePerDevice,
    /// The main menu's: the tabs come back when the window opens again.
    RestoreTabs,
    /// What the selected items (or the folder) are: the properties dialog.
    Properties,
    /// The main menu's: thumbnails of files on network shares too.
    NetworkPreviews,
    /// The desktop's terminal in the folder the menu is on (or the shown folder).
    OpenTerminal,
    /// The main menu's: the Preferences dialog.
    Preferences,
    /// A folder's: it opens in a new tab, behind the shown one.
    OpenInNewTab,
    /// A folder's: it opens in a window of its own.
    OpenInNewWindow,
    /// The paths of the selection (or of the shown folder) onto the clipboard as text.
    CopyLocation,
    /// A symbolic link to each selected item, made beside it.
    CreateLink,
    /// A copy of each selected item beside it ("notes (copy).txt").
    Duplicate,
    /// An archive's: extract the selected archives into the shown folder.
    ExtractHere,
    /// An archive's: extract the selected archives into a folder to choose.
    ExtractTo,
    /// Put the selected items into a new archive beside them.
    Compress,
    SelectAll,
    /// Select what was not selected, and unselect what was.
    InvertSelection,
    /// The main menu's: the keyboard shortcuts (F1).
    Shortcuts,
    /// The main menu's: what Porpoise is, its version and licence.
    About,
    /// The main menu's: the View menu (sort and folders first) in its place.
    ViewMenu,
    /// The View menu's: sort by this key (in the direction sorted now).
    SortBy(porpoise_engine::listing::SortKey),
    /// The View menu's: sort ascending (`false`: descending).
    SortAscending(bool),
    /// The View menu's: folders before files, or among them.
    FoldersFirst,
    /// The header's menu: show or hide this column.
    ToggleColumn(crate::columns::Column),
    /// The header's menu: move this column one place left (`true`) or right.
    MoveColumn(crate::columns::Column, bool),
    /// The header's menu: the usual columns at their usual widths again.
    ResetColumns,
}

impl MenuItem {
    /// The entries for a right-click on an entry (`Some(is_folder)`) or the empty view;
    /// an archive's offer to extract it.
    pub fn for_target(folder: Option<bool>, archive: bool) -> Vec<MenuItem> {
        use MenuItem::*;
        match folder {
            Some(false) if archive => vec![
                Open,
                OpenWith,
                ExtractHere,
                ExtractTo,
                Cut,
                Copy,
                Duplicate,
                Compress,
                CreateLink,
                Rename,
                CopyLocation,
                Trash,
                Delete,
                Properties,
            ],
            Some(true) => vec![
                Open,
                OpenInNewTab,
                OpenInNewWindow,
                OpenTerminal,
                Cut,
                Copy,
                PasteInto,
                Duplicate,
                Compress,
                CreateLink,
                Rename,
                CopyLocation,
                Trash,
                Delete,
                AddToPlaces,
                Properties,
            ],
            Some(false) => vec![
                Open,
                OpenWith,
                Cut,
                Copy,
                Duplicate,
                Compress,
                CreateLink,
                Rename,
                CopyLocation,
                Trash,
                Delete,
                Properties,
            ],
            None => vec![
                Paste,
                NewFolder,
                NewFile,
                SelectAll,
                InvertSelection,
                CopyLocation,
                AddToPlaces,
                OpenTerminal,
                ShowHidden,
                Reload,
                Properties,
            ],
        }
    }

    /// The main menu's entries: the window's settings, each ticked when on.
    pub const MAIN: [MenuItem; 10] = [
        MenuItem::ShowHidden,
        MenuItem::ShowPlaces,
        MenuItem::VerifyCopies,
        MenuItem::QueuePerDevice,
        MenuItem::RestoreTabs,
        MenuItem::NetworkPreviews,
        MenuItem::ViewMenu,
        MenuItem::Preferences,
        MenuItem::Shortcuts,
        MenuItem::About,
    ];

    /// The View menu's entries: each sort key, the direction, folders first.
    pub fn view_menu() -> Vec<MenuItem> {
        use porpoise_engine::listing::SortKey::*;
        let keys = [
            Name,
            Size,
            Modified,
            Type,
            Extension,
            Owner,
            Group,
            Permissions,
            Created,
            Accessed,
        ];
        let mut items: Vec<MenuItem> = keys.into_iter().map(MenuItem::SortBy).collect();
        items.extend([
            MenuItem::SortAscending(true),
            MenuItem::SortAscending(false),
            MenuItem::FoldersFirst,
        ]);
        items
    }

    /// The header's menu, opened on `column` (or on the name): each column to show or
    /// hide, moving the one it was opened on, and the usual columns again.
    pub fn header_menu(column: Option<crate::columns::Column>) -> Vec<MenuItem> {
        let mut items: Vec<MenuItem> = crate::columns::Column::ALL
            .into_iter()
            .map(MenuItem::ToggleColumn)
            .collect();
        if let Some(c) = column {
            items.extend([
                MenuItem::MoveColumn(c, true),
                MenuItem::MoveColumn(c, false),
            ]);
        }
        items.push(MenuItem::ResetColumns);
        items
    }

    /// The Trash view's entries for its selection.
    pub const TRASH: [MenuItem; 2] = [MenuItem::Restore, MenuItem::DeleteFromTrash];
}

/// The open context menu (or the main menu).
#[derive(Debug, Clone, PartialEq)]
pub struct ContextMenu {
    /// The entry it was opened on, or `None` for the empty view.
    pub target: Option<Vec<u8>>,
    pub items: Vec<MenuItem>,
    pub at: Point,
    /// The entry the arrow keys are on (Enter picks it); none until they move.
    pub highlighted: Option<usize>,
    /// A file's "Open With" submenu, once asked for.
    pub open_with: Option<crate::apps::OpenWithMenu>,
}

impl ContextMenu {
    /// It is the main menu (the toolbar's settings), not an entry's or the folder's.
    pub fn is_main(&self) -> bool {
        self.items == MenuItem::MAIN
    }

    /// The highlight one entry down (`forward`) or up, round the ends; from none, the
    /// first or the last.
    pub fn step(&mut self, forward: bool) {
        let n = self.items.len();
        if n == 0 {
            return;
        }
        self.highlighted = Some(match (self.highlighted, forward) {
            (None, true) => 0,
            (None, false) => n - 1,
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
        });
    }
}

/// The open drop menu: Move / Copy / Link here / Cancel, the default first.
#[derive(Debug, Clone, PartialEq)]
pub struct DropMenu {
    pub sources: Vec<PathBuf>,
    pub dest: PathBuf,
    pub at: Point,
    /// What Enter picks: Copy onto a removable device, else Move.
    pub default: JobKind,
}

impl DropMenu {
    /// The menu's job entries in order: the default first, then the others.
    pub fn kinds(&self) -> [JobKind; 3] {
        match self.default {
            JobKind::Copy => [JobKind::Copy, JobKind::Move, JobKind::Link],
            _ => [JobKind::Move, JobKind::Copy, JobKind::Link],
        }
    }
}

/// The drop menu's default for a destination: Copy onto removable devices (a stick is
/// unplugged and carried away; the originals should stay), Move elsewhere.
pub fn drop_default(dest_on_removable: bool) -> JobKind {
    if dest_on_removable {
        JobKind::Copy
    } else {
        JobKind::Move
    }
}

/// What the name entry is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameKind {
    NewFolder,
    /// A new file: empty, or a copy of this template.
    NewFile(Option<PathBuf>),
    /// Rename the entry with this (original, byte-exact) name.
    Rename(Vec<u8>),
}

/// The open name entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameEntry {
    pub kind: NameKind,
    pub text: String,
    /// Waiting for the create or rename to finish.
    pub busy: bool,
}

/// The Trash view's state.
#[derive(Debug, Clone, Default)]
pub struct TrashView {
    /// `None` while it is being read.
    pub items: Option<Vec<porpoise_engine::jobs::trash::TrashItem>>,
    /// Network mounts whose trash did not answer in time (their items are not shown).
    pub unreachable: Vec<std::path::PathBuf>,
    /// Whether each item is a folder, and its size, where the trash could tell.
    pub details:
        std::collections::HashMap<std::ffi::OsString, porpoise_engine::jobs::trash::TrashedDetails>,
    pub selected: std::collections::BTreeSet<usize>,
    /// "Empty the trash?" is asked.
    pub confirm_empty: bool,
    /// "Delete the selected items for good?" is asked.
    pub confirm_purge: bool,
    /// In either question, Cancel is highlighted (Tab moves there) rather than the answer
    /// that acts, which Enter presses by default.
    pub cancel_highlighted: bool,
    /// A restore or empty is running.
    pub busy: bool,
}

/// What the window keeps of drags: where the pointer pressed, the drag under way and
/// the target under the pointer, and the files another application is dropping.
#[derive(Debug, Default)]
pub struct ActionState {
    /// Where the last press was, in window coordinates.
    pub pointer: Point,
    pub drag: Option<Drag>,
    pub hover: Option<DropTarget>,
    /// Files dropped by other applications, gathered until the drop settles.
    pub dropped: Vec<PathBuf>,
    pub dropped_ticket: u64,
    /// The window's own drop target (on X11).
    pub drop_in: crate::drop_in::DropIn,
}

impl ActionState {
    /// Whether files are being dragged (the pointer moved far enough with the button down).
    pub fn is_dragging(&self) -> bool {
        self.drag.as_ref().is_some_and(|d| d.active)
    }

    /// Another folder or tab is shown: a drag ends.
    pub fn left_folder(&mut self) {
        self.drag = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arrows_go_round_a_menu() {
        let mut m = ContextMenu {
            target: None,
            items: MenuItem::MAIN.to_vec(),
            at: Point::ORIGIN,
            highlighted: None,
            open_with: None,
        };
        m.step(false);
        assert_eq!(
            m.highlighted,
            Some(MenuItem::MAIN.len() - 1),
            "up from none: the last"
        );
        m.step(true);
        assert_eq!(m.highlighted, Some(0), "down from the last: the first");
        m.step(true);
        assert_eq!(m.highlighted, Some(1));
        m.highlighted = None;
        m.step(true);
        assert_eq!(m.highlighted, Some(0), "down from none: the first");
    }
}
