//! What a quick look at one file shows, read off the UI thread under fixed limits: its
//! picture scaled to a box ([`picture`]), the start of a text file in its guessed encoding
//! ([`text`]), and a picture's facts: its size, and the camera and date taken from its
//! EXIF data ([`picture_facts`]).
//!
//! Every file is opened without blocking (a fifo or device is refused, never waited on)
//! and read only up to a limit: a picture through the thumbnails' decoders with their
//! allocation limit (a JPEG decoded at the smallest DCT scale that covers the box), text
//! up to [`TEXT_LIMIT`] bytes, EXIF data up to [`EXIF_LIMIT`]. Crates: `chardetng` (the
//! encoding detector Firefox uses) guesses a text's encoding and `encoding_rs` decodes it;
//! `kamadak-exif` reads EXIF from JPEG, TIFF, PNG, WebP and HEIF containers.

mod error;
mod facts;
mod open;
mod picture;
mod text;

pub use error::PreviewError;
pub use facts::{PictureFacts, picture_facts};
pub use picture::{Picture, picture};
pub use text::{TEXT_LIMIT, Text, text};

/// `mime` (unaliased) is a picture [`picture`] decodes.
pub fn is_picture(mime: &str) -> bool {
    crate::thumbs::decodes(mime)
}

/// At most this many bytes are read looking for a picture's EXIF data.
pub const EXIF_LIMIT: u64 = 16 << 20;

/// A picture's decoding may allocate at most this many bytes (as a thumbnail's may): a
/// picture claiming more fails with [`crate::thumbs::ThumbError::TooLarge`].
pub const MAX_DECODE_BYTES: u64 = 512 << 20;
