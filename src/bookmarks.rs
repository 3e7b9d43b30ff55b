//! Bookmarked folders in Places, from the GTK bookmarks file Nautilus, Thunar and the GTK
//! file choosers share: the state the window keeps (the places, the place menu, a label
//! being edited), its messages, and the reading and changing of the file, which run off the
//! UI thread through the engine's `bookmarks`. Bookmarks of other URIs (`sftp://`,
//! `smb://`…) stay in the file as they are but are not shown: Porpoise browses local
//! folders only.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Point;
use porpoise_engine::bookmarks::{self, BookmarkError};

use crate::offload::off_ui_thread;
use crate::places::{Place, PlaceKind};

/// The id of the text input a bookmark's label is edited in.
pub const LABEL_INPUT: &str = "porpoise-bookmark-label";

/// What the window keeps for bookmarks.
#[derive(Debug, Default)]
pub struct BookmarksState {
    /// The bookmarks file (`$XDG_CONFIG_HOME/gtk-3.0/bookmarks`); `None` without a config
    /// home, and then there are no bookmarks.
    pub file: Option<PathBuf>,
    /// The bookmarked local folders, in the file's order.
    pub places: Vec<Place>,
    /// The open menu of a bookmark.
    pub menu: Option<PlaceMenu>,
    /// The bookmark whose label is being edited, and the text so far.
    pub editing: Option<(PathBuf, String)>,
    /// A bookmark pressed in Places (its folder), which a release on another bookmark
    /// moves before that one.
    pub pressed: Option<PathBuf>,
    /// The pointer is over Places (for showing where a dragged folder would be added).
    pub over_panel: bool,
}

/// The menu of a bookmarked place.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceMenu {
    pub path: PathBuf,
    pub at: Point,
    /// The entry the arrow keys are on (Enter picks it).
    pub highlighted: Option<usize>,
}

/// The entries of a bookmark's menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceMenuItem {
    OpenInNewTab,
    Rename,
    Remove,
}

impl PlaceMenuItem {
    pub const ALL: [PlaceMenuItem; 3] = [
        PlaceMenuItem::OpenInNewTab,
        PlaceMenuItem::Rename,
        PlaceMenuItem::Remove,
    ];
}

/// A change to the bookmarks file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Bookmark this folder (at the end, without a label).
    Add(PathBuf),
    /// Bookmark those of these that are folders (dropped on Places).
    AddFolders(Vec<PathBuf>),
    Remove(PathBuf),
    /// Label the bookmark of this folder (blank: no label).
    Label(PathBuf, String),
    /// Move the bookmark of the first folder before that of the second (none: to the end).
    MoveBefore(PathBuf, Option<PathBuf>),
}

/// The bookmarks' messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum BookmarkMsg {
    /// The file was read (after a start, a change by another program, or an edit).
    Loaded(Result<Vec<Place>, Arc<BookmarkError>>),
    /// The file's folder changed: read it again.
    ChangedOutside,
    /// Ctrl+D, "Add to Places", a folder dropped on Places.
    Add(PathBuf),
    /// Right-press on a bookmark.
    OpenMenu(PathBuf),
    CloseMenu,
    Pick(PlaceMenuItem),
    LabelInput(String),
    LabelSubmit,
}

/// The work the bookmarks ask for, off the UI thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookmarksEffect {
    Read(PathBuf),
    Change(PathBuf, Edit),
    /// Focus the label input and select its text.
    FocusLabel,
}

impl BookmarksEffect {
    /// The task that does it, its outcome wrapped by `wrap` (`idle` when it has none).
    pub fn into_task<M: Clone + Send + 'static>(
        self,
        wrap: fn(BookmarkMsg) -> M,
        idle: M,
    ) -> iced::Task<M> {
        use iced::widget::operation;
        match self {
            BookmarksEffect::FocusLabel => iced::Task::batch([
                operation::focus(LABEL_INPUT),
                operation::select_all(LABEL_INPUT),
            ]),
            work => off_ui_thread(
                "the bookmarks thread",
                move || work.run_blocking().pop().map(wrap),
                idle,
            ),
        }
    }

    /// Run it on this thread: the file as it is after the change.
    pub fn run_blocking(self) -> Vec<BookmarkMsg> {
        let (file, edit) = match self {
            BookmarksEffect::FocusLabel => return Vec::new(),
            BookmarksEffect::Read(file) => (file, None),
            BookmarksEffect::Change(file, edit) => (file, Some(edit)),
        };
        let result = match edit {
            Some(edit) => bookmarks::change(&file, |b| apply(b, &edit)).and_then(|_| load(&file)),
            None => load(&file),
        };
        vec![BookmarkMsg::Loaded(result.map_err(Arc::new))]
    }
}

/// Make `edit` on the file's lines; whether anything changed.
fn apply(b: &mut bookmarks::Bookmarks, edit: &Edit) -> bool {
    let host = porpoise_engine::host::hostname();
    match edit {
        Edit::Add(p) => b.add(p, None, &host),
        Edit::AddFolders(paths) => {
            paths
                .iter()
                .filter(|p| p.is_dir())
                .filter(|p| b.add(p, None, &host))
                .count()
                > 0
        }
        Edit::Remove(p) => b.remove(p, &host),
        Edit::Label(p, label) => b.rename(p, Some(label), &host),
        Edit::MoveBefore(p, before) => b.move_before(p, before.as_deref(), &host),
    }
}

/// The places the file names (blocking).
pub fn load(file: &Path) -> Result<Vec<Place>, BookmarkError> {
    let host = porpoise_engine::host::hostname();
    Ok(bookmarks::read(file)?
        .local(&host)
        .into_iter()
        .filter_map(|b| {
            let path = b.path?;
            let name = b.label.unwrap_or_else(|| crate::format::name_of(&path));
            Some(Place {
                kind: PlaceKind::Bookmark,
                path,
                name,
            })
        })
        .collect())
}

/// Changes to the bookmarks file; while the file's folder is missing, its parent is
/// watched and the watch starts again once something changed there. A watch that cannot
/// be set up sends nothing, and is logged.
// `Subscription::run_with` hands its data by reference.
#[allow(clippy::ptr_arg)]
pub fn watch_events(file: &PathBuf) -> impl iced::futures::Stream<Item = BookmarkMsg> + use<> {
    let file = file.clone();
    let changes = crate::stream::starting(move || {
        bookmarks::watch(&file)
            .inspect_err(|e| tracing::info!("{}", porpoise_engine::error::chain(e)))
            .ok()
    });
    iced::futures::StreamExt::map(changes, |()| BookmarkMsg::ChangedOutside)
}
