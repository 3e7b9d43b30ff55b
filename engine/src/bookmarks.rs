//! The GTK bookmarks file (`$XDG_CONFIG_HOME/gtk-3.0/bookmarks`), the one Nautilus, Thunar
//! and every GTK file chooser share: one bookmark a line, a percent-encoded URI and, after
//! the first space, an optional label. Reading it, changing it in its own format (every
//! other line, `sftp://` and other URIs included, stays as it was) and writing it back
//! atomically; [`watch`] tells when another program changed it.

mod file;
mod watch;

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

pub use file::{BookmarkError, change, read, write};
pub use watch::watch;
pub(crate) use watch::watch_folder;

use crate::uri;

/// Where the bookmarks file of a config home (`$XDG_CONFIG_HOME`) is.
pub fn file_in(config_home: &Path) -> PathBuf {
    config_home.join("gtk-3.0").join("bookmarks")
}

/// One bookmark line, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bookmark {
    /// The URI as written (still percent-encoded).
    pub uri: Vec<u8>,
    /// The label after the URI, if any (lossily UTF-8: GTK writes UTF-8).
    pub label: Option<String>,
    /// The local folder a `file://` URI names; `None` for other URIs (`sftp://`,
    /// `smb://`…), which are kept but cannot be browsed here.
    pub path: Option<PathBuf>,
}

/// The file's lines, byte for byte, and whether it ended with a newline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bookmarks {
    lines: Vec<Vec<u8>>,
    newline_at_end: bool,
}

/// A line's bookmark, or `None` for a blank line.
fn parse_line(line: &[u8], hostname: &str) -> Option<Bookmark> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let (uri, label) = match line.iter().position(|&b| b == b' ') {
        Some(i) => (&line[..i], Some(&line[i + 1..])),
        None => (line, None),
    };
    Some(Bookmark {
        uri: uri.to_vec(),
        label: label
            .filter(|l| !l.is_empty())
            .map(|l| String::from_utf8_lossy(l).into_owned()),
        path: uri::local_path(uri, hostname),
    })
}

/// The line of a bookmark of `path` with `label`.
fn line_of(path: &Path, label: Option<&str>) -> Vec<u8> {
    let mut line = uri::file_uri(path).into_bytes();
    if let Some(label) = label.map(str::trim).filter(|l| !l.is_empty()) {
        line.push(b' ');
        // A label is one line.
        line.extend(label.replace(['\n', '\r'], " ").into_bytes());
    }
    line
}

impl Bookmarks {
    /// The file's content as lines (none are dropped, whatever they hold).
    pub fn parse(bytes: &[u8]) -> Bookmarks {
        if bytes.is_empty() {
            return Bookmarks::default();
        }
        let newline_at_end = bytes.ends_with(b"\n");
        let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        Bookmarks {
            lines: body.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect(),
            newline_at_end,
        }
    }

    /// The content to write: the lines as they are, changed ones in GTK's format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.lines.join(&b'\n');
        if !self.lines.is_empty() && self.newline_at_end {
            out.push(b'\n');
        }
        out
    }

    /// Every bookmark in order, those Porpoise cannot browse included; `hostname` is this
    /// computer's (`file://HOSTNAME/…` is local).
    pub fn all(&self, hostname: &str) -> Vec<Bookmark> {
        self.lines
            .iter()
            .filter_map(|l| parse_line(l, hostname))
            .collect()
    }

    /// The bookmarks of local folders, in order: what Places shows.
    pub fn local(&self, hostname: &str) -> Vec<Bookmark> {
        let mut v = self.all(hostname);
        v.retain(|b| b.path.is_some());
        v
    }

    /// The line of the first bookmark of `path`.
    fn position(&self, path: &Path, hostname: &str) -> Option<usize> {
        let want = path.as_os_str().as_bytes();
        self.lines.iter().position(|l| {
            parse_line(l, hostname)
                .and_then(|b| b.path)
                .is_some_and(|p| p.as_os_str().as_bytes() == want)
        })
    }

    /// Whether `path` has a bookmark.
    pub fn contains(&self, path: &Path, hostname: &str) -> bool {
        self.position(path, hostname).is_some()
    }

    /// A bookmark of `path` at the end (as GTK adds them); false when it has one already.
    pub fn add(&mut self, path: &Path, label: Option<&str>, hostname: &str) -> bool {
        if self.contains(path, hostname) {
            return false;
        }
        // A last line without its newline gets one before the new line.
        self.lines.push(line_of(path, label));
        self.newline_at_end = true;
        true
    }

    /// Give the bookmark of `path` this label (none, or blank: no label, the folder's
    /// name shows); false when it has no bookmark.
    pub fn rename(&mut self, path: &Path, label: Option<&str>, hostname: &str) -> bool {
        let Some(i) = self.position(path, hostname) else {
            return false;
        };
        // The URI stays as it was written; only the label changes.
        let mut line = self.lines[i]
            .split(|&b| b == b' ')
            .next()
            .unwrap_or_default()
            .to_vec();
        if let Some(label) = label.map(str::trim).filter(|l| !l.is_empty()) {
            line.push(b' ');
            line.extend(label.replace(['\n', '\r'], " ").into_bytes());
        }
        self.lines[i] = line;
        true
    }

    /// Remove the bookmark of `path`; false when it has none.
    pub fn remove(&mut self, path: &Path, hostname: &str) -> bool {
        match self.position(path, hostname) {
            Some(i) => {
                self.lines.remove(i);
                true
            }
            None => false,
        }
    }

    /// Move the bookmark of `path` just before the bookmark of `before` (`None`: to the
    /// end); false when either has none.
    pub fn move_before(&mut self, path: &Path, before: Option<&Path>, hostname: &str) -> bool {
        let Some(from) = self.position(path, hostname) else {
            return false;
        };
        let line = self.lines.remove(from);
        let to = match before {
            Some(b) => match self.position(b, hostname) {
                Some(to) => to,
                None => {
                    self.lines.insert(from, line);
                    return false;
                }
            },
            None => self.lines.len(),
        };
        self.lines.insert(to, line);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_labels_and_keeps_other_uris_unbrowsable() {
        let b = Bookmarks::parse(
            b"file:///home/a/Music\nfile:///home/a/My%20Work Work stuff\nsftp://nas/srv backup\n\n",
        );
        let all = b.all("");
        assert_eq!(all.len(), 3);
        assert_eq!(all[0].path.as_deref(), Some(Path::new("/home/a/Music")));
        assert_eq!(all[0].label, None);
        assert_eq!(all[1].path.as_deref(), Some(Path::new("/home/a/My Work")));
        assert_eq!(all[1].label.as_deref(), Some("Work stuff"));
        assert_eq!(all[2].path, None);
        assert_eq!(b.local("").len(), 2);
    }

    #[test]
    fn unchanged_content_writes_back_byte_for_byte() {
        for raw in [
            &b"file:///a\nsftp://x/y z\n\n# odd\n"[..],
            b"file:///a",
            b"",
            b"\r\nfile:///b b\r\n",
        ] {
            assert_eq!(Bookmarks::parse(raw).to_bytes(), raw);
        }
    }
}
