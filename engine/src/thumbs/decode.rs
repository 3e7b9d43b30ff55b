//! Images decoded in-process and scaled to a thumbnail: JPEG through `jpeg-decoder` at the
//! smallest DCT scale (1/8, 1/4, 1/2 or whole) that still covers the thumbnail, everything
//! else through `image` with its allocation limit; the content decides which (a JPEG named
//! `.png` is still read), not the name. Scaled with a triangle filter (after a box
//! pre-pass for large ratios), the EXIF orientation applied, and the full-size pixels
//! dropped as soon as the smaller copy exists. A decoder that panics is caught: the file
//! fails, the worker goes on.

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
pub(super) struct Scaled {
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

/// A JPEG at the smallest DCT scale whose result still covers the thumbnail.
fn jpeg(data: &[u8], path: &Path, box_px: u32, max_alloc: u64) -> Result<Decoded, ThumbError> {
    let failed = |e: jpeg_decoder::Error| ThumbError::Decode {
        path: path.to_owned(),
        source: cause(e),
    };
    let mut decoder = jpeg_decoder::Decoder::new(data);
    decoder.set_max_decoding_buffer_size(usize::try_from(max_alloc).unwrap_or(usize::MAX));
    decoder.read_info().map_err(failed)?;
    let info = decoder.info().ok_or_else(|| malformed(path, "no frame"))?;
    let original = (u32::from(info.width), u32::from(info.height));
    let (w, h) = fit(original.0, original.1, box_px);
    // Each side stays at least as large as the thumbnail's: the filter does the rest.
    decoder.scale(to_u16(w), to_u16(h)).map_err(failed)?;
    let pixels = decoder.decode().map_err(failed)?;
    let info = decoder.info().ok_or_else(|| malformed(path, "no frame"))?;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    use jpeg_decoder::PixelFormat;
    let image = match info.pixel_format {
        PixelFormat::L8 => image::GrayImage::from_raw(w, h, pixels).map(DynamicImage::ImageLuma8),
        PixelFormat::L16 => {
            let wide = pixels
                .chunks_exact(2)
                .map(|c| u16::from_ne_bytes([c[0], c[1]]))
                .collect();
            image::ImageBuffer::from_raw(w, h, wide).map(DynamicImage::ImageLuma16)
        }
        PixelFormat::RGB24 => image::RgbImage::from_raw(w, h, pixels).map(DynamicImage::ImageRgb8),
        PixelFormat::CMYK32 => {
            image::RgbImage::from_raw(w, h, cmyk_to_rgb(&pixels)).map(DynamicImage::ImageRgb8)
        }
    }
    .ok_or_else(|| malformed(path, "fewer pixels than its size"))?;
    let orientation = decoder
        .exif_data()
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    Ok((image, orientation, original))
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

fn to_u16(v: u32) -> u16 {
    u16::try_from(v).unwrap_or(u16::MAX)
}

/// CMYK as `jpeg-decoder` hands it over to RGB, as `image` converted it when it decoded
/// JPEG with `jpeg-decoder` (0.24).
fn cmyk_to_rgb(cmyk: &[u8]) -> Vec<u8> {
    cmyk.chunks_exact(4)
        .flat_map(|p| {
            let k = 255 - u16::from(p[3]);
            let channel = |c: u8| ((255 - u16::from(c)) * k / 255) as u8;
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
