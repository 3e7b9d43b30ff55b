//! Bookmarked folders in Places, from the GTK bookmarks file Nautilus, Thunar and the GTK
//! file choosers share: the state the window keeps (the places, the place menu, a label
//! being edited), its messages, and the reading and changing of the file, which run off the
//! UI thread through the engine's `bookmarks`. Bookmarks of servers (`sftp://`, `smb://`…)
//! are listed apart, for Places' Network part, where a click connects to them; lines of
//! anything else stay in the file as they are and are not shown.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::keyboard::Key;
use iced::keyboard::key::Named;
use iced::{Point, Subscription, Task};
use porpoise_engine::bookmarks::{self, BookmarkError};

use super::Event;
use crate::actions::DropTarget;
use crate::i18n::fl;
use crate::key_press::KeyPress;
use crate::places::{Place, PlaceKind};

/// The id of the text input a bookmark's label is edited in.
pub const LABEL_INPUT: &str = "porpoise-bookmark-label";

/// What Places keeps for bookmarks.
#[derive(Debug, Default)]
pub struct Bookmarks {
    /// The bookmarks file (`$XDG_CONFIG_HOME/gtk-3.0/bookmarks`); `None` without a config
    /// home, and then there are no bookmarks.
    pub file: Option<PathBuf>,
    /// The bookmarked local folders, in the file's order.
    pub places: Vec<Place>,
    /// The bookmarked servers, in the file's order.
    pub servers: Vec<ServerBookmark>,
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

/// The bookmarks' messages.
#[derive(Debug, Clone)]
pub enum BookmarkMsg {
    /// The file was read (after a start, a change by another program, or an edit).
    Loaded(Result<Read, Arc<BookmarkError>>),
    /// The file's folder changed: read it again.
    ChangedOutside,
    /// Ctrl+D, "Add to Places", a folder dropped on Places.
    Add(PathBuf),
    /// Right-press on a bookmark (its menu opens at the pointer).
    OpenMenu(PathBuf),
    CloseMenu,
    Pick(PlaceMenuItem),
    LabelInput(String),
    LabelSubmit,
}

impl Bookmarks {
    /// The bookmarks of the file in `config_home` (none without one); nothing read yet.
    pub fn in_config(config_home: Option<&Path>) -> Bookmarks {
        Bookmarks {
            file: config_home.map(bookmarks::file_in),
            ..Bookmarks::default()
        }
    }

    /// Take a message (`pointer`: where the pointer is in the window).
    pub fn update(&mut self, m: BookmarkMsg, pointer: Point) -> (Task<BookmarkMsg>, Option<Event>) {
        match m {
            BookmarkMsg::Loaded(Ok(read)) => {
                self.places = read.places;
                self.servers = read.servers;
            }
            BookmarkMsg::Loaded(Err(e)) => {
                tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                let error = crate::failures::why_io(e.io());
                return (
                    Task::none(),
                    Some(Event::Error(fl!("bookmarks-failed", error = error))),
                );
            }
            BookmarkMsg::ChangedOutside => return (self.read(), None),
            BookmarkMsg::Add(path) => return (self.edit(Edit::Add(path)), None),
            BookmarkMsg::OpenMenu(path) => self.open_menu(path, pointer, false),
            BookmarkMsg::CloseMenu => self.menu = None,
            BookmarkMsg::Pick(item) => return self.pick(item),
            BookmarkMsg::LabelInput(t) => {
                if let Some((_, text)) = &mut self.editing {
                    *text = t;
                }
            }
            BookmarkMsg::LabelSubmit => {
                if let Some((path, label)) = self.editing.take() {
                    return (self.edit(Edit::Label(path, label)), None);
                }
            }
        }
        (Task::none(), None)
    }

    /// Read the file, off the UI thread.
    pub fn read(&self) -> Task<BookmarkMsg> {
        match &self.file {
            Some(f) => work(f.clone(), None),
            None => Task::none(),
        }
    }

    /// Make `edit` on the file (and read it again), off the UI thread.
    pub fn edit(&self, edit: Edit) -> Task<BookmarkMsg> {
        match &self.file {
            Some(f) => work(f.clone(), Some(edit)),
            None => Task::none(),
        }
    }

    /// Changes to the file, while there is one.
    pub fn subscription(&self) -> Subscription<BookmarkMsg> {
        match &self.file {
            Some(file) => Subscription::run_with(file.clone(), watch_events),
            None => Subscription::none(),
        }
    }

    /// The menu of the bookmark of `path`, its corner at `at`; opened `by_key`, on its
    /// first entry.
    pub fn open_menu(&mut self, path: PathBuf, at: Point, by_key: bool) {
        self.menu = Some(PlaceMenu {
            path,
            at,
            highlighted: by_key.then_some(0),
        });
    }

    fn pick(&mut self, item: PlaceMenuItem) -> (Task<BookmarkMsg>, Option<Event>) {
        let Some(menu) = self.menu.take() else {
            return (Task::none(), None);
        };
        match item {
            PlaceMenuItem::OpenInNewTab => (Task::none(), Some(Event::OpenTab(menu.path))),
            PlaceMenuItem::Remove => (self.edit(Edit::Remove(menu.path)), None),
            PlaceMenuItem::Rename => {
                let label = self
                    .places
                    .iter()
                    .find(|p| p.path == menu.path)
                    .map(|p| p.name.clone())
                    .unwrap_or_default();
                self.editing = Some((menu.path, label));
                let focus = crate::tasks::batch([
                    iced::widget::operation::focus(LABEL_INPUT),
                    iced::widget::operation::select_all(LABEL_INPUT),
                ]);
                (focus, None)
            }
        }
    }

    /// While a label is edited or a bookmark's menu is open: Escape ends them, and the
    /// open menu has the keyboard (the arrows move, Enter or Space picks). `None` when
    /// neither is open.
    /// Whether a bookmark's menu is open or its label edited: they take keys first.
    pub fn holds_keys(&self) -> bool {
        self.editing.is_some() || self.menu.is_some()
    }

    pub fn key(&mut self, k: &KeyPress) -> Option<(Task<BookmarkMsg>, Option<Event>)> {
        if k.key == Key::Named(Named::Escape) && (self.editing.is_some() || self.menu.is_some()) {
            self.editing = None;
            self.menu = None;
            return Some((Task::none(), None));
        }
        let menu = self.menu.as_mut()?;
        let n = PlaceMenuItem::ALL.len();
        match k.key.as_ref() {
            Key::Named(Named::ArrowDown) => {
                menu.highlighted = Some(menu.highlighted.map_or(0, |i| (i + 1) % n));
            }
            Key::Named(Named::ArrowUp) => {
                menu.highlighted = Some(menu.highlighted.map_or(n - 1, |i| (i + n - 1) % n));
            }
            Key::Named(Named::Enter | Named::Space) => {
                if let Some(&item) = menu.highlighted.and_then(|i| PlaceMenuItem::ALL.get(i)) {
                    return Some(self.pick(item));
                }
            }
            _ => {}
        }
        Some((Task::none(), None))
    }

    /// A press anywhere, over `hover`: if it is a bookmark, remember it (a release on
    /// another bookmark moves it there).
    pub fn pressed_over(&mut self, hover: Option<&DropTarget>) {
        self.pressed = match hover {
            Some(DropTarget::Place(p)) if self.places.iter().any(|b| &b.path == p) => {
                Some(p.clone())
            }
            _ => None,
        };
    }

    /// The left button came up over the place `to` while nothing was dragged: a bookmark
    /// pressed before moves before the bookmark it came up over.
    pub fn released_on(&mut self, to: PathBuf) -> Task<BookmarkMsg> {
        match self.pressed.take() {
            Some(from) if from != to && self.places.iter().any(|b| b.path == to) => {
                self.edit(Edit::MoveBefore(from, Some(to)))
            }
            _ => Task::none(),
        }
    }
}

/// Change the file (when `edit`) and read it, off the UI thread: the file as it is after
/// the change.
fn work(file: PathBuf, edit: Option<Edit>) -> Task<BookmarkMsg> {
    crate::offload::work("the bookmarks thread", move || {
        let result = match edit {
            Some(edit) => bookmarks::change(&file, |b| apply(b, &edit)).and_then(|_| load(&file)),
            None => load(&file),
        };
        BookmarkMsg::Loaded(result.map_err(Arc::new))
    })
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

/// A bookmark of a server: its address and its label (else the address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerBookmark {
    pub address: porpoise_engine::remote::Address,
    pub label: String,
}

/// What the file names: local folders, and servers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Read {
    pub places: Vec<Place>,
    pub servers: Vec<ServerBookmark>,
}

/// The places and servers the file names (blocking).
pub fn load(file: &Path) -> Result<Read, BookmarkError> {
    let host = porpoise_engine::host::hostname();
    let mut read = Read::default();
    for b in bookmarks::read(file)?.all(&host) {
        match b.path {
            Some(path) => {
                let name = b.label.unwrap_or_else(|| crate::format::name_of(&path));
                read.places.push(Place {
                    kind: PlaceKind::Bookmark,
                    path,
                    name,
                });
            }
            None => {
                let Ok(address) = porpoise_engine::remote::Address::parse(&b.uri) else {
                    continue;
                };
                let label = b.label.unwrap_or_else(|| address.readable());
                read.servers.push(ServerBookmark { address, label });
            }
        }
    }
    Ok(read)
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
