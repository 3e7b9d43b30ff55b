//! The desktop's icon theme: which one (the setting, GTK's settings.ini, KDE's kdeglobals,
//! else Adwaita if installed, else hicolor) and reading its icon files. All of it is
//! blocking I/O: call [`load`] on a worker thread, never on the UI thread.

use std::ffi::OsString;
use std::path::PathBuf;

use porpoise_engine::appearance::{ini_value, read_text};

use super::set::{Format, IconFile, IconSize, Slot, ThemeIcons};

/// Where themes and desktop settings are looked for (from the XDG variables).
#[derive(Debug, Clone, Default)]
pub struct Dirs {
    /// `$XDG_CONFIG_HOME` (or `~/.config`), then `$XDG_CONFIG_DIRS` (or `/etc/xdg`).
    pub config: Vec<PathBuf>,
    /// Folders holding icon themes: `$XDG_DATA_HOME/icons`, `~/.icons`, `$XDG_DATA_DIRS/icons`.
    pub icons: Vec<PathBuf>,
}

impl Dirs {
    /// The folders this process's environment names (reads variables, no files).
    pub fn from_env() -> Dirs {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let home = var("HOME").map(PathBuf::from);
        let under_home = |rel: &str| home.as_ref().map(|h| h.join(rel));
        let list = |v: Option<OsString>, default: &str| -> Vec<PathBuf> {
            let v = v.unwrap_or_else(|| default.into());
            std::env::split_paths(&v)
                .filter(|p| p.is_absolute())
                .collect()
        };
        let config_home = var("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| under_home(".config"));
        let data_home = var("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| under_home(".local/share"));
        let mut config: Vec<PathBuf> = config_home.into_iter().collect();
        config.extend(list(var("XDG_CONFIG_DIRS"), "/etc/xdg"));
        let mut icons: Vec<PathBuf> = data_home.map(|d| d.join("icons")).into_iter().collect();
        icons.extend(under_home(".icons"));
        icons.extend(
            list(var("XDG_DATA_DIRS"), "/usr/local/share:/usr/share")
                .into_iter()
                .map(|d| d.join("icons")),
        );
        Dirs { config, icons }
    }
}

/// Choose the theme and read every icon it has for the window, at both sizes. Blocking.
pub fn load(setting: Option<&str>) -> ThemeIcons {
    let theme = choose_theme(setting, &Dirs::from_env());
    let name = theme.as_deref().unwrap_or("hicolor");
    tracing::debug!(theme = name, "looking up theme icons");
    let mut files = Vec::new();
    for slot in Slot::ALL {
        for size in IconSize::ALL {
            files.extend(find(slot, size, name));
        }
    }
    tracing::debug!(found = files.len(), "theme icons read");
    ThemeIcons { theme, files }
}

/// The first of the slot's names the theme (or its parents, or hicolor) has, read.
fn find(slot: Slot, size: IconSize, theme: &str) -> Option<IconFile> {
    let (format, path, bytes) = find_named(slot.names(), size, theme)?;
    Some(IconFile {
        slot,
        size,
        format,
        path,
        bytes,
    })
}

/// The first of `names` the theme (or its parents, or hicolor) has at `size`, read:
/// its format, where it is and its bytes. Blocking.
pub fn find_named(
    names: &[impl AsRef<str>],
    size: IconSize,
    theme: &str,
) -> Option<(Format, PathBuf, Vec<u8>)> {
    names.iter().find_map(|name| {
        let path = freedesktop_icons::lookup(name.as_ref())
            .with_size(size.pixels())
            .with_theme(theme)
            .with_cache()
            .find()?;
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("png") => Format::Png,
            Some("svg") => Format::Svg,
            _ => return None,
        };
        // The crate's last resort looks relative to the working folder: not a theme icon.
        if !path.is_absolute() {
            return None;
        }
        match std::fs::read(&path) {
            Ok(bytes) => Some((format, path, bytes)),
            Err(e) => {
                tracing::debug!("cannot read {}: {e}", path.display());
                None
            }
        }
    })
}

/// The icon theme to use: the first installed of the setting, GTK's choice, KDE's
/// choice and Adwaita; `None` means hicolor only.
pub fn choose_theme(setting: Option<&str>, dirs: &Dirs) -> Option<String> {
    let candidates: [&dyn Fn() -> Option<String>; 4] = [
        &|| setting.map(str::to_owned),
        &|| gtk_theme(dirs),
        &|| kde_theme(dirs),
        &|| Some("Adwaita".to_owned()),
    ];
    candidates
        .iter()
        .filter_map(|c| c())
        .find(|name| is_installed(name, dirs))
}

/// Is there a theme folder with an `index.theme` of this name?
fn is_installed(name: &str, dirs: &Dirs) -> bool {
    let plain = !name.is_empty() && !name.contains('/') && name != "." && name != "..";
    plain
        && dirs
            .icons
            .iter()
            .any(|d| d.join(name).join("index.theme").is_file())
}

/// `gtk-icon-theme-name` from `gtk-3.0/settings.ini` or `gtk-4.0/settings.ini`.
fn gtk_theme(dirs: &Dirs) -> Option<String> {
    dirs.config.iter().find_map(|base| {
        ["gtk-3.0", "gtk-4.0"].iter().find_map(|gtk| {
            let text = read_text(&base.join(gtk).join("settings.ini"))?;
            ini_value(&text, "Settings", "gtk-icon-theme-name")
        })
    })
}

/// `Theme` in the `[Icons]` group of KDE's `kdeglobals`.
fn kde_theme(dirs: &Dirs) -> Option<String> {
    dirs.config.iter().find_map(|base| {
        let text = read_text(&base.join("kdeglobals"))?;
        ini_value(&text, "Icons", "Theme")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::Path;

    #[test]
    fn reads_ini_values_of_the_right_group() {
        let gtk = "[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = Papirus-Dark\n";
        assert_eq!(
            ini_value(gtk, "Settings", "gtk-icon-theme-name").as_deref(),
            Some("Papirus-Dark")
        );
        let kde = "[General]\nTheme=nope\n\n[Icons]\n# comment\nTheme=\"breeze\"\n";
        assert_eq!(ini_value(kde, "Icons", "Theme").as_deref(), Some("breeze"));
        assert_eq!(ini_value("[Icons]\nTheme=\n", "Icons", "Theme"), None);
        assert_eq!(ini_value("Theme=x\n", "Icons", "Theme"), None);
    }

    fn theme_folder(icons: &Path, name: &str) {
        fs::create_dir_all(icons.join(name)).expect("mkdir");
        fs::write(icons.join(name).join("index.theme"), "[Icon Theme]\n").expect("write");
    }

    #[test]
    fn chooses_the_first_installed_theme() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (config, icons) = (dir.path().join("config"), dir.path().join("icons"));
        let dirs = Dirs {
            config: vec![config.clone()],
            icons: vec![icons.clone()],
        };
        // Nothing installed: hicolor only.
        assert_eq!(choose_theme(None, &dirs), None);
        theme_folder(&icons, "Adwaita");
        assert_eq!(choose_theme(None, &dirs).as_deref(), Some("Adwaita"));
        // KDE's choice beats Adwaita once installed.
        fs::create_dir_all(&config).expect("mkdir");
        fs::write(config.join("kdeglobals"), "[Icons]\nTheme=breeze\n").expect("write");
        assert_eq!(choose_theme(None, &dirs).as_deref(), Some("Adwaita"));
        theme_folder(&icons, "breeze");
        assert_eq!(choose_theme(None, &dirs).as_deref(), Some("breeze"));
        // GTK's beats KDE's; the setting beats both.
        fs::create_dir_all(config.join("gtk-4.0")).expect("mkdir");
        fs::write(
            config.join("gtk-4.0/settings.ini"),
            "[Settings]\ngtk-icon-theme-name=Papirus\n",
        )
        .expect("write");
        theme_folder(&icons, "Papirus");
        assert_eq!(choose_theme(None, &dirs).as_deref(), Some("Papirus"));
        assert_eq!(
            choose_theme(Some("Adwaita"), &dirs).as_deref(),
            Some("Adwaita")
        );
        assert_eq!(
            choose_theme(Some("../icons/Papirus"), &dirs).as_deref(),
            Some("Papirus")
        );
    }
}
