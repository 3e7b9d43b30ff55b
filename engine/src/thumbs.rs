//! Thumbnails as the freedesktop Thumbnail Managing Standard keeps them, shared with GNOME,
//! KDE and Thunar: `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/<md5 of the
//! file's URI>.png` tagged `Thumb::URI`, `Thumb::MTime` and `Thumb::Size`, failures under
//! `fail/porpoise-<version>/`, each written atomically (a 0600 temp file in the same
//! folder, renamed). A pool of worker threads ([`Thumbnailer`]) takes requests most
//! important first, answers from the cache when a valid thumbnail is there (whoever made
//! it), else makes one: images in-process, other types through the desktop's external
//! thumbnailers (`thumbnailers/*.thumbnailer`), run at low priority with a timeout and
//! killed when no longer wanted. It sends each outcome with the thumbnail's pixels, so the
//! window reads no file.
//!
//! Crates, and why: `image` decodes PNG, GIF, WebP, BMP, TIFF and icons in safe Rust and
//! scales with a proper filter (no decoder of our own: the input is untrusted); JPEG goes
//! through libjpeg-turbo, the decoder the desktops use (gdk-pixbuf's, Qt's), as `mozjpeg`
//! (ImageOptim's bindings to Mozilla's fork of it) builds it from source with only a C
//! compiler: its `nasm` SIMD is left off, which the bench found no faster at 1/8 scale. It
//! decodes at 1/2, 1/4 or 1/8 size in the inverse DCT, so a 12-megapixel photo for a
//! 256-pixel thumbnail never exists at full size (`image`'s own JPEG decoder, zune-jpeg,
//! always decodes all of it), and its entropy decoding, what such a decode costs, takes
//! 40 % less than `jpeg-decoder`'s (image-rs's, used before: ~29 ms a 12-megapixel photo
//! at 1/8 against ~50 ms, without a thread per colour component; the thumbnails bench).
//! Its fatal errors unwind through its C (built with `-fexceptions`) into a caught panic
//! that becomes a decoding failure; the EXIF orientation (its APP1 marker) is read with
//! `image`'s `Orientation::from_exif_chunk`. `png` writes and reads the text chunks the
//! tags live in (`image` hides them). `md-5` (RustCrypto) names the files.
//!
//! Limits (each a [`Setup`] setting): files over 100 MB are not decoded in-process
//! ([`SkipReason::TooBig`]), and no decode may allocate more than 512 MiB (a larger image
//! fails and is marked; a JPEG is judged from its header by the DCT coefficients libjpeg
//! may have to keep, before it sets aside any room); external thumbnailers get no size
//! limit (each has its own) but a timeout (30 s). Network and FUSE mounts are left alone
//! unless a request allows them; the thumbnail cache itself is never thumbnailed.

mod cache;
mod decode;
mod error;
mod external;
mod make;
mod pngio;
mod pool;
mod run;

use std::path::PathBuf;

pub use cache::{ThumbCache, thumb_file_name};
pub use error::ThumbError;
pub use external::Thumbnailers;
pub use make::slow_mount_allowed;
pub use pool::{Setup, Thumbnailer};

/// The image in `file` (at `path`) scaled to fit a `box_px` square by the thumbnails'
/// decoders, allocating at most `max_alloc` bytes (previews use it at the window's size).
pub(crate) fn decode_scaled(
    file: std::fs::File,
    path: &std::path::Path,
    box_px: u32,
    max_alloc: u64,
) -> Result<ScaledPicture, ThumbError> {
    decode::thumbnail(file, path, box_px, max_alloc)
}

pub(crate) use decode::Scaled as ScaledPicture;

/// `mime` (unaliased) is decoded in-process.
pub(crate) fn decodes(mime: &str) -> bool {
    decode::supports(mime)
}

/// The four sizes of the standard, by the folder each is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ThumbSize {
    /// 128 pixels, `normal/`.
    Normal,
    /// 256 pixels, `large/`.
    Large,
    /// 512 pixels, `x-large/`.
    XLarge,
    /// 1024 pixels, `xx-large/`.
    XxLarge,
}

impl ThumbSize {
    /// Every size, smallest first.
    pub const ALL: [ThumbSize; 4] = [
        ThumbSize::Normal,
        ThumbSize::Large,
        ThumbSize::XLarge,
        ThumbSize::XxLarge,
    ];

    /// The longest side of a thumbnail of this size.
    pub fn pixels(self) -> u32 {
        match self {
            ThumbSize::Normal => 128,
            ThumbSize::Large => 256,
            ThumbSize::XLarge => 512,
            ThumbSize::XxLarge => 1024,
        }
    }

    /// The cache's folder for this size.
    pub fn dir_name(self) -> &'static str {
        match self {
            ThumbSize::Normal => "normal",
            ThumbSize::Large => "large",
            ThumbSize::XLarge => "x-large",
            ThumbSize::XxLarge => "xx-large",
        }
    }

    /// The smallest size whose thumbnails are at least `px` pixels, else the largest.
    pub fn for_pixels(px: u32) -> ThumbSize {
        ThumbSize::ALL
            .into_iter()
            .find(|s| s.pixels() >= px)
            .unwrap_or(ThumbSize::XxLarge)
    }
}

/// What a request asks: a thumbnail of `path` at `size`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub path: PathBuf,
    pub size: ThumbSize,
    /// Higher first; equal ones in the order they came.
    pub priority: i32,
    /// Also on network and FUSE mounts (off by default: reading a file there may be slow
    /// or hang).
    pub on_slow_mounts: bool,
}

impl Request {
    pub fn new(path: PathBuf, size: ThumbSize) -> Request {
        Request {
            path,
            size,
            priority: 0,
            on_slow_mounts: false,
        }
    }

    pub fn priority(mut self, priority: i32) -> Request {
        self.priority = priority;
        self
    }

    pub fn on_slow_mounts(mut self, allow: bool) -> Request {
        self.on_slow_mounts = allow;
        self
    }
}

/// What came of a request. A cancelled request sends none.
#[derive(Debug, Clone)]
pub struct ThumbEvent {
    pub path: PathBuf,
    pub size: ThumbSize,
    pub outcome: ThumbOutcome,
}

#[derive(Debug, Clone)]
pub enum ThumbOutcome {
    /// A valid thumbnail, from the cache or newly made.
    Ready(Thumb),
    /// None can be made: a fail marker was written, or found for the unchanged file
    /// ([`ThumbError::FailedBefore`]), or the file could not be read (no marker then: that
    /// may pass). The error, where there is one.
    Failed(Option<ThumbError>),
    /// Not tried.
    Skipped(SkipReason),
}

/// Why a request was not tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// On a network or FUSE mount, and the request did not allow it.
    SlowMount,
    /// Neither an in-process decoder nor an external thumbnailer takes the file's type.
    NoThumbnailer,
    /// Larger than the in-process decoding limit.
    TooBig,
    /// The file is not there (any more).
    Gone,
    /// A folder, device, fifo or socket.
    NotAFile,
    /// The file is in the thumbnail cache itself.
    InCache,
}

/// A thumbnail: its file in the cache and its pixels.
#[derive(Clone, PartialEq, Eq)]
pub struct Thumb {
    /// The PNG in the cache.
    pub file: PathBuf,
    pub width: u32,
    pub height: u32,
    /// Straight (not premultiplied) RGBA, 8 bits each, rows top to bottom.
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for Thumb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thumb")
            .field("file", &self.file)
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_by_pixels() {
        assert_eq!(ThumbSize::for_pixels(0), ThumbSize::Normal);
        assert_eq!(ThumbSize::for_pixels(128), ThumbSize::Normal);
        assert_eq!(ThumbSize::for_pixels(129), ThumbSize::Large);
        assert_eq!(ThumbSize::for_pixels(512), ThumbSize::XLarge);
        assert_eq!(ThumbSize::for_pixels(1000), ThumbSize::XxLarge);
        assert_eq!(ThumbSize::for_pixels(5000), ThumbSize::XxLarge);
        assert_eq!(ThumbSize::XLarge.dir_name(), "x-large");
    }
}
