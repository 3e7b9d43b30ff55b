//! Images decoded in-process and scaled to a thumbnail: JPEG through libjpeg-turbo at the
//! smallest DCT scale (1/8, 1/4, 1/2 or whole) that still covers the thumbnail, everything
//! else through `image` with its allocation limit; the content decides which (a JPEG named
//! `.png` is still read), not the name. Scaled with a triangle filter (after a box
//! pre-pass for large ratios), the EXIF orientation applied, and the full-size pixels
//! dropped as soon as the smaller copy exists. A decoder that panics is caught: the file
//! fails, the worker goes on.

use std::cell::Cell;
use std::fs::File;
use std::path::Path;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, imageops::FilterType};

use super::ThumbError;
use super::error::cause;
use crate::error::{IoError, Op};

/// The types decoded here (unaliased, as the shared-mime-info database names them).
const TYPES: &[&str] = &[
    "image/jpeg",
    "image/png",
    "image/apng",
    "image/gif",
    "image/webp",
    "image/bmp",
    "image/tiff",
    "image/vnd.microsoft.icon",
];

/// `mime` (unaliased) is decoded in-process.
pub(super) fn supports(mime: &str) -> bool {
    TYPES.contains(&mime)
}

/// A thumbnail's pixels, and the size of the image it was made from.
pub(crate) struct Scaled {
    pub width: u32,
    pub height: u32,
    /// Straight RGBA, 8 bits.
    pub rgba: Vec<u8>,
    pub original: (u32, u32),
}

/// The image in `file` (at `path`) scaled to fit a `box_px` square (never enlarged);
/// decoding may allocate at most `max_alloc` bytes.
pub(super) fn thumbnail(
    file: File,
    path: &Path,
    box_px: u32,
    max_alloc: u64,
) -> Result<Scaled, ThumbError> {
    let run = std::panic::AssertUnwindSafe(|| decode_and_scale(file, path, box_px, max_alloc));
    std::panic::catch_unwind(run).unwrap_or_else(|_| {
        Err(ThumbError::Panicked {
            path: path.to_owned(),
        })
    })
}

fn decode_and_scale(
    file: File,
    path: &Path,
    box_px: u32,
    max_alloc: u64,
) -> Result<Scaled, ThumbError> {
    // Read whole (the caller skips large files; one that grew since is cut at the
    // allocation limit): the decoders' many small reads then cost nothing, where through a
    // buffered file they took a tenth of the time.
    let size = file.metadata().map_or(0, |m| m.len().min(max_alloc));
    let mut data = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    std::io::Read::read_to_end(&mut std::io::Read::take(&file, max_alloc), &mut data)
        .map_err(|e| IoError::new(Op::Read, path, e))?;
    let (image, orientation, original) = if data.starts_with(&[0xff, 0xd8, 0xff]) {
        jpeg(&data, path, box_px, max_alloc)?
    } else {
        other(&data, path, max_alloc)?
    };
    drop(data);
    // The full-size image goes as the smaller one is made.
    let mut image = shrink(image, box_px);
    image.apply_orientation(orientation);
    let rgba = image.into_rgba8();
    Ok(Scaled {
        width: rgba.width(),
        height: rgba.height(),
        rgba: rgba.into_raw(),
        original,
    })
}

type Decoded = (DynamicImage, Orientation, (u32, u32));

/// A JPEG at the smallest DCT scale (1/8, 1/4, 1/2 or whole) whose result still covers the
/// thumbnail, through libjpeg-turbo (`mozjpeg`). libjpeg reports a fatal error by
/// unwinding (`mozjpeg`'s error manager, its C built with `-fexceptions`): it is caught
/// here and becomes a decoding failure, where any other panic goes on to [`thumbnail`].
/// Its warnings (slightly damaged data) are silent and the picture kept, but a file cut
/// short, which libjpeg would finish in grey, fails.
fn jpeg(data: &[u8], path: &Path, box_px: u32, max_alloc: u64) -> Result<Decoded, ThumbError> {
    let ran_out = Cell::new(false);
    let bytes = Bytes {
        data,
        ran_out: &ran_out,
    };
    let run = std::panic::AssertUnwindSafe(|| libjpeg(bytes, path, box_px, max_alloc));
    let decoded = match std::panic::catch_unwind(run) {
        Ok(decoded) => decoded?,
        Err(payload) => match payload.downcast::<String>() {
            Ok(message) if message.starts_with("libjpeg") => {
                return Err(ThumbError::Decode {
                    path: path.to_owned(),
                    source: cause(LibjpegError(*message)),
                });
            }
            Ok(message) => std::panic::resume_unwind(message),
            Err(payload) => std::panic::resume_unwind(payload),
        },
    };
    if ran_out.get() {
        return Err(malformed(path, "the file ends before its picture does"));
    }
    Ok(decoded)
}

/// [`jpeg`]'s work, where libjpeg may unwind.
fn libjpeg(
    bytes: Bytes<'_>,
    path: &Path,
    box_px: u32,
    max_alloc: u64,
) -> Result<Decoded, ThumbError> {
    let failed = |e: std::io::Error| ThumbError::Decode {
        path: path.to_owned(),
        source: cause(e),
    };
    let mut decoder = mozjpeg::Decompress::builder()
        .with_markers(&[mozjpeg::Marker::APP(1)])
        .from_reader(bytes)
        .map_err(failed)?;
    let original = (to_u32(decoder.width()), to_u32(decoder.height()));
    // A progressive (or multi-scan) JPEG keeps every DCT coefficient of the whole image,
    // two bytes each: the most a decode can need, whatever the scale.
    let coefficients: u64 = decoder
        .components()
        .iter()
        .map(|c| {
            use mozjpeg::CompInfoExt;
            (c.width_in_blocks() as u64) * (c.height_in_blocks() as u64) * 128
        })
        .sum();
    if coefficients > max_alloc {
        return Err(ThumbError::TooLarge {
            path: path.to_owned(),
            width: original.0,
            height: original.1,
        });
    }
    // Each side stays at least as large as the thumbnail's: the filter does the rest.
    let (w, h) = fit(original.0, original.1, box_px);
    let eighths = [1u8, 2, 4]
        .into_iter()
        .find(|&n| {
            let scaled = |side: u32| (u64::from(side) * u64::from(n)).div_ceil(8);
            scaled(original.0) >= u64::from(w) && scaled(original.1) >= u64::from(h)
        })
        .unwrap_or(8);
    decoder.scale(eighths);
    let orientation = decoder
        .markers()
        .filter(|m| m.marker == mozjpeg::Marker::APP(1))
        .find_map(|m| m.data.strip_prefix(b"Exif\0\0"))
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    use mozjpeg::ColorSpace;
    let image = match decoder.color_space() {
        ColorSpace::JCS_GRAYSCALE => {
            let (mut started, w, h) = start(decoder.grayscale().map_err(failed)?);
            let pixels = started.read_scanlines::<u8>().map_err(failed)?;
            image::GrayImage::from_raw(w, h, pixels).map(DynamicImage::ImageLuma8)
        }
        ColorSpace::JCS_CMYK | ColorSpace::JCS_YCCK => {
            let started = decoder.to_colorspace(ColorSpace::JCS_CMYK);
            let (mut started, w, h) = start(started.map_err(failed)?);
            let pixels = started.read_scanlines::<u8>().map_err(failed)?;
            image::RgbImage::from_raw(w, h, cmyk_to_rgb(&pixels)).map(DynamicImage::ImageRgb8)
        }
        _ => {
            let (mut started, w, h) = start(decoder.rgb().map_err(failed)?);
            let pixels = started.read_scanlines::<u8>().map_err(failed)?;
            image::RgbImage::from_raw(w, h, pixels).map(DynamicImage::ImageRgb8)
        }
    }
    .ok_or_else(|| malformed(path, "fewer pixels than its size"))?;
    // Not finished: the rest of the file (up to its end marker) holds no pixels.
    Ok((image, orientation, original))
}

/// A JPEG's bytes as libjpeg reads them, noting whether it asked for more than there are.
struct Bytes<'a> {
    data: &'a [u8],
    ran_out: &'a Cell<bool>,
}

impl std::io::Read for Bytes<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = std::io::BufRead::fill_buf(self)?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for Bytes<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.data.is_empty() {
            self.ran_out.set(true);
        }
        Ok(self.data)
    }

    fn consume(&mut self, amount: usize) {
        self.data = self.data.get(amount..).unwrap_or_default();
    }
}

/// A started decompression with the size it gives.
fn start<R>(
    started: mozjpeg::decompress::DecompressStarted<R>,
) -> (mozjpeg::decompress::DecompressStarted<R>, u32, u32) {
    let (w, h) = (to_u32(started.width()), to_u32(started.height()));
    (started, w, h)
}

/// Any other format `image` knows by its first bytes, within the allocation limit.
fn other(data: &[u8], path: &Path, max_alloc: u64) -> Result<Decoded, ThumbError> {
    let failed = |e: ImageError| ThumbError::Decode {
        path: path.to_owned(),
        source: cause(e),
    };
    let mut reader = image::ImageReader::new(std::io::Cursor::new(data))
        .with_guessed_format()
        .map_err(|e| IoError::new(Op::Read, path, e))?;
    if reader.format().is_none() {
        return Err(malformed(path, "not an image format this build reads"));
    }
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(max_alloc);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(failed)?;
    let original = decoder.dimensions();
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let image = DynamicImage::from_decoder(decoder).map_err(|e| match e {
        ImageError::Limits(_) => ThumbError::TooLarge {
            path: path.to_owned(),
            width: original.0,
            height: original.1,
        },
        e => failed(e),
    })?;
    Ok((image, orientation, original))
}

/// RGBA pixels another program made, fitted to a `box_px` square (its size unknown:
/// `original` is 0×0); `None` when there are fewer pixels than the size says.
pub(super) fn fitted(width: u32, height: u32, rgba: Vec<u8>, box_px: u32) -> Option<Scaled> {
    let image = image::RgbaImage::from_raw(width, height, rgba)?;
    let image = shrink(DynamicImage::ImageRgba8(image), box_px).into_rgba8();
    Some(Scaled {
        width: image.width(),
        height: image.height(),
        rgba: image.into_raw(),
        original: (0, 0),
    })
}

/// `image` scaled to fit a `box_px` square, or itself when it already fits.
fn shrink(image: DynamicImage, box_px: u32) -> DynamicImage {
    let (w, h) = fit(image.width(), image.height(), box_px);
    if (w, h) == (image.width(), image.height()) {
        return image;
    }
    // Area averaging first when the ratio is large: a triangle filter over every source
    // pixel costs more than it gives there.
    let image = if image.width() >= 4 * w && image.height() >= 4 * h {
        image.thumbnail_exact(2 * w, 2 * h)
    } else {
        image
    };
    image.resize_exact(w, h, FilterType::Triangle)
}

/// The size of a `width`×`height` image scaled to fit a `box_px` square, never enlarged,
/// at least one pixel each way.
pub(super) fn fit(width: u32, height: u32, box_px: u32) -> (u32, u32) {
    let longest = width.max(height);
    if longest <= box_px || longest == 0 {
        return (width.max(1), height.max(1));
    }
    let scale = |side: u32| {
        let scaled =
            (u64::from(side) * u64::from(box_px) + u64::from(longest) / 2) / u64::from(longest);
        u32::try_from(scaled).unwrap_or(box_px).clamp(1, box_px)
    };
    (scale(width), scale(height))
}

fn to_u32(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// CMYK as libjpeg hands it over to RGB. Nearly every CMYK JPEG is Adobe's, whose inks are
/// stored inverted (255 is none), as libjpeg leaves them (and as gdk-pixbuf reads them).
fn cmyk_to_rgb(cmyk: &[u8]) -> Vec<u8> {
    cmyk.chunks_exact(4)
        .flat_map(|p| {
            let k = u16::from(p[3]);
            let channel = |c: u8| (u16::from(c) * k / 255) as u8;
            [channel(p[0]), channel(p[1]), channel(p[2])]
        })
        .collect()
}

fn malformed(path: &Path, what: &'static str) -> ThumbError {
    ThumbError::Decode {
        path: path.to_owned(),
        source: cause(Malformed(what)),
    }
}

/// A fatal error libjpeg reported, in its words.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct LibjpegError(String);

/// A decoding failure noticed here rather than by the decoder.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Malformed(&'static str);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_the_box_without_enlarging() {
        assert_eq!(fit(4000, 3000, 256), (256, 192));
        assert_eq!(fit(3000, 4000, 128), (96, 128));
        assert_eq!(fit(100, 50, 256), (100, 50));
        assert_eq!(fit(10000, 1, 128), (128, 1));
        assert_eq!(fit(0, 0, 128), (1, 1));
    }
}
