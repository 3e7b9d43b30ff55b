//! Where applications and their associations are (and the cache thumbnails go to), which
//! desktop this is, the reader's languages, the terminal asked for and where programs are
//! found, as one value: the binaries read it from the environment once
//! ([`Env::from_env`]); everything else is handed it, so a test names folders of its own
//! instead of changing its environment.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// What looking up and starting applications depends on outside the engine.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Env {
    /// `$XDG_CONFIG_HOME` (`~/.config`): the user's `mimeapps.list`, the one that is
    /// written. `None` when neither it nor `$HOME` is set.
    pub config_home: Option<PathBuf>,
    /// `$XDG_CONFIG_DIRS` (`/etc/xdg`), most important first.
    pub config_dirs: Vec<PathBuf>,
    /// `$XDG_DATA_HOME` (`~/.local/share`): the user's `applications/`.
    pub data_home: Option<PathBuf>,
    /// `$XDG_DATA_DIRS` (`/usr/local/share`, `/usr/share`), most important first.
    pub data_dirs: Vec<PathBuf>,
    /// `$XDG_CACHE_HOME` (`~/.cache`): where thumbnails are kept (`thumbnails/`).
    pub cache_home: Option<PathBuf>,
    /// The names of this desktop, `$XDG_CURRENT_DESKTOP` split at `:` (`ubuntu`, `GNOME`),
    /// as written: `OnlyShowIn` compares them so; lists are named by their lowercase form.
    pub desktops: Vec<String>,
    /// The reader's languages as desktop entries name them, most wanted first, each with
    /// its less specific forms after it (`de_DE@euro`, `de_DE`, `de@euro`, `de`).
    pub languages: Vec<String>,
    /// `$TERMINAL`: the terminal the user asked for, tried after `xdg-terminal-exec`.
    pub terminal: Option<OsString>,
    /// `$PATH`: where programs named without a folder are found (`TryExec`, terminals).
    pub path: Vec<PathBuf>,
}

impl Env {
    /// An environment of the user folders under `home` alone (`home/.config`,
    /// `home/.local/share`), no system folders, no desktop, no languages, no `PATH`: what
    /// a test starts from and fills in.
    pub fn under(home: &Path) -> Env {
        Env {
            config_home: Some(home.join(".config")),
            data_home: Some(home.join(".local/share")),
            cache_home: Some(home.join(".cache")),
            ..Env::default()
        }
    }

    /// This process's environment, with the XDG base directory spec's defaults for what
    /// is unset, empty or not absolute. Only the binaries call this, at start-up.
    pub fn from_env() -> Env {
        let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        let home = var("HOME").map(PathBuf::from);
        let user = |key: &str, under_home: &str| {
            var(key)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .or_else(|| home.as_ref().map(|h| h.join(under_home)))
        };
        let system = |key: &str, default: &str| {
            let dirs = absolute_dirs(var(key).as_deref());
            if dirs.is_empty() {
                absolute_dirs(Some(OsStr::new(default)))
            } else {
                dirs
            }
        };
        let desktops = var("XDG_CURRENT_DESKTOP")
            .map(|v| {
                v.to_string_lossy()
                    .split(':')
                    .filter(|d| !d.is_empty())
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(var)
            .map(|v| v.to_string_lossy().into_owned());
        let language = var("LANGUAGE").map(|v| v.to_string_lossy().into_owned());
        Env {
            config_home: user("XDG_CONFIG_HOME", ".config"),
            config_dirs: system("XDG_CONFIG_DIRS", "/etc/xdg"),
            data_home: user("XDG_DATA_HOME", ".local/share"),
            data_dirs: system("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
            cache_home: user("XDG_CACHE_HOME", ".cache"),
            desktops,
            languages: languages(language.as_deref(), locale.as_deref()),
            terminal: var("TERMINAL"),
            path: var("PATH")
                .map(|p| std::env::split_paths(&p).collect())
                .unwrap_or_default(),
        }
    }

    /// The user's `mimeapps.list`, the one defaults are written to.
    pub fn user_mimeapps_list(&self) -> Option<PathBuf> {
        self.config_home.as_ref().map(|c| c.join("mimeapps.list"))
    }

    /// The folders of desktop entries, most important first: `$XDG_DATA_HOME/applications`,
    /// then each `$XDG_DATA_DIRS/applications`.
    pub fn application_dirs(&self) -> Vec<PathBuf> {
        self.data_home
            .iter()
            .chain(&self.data_dirs)
            .map(|d| d.join("applications"))
            .collect()
    }

    /// The program `name` as it would run: itself when it names a folder (`/usr/bin/x`,
    /// `./x`), else the first executable file of that name in [`Env::path`].
    pub fn find_program(&self, name: &OsStr) -> Option<PathBuf> {
        if name.is_empty() {
            return None;
        }
        if Path::new(name).components().count() > 1 {
            return executable(Path::new(name)).then(|| PathBuf::from(name));
        }
        self.path
            .iter()
            .map(|dir| dir.join(name))
            .find(|p| executable(p))
    }
}

/// A regular file someone may execute (the mode, as `which` checks it).
fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The absolute folders of a `:`-separated list (relative ones are ignored, as the spec
/// says).
fn absolute_dirs(list: Option<&OsStr>) -> Vec<PathBuf> {
    list.map(|l| {
        std::env::split_paths(l)
            .filter(|p| p.is_absolute())
            .collect()
    })
    .unwrap_or_default()
}

/// The languages desktop entries are read in: `$LANGUAGE`'s list when the locale is not C,
/// else the locale's own; each expanded as [`expand_locale`] does.
pub(super) fn languages(language: Option<&str>, locale: Option<&str>) -> Vec<String> {
    let plain = |l: &str| {
        let lang = l.split(['.', '@', '_']).next().unwrap_or_default();
        lang.is_empty() || lang == "C" || lang == "POSIX"
    };
    let Some(locale) = locale.filter(|l| !plain(l)) else {
        return Vec::new();
    };
    let wanted: Vec<&str> = match language.filter(|l| !l.is_empty()) {
        Some(list) => list.split(':').filter(|l| !plain(l)).collect(),
        None => vec![locale],
    };
    let mut out = Vec::new();
    for l in wanted {
        for form in expand_locale(l) {
            if !out.contains(&form) {
                out.push(form);
            }
        }
    }
    out
}

/// The forms of a locale a localized key is looked up by, most specific first, as the
/// desktop entry spec orders them: `lang_COUNTRY.ENCODING@MODIFIER` gives
/// `lang_COUNTRY@MODIFIER`, `lang_COUNTRY`, `lang@MODIFIER`, `lang` (the encoding is dropped).
fn expand_locale(locale: &str) -> Vec<String> {
    let (rest, modifier) = match locale.split_once('@') {
        Some((r, m)) => (r, Some(m)),
        None => (locale, None),
    };
    let rest = rest.split('.').next().unwrap_or(rest);
    let (lang, country) = match rest.split_once('_') {
        Some((l, c)) => (l, Some(c)),
        None => (rest, None),
    };
    let mut forms = Vec::new();
    if let (Some(c), Some(m)) = (country, modifier) {
        forms.push(format!("{lang}_{c}@{m}"));
    }
    if let Some(c) = country {
        forms.push(format!("{lang}_{c}"));
    }
    if let Some(m) = modifier {
        forms.push(format!("{lang}@{m}"));
    }
    forms.push(lang.to_owned());
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_expand_as_the_spec_orders_them() {
        assert_eq!(
            expand_locale("sr_RS.UTF-8@latin"),
            ["sr_RS@latin", "sr_RS", "sr@latin", "sr"]
        );
        assert_eq!(expand_locale("de_DE.UTF-8"), ["de_DE", "de"]);
        assert_eq!(expand_locale("fr"), ["fr"]);
    }

    #[test]
    fn languages_follow_language_unless_the_locale_is_c() {
        assert_eq!(
            languages(Some("de_AT:fr"), Some("de_AT.UTF-8")),
            ["de_AT", "de", "fr"]
        );
        assert_eq!(languages(None, Some("pt_BR.UTF-8")), ["pt_BR", "pt"]);
        assert!(languages(Some("de"), Some("C.UTF-8")).is_empty());
        assert!(languages(None, None).is_empty());
    }
}
