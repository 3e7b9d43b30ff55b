//! The desktop's appearance: whether it prefers dark or light and its accent colour, as the
//! XDG desktop portal tells it (`org.freedesktop.appearance` through
//! `org.freedesktop.portal.Settings`, portal.rs), else as the GTK and KDE settings files say
//! (files.rs), followed live on a thread of its own (watch.rs). Reading it blocks: call
//! [`current`] off the UI thread.

mod files;
mod portal;
mod watch;

use std::path::PathBuf;

pub use files::{from_files, gtk_prefers_dark, ini_value, kde_prefers_dark, read_text, watched};
pub use portal::{Portal, PortalError, Scheme};
pub use watch::follow;

/// A colour with each channel in 0..=1 (the portal's `(ddd)`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb {
    pub r: f64,
    pub g: f64,
    pub b: f64,
}

impl Rgb {
    /// The colour, if every channel lies in 0..=1 (the portal's way of saying "none" is a
    /// channel out of that range).
    pub fn checked(r: f64, g: f64, b: f64) -> Option<Rgb> {
        let ok = |c: f64| (0.0..=1.0).contains(&c);
        (ok(r) && ok(g) && ok(b)).then_some(Rgb { r, g, b })
    }
}

/// What the desktop says about its look.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Appearance {
    /// Dark (true) or light (false); `None`: the desktop states no preference.
    pub dark: Option<bool>,
    /// The accent colour, where the desktop gives one.
    pub accent: Option<Rgb>,
}

/// Where the desktop's appearance is read from.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// The session bus's address; `None`: the one this process's environment names
    /// (`DBUS_SESSION_BUS_ADDRESS`).
    pub bus: Option<String>,
    /// The configuration folders in order of weight: `$XDG_CONFIG_HOME` (or `~/.config`),
    /// then `$XDG_CONFIG_DIRS` (or `/etc/xdg`).
    pub config: Vec<PathBuf>,
}

/// The portal's answer where it states a preference, else the settings files'.
pub fn combine(portal: Option<(Scheme, Option<Rgb>)>, files: Option<bool>) -> Appearance {
    let (scheme, accent) = portal.unwrap_or((Scheme::NoPreference, None));
    let dark = match scheme {
        Scheme::Dark => Some(true),
        Scheme::Light => Some(false),
        Scheme::NoPreference => files,
    };
    Appearance { dark, accent }
}

/// The appearance now: the portal asked once (when there is a session bus and a portal on
/// it), the settings files read. Blocking.
pub fn current(sources: &Sources) -> Appearance {
    let portal = Portal::connect(sources.bus.as_deref())
        .and_then(|p| p.read())
        .inspect_err(|e| tracing::debug!("no portal: {}", crate::error::chain(e)))
        .ok();
    combine(portal, from_files(&sources.config))
}
