//! Places in the app: handing the panel its messages and doing what it asks (show a
//! folder or the Trash, a tab behind, a volume's passphrase, a word in the status bar),
//! Ctrl+D, and what the job panel and the drags need of it.

use iced::Task;
use std::path::Path;

use iced::keyboard::Key;
use iced::keyboard::key::Named;

use super::App;
use crate::key_press::KeyPress;
use crate::message::Message;
use crate::screen::browser::pane::PaneMsg;
use crate::screen::browser::tabs::TabMsg;
use crate::screen::places::bookmarks::{BookmarkMsg, Edit};
use crate::screen::places::{self, Places};

/// Where the first place's row starts in the window, and how far apart rows are (about:
/// only where a menu opened by a key goes depends on it).
const PLACES_TOP: f32 = 110.0;
const PLACE_ROW: f32 = 31.0;

impl App {
    /// Places: the places, the mount table, the devices, the bookmarks.
    pub fn places(&self) -> &Places {
        &self.places
    }

    pub(super) fn on_places_message(&mut self, m: places::Message) -> Task<Message> {
        if let places::Message::Bookmarks(BookmarkMsg::OpenMenu(_)) = &m {
            self.browser.pane_mut().close_menus();
        }
        let look_again = match &m {
            places::Message::Mounts(_) => self.on_servers_message(crate::servers::Message::Look),
            _ => Task::none(),
        };
        let (task, event) = self.places.update(m, &self.jobs, self.actions.pointer);
        let mut tasks = vec![task.map(Message::Places), look_again];
        if let Some(event) = event {
            tasks.push(self.on_places_event(event));
        }
        crate::tasks::batch(tasks)
    }

    fn on_places_event(&mut self, event: places::Event) -> Task<Message> {
        match event {
            places::Event::Open(path) => {
                self.in_browser(|b, cx| b.pane_message(PaneMsg::Navigate(path), cx))
            }
            places::Event::OpenTrash => self.in_browser(|b, cx| b.open_trash(cx)),
            places::Event::OpenTab(path) => {
                self.in_browser(|b, cx| b.on_tab_message(TabMsg::OpenBehind(path), cx))
            }
            places::Event::Unlock(volume, name) => self.open_unlock(volume, name),
            places::Event::Note(note) => {
                self.status.note(note);
                Task::none()
            }
            places::Event::Error(e) => {
                self.status.error(e);
                Task::none()
            }
            places::Event::Drag(a) => self.on_drag(a),
            places::Event::Disconnect(root) => {
                self.on_servers_message(crate::servers::Message::Disconnect(root))
            }
            places::Event::ConnectToServer => self.open_connect_dialog(),
            places::Event::Keyboard => self.keyboard_to(crate::focus::Part::Places),
            places::Event::Connect(address) => self.connect(address, crate::servers::Then::Show),
            places::Event::CancelConnect => {
                self.on_servers_message(crate::servers::Message::Cancel)
            }
        }
    }

    /// An encrypted volume was unlocked and mounted at `at`: the window goes there and the
    /// mount table is read again.
    pub(super) fn unlocked(&mut self, at: std::path::PathBuf) -> Task<Message> {
        self.status.clear();
        let read = places::devices::read_mounts().map(places::Message::Devices);
        let mut tasks = vec![read.map(Message::Places)];
        tasks.push(self.in_browser(|b, cx| b.pane_message(PaneMsg::Navigate(at), cx)));
        crate::tasks::batch(tasks)
    }

    /// Is `path` on a removable device (as far as the known mount table tells)?
    pub fn on_removable(&self, path: &Path) -> bool {
        self.places.on_removable(path)
    }

    /// A job ended: its device remembers whether all it wrote reached it.
    pub(super) fn device_job_finished(&mut self, id: u64) {
        self.places.job_ended(id, &self.jobs);
    }

    /// Bookmark `folder` in Places.
    pub(super) fn bookmark(&mut self, folder: std::path::PathBuf) -> Task<Message> {
        let task = self.places.bookmarks.edit(Edit::Add(folder));
        task.map(|m| Message::Places(places::Message::Bookmarks(m)))
    }

    /// A bookmark's menu and label editing take their keys (`None`: not theirs).
    pub(super) fn bookmark_key(&mut self, k: &KeyPress) -> Option<Task<Message>> {
        let (task, event) = self.places.bookmarks.key(k)?;
        let task = task.map(|m| Message::Places(places::Message::Bookmarks(m)));
        let mut tasks = vec![task];
        if let Some(event) = event {
            tasks.push(self.on_places_event(event));
        }
        Some(crate::tasks::batch(tasks))
    }

    /// The keys of Places while it has the keyboard (`None`: not its key).
    pub(super) fn places_key(&mut self, k: &KeyPress) -> Option<Task<Message>> {
        let width = self.places_width();
        let at = |row: usize| iced::Point::new(width - 40.0, PLACES_TOP + row as f32 * PLACE_ROW);
        let taken = self.places.key(k, at)?;
        if matches!(k.key, Key::Named(Named::ContextMenu | Named::F10)) {
            self.browser.pane_mut().close_menus();
        }
        Some(match taken {
            Some(event) => self.on_places_event(event),
            None => Task::none(),
        })
    }

    /// The Places panel, or nothing when it is hidden or the window is too narrow.
    pub fn places_view(&self) -> Option<iced::Element<'_, Message>> {
        let drop_hover = |t: &crate::actions::DropTarget| self.is_drop_hover(t);
        let pane = self.browser.pane();
        let look = places::view::Look {
            width: self.places_width(),
            here: pane.path(),
            in_trash: pane.in_trash(),
            keyboard: self.focus_ring() == Some(crate::focus::Part::Places),
            icons: &self.look.icons,
            jobs: &self.jobs,
            drop_hover: &drop_hover,
            bookmark_drop: self.is_bookmark_drop_hover(),
            connecting: self.servers.connecting_to(),
        };
        Some(self.places.view(&look)?.map(Message::Places))
    }

    /// A bookmark's menu as a layer over the window, while it is open.
    pub fn place_menu_view(&self) -> Option<iced::Element<'_, Message>> {
        let window = iced::Size::new(self.settings.window_width, self.settings.window_height);
        Some(self.places.menu_view(window)?.map(Message::Places))
    }

    /// A drag would add its folders to Places if it ended here: over Places, not over a
    /// place (which takes the files themselves).
    pub fn is_bookmark_drop_hover(&self) -> bool {
        self.places.bookmarks.over_panel
            && self.actions.drag.as_ref().is_some_and(|d| d.active)
            && !matches!(
                self.actions.hover,
                Some(crate::actions::DropTarget::Place(_))
            )
    }
}
