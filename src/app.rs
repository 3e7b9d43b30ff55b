//! The window's state and its pure update: [`App::handle`] turns a message into state
//! changes and a list of [`Effect`]s; [`App::update`] runs those as iced tasks.

mod actions;
mod band;
mod dialogs;
mod dnd;
mod drag_out;
mod focus;
mod input;
mod jobs;
mod look;
mod naming;
mod nav;
mod new_file;
mod open_with;
mod panes;
mod places;
mod query;
mod search_view;
mod show;
mod split;
mod tabs;
mod thumbs;
mod trash_view;
mod types;

use std::path::PathBuf;
use std::time::Duration;

use iced::keyboard::Modifiers;
use iced::{Subscription, Task, Theme};

use porpoise_engine::jobs::trash::HomeTrash;
use porpoise_engine::listing::ListerCache;

pub use band::GRID_LEFT;
pub use tabs::{TAB_BAR_HEIGHT, TabPanes};

use super::actions::ActionState;
use super::effects::Effect;
use super::i18n::fl;
use super::icons::IconSet;
use super::message::Message;
use super::pane::Pane;
use super::places::UserHome;
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
    /// The file and place icons: bundled until the theme's are loaded.
    icons: IconSet,
    /// Places: its places, the mount table, the devices and the bookmarks.
    places: super::screen::places::Places,
    /// What the status bar tells besides the counts.
    status: super::screen::status::Status,
    modifiers: Modifiers,
    save_ticket: u64,
    theme: Theme,
    home: PathBuf,
    /// The home trash: where trashing puts items on its filesystem, and what the Trash
    /// place shows (with every mount's trash).
    trash: HomeTrash,
    /// Clipboard, drag and drop, menus, name entry, Trash view.
    actions: ActionState,
    /// The part of the window that has the keyboard, and whether Tab moved it (so it
    /// wears a ring).
    focus: super::focus::Part,
    focus_visible: bool,
    /// File jobs, their dialogs and undo.
    jobs: super::screen::jobs::Jobs,
    /// File types: the database, each type's words and icons.
    types: super::types::Types,
    /// The dialog over the window, while one is open: every key goes to it.
    dialog: Option<super::dialog::Dialog>,
    /// Thumbnails: the pool, what is asked for, the pictures in view.
    thumbs: super::thumbs::Thumbs,
    /// The applications that open files.
    apps: super::apps::AppsState,
    /// The templates "New File" offers.
    new_file: super::new_file::NewFileState,
    /// What the desktop says of its look (dark or light, accent colour), as last told.
    desktop: porpoise_engine::appearance::Appearance,
    /// Whether the next frame is drawn whole (after messages that move the rows).
    redraw: super::redraw::Redraw,
}

/// Two clicks on the same entry within this time open it.
const DOUBLE_CLICK: Duration = Duration::from_millis(450);
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
        let (places, places_work) = super::screen::places::Places::new(&home);
        let mut app = App {
            theme: theme::for_choice(settings.theme, &Default::default()),
            pane: Pane::new(path, &settings, viewport),
            beside: None,
            tabs: Tabs::default(),
            closed_tabs: Vec::new(),
            settings,
            settings_path,
            cache: ListerCache::default(),
            icons: IconSet::default(),
            places,
            status: Default::default(),
            modifiers: Modifiers::empty(),
            save_ticket: 0,
            home: home.folder.clone(),
            trash: home.trash.clone(),
            actions: ActionState::default(),
            focus: Default::default(),
            focus_visible: false,
            jobs: super::screen::jobs::Jobs::default(),
            types: Default::default(),
            dialog: None,
            thumbs: Default::default(),
            apps: super::apps::AppsState::new(home.apps.clone()),
            new_file: Default::default(),
            desktop: Default::default(),
            redraw: Default::default(),
        };
        app.pane.start_listing(None);
        let mut effects = Effect::task(places_work.map(Message::Places));
        effects.extend(app.start_new_file(&home));
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
        let task = tasks(effects);
        (app, task)
    }

    /// iced's update: handle the message and run its effects as tasks.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        self.redraw.note(&message);
        tasks(self.handle(message))
    }

    /// The pure update: change state, return what should happen outside (among it, the
    /// types of rows that came into view).
    pub fn handle(&mut self, message: Message) -> Vec<Effect> {
        let mut effects = self.handle_message(message);
        self.ask_next_question();
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
            Message::Places(m) => self.on_places_message(m),
            Message::SaveDue(ticket) => match &self.settings_path {
                Some(path) if ticket == self.save_ticket => {
                    vec![Effect::WriteSettings(path.clone(), self.settings.clone())]
                }
                _ => Vec::new(),
            },
            Message::Saved(result) => {
                if let Err(e) = result {
                    tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                    self.status
                        .error(fl!("status-settings-failed", error = e.words()));
                }
                Vec::new()
            }
            Message::Status(m) => {
                self.status.update(m);
                Vec::new()
            }
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
            Message::Dialog(m) => self.on_dialog_message(m),
            Message::Appearance(a) => self.on_appearance(a),
            Message::Apps(m) => self.on_apps_message(m),
            Message::Show(r) => self.on_show_request(r),
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
            Message::Key(k) if self.dialog.is_some() => self.dialog_key(&k),
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

    /// The status bar goes back to the counts.
    fn clear_status(&mut self) {
        self.status.clear();
    }

    /// Ask for the settings to be written soon (coalescing quick changes).
    fn save(&mut self) -> Vec<Effect> {
        self.jobs.queue_per_device(self.settings.queue_per_device);
        if self.settings_path.is_none() {
            return Vec::new();
        }
        self.save_ticket += 1;
        vec![Effect::ScheduleSave(self.save_ticket)]
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

    /// What the window follows: its work ([`App::work`]) and the desktop around it
    /// (keys, mounts, devices, the look, other programs' requests, clocks).
    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            self.work(),
            iced::event::listen_with(super::keys::listen),
            iced::event::listen_with(super::actions::listen).map(Message::Action),
            self.places.subscription().map(Message::Places),
            Subscription::run(super::appearance::events).map(Message::Appearance),
            Subscription::run(super::instance::requests).map(Message::Show),
            iced::time::every(Duration::from_secs(30)).map(|_| Message::Tick),
            match &self.pane.trash {
                Some(_) => Subscription::run_with(
                    porpoise_engine::jobs::trash::trash_folders(
                        &self.trash,
                        self.places.table().map(|t| &**t),
                    ),
                    trash_events,
                ),
                None => Subscription::none(),
            },
            self.status.subscription().map(Message::Status),
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

    /// The engine's work the window follows for as long as it lasts: the listing of every
    /// folder a pane shows, every job not finished, and the thumbnail pool's outcomes.
    pub fn work(&self) -> Subscription<Message> {
        let listings = self
            .listings_followed()
            .into_iter()
            .map(crate::pane::listing::subscription);
        let jobs = self.jobs.subscription().map(Message::Jobs);
        Subscription::batch(listings.chain([jobs, self.thumbs.subscription().map(Message::Thumbs)]))
    }

    /// Nothing the person waits for is under way: every folder a pane shows is listed (or
    /// failed), every job is finished or waits on the person (a question, a pause) or for
    /// its turn behind such a job, and no thumbnail asked for is still to come.
    pub fn is_at_rest(&self) -> bool {
        self.is_listed() && self.jobs.at_rest(&self.jobs_asking()) && self.thumbs.pending() == 0
    }
}

/// The tasks that do `effects`.
fn tasks(effects: Vec<Effect>) -> Task<Message> {
    Task::batch(effects.into_iter().map(Effect::into_task))
}

/// Changes to the trash folders as messages, while the Trash view is open; a trash folder
/// made just now is watched inside too, before it is read.
// `Subscription::run_with` hands its data (a `Vec`) by reference.
#[allow(clippy::ptr_arg)]
fn trash_events(folders: &Vec<PathBuf>) -> impl iced::futures::Stream<Item = Message> + use<> {
    let folders = folders.clone();
    crate::watching::changes(
        move |changed| porpoise_engine::jobs::trash::watch(&folders, changed),
        Message::Action(super::actions::ActionMsg::TrashChangedOutside),
    )
}
