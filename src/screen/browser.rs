//! The browser: the tabs, each with one pane or two side by side (split view), a pane
//! showing a folder, the Trash or search results; the toolbar and location bars, the tab
//! bar, the details and icons views with their menus, the name entry and the rubber band.
//! It owns its state, messages, update, keys and view; the folder cache and the listings
//! its panes follow are its own. What it asks of the window around it (start a job, open
//! files, show a dialog, say something in the status bar) comes out as [`Event`]s.

use iced::Task;
pub mod accessible;
pub mod band;
mod columns;
pub mod commands;
mod drops;
mod input;
pub mod menus;
mod naming;
mod nav;
pub mod new_file;
pub mod open_with;
pub mod pane;
mod panes;
mod read_only;
pub mod search;
mod search_view;
mod split;
pub mod tab;
mod tab_list;
pub mod tabs;
pub mod templates;
mod trash;
pub mod view;
mod work;

use std::path::{Path, PathBuf};

use iced::Point;
use iced::keyboard::Modifiers;
use porpoise_engine::listing::ListerCache;

use crate::places::UserHome;
use crate::screen::status::Note;
use crate::settings::Settings;
use crate::undo::UndoStep;
use pane::Pane;
use tab::{Beside, Tab};
use tabs::Tabs;

pub use pane::{PaneEvent, PaneMsg};

/// The browser's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// A listing event of the folder opened as `generation`.
    Dir(u64, porpoise_engine::listing::DirEvent),
    /// The clock that tells when a folder asked for has kept silent too long, while one
    /// is asked for.
    AnswerClock(std::time::Instant),
    /// What the person does to the pane with the keyboard's folder view: go somewhere,
    /// open an entry, sort, scroll, filter, type a location.
    Pane(PaneMsg),
    /// A row or tile was pressed (by name): selected, maybe the start of a drag.
    Clicked(Vec<u8>),
    /// A screen reader put its focus on a row or tile (by key): the cursor goes there and
    /// it alone is selected, in view; the keyboard goes to the view.
    PointAt(Vec<u8>),
    SetView(crate::settings::ViewMode),
    ToggleHidden,
    /// Bigger (> 0) or smaller icons in the icons view by so many steps; 0: the usual
    /// size again (Ctrl+wheel, Ctrl+plus, Ctrl+minus, Ctrl+0).
    Zoom(i32),
    /// A column header's edge is dragged: the column's new width; `None`: the dragging
    /// ended (the width is saved).
    ColumnWidth(crate::columns::Column, Option<f32>),
    /// Menus, the name entry, the clipboard, the rubber band, the Trash view.
    Action(crate::actions::ActionMsg),
    /// The search view (Ctrl+F): typing, results coming in, opening them.
    Search(search::SearchMsg),
    /// Opening, closing, showing and moving tabs.
    Tab(tabs::TabMsg),
    /// A message from the pane beside the one with the keyboard (split view).
    Beside(Box<Message>),
    /// F3: split view on or off.
    ToggleSplit,
    /// A pane's close button in split view.
    ClosePane {
        left: bool,
    },
    /// A screen reader asked for the keyboard on this part (the main menu's button, the
    /// location bar).
    Keyboard(crate::focus::Part),
    /// "New File": its submenu of templates.
    NewFile(templates::NewFileMsg),
    /// The "Open With" submenu of an entry's menu.
    OpenWith(crate::apps::OpenWithMsg),
}

/// What the browser asks of the window.
#[derive(Debug)]
pub enum Event {
    /// Start this job.
    Job(crate::request::JobRequest),
    /// A link whose target is gone was opened.
    BrokenLink(PathBuf),
    /// An archive whose names are locked was opened as a folder (`wrong`: with a
    /// password that does not open it).
    ArchiveLocked {
        archive: PathBuf,
        wrong: bool,
    },
    /// Shift+Del: ask whether to delete these for good.
    AskDelete(Vec<PathBuf>),
    /// Open files, each with its default application or all `with` one.
    Open {
        files: Vec<PathBuf>,
        with: Option<String>,
    },
    /// Ask which applications the "Open With" submenu (question `ticket`) offers for
    /// `files` (the first is the entry the menu is on).
    AskOpenWith {
        ticket: u64,
        files: Vec<PathBuf>,
    },
    /// The chooser of an application for `files` (of types `mimes`).
    Chooser {
        files: Vec<PathBuf>,
        mimes: Vec<String>,
    },
    /// The desktop's terminal in this folder.
    Terminal(PathBuf),
    /// A window of its own at this folder.
    NewWindow(PathBuf),
    /// The keyboard shortcuts or the About page.
    Help(crate::dialog::help::Page),
    /// The properties of the selection (or of the shown folder).
    Properties,
    /// Open the quick preview of the item under the cursor.
    Preview,
    /// The Preferences dialog.
    Preferences,
    /// The batch rename of the selection.
    BatchRename,
    /// "Compress…": these items, into an archive in `folder` (named `name` to start).
    Compress {
        sources: Vec<PathBuf>,
        folder: PathBuf,
        name: String,
    },
    /// "Extract To…": these archives, into a folder to type (it starts as `from`).
    ExtractTo {
        archives: Vec<PathBuf>,
        from: PathBuf,
    },
    /// Bookmark this folder in Places.
    Bookmark(PathBuf),
    /// Connect to a server's address and show it in the pane with the keyboard.
    Connect(porpoise_engine::remote::Address),
    /// Something that went wrong, for the status bar.
    Error(String),
    /// The status bar's error goes (what it was about is tried again).
    ClearError,
    /// Something to say in the status bar.
    Note(Note),
    /// Another folder or tab is shown: what the window kept for the last one (drags, the
    /// status bar's message) goes.
    LeftFolder,
    /// The view moved under the pointer.
    Scrolled,
    /// A press on these may become a drag.
    Press(Vec<PathBuf>),
    /// The pointer is over or released on a target, or a drag ended (Escape).
    Drag(crate::actions::ActionMsg),
    /// A change Ctrl+Z can take back was made.
    Done(UndoStep),
    /// Ctrl+Z and Ctrl+Shift+Z.
    Undo,
    Redo,
    /// The window's settings changed (a sort, the view, the tabs): they are saved.
    Save,
    /// The mouse took the view: the keyboard goes there, without a ring.
    FocusView,
    /// A screen reader asked for the keyboard on this part of the browser (the main
    /// menu's button, the location bar).
    Keyboard(crate::focus::Part),
    /// The last tab closed, or Ctrl+Q: the window closes.
    Close,
}

/// What the browser reads of the window around it while it changes, and where it puts
/// what it tells the window.
pub struct Context<'a> {
    /// The window's settings: the view, hidden files, the sort, the tabs.
    pub settings: &'a mut Settings,
    pub home: &'a UserHome,
    pub modifiers: Modifiers,
    /// Where the pointer last pressed, in the window (menus open there).
    pub pointer: Point,
    /// What it tells the window.
    pub events: Vec<Event>,
}

impl Context<'_> {
    /// Tell the window `event`.
    pub fn tell(&mut self, event: Event) {
        self.events.push(event);
    }
}

/// The browser's state.
pub struct Browser {
    /// The shown tab's pane with the keyboard.
    pane: Pane,
    /// In split view, the shown tab's other pane.
    beside: Option<Beside>,
    /// The other tabs, in order around the shown one.
    tabs: Tabs<Tab>,
    /// The folders of closed tabs and where each was among the tabs, the last closed last
    /// (Ctrl+Shift+T opens it again there).
    closed_tabs: Vec<(PathBuf, usize)>,
    /// Folders no pane shows any more, for a while.
    cache: ListerCache,
    /// What the person is in the middle of with the pointer and the clipboard.
    marks: Marks,
    /// The templates "New File" offers.
    new_file: templates::NewFileState,
    /// The number of the last "Open With" question asked: answers to older ones are late.
    open_with_ticket: u64,
    /// The remote places, whose folders are shown as addresses.
    remote: std::sync::Arc<crate::servers::RemotePlaces>,
}

/// What the browser keeps of what the person is in the middle of.
#[derive(Debug, Default)]
pub struct Marks {
    /// A click on an already selected entry of a larger selection waits for the release
    /// (it may start a drag of the whole selection instead).
    pub deferred_click: Option<Vec<u8>>,
    /// A press on the view's empty space (or beside a row's name) that may become a
    /// rubber band.
    pub band: Option<band::BandPress>,
    /// What this window last cut (its folder and names), drawn faded until it is pasted
    /// or something else is cut or copied.
    pub cut: Option<(PathBuf, std::collections::HashSet<Vec<u8>>)>,
    /// A tab was pressed (its place): a release on another tab moves it there.
    pub tab_press: Option<usize>,
    /// A reading of the trash is under way (it can hang on a dead mount: never start a
    /// second one beside it).
    pub trash_listing: bool,
    /// The trash changed while it was being read: read it again after.
    pub trash_dirty: bool,
}

impl Marks {
    /// Another folder or tab is shown: what was under way with the pointer ends.
    pub fn left_folder(&mut self) {
        self.deferred_click = None;
        self.band = None;
        self.tab_press = None;
    }
}

impl Browser {
    /// A browser of one tab at `path`, its view `viewport` large; the pane starts
    /// listing at once.
    pub fn new(path: PathBuf, settings: &Settings, viewport: crate::viewport::Viewport) -> Browser {
        let mut pane = Pane::new(path, settings, viewport);
        pane.start_listing(None);
        Browser {
            pane,
            beside: None,
            tabs: Tabs::default(),
            closed_tabs: Vec::new(),
            cache: ListerCache::default(),
            marks: Marks::default(),
            new_file: Default::default(),
            open_with_ticket: 0,
            remote: Default::default(),
        }
    }

    /// The remote places are these now.
    pub fn set_remote(&mut self, remote: std::sync::Arc<crate::servers::RemotePlaces>) {
        self.remote = remote;
    }

    /// The remote places.
    pub fn remote(&self) -> &crate::servers::RemotePlaces {
        &self.remote
    }

    /// Take a message: change the browser; the task to run, and (in `cx`) what the
    /// window must hear of it.
    pub fn update(&mut self, m: Message, cx: &mut Context) -> Task<Message> {
        match m {
            Message::Dir(generation, event) => self.on_dir_event(generation, event, cx),
            Message::AnswerClock(now) => {
                self.pane.check_answer(now);
                if let Some(b) = &mut self.beside {
                    b.pane.check_answer(now);
                }
                Task::none()
            }
            Message::Pane(m) => self.pane_message(m, cx),
            Message::Clicked(name) => self.press_entry(name, cx),
            Message::PointAt(key) => self.point_at(key, cx),
            Message::SetView(mode) => self.set_view(mode, cx),
            Message::ToggleHidden => self.toggle_hidden(cx),
            Message::Zoom(steps) => self.zoom(steps, cx),
            Message::ColumnWidth(c, width) => {
                self.column_width(c, width, cx);
                Task::none()
            }
            Message::Action(m) => self.action(m, cx),
            Message::Search(m) => self.on_search_message(m, cx),
            Message::Tab(m) => self.on_tab_message(m, cx),
            Message::Beside(m) => self.on_beside_message(*m, cx),
            Message::ToggleSplit => self.toggle_split(cx),
            Message::ClosePane { left } => self.close_pane(left, cx),
            Message::Keyboard(part) => {
                cx.tell(Event::Keyboard(part));
                Task::none()
            }
            Message::NewFile(m) => self.on_new_file_message(m, cx),
            Message::OpenWith(m) => self.on_open_with_message(m, cx),
        }
    }

    /// The pane with the keyboard (the shown tab's only pane without split view).
    pub fn pane(&self) -> &Pane {
        &self.pane
    }

    /// The pane with the keyboard, to change.
    pub fn pane_mut(&mut self) -> &mut Pane {
        &mut self.pane
    }

    /// Whether the folder cache holds `folder` (folders no pane shows wait there).
    pub fn is_cached(&self, folder: &Path) -> bool {
        self.cache.contains(folder)
    }

    /// The folder the pane with the keyboard shows.
    pub fn path(&self) -> &Path {
        self.pane.path()
    }

    /// The selected items of the pane with the keyboard, as paths, sorted.
    pub fn selected_paths(&self) -> Vec<PathBuf> {
        use std::os::unix::ffi::OsStrExt;
        let dir = self.pane.path();
        let mut paths: Vec<PathBuf> = self
            .pane
            .selection()
            .names()
            .map(|n| dir.join(std::ffi::OsStr::from_bytes(n)))
            .collect();
        paths.sort();
        paths
    }

    /// Folders no pane shows left the cache after a while.
    pub fn purge_cache(&mut self) {
        self.cache.purge();
    }

    /// What the person is in the middle of with the pointer and the clipboard.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The templates "New File" offers, and its submenu.
    pub fn new_file_state(&self) -> &templates::NewFileState {
        &self.new_file
    }
}
