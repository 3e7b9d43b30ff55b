//! Making an archive from files and folders: zip (AES-256 with a password), tar in gzip,
//! xz or zstd, or 7z (AES-256 with a password). Folders are walked without following
//! links, links are stored as links, sockets, fifos and devices are skipped and counted;
//! names are stored relative to each source's parent, with their modes and times. The
//! archive is written to a temporary file beside `out` and renamed into place only when
//! complete: a failure or a stop leaves nothing, and an `out` already there is refused.

mod meter;
mod sevenz;
mod tar;
mod walk;
mod zip;

use std::ffi::OsStr;
use std::fs::File;
use std::io::BufWriter;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use meter::{Failure, Meter};

use super::format::suffix::{extension_of, suffix_of};

/// The formats an archive is made in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFormat {
    Zip,
    TarGz,
    TarXz,
    TarZst,
    SevenZ,
}

impl OutFormat {
    /// The format a file name's extension asks for (.zip, .tar.gz/.tgz, .tar.xz/.txz,
    /// .tar.zst/.tzst, .7z; case ignored).
    pub fn from_name(name: &OsStr) -> Option<OutFormat> {
        suffix_of(name.as_bytes()).and_then(|s| s.writes)
    }

    /// The extension the format's archives are given (".zip", ".tar.gz"…).
    pub fn extension(self) -> &'static str {
        extension_of(self)
    }

    /// Whether the format can lock its content with a password.
    pub fn takes_password(self) -> bool {
        matches!(self, OutFormat::Zip | OutFormat::SevenZ)
    }
}

/// How to compress. Its `Debug` hides the password (jobs' requests are logged).
#[derive(Clone, PartialEq, Eq)]
pub struct CompressOptions {
    pub format: OutFormat,
    /// The compressor's level (its own scale: deflate and xz 0–9, zstd 1–22); its default
    /// when `None`.
    pub level: Option<u32>,
    /// Lock the content (zip: AES-256; 7z: AES-256, names too).
    pub password: Option<String>,
}

impl std::fmt::Debug for CompressOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompressOptions")
            .field("format", &self.format)
            .field("level", &self.level)
            .field("password", &self.password.as_ref().map(|_| "…"))
            .finish()
    }
}

/// What was put in the archive.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Compressed {
    pub files: u64,
    pub folders: u64,
    pub links: u64,
    /// Sockets, fifos and devices, left out.
    pub skipped: u64,
    /// The bytes of the files read.
    pub bytes: u64,
}

/// Why an archive was not made (nothing is left at `out` or beside it).
#[derive(Debug, thiserror::Error)]
pub enum CompressError {
    #[error("{path} is there already")]
    Exists { path: PathBuf },
    #[error("{format:?} archives cannot hold a password")]
    NoPassword { format: OutFormat },
    #[error("nothing to put in {path}")]
    NoSources { path: PathBuf },
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write {path}")]
    Write {
        path: PathBuf,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("stopped before {path} was complete")]
    Stopped { path: PathBuf },
}

/// What a compression tells its caller while it works.
pub trait Watch {
    /// The sources were walked: what will go in (`bytes`: the files' sizes), before any
    /// byte is read.
    fn planned(&mut self, totals: &Compressed);
    /// What is in so far (source bytes read, items put in); asked often, between reads.
    /// False stops: nothing is left.
    fn progress(&mut self, done: &Compressed) -> bool;
}

/// A watch that only passes the bytes read on to a callback.
struct BytesRead<'a>(&'a mut dyn FnMut(u64) -> bool);

impl Watch for BytesRead<'_> {
    fn planned(&mut self, _: &Compressed) {}

    fn progress(&mut self, done: &Compressed) -> bool {
        (self.0)(done.bytes)
    }
}

/// Put `sources` into a new archive at `out`. `progress` is told the source bytes read so
/// far and says whether to go on (false stops: nothing is left).
pub fn compress(
    sources: &[PathBuf],
    out: &Path,
    options: &CompressOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Compressed, CompressError> {
    compress_watched(sources, out, options, &mut BytesRead(progress))
}

/// [`compress`], telling `watch` the totals once the sources are walked and what is in
/// as it goes.
pub fn compress_watched(
    sources: &[PathBuf],
    out: &Path,
    options: &CompressOptions,
    watch: &mut dyn Watch,
) -> Result<Compressed, CompressError> {
    if options.password.is_some() && !options.format.takes_password() {
        return Err(CompressError::NoPassword {
            format: options.format,
        });
    }
    if sources.is_empty() {
        return Err(CompressError::NoSources {
            path: out.to_owned(),
        });
    }
    if std::fs::symlink_metadata(out).is_ok() {
        return Err(CompressError::Exists {
            path: out.to_owned(),
        });
    }
    let (items, skipped) =
        walk::walk(sources).map_err(|(path, source)| CompressError::Read { path, source })?;
    watch.planned(&totals(&items, skipped));
    let write_error = |source: Box<dyn std::error::Error + Send + Sync>| CompressError::Write {
        path: out.to_owned(),
        source,
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut prefix = b".".to_vec();
    prefix.extend_from_slice(out.file_name().unwrap_or(out.as_os_str()).as_bytes());
    prefix.extend_from_slice(b".partial-");
    // Removed when dropped, unless persisted.
    let temp = tempfile::Builder::new()
        .prefix(OsStr::from_bytes(&prefix))
        .tempfile_in(parent)
        .map_err(|e| write_error(Box::new(e)))?;
    let file = temp.reopen().map_err(|e| write_error(Box::new(e)))?;
    let mut meter = Meter::new(watch);
    let written = write(file, &items, options, &mut meter);
    if let Some(failure) = meter.failure.take() {
        return Err(match failure {
            Failure::Stopped => CompressError::Stopped {
                path: out.to_owned(),
            },
            Failure::Read(path, source) => CompressError::Read { path, source },
        });
    }
    written.map_err(write_error)?;
    meter.count_pending();
    let done = Compressed {
        skipped,
        ..meter.done
    };
    // The temporary file was made private (0600); an archive is as readable as other files.
    std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o644))
        .map_err(|e| write_error(Box::new(e)))?;
    // No overwrite: an `out` that appeared meanwhile stays, and this is an error.
    temp.persist_noclobber(out).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            CompressError::Exists {
                path: out.to_owned(),
            }
        } else {
            write_error(Box::new(e.error))
        }
    })?;
    Ok(done)
}

/// What `items` hold: files, folders and links, and the files' bytes.
fn totals(items: &[walk::Item], skipped: u64) -> Compressed {
    let mut t = Compressed {
        skipped,
        ..Compressed::default()
    };
    for item in items {
        match item.kind {
            walk::ItemKind::File => {
                t.files += 1;
                t.bytes += item.size;
            }
            walk::ItemKind::Folder => t.folders += 1,
            walk::ItemKind::Link(_) => t.links += 1,
        }
    }
    t
}

type WriteResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

/// Write the archive of `items` into `file` in the format `options` asks.
fn write(
    file: File,
    items: &[walk::Item],
    options: &CompressOptions,
    meter: &mut Meter,
) -> WriteResult {
    let out = BufWriter::with_capacity(1 << 20, file);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    match options.format {
        OutFormat::Zip => zip::write(out, items, options, threads, meter),
        OutFormat::SevenZ => sevenz::write(out, items, options, threads, meter),
        OutFormat::TarGz | OutFormat::TarXz | OutFormat::TarZst => {
            tar::write(out, items, options, threads, meter)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_come_from_the_extension() {
        assert_eq!(
            OutFormat::from_name(OsStr::new("a.zip")),
            Some(OutFormat::Zip)
        );
        assert_eq!(
            OutFormat::from_name(OsStr::new("a.TGZ")),
            Some(OutFormat::TarGz)
        );
        assert_eq!(
            OutFormat::from_name(OsStr::new("a.tar.xz")),
            Some(OutFormat::TarXz)
        );
        assert_eq!(
            OutFormat::from_name(OsStr::new("a.tzst")),
            Some(OutFormat::TarZst)
        );
        assert_eq!(
            OutFormat::from_name(OsStr::new("a.7z")),
            Some(OutFormat::SevenZ)
        );
        assert_eq!(OutFormat::from_name(OsStr::new("a.tar")), None);
        assert_eq!(OutFormat::from_name(OsStr::new(".zip")), None);
    }

    #[test]
    fn the_password_is_not_in_what_debug_shows() {
        let options = CompressOptions {
            format: OutFormat::Zip,
            level: None,
            password: Some("s3cret".into()),
        };
        let shown = format!("{options:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("password: Some(\"…\")"), "{shown}");
    }
}
