//! The window's state and its update: [`App::update`] turns a message into state changes
//! and the task that does the work they ask for (the engine's, the desktop's).

mod accessible;
mod apps;
mod browser;
mod dialogs;
mod dnd;
mod drag_out;
mod focus;
mod jobs;
mod look;
mod places;
mod preview;
mod query;
mod servers;
mod show;
mod thumbs;
mod types;
mod view;

use std::path::PathBuf;
use std::time::Duration;

use iced::{Subscription, Task, Theme};

use super::actions::ActionState;
use super::i18n::fl;
use super::icons::IconSet;
use super::message::Message;
use super::offload::blocking;
use super::places::UserHome;
use super::screen::browser::Browser;
use super::settings::Settings;
use super::theme;
use super::viewport::Viewport;

/// How long settings wait for more changes before they are written.
const SAVE_DELAY: Duration = Duration::from_millis(800);

/// Everything the window shows and remembers.
pub struct App {
    settings: Settings,
    /// Where settings are saved and which change is the last.
    saving: Saving,
    /// The tabs and their panes.
    browser: Browser,
    /// Places: its places, the mount table, the devices and the bookmarks.
    places: super::screen::places::Places,
    /// What the status bar tells besides the counts.
    status: super::screen::status::Status,
    /// The theme, what the desktop says of its look and the icons.
    look: Look,
    /// The home folder, the home trash (where trashing puts items on its filesystem, and
    /// what the Trash place shows with every mount's trash) and the applications' places.
    home: UserHome,
    /// Drags in the window and files other applications drop on it.
    actions: ActionState,
    /// The modifiers held and the part of the window that has the keyboard.
    keyboard: super::focus::Keyboard,
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
    /// The quick preview, while it is open (Space).
    preview: Option<super::screen::preview::Preview>,
    /// The information panel's state (shown by the setting).
    info: super::screen::info::Info,
    /// The accessibility tree's publisher (screen readers).
    access: super::accessible::Publisher<Message>,
    /// Connecting to servers, and the remote places GVfs mounted.
    servers: super::servers::Servers,
}

/// How the window looks: its theme, what the desktop last said of its look and the
/// icons (bundled until the theme's are loaded).
#[derive(Debug)]
struct Look {
    theme: iced::Theme,
    desktop: porpoise_engine::appearance::Appearance,
    icons: IconSet,
}

impl Look {
    fn new(theme: iced::Theme) -> Look {
        Look {
            theme,
            desktop: porpoise_engine::appearance::Appearance::default(),
            icons: IconSet::default(),
        }
    }
}

/// The servers the window connects to as it opens (given on the command line, or the
/// tabs of the last run that were on servers), one after the other, each shown as its
/// `Then` says once connected.
#[derive(Debug, Clone, Default)]
pub struct Connect {
    pub servers: Vec<(porpoise_engine::remote::Address, super::servers::Then)>,
}

/// Where settings are written, and the ticket of the last change: a save waits
/// [`SAVE_DELAY`] and only the last change's writes.
#[derive(Debug, Default)]
struct Saving {
    /// `None` (tests) never writes.
    path: Option<PathBuf>,
    ticket: u64,
}

impl App {
    /// A new window state at `path`, and the task that starts it (read the user folders,
    /// the templates, the icon theme and the file types; the folder's listing is a
    /// subscription). `settings_path: None` never writes settings.
    pub fn boot(
        path: PathBuf,
        settings: Settings,
        settings_path: Option<PathBuf>,
        home: UserHome,
    ) -> (App, Task<Message>) {
        let viewport = Viewport {
            offset_y: 0.0,
            width: super::layout::files_width(
                settings.window_width,
                settings.show_places,
                settings.show_info,
            )
            .max(200.0),
            height: (settings.window_height - 140.0).max(200.0),
        };
        let (places, places_work) = super::screen::places::Places::new(&home);
        let mut app = App {
            look: Look::new(theme::for_choice(settings.theme, &Default::default())),
            browser: Browser::new(path, &settings, viewport),
            settings,
            saving: Saving {
                path: settings_path,
                ticket: 0,
            },
            places,
            status: Default::default(),
            home: home.clone(),
            actions: ActionState::default(),
            keyboard: Default::default(),
            jobs: super::screen::jobs::Jobs::default(),
            types: Default::default(),
            dialog: None,
            thumbs: Default::default(),
            apps: super::apps::AppsState::new(home.apps.clone()),
            preview: None,
            info: Default::default(),
            access: Default::default(),
            servers: Default::default(),
        };
        let task = crate::tasks::batch([
            places_work.map(Message::Places),
            app.browser.start_new_file(&home).map(Message::Browser),
            app.load_theme_icons(),
            crate::drop_in::DropIn::start().map(Message::DropIn),
            super::types::TypesEffect::Load
                .into_task()
                .map(Message::Types),
        ]);
        (app, task)
    }

    /// [`App::boot`] for iced, with a tab for each entry of `tabs` (its folder, or the
    /// two folders of a split view from left to right) and the one at `shown` shown,
    /// then the servers of `connect` connected to. `tabs` holds at least one;
    /// `startup_id` is the launch's (empty: none).
    pub fn boot_task(
        tabs: (Vec<Vec<PathBuf>>, usize),
        settings: Settings,
        settings_path: Option<PathBuf>,
        home: UserHome,
        startup_id: String,
        connect: Connect,
    ) -> (App, Task<Message>) {
        let (mut tabs, shown) = tabs;
        let first = match tabs.first_mut() {
            Some(folders) if !folders.is_empty() => folders.remove(0),
            _ => home.folder.clone(),
        };
        let (mut app, boot) = App::boot(first, settings, settings_path, home);
        // The window is on a desktop: screen readers may listen.
        app.access = super::accessible::Publisher::start();
        let mut tabs = tabs.into_iter();
        let split = match tabs.next().and_then(|f| f.into_iter().next()) {
            Some(right) => app.in_browser(|b, cx| b.split_at(right, cx)),
            None => Task::none(),
        };
        let more = app.in_browser(|b, cx| b.open_tabs(tabs.collect(), shown, cx));
        // The launch that started this window is answered once it is open.
        let raise = match startup_id.is_empty() {
            true => Task::none(),
            false => crate::x11::raise(startup_id),
        };
        let servers = app.connect_in_turn(connect.servers);
        (
            app,
            crate::tasks::batch([boot, split, more, raise, servers]),
        )
    }

    /// iced's update: change state, and return the task that does what it asks for
    /// (among it, the types and thumbnails of rows that came into view).
    pub fn update(&mut self, message: Message) -> Task<Message> {
        // A measure of the parts' bounds brings a tree only if they moved (its own
        // handling publishes then): a tree after every measure would bring the next one.
        let measured = matches!(message, Message::AccessibleBounds(_));
        let task = self.handle_message(message);
        let asked = self.ask_next_question();
        let looked = self.follow_selection();
        let task = crate::tasks::batch([task, asked, looked, self.ask_types(), self.ask_thumbs()]);
        if measured {
            task
        } else {
            crate::tasks::batch([task, self.publish_tree()])
        }
    }

    /// The parts' bounds, measured after a tree went: a tree again only if they moved
    /// (else every measure would bring the next).
    fn bounds_measured(&mut self, bounds: crate::accessible::bounds::Bounds) -> Task<Message> {
        match self.access.set_bounds(bounds) {
            true => self.publish_tree(),
            false => Task::none(),
        }
    }

    fn handle_message(&mut self, message: Message) -> Task<Message> {
        if !matches!(
            message,
            Message::Browser(crate::screen::browser::Message::Dir(..))
        ) {
            tracing::trace!(?message, "message");
        }
        match message {
            Message::Browser(m) => self.on_browser_message(m),
            Message::Places(m) => self.on_places_message(m),
            Message::Servers(m) => self.on_servers_message(m),
            Message::SaveDue(ticket) => match &self.saving.path {
                Some(path) if ticket == self.saving.ticket => {
                    write_settings(path.clone(), self.settings.clone())
                }
                _ => Task::none(),
            },
            Message::Saved(result) => {
                if let Err(e) = result {
                    tracing::warn!("{}", porpoise_engine::error::chain(&*e));
                    self.status
                        .error(fl!("status-settings-failed", error = e.words()));
                }
                Task::none()
            }
            Message::Status(m) => {
                self.status.update(m);
                Task::none()
            }
            Message::WindowFocused => {
                // The listing threads of shown network folders look at them again.
                porpoise_engine::listing::revalidate::look_again();
                self.access.window_focused(true);
                Task::none()
            }
            Message::WindowUnfocused => {
                self.access.window_focused(false);
                Task::none()
            }
            Message::Accessible(request) => self.on_accessible(request),
            Message::AccessibleBounds(bounds) => self.bounds_measured(bounds),
            Message::AccessibleDue => {
                // The tree goes at the end of this update.
                self.access.due();
                Task::none()
            }
            Message::PurgeCache => {
                self.browser.purge_cache();
                Task::none()
            }
            Message::ThemeIcons(loaded) => {
                self.look.icons = IconSet::from_theme(loaded);
                Task::none()
            }
            Message::Types(m) => self.on_types_message(m),
            Message::Thumbs(m) => self.on_thumbs_message(m),
            Message::Dialog(m) => self.on_dialog_message(m),
            Message::Preview(m) => self.on_preview_message(m),
            Message::Info(m) => {
                self.info.update(m);
                Task::none()
            }
            Message::Appearance(a) => self.on_appearance(a),
            Message::Apps(m) => self.on_apps_message(m),
            Message::Show(r) => self.on_show_request(r),
            Message::DragOut(m) => self.on_drag_out_message(m),
            Message::DropIn(m) => self.on_drop_in(m),
            Message::Key(k) => self.key(&k),
            Message::Modifiers(m) => {
                self.keyboard.modifiers = m;
                Task::none()
            }
            Message::Jobs(m) => self.on_job_message(m),
            Message::Drag(m) => self.on_drag(m),
            Message::Resized(w, h) => {
                self.settings.window_width = w;
                self.settings.window_height = h;
                self.save()
            }
        }
    }

    /// Ask for the settings to be written soon (coalescing quick changes).
    fn save(&mut self) -> Task<Message> {
        self.jobs.queue_per_device(self.settings.queue_per_device);
        if self.saving.path.is_none() {
            return Task::none();
        }
        self.saving.ticket += 1;
        let ticket = self.saving.ticket;
        Task::perform(tokio::time::sleep(SAVE_DELAY), move |()| {
            Message::SaveDue(ticket)
        })
    }

    /// Choose the icon theme (the setting's, else the desktop's) and read its icons.
    pub(super) fn load_theme_icons(&self) -> Task<Message> {
        let setting = self.settings.icon_theme.clone();
        Task::perform(
            blocking(move || super::icons::desktop::load(setting.as_deref())),
            |icons| Message::ThemeIcons(icons.unwrap_or_default()),
        )
    }

    pub fn title(&self) -> String {
        let pane = self.browser.pane();
        let folder = match pane.trash_view() {
            Some(_) => fl!("place-trash"),
            // A folder of a remote place by its address.
            None => match self.browser.remote().shown(pane.path()) {
                Some(uri) => uri,
                None => super::format::name_of(pane.path()),
            },
        };
        fl!("window-title", folder = folder)
    }

    pub fn theme(&self) -> Theme {
        self.look.theme.clone()
    }

    /// What the window follows: its work ([`App::work`]) and the desktop around it
    /// (keys, mounts, devices, the look, other programs' requests, clocks).
    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            self.work(),
            iced::event::listen_with(super::keys::listen),
            self.places.subscription().map(Message::Places),
            self.servers
                .subscription(self.places.has_gvfs())
                .map(Message::Servers),
            Subscription::run(super::appearance::events).map(Message::Appearance),
            Subscription::run(super::instance::requests).map(Message::Show),
            self.actions.drop_in.subscription().map(Message::DropIn),
            iced::time::every(Duration::from_secs(30)).map(|_| Message::PurgeCache),
            match self.browser.pane().trash_view() {
                Some(_) => Subscription::run_with(
                    porpoise_engine::jobs::trash::trash_folders(
                        &self.home.trash,
                        self.places.table().map(|t| &**t),
                    ),
                    trash_events,
                ),
                None => Subscription::none(),
            },
            self.status.subscription().map(Message::Status),
            Subscription::run(super::accessible::bridge::requests).map(Message::Accessible),
        ])
    }

    /// The engine's work the window follows for as long as it lasts: the listing of every
    /// folder a pane shows, every job not finished, and the thumbnail pool's outcomes.
    pub fn work(&self) -> Subscription<Message> {
        Subscription::batch([
            self.browser.subscription().map(Message::Browser),
            self.jobs.subscription().map(Message::Jobs),
            self.thumbs.subscription().map(Message::Thumbs),
        ])
    }

    /// Nothing the person waits for is under way: every folder a pane shows is listed (or
    /// failed), every job is finished or waits on the person (a question, a pause) or for
    /// its turn behind such a job, and no thumbnail asked for is still to come.
    pub fn is_at_rest(&self) -> bool {
        self.browser.is_listed()
            && self.jobs.at_rest(&self.jobs_asking())
            && self.thumbs.pending() == 0
            && self.preview.as_ref().is_none_or(|p| p.is_read())
            && (!self.settings.show_info || self.info.is_read())
    }
}

/// Write the settings file, off the UI thread.
fn write_settings(path: PathBuf, settings: Settings) -> Task<Message> {
    Task::perform(blocking(move || settings.save(&path)), |r| {
        Message::Saved(match r {
            Some(Ok(())) => Ok(()),
            Some(Err(e)) => Err(std::sync::Arc::new(e)),
            None => Err(std::sync::Arc::new(super::settings::SaveError::Lost)),
        })
    })
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
        Message::Browser(crate::screen::browser::Message::Action(
            super::actions::ActionMsg::TrashChangedOutside,
        ))
    })
}
