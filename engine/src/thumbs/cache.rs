//! The thumbnail cache's folder: where a file's thumbnail and fail marker are (named by the
//! MD5 of its URI), whether one found there is valid for the file as it is now (its
//! `Thumb::URI` and `Thumb::MTime` match, and its `Thumb::Size` where it has one: the rules
//! GNOME, KDE and GLib check), and writing one atomically: folders 0700, a 0600 temp file
//! beside it, renamed over the old one, so another program never reads half a file.

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use md5::{Digest, Md5};

use super::ThumbSize;
use super::pngio::{self, Decoded, Tags};
use crate::apps::Env;
use crate::error::{IoError, Op};

/// Cache PNGs larger than this are not read (xx-large RGBA is 4 MiB before compression).
const MAX_THUMB_FILE: u64 = 32 << 20;

/// The thumbnail cache: `$XDG_CACHE_HOME/thumbnails`, given as a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThumbCache {
    root: PathBuf,
}

impl ThumbCache {
    /// The cache at `root` (`$XDG_CACHE_HOME/thumbnails`); nothing is read or made yet.
    pub fn new(root: PathBuf) -> ThumbCache {
        ThumbCache { root }
    }

    /// The cache of the environment `env` describes (`cache_home/thumbnails`).
    pub fn in_env(env: &Env) -> Option<ThumbCache> {
        env.cache_home
            .as_ref()
            .map(|c| ThumbCache::new(c.join("thumbnails")))
    }

    /// This process's cache (`$XDG_CACHE_HOME`, else `~/.cache`). For the binaries only,
    /// at start-up.
    pub fn from_env() -> Option<ThumbCache> {
        ThumbCache::in_env(&Env::from_env())
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where the thumbnail of the file with this URI is kept at `size`.
    pub fn thumbnail_path(&self, uri: &str, size: ThumbSize) -> PathBuf {
        self.root.join(size.dir_name()).join(thumb_file_name(uri))
    }

    /// Porpoise's own folder of fail markers: `fail/porpoise-<version>`.
    pub fn fail_dir(&self) -> PathBuf {
        self.root
            .join("fail")
            .join(concat!("porpoise-", env!("CARGO_PKG_VERSION")))
    }

    /// Where the fail marker of the file with this URI is kept.
    pub fn fail_path(&self, uri: &str) -> PathBuf {
        self.fail_dir().join(thumb_file_name(uri))
    }

    /// `path` is inside the cache (lexically: the caller resolves links first).
    pub fn contains(&self, path: &Path) -> bool {
        path.starts_with(&self.root)
    }
}

/// The name of a thumbnail: the MD5 of the file's URI in lower-case hex, and `.png`.
pub fn thumb_file_name(uri: &str) -> String {
    let digest = Md5::digest(uri.as_bytes());
    let mut name = String::with_capacity(36);
    for b in digest {
        name.push_str(&format!("{b:02x}"));
    }
    name.push_str(".png");
    name
}

/// The file a thumbnail is of, as it is now.
#[derive(Debug, Clone)]
pub(super) struct Original {
    pub path: PathBuf,
    pub uri: String,
    /// Modification time, whole seconds (as `Thumb::MTime` holds it).
    pub mtime: i64,
    pub size: u64,
}

impl Original {
    /// The tags a thumbnail of it carries.
    pub fn texts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Thumb::URI", self.uri.clone()),
            ("Thumb::MTime", self.mtime.to_string()),
            ("Thumb::Size", self.size.to_string()),
            (
                "Software",
                concat!("Porpoise ", env!("CARGO_PKG_VERSION")).to_owned(),
            ),
        ]
    }

    /// A thumbnail with these tags is of this file as it is now.
    pub fn matches(&self, tags: &Tags) -> bool {
        let uri = tags.uri.as_deref() == Some(self.uri.as_str());
        let mtime = tags
            .mtime
            .as_deref()
            .and_then(|m| m.trim().parse::<i64>().ok())
            == Some(self.mtime);
        let size = match tags.size.as_deref() {
            Some(s) => s.trim().parse::<u64>().ok() == Some(self.size),
            None => true,
        };
        uri && mtime && size
    }
}

/// The thumbnail at `file`, if it is there, readable and valid for `original`.
pub(super) fn read_valid(file: &Path, original: &Original) -> Option<Decoded> {
    let f = std::fs::File::open(file).ok()?;
    if f.metadata().ok()?.len() > MAX_THUMB_FILE {
        return None;
    }
    let decoded = pngio::decode(std::io::BufReader::new(f), 4 * MAX_THUMB_FILE as usize).ok()?;
    original.matches(&decoded.tags).then_some(decoded)
}

/// Write `bytes` to `file` atomically: its folders made 0700, a 0600 temp file beside it,
/// then renamed over it.
pub(super) fn write_atomic(file: &Path, bytes: &[u8]) -> Result<(), IoError> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = file.parent().unwrap_or(Path::new("/"));
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| IoError::new(Op::Create, dir, e))?;
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let temp = dir.join(format!(
        ".{name}.porpoise-{}-{}.tmp",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&temp)
        .and_then(|mut f| f.write_all(bytes))
        .map_err(|e| IoError::new(Op::Write, &temp, e))
        .and_then(|()| std::fs::rename(&temp, file).map_err(|e| IoError::new(Op::Rename, file, e)));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Encode a thumbnail of `original` and write it to `file`.
pub(super) fn write_thumbnail(
    file: &Path,
    original: &Original,
    width: u32,
    height: u32,
    rgba: &[u8],
    extra: &[(&'static str, String)],
) -> Result<(), super::ThumbError> {
    let mut texts = original.texts();
    texts.extend_from_slice(extra);
    let mut bytes = Vec::new();
    pngio::encode(&mut bytes, width, height, rgba, &texts).map_err(|e| {
        super::ThumbError::Encode {
            path: original.path.clone(),
            source: super::error::cause(e),
        }
    })?;
    write_atomic(file, &bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_md5_of_the_uri() {
        // md5("file:///home/jens/photos/me.png"), the spec's own example.
        assert_eq!(
            thumb_file_name("file:///home/jens/photos/me.png"),
            "c6ee772d9e49320e97ec29a7eb5b1697.png"
        );
    }

    #[test]
    fn tags_match_the_file_as_it_is() {
        let o = Original {
            path: "/a".into(),
            uri: "file:///a".into(),
            mtime: 7,
            size: 3,
        };
        let tags = |uri: &str, mtime: &str, size: Option<&str>| Tags {
            uri: Some(uri.into()),
            mtime: Some(mtime.into()),
            size: size.map(Into::into),
        };
        assert!(o.matches(&tags("file:///a", "7", Some("3"))));
        assert!(o.matches(&tags("file:///a", "7", None)));
        assert!(!o.matches(&tags("file:///a", "8", None)));
        assert!(!o.matches(&tags("file:///b", "7", None)));
        assert!(!o.matches(&tags("file:///a", "7", Some("4"))));
        assert!(!o.matches(&Tags::default()));
    }
}
