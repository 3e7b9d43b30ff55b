//! The window: an iced application over the engine's listing, mounts and places.
//!
//! `run` opens it; the rest of the modules are public so `tests/ui_flows.rs` can drive the
//! app headlessly: [`App::handle`] is pure and returns [`Effect`]s, which the window runs as
//! tasks and tests run with [`Effect::run_blocking`].

pub mod actions;
pub mod app;
pub mod clipboard;
pub mod devices;
pub mod effects;
pub mod eta;
pub mod format;
pub mod history;
pub mod i18n;
pub mod icons;
pub mod jobs;
pub mod keys;
pub mod launcher;
pub mod message;
pub mod places;
pub mod request;
pub mod selection;
pub mod settings;
pub mod theme;
pub mod undo;
pub mod view;
pub mod viewport;
pub mod widgets;

use std::path::PathBuf;

pub use app::App;
pub use effects::Effect;
pub use message::Message;
pub use settings::Settings;

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
pub enum UiError {
    #[error("the window failed: {0}")]
    Iced(#[from] iced::Error),
}

/// Open the window at `path` (the home folder when `None`) and run until it closes.
pub fn run(path: Option<PathBuf>) -> Result<(), UiError> {
    let settings_path = settings::default_path();
    // Read once, before the window exists: the UI thread never reads files afterwards.
    let settings = settings_path
        .as_deref()
        .map(Settings::load)
        .unwrap_or_default();
    let start = start_path(path);
    let size = iced::Size::new(settings.window_width, settings.window_height);
    tracing::info!(path = %start.display(), "opening the window");
    // Before any job exists, so the programs it starts never hold a job's files.
    launcher::start_global();
    iced::application(
        move || App::boot_task(start.clone(), settings.clone(), settings_path.clone()),
        App::update,
        App::view,
    )
    .title(App::title)
    .subscription(App::subscription)
    .theme(App::theme)
    .window_size(size)
    .settings(iced::Settings {
        id: Some("porpoise".into()),
        default_text_size: iced::Pixels(theme::TEXT_SIZE),
        ..iced::Settings::default()
    })
    .run()?;
    Ok(())
}

/// The folder to open first: the given one made absolute (lexically), or home.
fn start_path(path: Option<PathBuf>) -> PathBuf {
    match path {
        Some(p) => history::normalize(&std::path::absolute(&p).unwrap_or(p)),
        None => places::home_dir(),
    }
}
