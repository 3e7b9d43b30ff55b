//! One request, start to end, on a worker thread: the checks that skip it (the cache
//! itself, a slow mount the request does not allow, a file that is gone or no file), the
//! cache's valid thumbnail or fail marker, and otherwise making the thumbnail in-process
//! or with an external thumbnailer and writing it (or the fail marker) to the cache.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::cache::{self, Original};
use super::run::{self, Cancel, Ended, Job};
use super::{SkipReason, Thumb, ThumbCache, ThumbError, ThumbOutcome, ThumbSize, Thumbnailers};
use super::{decode, pngio};
use crate::error::{IoError, Op};
use crate::mime::MimeDb;
use crate::mounts::MountClass;

/// A file on a mount of `class` may be read for a thumbnail: always on local and removable
/// disks, on network and FUSE mounts only when the request allows it.
pub fn slow_mount_allowed(class: MountClass, request_allows: bool) -> bool {
    !class.is_slow() || request_allows
}

/// What every request is worked with.
pub(super) struct Context {
    pub cache: ThumbCache,
    pub db: Arc<MimeDb>,
    pub thumbnailers: Thumbnailers,
    pub timeout: Duration,
    pub max_image_bytes: u64,
    pub max_alloc: u64,
}

impl Context {
    /// `mime` (unaliased) is decoded in-process, or an external thumbnailer takes it.
    pub fn can_make(&self, mime: &str) -> bool {
        let mime = self.db.unalias(mime);
        decode::supports(&mime) || self.thumbnailers.for_type(&mime).is_some()
    }

    fn in_cache(&self, path: &Path) -> bool {
        if self.cache.contains(path) {
            return true;
        }
        // Reached through a link: compared with links resolved on both sides.
        let resolved = path
            .parent()
            .and_then(|p| p.canonicalize().ok())
            .map(|p| p.join(path.file_name().unwrap_or_default()));
        match (self.cache.root().canonicalize().ok(), resolved) {
            (Some(root), Some(p)) => p.starts_with(root),
            _ => false,
        }
    }
}

/// Work out `path` at `size`; `None` when the request was cancelled on the way.
pub(super) fn make(
    ctx: &Context,
    path: &Path,
    size: ThumbSize,
    on_slow_mounts: bool,
    cancel: &Cancel,
) -> Option<ThumbOutcome> {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    if ctx.cache.contains(&path) {
        return Some(ThumbOutcome::Skipped(SkipReason::InCache));
    }
    if let Some(mount) = crate::mounts::mount_of(&path)
        && !slow_mount_allowed(mount.class, on_slow_mounts)
    {
        return Some(ThumbOutcome::Skipped(SkipReason::SlowMount));
    }
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Some(ThumbOutcome::Skipped(SkipReason::Gone));
        }
        Err(e) => return Some(failed(IoError::new(Op::Stat, &path, e).into())),
    };
    if !meta.is_file() {
        return Some(ThumbOutcome::Skipped(SkipReason::NotAFile));
    }
    if ctx.in_cache(&path) {
        return Some(ThumbOutcome::Skipped(SkipReason::InCache));
    }
    let original = Original {
        uri: crate::uri::file_uri(&path),
        mtime: meta.mtime(),
        size: meta.len(),
        path,
    };
    let file = ctx.cache.thumbnail_path(&original.uri, size);
    let marker = ctx.cache.fail_path(&original.uri);
    if let Some(known) = from_cache(&file, &marker, &original) {
        return Some(known);
    }
    let mime = ctx
        .db
        .unalias(&ctx.db.of_path(&original.path).unwrap_or_default());
    let made = if decode::supports(&mime) {
        if original.size > ctx.max_image_bytes {
            return Some(ThumbOutcome::Skipped(SkipReason::TooBig));
        }
        in_process(ctx, &original, size)
    } else if let Some(external) = ctx.thumbnailers.for_type(&mime) {
        match with_external(ctx, external, &original, size, cancel) {
            Ok(None) => return None,
            Ok(Some(made)) => Ok(made),
            Err(e) => Err(e),
        }
    } else {
        return Some(ThumbOutcome::Skipped(SkipReason::NoThumbnailer));
    };
    let outcome = match made {
        Ok(made) => store(&file, &original, mime, made),
        // Whatever went wrong after a cancel (a killed thumbnailer) is no fact of the file.
        Err(_) if cancel.is_cancelled() => return None,
        Err(e) => {
            if e.marks_file() {
                // A marker that cannot be written only means a retry next time.
                let _ = cache::write_thumbnail(&marker, &original, 1, 1, &[0, 0, 0, 0], &[]);
            }
            failed(e)
        }
    };
    (!cancel.is_cancelled()).then_some(outcome)
}

/// What the cache already says of the file as it is now: a valid thumbnail, or a valid
/// fail marker.
fn from_cache(file: &Path, marker: &Path, original: &Original) -> Option<ThumbOutcome> {
    if let Some(found) = cache::read_valid(file, original) {
        return Some(ThumbOutcome::Ready(Thumb {
            file: file.to_owned(),
            width: found.width,
            height: found.height,
            rgba: found.rgba,
        }));
    }
    cache::read_valid(marker, original).map(|_| {
        failed(ThumbError::FailedBefore {
            path: original.path.clone(),
            marker: marker.to_owned(),
        })
    })
}

/// Write a new thumbnail to the cache (with the type and, when known, the image's size
/// as the standard's optional tags) and hand its pixels on.
fn store(file: &Path, original: &Original, mime: String, made: decode::Scaled) -> ThumbOutcome {
    let mut extra = vec![("Thumb::Mimetype", mime)];
    if made.original != (0, 0) {
        extra.push(("Thumb::Image::Width", made.original.0.to_string()));
        extra.push(("Thumb::Image::Height", made.original.1.to_string()));
    }
    match cache::write_thumbnail(file, original, made.width, made.height, &made.rgba, &extra) {
        Ok(()) => ThumbOutcome::Ready(Thumb {
            file: file.to_owned(),
            width: made.width,
            height: made.height,
            rgba: made.rgba,
        }),
        Err(e) => failed(e),
    }
}

fn failed(e: ThumbError) -> ThumbOutcome {
    ThumbOutcome::Failed(Some(e))
}

/// Decode the image in-process.
fn in_process(
    ctx: &Context,
    original: &Original,
    size: ThumbSize,
) -> Result<decode::Scaled, ThumbError> {
    let file = std::fs::File::open(&original.path)
        .map_err(|e| IoError::new(Op::Open, &original.path, e))?;
    decode::thumbnail(file, &original.path, size.pixels(), ctx.max_alloc)
}

/// Run the external thumbnailer into a temp file beside the thumbnail, and read what it
/// wrote (scaled down if it made it larger than asked); `Ok(None)` when cancelled.
fn with_external(
    ctx: &Context,
    external: &super::external::External,
    original: &Original,
    size: ThumbSize,
    cancel: &Cancel,
) -> Result<Option<decode::Scaled>, ThumbError> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = ctx.cache.root().join(size.dir_name());
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&dir)
            .map_err(|e| IoError::new(Op::Create, &dir, e))?;
    }
    let output = dir.join(format!(
        ".porpoise-external-{}-{}.png",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let job = Job {
        external,
        input: &original.path,
        uri: &original.uri,
        size: size.pixels(),
        output: &output,
        timeout: ctx.timeout,
    };
    let ran = run::run(&job, cancel);
    let read = match ran {
        Ok(Ended::Done) => read_output(&output, external, original, size).map(Some),
        Ok(Ended::Cancelled) => Ok(None),
        Err(e) => Err(e),
    };
    let _ = std::fs::remove_file(&output);
    read
}

/// The PNG a thumbnailer wrote, fitted to the size.
fn read_output(
    output: &Path,
    external: &super::external::External,
    original: &Original,
    size: ThumbSize,
) -> Result<decode::Scaled, ThumbError> {
    let no_output = |source: Option<super::error::Cause>| ThumbError::NoOutput {
        program: external.program.clone(),
        path: original.path.clone(),
        source,
    };
    let file = std::fs::File::open(output).map_err(|e| no_output(Some(Arc::new(e))))?;
    let png = pngio::decode(std::io::BufReader::new(file), 256 << 20)
        .map_err(|e| no_output(Some(Arc::new(e))))?;
    decode::fitted(png.width, png.height, png.rgba, size.pixels()).ok_or_else(|| no_output(None))
}
