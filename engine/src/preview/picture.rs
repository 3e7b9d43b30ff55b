//! A picture scaled to fit a box, through the thumbnails' decoders and their limits.

use std::path::Path;

use super::{MAX_DECODE_BYTES, PreviewError, open};

/// A picture's pixels at the size shown, and its own size.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    /// Straight RGBA, 8 bits each, rows top to bottom.
    pub rgba: Vec<u8>,
    /// The picture's own size, before it was scaled (its EXIF orientation applied to
    /// neither).
    pub original: (u32, u32),
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Picture")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("original", &self.original)
            .finish_non_exhaustive()
    }
}

/// The picture in `path` scaled to fit a `box_px` square (never enlarged), turned as its
/// EXIF orientation says. Decoding allocates at most [`MAX_DECODE_BYTES`].
pub fn picture(path: &Path, box_px: u32) -> Result<Picture, PreviewError> {
    let (file, _) = open::regular_file(path)?;
    let scaled = crate::thumbs::decode_scaled(file, path, box_px.max(1), MAX_DECODE_BYTES)?;
    Ok(Picture {
        width: scaled.width,
        height: scaled.height,
        rgba: scaled.rgba,
        original: scaled.original,
    })
}
