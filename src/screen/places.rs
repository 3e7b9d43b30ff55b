//! Places, the panel on the left: Home, the user folders and Trash; the bookmarked folders
//! of the GTK bookmarks file (`bookmarks`); the mounted devices and shares with what
//! Porpoise still writes to them, their unmount buttons, and the filesystems nobody has
//! mounted (`devices`); network shares. It keeps the mount table the window matches paths
//! against, follows the mounts, the devices and the bookmarks file, and moves the keyboard
//! among its places while it has it. A click on a place is the window's to follow.

pub mod accessible;
pub mod bookmarks;
pub mod devices;
mod entry;
mod menu;
mod neighbourhood;
mod network;
pub mod view;
mod volumes;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::keyboard::Key;
use iced::keyboard::key::Named;
use iced::{Subscription, Task};
use porpoise_engine::devices::udisks::Unmounted;
use porpoise_engine::mounts::MountTable;

use crate::actions::ActionMsg;
use crate::key_press::KeyPress;
use crate::places::{self, Place, PlaceKind, UserHome};
use crate::screen::jobs::Jobs;
use crate::screen::status::Note;
use bookmarks::{BookmarkMsg, Bookmarks};
use devices::{DeviceMemory, DeviceMsg, DeviceStatus};

pub use view::{eject_id, label};

/// The panel's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// Which user folders exist, read off the UI thread.
    UserPlaces(Vec<Place>),
    /// The mount table, read afresh (the watcher, after an unmount or a mount).
    Mounts(Arc<MountTable>),
    /// The devices: unmounting, mounting and their answers.
    Devices(DeviceMsg),
    /// The bookmarks file, its menu and a label edited in place.
    Bookmarks(BookmarkMsg),
    /// A click on a place (its folder; the Trash place's is the home trash's).
    Open(PathBuf),
    /// A middle click on a place: a tab behind.
    OpenTab(PathBuf),
    /// The pointer over or released on a place, or on the panel: the window's drags.
    Drag(ActionMsg),
    /// A remote place's disconnect button (its root).
    Disconnect(PathBuf),
    /// "Connect to Server…".
    ConnectToServer,
    /// The stop button of the connection under way.
    CancelConnect,
    /// A bookmarked server, or one the network neighbourhood found, was clicked.
    ConnectTo(porpoise_engine::remote::Address),
    /// The network neighbourhood's entry: look what is there (or fold it).
    Neighbourhood,
    /// What the network neighbourhood holds, or why it cannot be read.
    Neighbours(Result<Vec<neighbourhood::Found>, String>),
    /// A screen reader asked for the keyboard on the place at this place in the order.
    KeyboardAt(usize),
}

/// What the panel tells the window.
#[derive(Debug, Clone)]
pub enum Event {
    /// Show this folder (a place, a volume just mounted).
    Open(PathBuf),
    /// Show the Trash.
    OpenTrash,
    /// Open this folder in a tab behind.
    OpenTab(PathBuf),
    /// Ask for the passphrase of this locked volume (named as Places shows it).
    Unlock(Unmounted, String),
    /// Something to say in the status bar.
    Note(Note),
    /// Something that went wrong, for the status bar.
    Error(String),
    /// The pointer over or released on a place, or on the panel.
    Drag(ActionMsg),
    /// Disconnect the remote place at this root.
    Disconnect(PathBuf),
    /// Open "Connect to Server…".
    ConnectToServer,
    /// Give up the connection under way.
    CancelConnect,
    /// Connect to this server and show it.
    Connect(porpoise_engine::remote::Address),
    /// The keyboard comes to the panel (a screen reader asked for it).
    Keyboard,
}

/// The panel's state.
#[derive(Debug)]
pub struct Places {
    /// Home, the user folders and Trash.
    user: Vec<Place>,
    pub bookmarks: Bookmarks,
    /// Mounted devices and shares.
    mounts: Vec<Place>,
    /// The remote places GVfs mounted, named by share and server.
    remote: Vec<Place>,
    /// What the network neighbourhood shows.
    neighbourhood: neighbourhood::Neighbourhood,
    /// The mount table last read (off the UI thread); matches paths to mounts.
    table: Option<Arc<MountTable>>,
    /// The filesystems UDisks2 knows that nobody has mounted and the locked encrypted
    /// volumes.
    volumes: Vec<Unmounted>,
    /// What was written to which device in this session.
    devices: DeviceMemory,
    /// The place the keyboard is on, in the order shown, while Places has it.
    cursor: usize,
}

impl Places {
    /// The panel in `home` (Home and Trash at once, the rest as it is read), and the work
    /// that reads it: the user folders, the bookmarks file, the devices.
    pub fn new(home: &UserHome) -> (Places, Task<Message>) {
        let places = Places {
            user: places::fixed(home),
            bookmarks: Bookmarks::in_config(home.apps.config_home.as_deref()),
            mounts: Vec::new(),
            remote: Vec::new(),
            neighbourhood: Default::default(),
            table: None,
            volumes: Vec::new(),
            devices: DeviceMemory::default(),
            cursor: 0,
        };
        let home = home.clone();
        let user = crate::offload::work("the user folders worker", move || {
            Message::UserPlaces(places::load_user_places(&home))
        });
        let task = crate::tasks::batch([
            user,
            places.bookmarks.read().map(Message::Bookmarks),
            devices::list_volumes().map(Message::Devices),
        ]);
        (places, task)
    }

    /// Take a message (`jobs`: what they write where; `pointer`: where the pointer is).
    pub fn update(
        &mut self,
        m: Message,
        jobs: &Jobs,
        pointer: iced::Point,
    ) -> (Task<Message>, Option<Event>) {
        match m {
            Message::UserPlaces(p) => {
                self.user = p;
                (Task::none(), None)
            }
            Message::Mounts(table) => {
                self.mounts = places::from_mounts(&table);
                let mounts = &self.mounts;
                self.devices
                    .keep_only(|mp| mounts.iter().any(|p| p.path == mp));
                self.table = Some(table);
                // A mount or unmount changes what is left to mount.
                (devices::list_volumes().map(Message::Devices), None)
            }
            Message::Devices(m) => self.on_device(m, jobs),
            Message::Bookmarks(m) => {
                let (task, event) = self.bookmarks.update(m, pointer);
                (task.map(Message::Bookmarks), event)
            }
            Message::Open(path) => (Task::none(), Some(self.open(path))),
            Message::OpenTab(path) => (Task::none(), Some(Event::OpenTab(path))),
            Message::Drag(a) => (Task::none(), Some(Event::Drag(a))),
            Message::Disconnect(root) => (Task::none(), Some(Event::Disconnect(root))),
            Message::ConnectToServer => (Task::none(), Some(Event::ConnectToServer)),
            Message::CancelConnect => (Task::none(), Some(Event::CancelConnect)),
            Message::ConnectTo(address) => (Task::none(), Some(Event::Connect(address))),
            Message::Neighbourhood => (self.neighbourhood.toggle().map(Message::Neighbours), None),
            Message::KeyboardAt(at) => {
                self.cursor = at.min(self.in_order().len().saturating_sub(1));
                (Task::none(), Some(Event::Keyboard))
            }
            Message::Neighbours(result) => {
                self.neighbourhood.found(result);
                (Task::none(), None)
            }
        }
    }

    /// A place opens: the Trash place shows the Trash, the others their folder.
    fn open(&self, path: PathBuf) -> Event {
        let trash = self
            .user
            .iter()
            .any(|p| p.kind == PlaceKind::Trash && p.path == path);
        match trash {
            true => Event::OpenTrash,
            false => Event::Open(path),
        }
    }

    /// What Places follows: the mount table, the devices UDisks2 knows, the bookmarks
    /// file.
    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            Subscription::run(devices::mount_events).map(Message::Mounts),
            Subscription::run(devices::volume_events).map(Message::Devices),
            self.bookmarks.subscription().map(Message::Bookmarks),
        ])
    }

    /// The mount table last read.
    pub fn table(&self) -> Option<&Arc<MountTable>> {
        self.table.as_ref()
    }

    /// Home, user folders and Trash.
    pub fn user_places(&self) -> &[Place] {
        &self.user
    }

    /// Mounted devices and shares.
    pub fn mount_places(&self) -> &[Place] {
        &self.mounts
    }

    /// The filesystems nobody has mounted, as Places lists them.
    pub fn volumes(&self) -> &[Unmounted] {
        &self.volumes
    }

    /// The places in the order Places shows them.
    pub fn in_order(&self) -> Vec<&Place> {
        let mounts = &self.mounts;
        self.user
            .iter()
            .chain(self.bookmarks.places.iter())
            .chain(mounts.iter().filter(|p| p.kind != PlaceKind::Network))
            .chain(mounts.iter().filter(|p| p.kind == PlaceKind::Network))
            .chain(self.remote.iter())
            .collect()
    }

    /// The remote places are these now.
    pub fn set_remote(&mut self, remote: &crate::servers::RemotePlaces) {
        self.remote = remote
            .iter()
            .map(|p| Place {
                kind: PlaceKind::Network,
                path: p.root.clone(),
                name: p.label(),
            })
            .collect();
    }

    /// Is the place at `path` a remote place (GVfs's, disconnected through it)?
    pub fn is_remote(&self, path: &Path) -> bool {
        self.remote.iter().any(|p| p.path == path)
    }

    /// The remote places.
    pub fn remote_places(&self) -> &[Place] {
        &self.remote
    }

    /// Is this user's GVfs FUSE folder mounted (so remote places can come and go)?
    pub fn has_gvfs(&self) -> bool {
        self.table.as_ref().is_some_and(|t| {
            t.mounts
                .iter()
                .any(|m| m.fs_type == porpoise_engine::remote::resolve::GVFS_FUSE)
        })
    }

    /// The Places entry of the mount `path` is on: the mount by longest mount-point
    /// prefix in the known table, if it is a place.
    pub fn place_of(&self, path: &Path) -> Option<&Place> {
        let remote = self
            .remote
            .iter()
            .filter(|p| path.starts_with(&p.path))
            .max_by_key(|p| p.path.as_os_str().len());
        if remote.is_some() {
            return remote;
        }
        let mount = self.table.as_ref()?.containing(path)?;
        self.mounts.iter().find(|p| p.path == mount.mount_point)
    }

    /// Is `path` on a removable device (as far as the known mount table tells)?
    pub fn on_removable(&self, path: &Path) -> bool {
        self.place_of(path)
            .is_some_and(|p| p.kind == PlaceKind::Removable)
    }

    /// The name Places gives the device mounted at `mount_point`, if it lists it.
    pub fn device_name(&self, mount_point: &Path) -> Option<String> {
        self.place_of(mount_point)
            .filter(|p| p.path == mount_point)
            .map(label)
    }

    /// Whether `path` is the Trash place's.
    pub fn is_trash(&self, path: &Path) -> bool {
        self.user
            .iter()
            .any(|p| p.kind == PlaceKind::Trash && p.path == path)
    }

    /// Put the keyboard on the place showing `here` (the Trash place in the Trash view).
    pub fn cursor_to(&mut self, here: &Path, in_trash: bool) {
        self.cursor = self
            .in_order()
            .iter()
            .position(|p| match in_trash {
                true => p.kind == PlaceKind::Trash,
                false => p.path == here && p.kind != PlaceKind::Trash,
            })
            .unwrap_or(0);
    }

    /// The place the keyboard is on.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The keys of Places while it has the keyboard: the arrows, Home and End move among
    /// the places, Enter or Space opens one, the Menu key or Shift+F10 opens a bookmark's
    /// menu beside it (`at`: where its row is). `None` leaves the key to the window; a key
    /// Places took may ask the window for something.
    pub fn key(
        &mut self,
        k: &KeyPress,
        at: impl Fn(usize) -> iced::Point,
    ) -> Option<Option<Event>> {
        if k.modifiers.control() || k.modifiers.alt() {
            return None;
        }
        let count = self.in_order().len();
        let menu_key = matches!(k.key, Key::Named(Named::ContextMenu))
            || (k.key == Key::Named(Named::F10) && k.modifiers.shift());
        match k.key.as_ref() {
            _ if menu_key => {
                let place = self
                    .in_order()
                    .get(self.cursor)
                    .map(|p| (p.kind, p.path.clone()));
                if let Some((PlaceKind::Bookmark, path)) = place {
                    self.bookmarks.open_menu(path, at(self.cursor), true);
                }
            }
            Key::Named(Named::ArrowUp) => self.cursor = self.cursor.saturating_sub(1),
            Key::Named(Named::ArrowDown) => {
                self.cursor = (self.cursor + 1).min(count.saturating_sub(1));
            }
            Key::Named(Named::Home) => self.cursor = 0,
            Key::Named(Named::End) => self.cursor = count.saturating_sub(1),
            Key::Named(Named::Enter | Named::Space) => {
                let path = self.in_order().get(self.cursor).map(|p| p.path.clone());
                return Some(path.map(|p| self.open(p)));
            }
            _ => return None,
        }
        Some(None)
    }

    /// What a device or share's entry says under its name, if anything: what the `jobs`
    /// still write to it, or whether all they wrote is on it.
    pub fn device_status(&self, place: &Place, jobs: &Jobs) -> Option<DeviceStatus> {
        if !matches!(place.kind, PlaceKind::Removable | PlaceKind::Network) {
            return None;
        }
        let mut running = false;
        let mut left = 0u64;
        for e in self.writing_to(&place.path, jobs) {
            running = true;
            let f = &e.figures;
            left = left.saturating_add(f.bytes_total.saturating_sub(f.bytes_on_device));
        }
        if running {
            return Some(DeviceStatus::Writing { left });
        }
        self.devices.last_outcome(&place.path).map(|ok| match ok {
            true => DeviceStatus::AllWritten,
            false => DeviceStatus::NotAllWritten,
        })
    }

    /// The running jobs of `jobs` that write into the place mounted at `mount_point`.
    fn writing_to<'a>(
        &'a self,
        mount_point: &'a Path,
        jobs: &'a Jobs,
    ) -> impl Iterator<Item = &'a crate::screen::jobs::entry::JobEntry> + 'a {
        jobs.entries.iter().filter(move |e| {
            !e.is_finished()
                && devices::writes_to_dest(e.request.kind)
                && self
                    .place_of(&e.request.dest)
                    .is_some_and(|p| p.path == mount_point)
        })
    }

    /// A job of `jobs` ended: remember for its device whether all it wrote reached it.
    pub fn job_ended(&mut self, id: u64, jobs: &Jobs) {
        let Some(e) = jobs.get(id) else {
            return;
        };
        if !devices::writes_to_dest(e.request.kind) {
            return;
        }
        let all_written = e.state != porpoise_engine::jobs::JobState::Failed && !e.write_failed;
        if let Some(p) = self.place_of(&e.request.dest)
            && matches!(p.kind, PlaceKind::Removable | PlaceKind::Network)
        {
            let mount_point = p.path.clone();
            self.devices.finished(mount_point, all_written);
        }
    }
}
