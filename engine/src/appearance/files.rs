//! Dark or light as the desktop's settings files say, for desktops without a portal: GTK's
//! `gtk-4.0/settings.ini` and `gtk-3.0/settings.ini` (`gtk-application-prefer-dark-theme`,
//! a `gtk-theme-name` ending in `-dark`) and KDE's `kdeglobals` (the window background's
//! lightness, else the colour scheme's name).

use std::path::{Path, PathBuf};

/// The first of the config folders' files that states dark or light, in this order:
/// GTK 4's, GTK 3's, KDE's. Blocking (reads small files).
pub fn from_files(config: &[PathBuf]) -> Option<bool> {
    config.iter().find_map(|base| {
        let gtk = |v: &str| read_text(&base.join(v).join("settings.ini"));
        gtk("gtk-4.0")
            .and_then(|t| gtk_prefers_dark(&t))
            .or_else(|| gtk("gtk-3.0").and_then(|t| gtk_prefers_dark(&t)))
            .or_else(|| read_text(&base.join("kdeglobals")).and_then(|t| kde_prefers_dark(&t)))
    })
}

/// The files [`from_files`] reads, to be watched.
pub fn watched(config: &[PathBuf]) -> Vec<PathBuf> {
    config
        .iter()
        .flat_map(|base| {
            [
                base.join("gtk-4.0/settings.ini"),
                base.join("gtk-3.0/settings.ini"),
                base.join("kdeglobals"),
            ]
        })
        .collect()
}

/// What a GTK `settings.ini` says: `gtk-application-prefer-dark-theme` on, or a theme
/// whose name ends in `-dark` (or GTK_THEME's `:dark`), is dark; either key there and
/// neither of those is light; neither key: nothing.
pub fn gtk_prefers_dark(text: &str) -> Option<bool> {
    let prefer = ini_value(text, "Settings", "gtk-application-prefer-dark-theme")
        .map(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"));
    let theme = ini_value(text, "Settings", "gtk-theme-name").map(|name| {
        let name = name.to_ascii_lowercase();
        name.ends_with("-dark") || name.ends_with(":dark")
    });
    match (prefer, theme) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (None, None) => None,
        _ => Some(false),
    }
}

/// What KDE's `kdeglobals` says: the window background (`[Colors:Window]`
/// `BackgroundNormal=r,g,b`) darker than middle grey is dark; without it, a colour scheme
/// (`[General] ColorScheme`) whose name holds "dark" is dark, any other light.
pub fn kde_prefers_dark(text: &str) -> Option<bool> {
    let background = ini_value(text, "Colors:Window", "BackgroundNormal").and_then(|v| {
        let channels: Vec<f64> = v
            .split(',')
            .map(|c| c.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .ok()?;
        match channels[..] {
            [r, g, b, ..] => Some(lightness(r / 255.0, g / 255.0, b / 255.0) < 0.5),
            _ => None,
        }
    });
    background.or_else(|| {
        ini_value(text, "General", "ColorScheme")
            .map(|name| name.to_ascii_lowercase().contains("dark"))
    })
}

/// The HSL lightness of a colour (channels in 0..=1).
fn lightness(r: f64, g: f64, b: f64) -> f64 {
    (r.max(g).max(b) + r.min(g).min(b)) / 2.0
}

/// A settings file's text (bytes that are not UTF-8 replaced); `None` where it cannot be
/// read (a missing file quietly, other failures in the log).
pub fn read_text(path: &Path) -> Option<String> {
    match std::fs::read(path) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            tracing::debug!("cannot read {}: {e}", path.display());
            None
        }
    }
}

/// The value of `key` in `[section]` of an ini-style text, unquoted; `None` if absent or
/// empty.
pub fn ini_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[') {
            inside = name.strip_suffix(']') == Some(section);
            continue;
        }
        if !inside || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=')
            && k.trim() == key
        {
            let v = v.trim().trim_matches(|c| c == '"' || c == '\'').trim();
            return (!v.is_empty()).then(|| v.to_owned());
        }
    }
    None
}
