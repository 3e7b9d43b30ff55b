//! The window's state and its pure update: [`App::handle`] turns a message into state
//! changes and a list of [`Effect`]s; [`App::update`] runs those as iced tasks.

mod actions;
mod band;
mod batch_rename;
mod bookmarks;
mod devices;
mod dnd;
mod drag_out;
mod focus;
mod input;
mod jobs;
mod naming;
mod nav;
mod new_file;
mod open_with;
mod panes;
mod preferences;
mod properties;
mod query;
mod search_view;
mod show;
mod split;
mod tabs;
mod thumbs;
mod trash_view;
mod types;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use iced::keyboard::Modifiers;
use iced::{Subscription, Task, Theme};

use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::listing::ListerCache;
use porpoise_engine::mounts::MountTable;

pub use band::GRID_LEFT;
pub use tabs::{TAB_BAR_HEIGHT, TabPanes};

use super::actions::ActionState;
use super::effects::Effect;
use super::i18n::fl;
use super::icons::IconSet;
use super::message::Message;
use super::pane::Pane;
use super::places::{self, Place, UserHome};
use super::settings::Settings;
use super::tabs::Tabs;
use super::theme;
use super::viewport::Viewport;
use panes::{Beside, Tab};

/// Everything the window shows and remembers.
pub struct App {
    settings: Settings,
    /// Where settings are saved; `None` (tests) never writes.
    settings_path: Option<PathBuf>,
    /// The shown tab's pane with the keyboard.
    pane: Pane,
    /// In split view, the shown tab's other pane.
    beside: Option<Beside>,
    /// The other tabs, in order around the shown one.
    tabs: Tabs<Tab>,
    /// The folders of closed tabs, the last closed last (Ctrl+Shift+T opens it again).
    closed_tabs: Vec<PathBuf>,
    cache: ListerCache,
    /// The running listing tasks (window only), by listing number: dropping one aborts
    /// it, once no pane follows its listing.
    listings: std::collections::HashMap<u64, iced::task::Handle>,
    /// The file and place icons: bundled until the theme's are loaded.
    icons: IconSet,
    user_places: Vec<Place>,
    mount_places: Vec<Place>,
    /// The filesystems UDisks2 knows that nobody has mounted and the locked encrypted
    /// volumes, for Places.
    volumes: Vec<porpoise_engine::devices::udisks::Unmounted>,
    /// The mount table last read (off the UI thread); matches paths to mounts.
    mounts: Option<Arc<MountTable>>,
    /// What was written to which device in this session.
    devices: super::devices::DeviceMemory,
    /// The engine's queue per device the window's copies and moves wait in.
    queue: porpoise_engine::jobs::Queue,
    /// The last error worth telling (opening a file, saving settings).
    status_error: Option<String>,
    /// The message the status bar shows beside or instead of the counts (an error or a
    /// job's note), and since when: it goes after a few seconds.
    status_shown: Option<(String, Instant)>,
    modifiers: Modifiers,
    save_ticket: u64,
    theme: Theme,
    home: PathBuf,
    /// The home trash: where trashing puts items on its filesystem, and what the Trash
    /// place shows (with every mount's trash).
    trash: HomeTrash,
    /// Clipboard, drag and drop, menus, name entry, Trash view.
    actions: ActionState,
    /// The part of the window that has the keyboard, whether Tab moved it (so it wears a
    /// ring), and the place the keyboard is on in Places.
    focus: super::focus::Part,
    focus_visible: bool,
    places_cursor: usize,
    /// File jobs, their dialogs and undo.
    jobs: super::jobs::Jobs,
    /// File types: the database, each type's words and icons.
    types: super::types::Types,
    /// The properties dialog, while it is open.
    properties: Option<super::properties::PropertiesView>,
    /// Thumbnails: the pool, what is asked for, the pictures in view.
    thumbs: super::thumbs::Thumbs,
    /// The applications that open files.
    apps: super::apps::AppsState,
    /// The chooser of an application ("Other Application…"), while it is open.
    chooser: Option<super::apps::Chooser>,
    /// Bookmarked folders in Places.
    bookmarks: super::bookmarks::BookmarksState,
    /// The templates "New File" offers.
    new_file: super::new_file::NewFileState,
    /// The batch rename dialog, while it is open.
    batch_rename: Option<super::batch_rename::BatchRename>,
    /// The Preferences dialog, while it is open.
    preferences: Option<super::preferences::PreferencesView>,
    /// The passphrase dialog of an encrypted volume, while it is open.
    unlock: Option<super::unlock::UnlockView>,
    /// What the desktop says of its look (dark or light, accent colour), as last told.
    desktop: porpoise_engine::appearance::Appearance,
    /// Whether the next frame is drawn whole (after messages that move the rows).
    redraw: super::redraw::Redraw,
}

/// Two clicks on the same entry within this time open it.
const DOUBLE_CLICK: Duration = Duration::from_millis(450);
/// How long the status bar shows a note ("Restored 1 item"), and an error.
pub const NOTE_SHOWN: Duration = Duration::from_secs(6);
pub const ERROR_SHOWN: Duration = Duration::from_secs(12);
/// Type-ahead forgets what was typed after this pause.
const TYPEAHEAD_RESET: Duration = Duration::from_millis(1000);

impl App {
    /// A new window state at `path`, and the effects that start it (list the folder, find
    /// the free space and the user folders). `settings_path: None` never writes settings.
    pub fn boot(
        path: PathBuf,
        settings: Settings,
        settings_path: Option<PathBuf>,
        home: UserHome,
    ) -> (App, Vec<Effect>) {
        let viewport = Viewport {
            offset_y: 0.0,
            width: super::layout::files_width(settings.window_width, settings.show_places)
                .max(200.0),
            height: (settings.window_height - 140.0).max(200.0),
        };
        let queue_per_device = settings.queue_per_device;
        let mut app = App {
            theme: theme::for_choice(settings.theme, &Default::default()),
            pane: Pane::new(path, &settings, viewport),
            beside: None,
            tabs: Tabs::default(),
            closed_tabs: Vec::new(),
            settings,
            settings_path,
            cache: ListerCache::default(),
            listings: Default::default(),
            icons: IconSet::default(),
            user_places: places::fixed(&home),
            mount_places: Vec::new(),
            volumes: Vec::new(),
            mounts: None,
            devices: Default::default(),
            queue: porpoise_engine::jobs::Queue::new(queue_per_device),
            status_error: None,
            status_shown: None,
            modifiers: Modifiers::empty(),
            save_ticket: 0,
            home: home.folder.clone(),
            trash: home.trash.clone(),
            actions: ActionState::default(),
            focus: Default::default(),
            focus_visible: false,
            places_cursor: 0,
            jobs: super::jobs::Jobs::default(),
            types: Default::default(),
            properties: None,
            thumbs: Default::default(),
            apps: super::apps::AppsState::new(home.apps.clone()),
            chooser: None,
            bookmarks: Default::default(),
            new_file: Default::default(),
            batch_rename: None,
            unlock: None,
            preferences: None,
            desktop: Default::default(),
            redraw: Default::default(),
        };
        let mut effects = app.pane.start_listing(None);
        effects.extend(app.start_bookmarks(home.apps.config_home.as_deref()));
        effects.extend(app.start_new_file(&home));
        effects.push(Effect::LoadUserPlaces(home));
        effects.push(Effect::ListVolumes);
        effects.push(Effect::LoadThemeIcons {
            setting: app.settings.icon_theme.clone(),
        });
        effects.push(Effect::Types(super::types::TypesEffect::Load));
        (app, effects)
    }

    /// [`App::boot`] for iced, with a tab for each entry of `tabs` (its folder, or the
    /// two folders of a split view from left to right) and the one at `shown` shown: the
    /// effects become tasks. `tabs` holds at least one; `startup_id` is the launch's
    /// (empty: none).
    pub fn boot_task(
        tabs: (Vec<Vec<PathBuf>>, usize),
        settings: Settings,
        settings_path: Option<PathBuf>,
        home: UserHome,
        startup_id: String,
    ) -> (App, Task<Message>) {
        let (mut tabs, shown) = tabs;
        let first = match tabs.first_mut() {
            Some(folders) if !folders.is_empty() => folders.remove(0),
            _ => home.folder.clone(),
        };
        let (mut app, mut effects) = App::boot(first, settings, settings_path, home);
        let mut tabs = tabs.into_iter();
        if let Some(right) = tabs.next().and_then(|f| f.into_iter().next()) {
            effects.extend(app.split_at(right));
        }
        effects.extend(app.open_tabs(tabs.collect(), shown));
        // The launch that started this window is answered once it is open.
        if !startup_id.is_empty() {
            effects.push(Effect::Raise(startup_id));
        }
        let task = app.run_effects(effects);
        (app, task)
    }

    /// iced's update: handle the message, run its effects as tasks, and stop the
    /// listings no pane follows any more (a folder left).
    pub fn update(&mut self, message: Message) -> Task<Message> {
        self.redraw.note(&message);
        let effects = self.handle(message);
        let task = self.run_effects(effects);
        let followed = self.listings_followed();
        self.listings.retain(|g, _| followed.contains(g));
        task
    }

    fn run_effects(&mut self, effects: Vec<Effect>) -> Task<Message> {
        let mut tasks = Vec::with_capacity(effects.len());
        for effect in effects {
            let listing = match &effect {
                Effect::OpenDir { generation, .. } => Some(*generation),
                _ => None,
            };
            let (task, handle) = effect.into_task();
            if let (Some(generation), Some(handle)) = (listing, handle) {
                self.listings.insert(generation, handle.abort_on_drop());
            }
            tasks.push(task);
        }
        Task::batch(tasks)
    }

    /// The pure update: change state, return what should happen outside (among it, the
    /// types of rows that came into view).
    pub fn handle(&mut self, message: Message) -> Vec<Effect> {
        let mut effects = self.handle_message(message);
        effects.extend(self.ask_types());
        effects.extend(self.ask_thumbs());
        effects
    }

    fn handle_message(&mut self, message: Message) -> Vec<Effect> {
        if !matches!(message, Message::Dir(..)) {
            tracing::trace!(?message, "message");
        }
        match message {
            Message::Dir(generation, event) => self.on_dir_event(generation, event),
            Message::FolderCounts(generation, counts) => {
                for pane in self.panes_listing(generation) {
                    pane.folder_counts.extend(counts.iter().cloned());
                }
                Vec::new()
            }
            Message::Space(generation, space) => {
                for pane in self.panes_listing(generation) {
                    pane.space = space;
                }
                Vec::new()
            }
            Message::UserPlaces(p) => {
                self.user_places = p;
                Vec::new()
            }
            Message::Mounts(table) => {
                self.mount_places = places::from_mounts(&table);
                let places = &self.mount_places;
                self.devices
                    .keep_only(|mp| places.iter().any(|p| p.path == mp));
                self.mounts = Some(table);
                // A mount or unmount changes what is left to mount.
                vec![Effect::ListVolumes]
            }
            Message::Devices(m) => self.on_device_message(m),
            Message::SaveDue(ticket) => match &self.settings_path {
                Some(path) if ticket == self.save_ticket => {
                    vec![Effect::WriteSettings(path.clone(), self.settings.clone())]
                }
                _ => Vec::new(),
            },
            Message::Saved(result) => {
                if let Err(e) = result {
                    tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                    self.status_error = Some(fl!("status-settings-failed", error = e.words()));
                }
                Vec::new()
            }
            Message::StatusClock(now) => self.status_clock(now),
            Message::AnswerClock(now) => {
                self.pane.check_answer(now);
                if let Some(b) = &mut self.beside {
                    b.pane.check_answer(now);
                }
                Vec::new()
            }
            Message::WindowFocused => {
                // The listing threads of shown network folders look at them again.
                porpoise_engine::listing::revalidate::look_again();
                Vec::new()
            }
            Message::Tick => {
                self.cache.purge();
                Vec::new()
            }
            Message::ThemeIcons(loaded) => {
                self.icons = IconSet::from_theme(loaded);
                Vec::new()
            }
            Message::Types(m) => self.on_types_message(m),
            Message::Thumbs(m) => self.on_thumbs_message(m),
            Message::Props(m) => self.on_props_message(m),
            Message::BatchRename(m) => self.on_batch_message(m),
            Message::Prefs(m) => self.on_prefs_message(m),
            Message::Appearance(a) => self.on_appearance(a),
            Message::Apps(m) => self.on_apps_message(m),
            Message::Show(r) => self.on_show_request(r),
            Message::Bookmarks(m) => self.on_bookmark_message(m),
            Message::NewFile(m) => self.on_new_file_message(m),
            Message::DragOut(m) => self.on_drag_out_message(m),
            Message::Pane(m) => self.pane_message(m),
            Message::Tab(m) => self.on_tab_message(m),
            Message::Beside(m) => self.on_beside_message(*m),
            Message::ToggleSplit => self.toggle_split(),
            Message::ClosePane { left } => self.close_pane(left),
            Message::Clicked(name) => self.press_entry(name),
            Message::SetView(mode) => self.set_view(mode),
            Message::ToggleHidden => self.toggle_hidden(),
            Message::Key(k) if !self.jobs.dialogs.is_empty() => self.dialog_key(&k),
            Message::Key(k) if self.chooser.is_some() => self.chooser_key(&k),
            Message::Key(k) if self.properties.is_some() => self.properties_key(&k),
            Message::Key(k) if self.batch_rename.is_some() => self.batch_rename_key(&k),
            Message::Key(k) if self.preferences.is_some() => self.preferences_key(&k),
            Message::Key(k) if self.unlock.is_some() => self.unlock_key(&k),
            Message::Key(k) => match self
                .search_key(&k)
                .or_else(|| self.bookmark_key(&k))
                .or_else(|| self.new_file_key(&k))
                .or_else(|| self.focus_key(&k))
            {
                Some(effects) => effects,
                None => match self.action_key(&k) {
                    Some(effects) => effects,
                    None => self.key(&k),
                },
            },
            Message::Modifiers(m) => {
                self.modifiers = m;
                Vec::new()
            }
            Message::StartJob(request) => self.start_job(request),
            Message::Jobs(m) => self.on_job_message(m),
            Message::Action(m) => self.action(m),
            Message::Search(m) => self.on_search_message(m),
            Message::Zoom(steps) => self.zoom(steps),
            Message::Resized(w, h) => {
                self.settings.window_width = w;
                self.settings.window_height = h;
                self.save()
            }
        }
    }

    /// The status bar's message, if one is shown: an error, else a job's note.
    fn status_message(&self) -> Option<(&str, bool)> {
        match (&self.status_error, &self.jobs.note) {
            (Some(e), _) => Some((e.as_str(), true)),
            (None, Some(n)) => Some((n.text.as_str(), n.error)),
            (None, None) => None,
        }
    }

    /// Messages go after a while: a note after [`NOTE_SHOWN`], an error after
    /// [`ERROR_SHOWN`], counted from when it first showed.
    fn status_clock(&mut self, now: Instant) -> Vec<Effect> {
        let Some((text, error)) = self.status_message() else {
            self.status_shown = None;
            return Vec::new();
        };
        match &self.status_shown {
            Some((shown, since)) if shown == text => {
                let limit = if error { ERROR_SHOWN } else { NOTE_SHOWN };
                if now.saturating_duration_since(*since) >= limit {
                    self.clear_status();
                }
            }
            _ => self.status_shown = Some((text.to_owned(), now)),
        }
        Vec::new()
    }

    /// The status bar goes back to the counts.
    fn clear_status(&mut self) {
        self.status_error = None;
        self.jobs.note = None;
        self.status_shown = None;
    }

    /// Ask for the settings to be written soon (coalescing quick changes).
    fn save(&mut self) -> Vec<Effect> {
        self.queue.set_enabled(self.settings.queue_per_device);
        if self.settings_path.is_none() {
            return Vec::new();
        }
        self.save_ticket += 1;
        vec![Effect::ScheduleSave(self.save_ticket)]
    }

    /// Run effects to completion on this thread, feeding every message back, until none
    /// is left (for tests; see [`Effect::run_blocking`]).
    pub fn settle(&mut self, effects: Vec<Effect>) {
        let mut queue: std::collections::VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            for message in effect.run_blocking() {
                queue.extend(self.handle(message));
            }
        }
    }

    /// [`App::handle`] and then [`App::settle`] its effects.
    pub fn handle_and_settle(&mut self, message: Message) {
        let effects = self.handle(message);
        self.settle(effects);
    }

    pub fn title(&self) -> String {
        let folder = match self.pane.trash {
            Some(_) => fl!("place-trash"),
            None => super::format::name_of(self.pane.lister.path()),
        };
        fl!("window-title", folder = folder)
    }

    pub fn theme(&self) -> Theme {
        self.theme.clone()
    }

    /// The window's background and text colours: the theme's, the background moved one
    /// step after messages that move the rows, so that frame is drawn whole (`redraw`).
    pub fn style(&self, theme: &Theme) -> iced::theme::Style {
        use iced::theme::Base;
        let base = theme.base();
        iced::theme::Style {
            background_color: self.redraw.background(base.background_color),
            ..base
        }
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            iced::event::listen_with(super::keys::listen),
            iced::event::listen_with(super::actions::listen).map(Message::Action),
            Subscription::run(mount_events),
            Subscription::run(super::appearance::events).map(Message::Appearance),
            Subscription::run(volume_events),
            Subscription::run(super::instance::requests).map(Message::Show),
            iced::time::every(Duration::from_secs(30)).map(|_| Message::Tick),
            match &self.pane.trash {
                Some(_) => Subscription::run_with(
                    porpoise_engine::jobs::trash::trash_folders(
                        &self.trash,
                        self.mounts.as_deref(),
                    ),
                    trash_events,
                ),
                None => Subscription::none(),
            },
            match &self.bookmarks.file {
                Some(file) => Subscription::run_with(file.clone(), super::bookmarks::watch_events)
                    .map(Message::Bookmarks),
                None => Subscription::none(),
            },
            if self.status_message().is_some() {
                iced::time::every(Duration::from_millis(500)).map(Message::StatusClock)
            } else {
                Subscription::none()
            },
            if self.pane.is_waiting_for_answer()
                || self
                    .beside
                    .as_ref()
                    .is_some_and(|b| b.pane.is_waiting_for_answer())
            {
                iced::time::every(Duration::from_millis(500)).map(Message::AnswerClock)
            } else {
                Subscription::none()
            },
        ])
    }
}

/// Changes to the trash folders as messages, while the Trash view is open; a trash folder
/// made just now is watched inside too, before it is read. A watch that cannot be set up
/// sends nothing, and is logged.
// `Subscription::run_with` hands its data (a `Vec`) by reference.
#[allow(clippy::ptr_arg)]
fn trash_events(folders: &Vec<PathBuf>) -> impl iced::futures::Stream<Item = Message> + use<> {
    let folders = folders.clone();
    let changes = crate::stream::starting(move || {
        porpoise_engine::jobs::trash::watch(&folders)
            .inspect_err(|e| tracing::info!("{}", porpoise_engine::error::chain(e)))
            .ok()
    });
    iced::futures::StreamExt::map(changes, |()| {
        Message::Action(super::actions::ActionMsg::TrashChangedOutside)
    })
}

/// UDisks2's devices coming and going, as messages; nothing without a system bus or
/// UDisks2. The watch runs on a thread of its own.
fn volume_events() -> impl iced::futures::Stream<Item = Message> {
    let changes = crate::stream::stream(porpoise_engine::devices::udisks::Bus::System.watch());
    iced::futures::StreamExt::map(changes, |()| {
        Message::Devices(super::devices::DeviceMsg::VolumesChanged)
    })
}

/// Mount-table changes as messages (the engine's watcher thread does the reading).
fn mount_events() -> impl iced::futures::Stream<Item = Message> {
    iced::futures::StreamExt::map(
        crate::stream::stream(porpoise_engine::mounts::watch()),
        Message::Mounts,
    )
}
