//! The window: an iced application over the engine's listing, mounts and places.
//!
//! `run` opens it; the rest of the modules are public so the `ui_*` tests can drive the
//! app headlessly: they run [`App::update`]'s tasks and [`App::work`]'s subscriptions on a
//! runtime of their own, as the window runs them.

pub mod accessible;
pub mod actions;
pub mod app;
pub mod appearance;
pub mod apps;
pub mod archived;
pub mod clipboard;
pub mod columns;
pub mod dialog;
pub mod display;
pub mod drag_out;
pub mod drop_in;
pub mod eta;
pub mod failures;
pub mod focus;
pub mod format;
pub mod history;
pub mod i18n;
pub mod icons;
pub mod instance;
pub mod key_press;
pub mod keys;
pub mod launcher;
pub mod layout;
pub mod message;
pub mod offload;
pub mod places;
pub mod renderer;
pub mod request;
pub mod screen;
pub mod selection;
pub mod servers;
pub mod serving;
pub mod settings;
pub mod start;
pub mod stream;
pub mod tasks;
pub mod theme;
pub mod thumbs;
pub mod types;
pub mod undo;
pub mod viewport;

pub mod widgets;
pub mod x11;
pub mod xdnd;

pub use app::App;
pub use message::Message;
pub use settings::Settings;

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
pub enum UiError {
    #[error("the window failed")]
    Iced(#[from] iced::Error),
    #[error("none of the arguments is a local path, a file:// URI or a server's address")]
    NothingToOpen,
    #[error("the window cannot open")]
    NoDisplay(#[from] display::DisplayError),
}

/// Open the window with a tab for each of `args` (paths or `file://` URIs), the first
/// shown, and run until it closes. Without arguments the tabs of the last run come back
/// (when the setting says so), else the home folder opens. A path to a file opens its
/// folder with it selected.
pub fn run(mut args: Vec<std::ffi::OsString>) -> Result<(), UiError> {
    let new_window = take_flag(&mut args, NEW_WINDOW);
    let settings_path = settings::default_path();
    // Read once, before the window exists: the UI thread never reads files afterwards.
    let settings = settings_path
        .as_deref()
        .map(Settings::load)
        .unwrap_or_default();
    i18n::apply(settings.language.as_deref());
    let opening = start::first_and_later(&args).ok_or(UiError::NothingToOpen)?;
    let (start, later) = (opening.first.clone(), opening.later.clone());
    let startup_id = instance::startup_id();
    // The session's window takes the paths (as tabs) unless a new window is asked for.
    let _bus = match new_window {
        true => None,
        false => {
            // Only servers given: the running window connects to them, with no home tab.
            let asked: Vec<std::path::PathBuf> =
                match opening.no_folder && !opening.servers.is_empty() {
                    true => Vec::new(),
                    false => std::iter::once(start.clone())
                        .chain(later.clone())
                        .collect(),
                };
            match instance::claim(&asked, &opening.servers, &startup_id) {
                instance::Claim::Handed => return Ok(()),
                instance::Claim::Owner(connection) => Some(connection),
                instance::Claim::Alone => None,
            }
        }
    };
    let restored = settings.tabs_to_restore().filter(|_| args.is_empty());
    let beginning = start::beginning(opening, restored);
    let tabs = (beginning.tabs, beginning.shown);
    let servers = crate::app::Connect {
        servers: beginning.servers,
    };
    tracing::info!(tabs = tabs.0.len(), "opening the window");
    let home = places::UserHome::from_env();
    display::wait_for_display(display::DISPLAY_WAIT)?;
    let size = iced::Size::new(settings.window_width, settings.window_height);
    // Before any job exists, so the programs it starts never hold a job's files.
    launcher::start_global();
    iced::application(
        move || {
            App::boot_task(
                tabs.clone(),
                settings.clone(),
                settings_path.clone(),
                home.clone(),
                startup_id.clone(),
                servers.clone(),
            )
        },
        App::update,
        App::view,
    )
    .title(App::title)
    .subscription(App::subscription)
    .theme(App::theme)
    .window(iced::window::Settings {
        size,
        min_size: Some(MIN_SIZE),
        platform_specific: iced::window::settings::PlatformSpecific {
            // WM_CLASS on X11 and the app id on Wayland: what docks match to the
            // desktop file's StartupWMClass.
            application_id: APP_ID.into(),
            ..Default::default()
        },
        ..iced::window::Settings::default()
    })
    .settings(iced::Settings {
        id: Some(APP_ID.into()),
        default_text_size: iced::Pixels(theme::TEXT_SIZE),
        ..iced::Settings::default()
    })
    .run()?;
    Ok(())
}

/// The smallest the window gets: Places, the toolbar's buttons with the main menu, and a
/// few breadcrumbs and rows still fit.
pub const MIN_SIZE: iced::Size = iced::Size::new(520.0, 360.0);

/// The argument that opens a window of its own even when the session has one.
pub const NEW_WINDOW: &str = "--new-window";

/// Take every `flag` out of `args`; whether there was one.
fn take_flag(args: &mut Vec<std::ffi::OsString>, flag: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != flag);
    args.len() != before
}

/// The window's class and app id (the desktop file's `StartupWMClass`).
pub const APP_ID: &str = "porpoise";
