//! Back/forward history of visited folders, and lexical path clean-up.

use std::path::{Component, Path, PathBuf};

/// Folders visited before (back) and after (forward) the current one.
#[derive(Debug, Default, Clone)]
pub struct History {
    back: Vec<PathBuf>,
    forward: Vec<PathBuf>,
}

/// At most this many steps are kept each way.
const LIMIT: usize = 100;

impl History {
    /// A new folder was entered from `from`: it becomes a back step; forward is forgotten.
    pub fn visit(&mut self, from: PathBuf) {
        if self.back.last() != Some(&from) {
            self.back.push(from);
        }
        if self.back.len() > LIMIT {
            self.back.remove(0);
        }
        self.forward.clear();
    }

    /// Step back from `current`; returns where to go.
    pub fn back(&mut self, current: PathBuf) -> Option<PathBuf> {
        let to = self.back.pop()?;
        self.forward.push(current);
        Some(to)
    }

    /// Step forward from `current`; returns where to go.
    pub fn forward(&mut self, current: PathBuf) -> Option<PathBuf> {
        let to = self.forward.pop()?;
        self.back.push(current);
        Some(to)
    }

    pub fn can_go_back(&self) -> bool {
        !self.back.is_empty()
    }

    pub fn can_go_forward(&self) -> bool {
        !self.forward.is_empty()
    }
}

/// Drop `.` and resolve `..` lexically, without touching the filesystem.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if out.parent().is_some() {
                    out.pop();
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push("/");
    }
    out
}

/// Resolve what was typed in the location bar against the current folder and home.
pub fn resolve_typed(typed: &str, current: &Path, home: &Path) -> Option<PathBuf> {
    let typed = typed.trim();
    if typed.is_empty() {
        return None;
    }
    let typed = typed.strip_prefix("file://").unwrap_or(typed);
    let path = if typed == "~" {
        home.to_owned()
    } else if let Some(rest) = typed.strip_prefix("~/") {
        home.join(rest)
    } else {
        current.join(typed)
    };
    Some(normalize(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_and_forward() {
        let mut h = History::default();
        h.visit("/a".into());
        h.visit("/b".into());
        assert_eq!(h.back("/c".into()), Some("/b".into()));
        assert_eq!(h.forward("/b".into()), Some("/c".into()));
        assert!(!h.can_go_forward());
    }

    #[test]
    fn normalizes_lexically() {
        assert_eq!(
            normalize(Path::new("/usr/./share/../lib")),
            Path::new("/usr/lib")
        );
        assert_eq!(normalize(Path::new("/..")), Path::new("/"));
        let home = Path::new("/home/me");
        assert_eq!(
            resolve_typed("~/Music", Path::new("/tmp"), home),
            Some(PathBuf::from("/home/me/Music"))
        );
        assert_eq!(
            resolve_typed("x/..", Path::new("/tmp"), home),
            Some(PathBuf::from("/tmp"))
        );
        assert_eq!(
            resolve_typed("/etc", Path::new("/tmp"), home),
            Some(PathBuf::from("/etc"))
        );
    }
}
