//! Where the home trash is, as a value: the binaries read it from the environment once at
//! start-up ([`HomeTrash::from_env`]); everything else is handed it, so a test names a
//! folder of its own instead of changing the process environment.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The home trash folder (it holds, or will hold, `files/` and `info/`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HomeTrash {
    folder: PathBuf,
}

impl HomeTrash {
    /// The home trash is `folder` itself.
    pub fn at(folder: impl Into<PathBuf>) -> HomeTrash {
        HomeTrash {
            folder: folder.into(),
        }
    }

    /// The home trash of the data folder `data_home`: `data_home/Trash`.
    pub fn in_data_home(data_home: impl AsRef<Path>) -> HomeTrash {
        HomeTrash::at(data_home.as_ref().join("Trash"))
    }

    /// This user's home trash as the freedesktop spec finds it: `$XDG_DATA_HOME/Trash`
    /// (when it is set to an absolute path), else `$HOME/.local/share/Trash`; `None`
    /// when neither is set. Only the binaries call this, at start-up.
    pub fn from_env() -> Option<HomeTrash> {
        from_vars(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
    }

    /// The trash folder itself.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Where the trashed items are: `files/`.
    pub fn files(&self) -> PathBuf {
        self.folder.join("files")
    }
}

fn from_vars(data_home: Option<OsString>, home: Option<OsString>) -> Option<HomeTrash> {
    data_home
        .map(PathBuf::from)
        .filter(|d| d.is_absolute())
        .or_else(|| home.map(|h| PathBuf::from(h).join(".local/share")))
        .map(HomeTrash::in_data_home)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_spec_on_its_variables() {
        let at = |d: Option<&str>, h: Option<&str>| {
            from_vars(d.map(Into::into), h.map(Into::into)).map(|t| t.folder().to_owned())
        };
        assert_eq!(at(Some("/d"), Some("/h")), Some(PathBuf::from("/d/Trash")));
        // An empty or relative XDG_DATA_HOME is ignored.
        assert_eq!(
            at(Some(""), Some("/h")),
            Some(PathBuf::from("/h/.local/share/Trash"))
        );
        assert_eq!(
            at(Some("rel"), Some("/h")),
            Some(PathBuf::from("/h/.local/share/Trash"))
        );
        assert_eq!(at(None, None), None);
    }
}
