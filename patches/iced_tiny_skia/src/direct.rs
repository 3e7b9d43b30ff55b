//! Solid rectangles and glyphs written straight into the pixels, for the shapes that need
//! no path: a rectangle whose edges lie on whole pixels, a glyph at a whole-pixel position.
//! tiny-skia's general pipeline (paths, shaders, anti-aliasing) gives the same pixels for
//! them at many times the cost.

use crate::core::{Color, Rectangle};

/// A rectangle of whole pixels: columns `x0..x1` of rows `y0..y1`.
#[derive(Debug, Clone, Copy)]
pub struct Pixels {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Pixels {
    /// The pixels of `bounds` if its edges lie on whole pixels, cut to a `width` x
    /// `height` pixmap; `None` when an edge falls between pixels (that edge needs
    /// anti-aliasing).
    pub fn exactly(bounds: Rectangle, width: u32, height: u32) -> Option<Pixels> {
        let whole = |v: f32| (v - v.round()).abs() < 1.0 / 256.0;
        let (right, bottom) = (bounds.x + bounds.width, bounds.y + bounds.height);

        if !(whole(bounds.x) && whole(bounds.y) && whole(right) && whole(bottom)) {
            return None;
        }

        Some(Pixels::covering(bounds, width, height))
    }

    /// The pixels whose centres lie inside `bounds`, cut to a `width` x `height` pixmap.
    pub fn covering(bounds: Rectangle, width: u32, height: u32) -> Pixels {
        let clamp = |v: f32, max: u32| -> usize {
            if v.is_nan() {
                0
            } else {
                v.round().clamp(0.0, max as f32) as usize
            }
        };

        let x0 = clamp(bounds.x, width);
        let y0 = clamp(bounds.y, height);

        Pixels {
            x0,
            y0,
            x1: clamp(bounds.x + bounds.width, width).max(x0),
            y1: clamp(bounds.y + bounds.height, height).max(y0),
        }
    }
}

/// Whether `clip` (if any) is a mask for the whole of `pixels`, as the functions here
/// need.
pub fn fits(pixels: &tiny_skia::PixmapMut<'_>, clip: Option<&tiny_skia::Mask>) -> bool {
    clip.is_none_or(|mask| {
        mask.width() == pixels.width() && mask.height() == pixels.height()
    })
}

/// `color` premultiplied, in the pixmap's byte order (the renderer keeps blue first, as
/// the window's surface wants it).
pub fn pixel(color: Color) -> [u8; 4] {
    let c = crate::engine::into_color(color).premultiply().to_color_u8();

    [c.red(), c.green(), c.blue(), c.alpha()]
}

/// Put `pixel` in every pixel of `rect`, replacing what is there.
pub fn replace(
    pixels: &mut tiny_skia::PixmapMut<'_>,
    rect: Pixels,
    pixel: [u8; 4],
) {
    let stride = pixels.width() as usize * 4;
    let data = pixels.data_mut();

    for row in data.chunks_exact_mut(stride).take(rect.y1).skip(rect.y0) {
        let span = &mut row[rect.x0 * 4..rect.x1 * 4];

        match bytemuck::try_cast_slice_mut::<u8, u32>(span) {
            Ok(words) => words.fill(u32::from_ne_bytes(pixel)),
            Err(_) => {
                for out in span.chunks_exact_mut(4) {
                    out.copy_from_slice(&pixel);
                }
            }
        }
    }
}

/// Blend `pixel` over every pixel of `rect` that `clip` lets through.
pub fn fill(
    pixels: &mut tiny_skia::PixmapMut<'_>,
    rect: Pixels,
    pixel: [u8; 4],
    clip: Option<&tiny_skia::Mask>,
) {
    if pixel[3] == 255 && clip.is_none() {
        replace(pixels, rect, pixel);
        return;
    }

    if pixel == [0; 4] {
        return;
    }

    let width = pixels.width() as usize;
    let data = pixels.data_mut();

    for y in rect.y0..rect.y1 {
        let row = &mut data[(y * width + rect.x0) * 4..(y * width + rect.x1) * 4];
        let coverage = clip.map(|mask| {
            &mask.data()[y * width + rect.x0..y * width + rect.x1]
        });

        for (x, out) in row.chunks_exact_mut(4).enumerate() {
            let cover = coverage.map_or(255, |c| c[x]);

            blend(out, pixel, cover);
        }
    }
}

/// Blend the premultiplied `image` (`image_width` pixels a row) over the pixels with its
/// top left corner at `(x, y)`, at `opacity`, where `clip` lets through.
pub fn draw(
    pixels: &mut tiny_skia::PixmapMut<'_>,
    (x, y): (i32, i32),
    image: &[u8],
    image_width: u32,
    opacity: f32,
    clip: Option<&tiny_skia::Mask>,
) {
    let (width, height) = (pixels.width() as i64, pixels.height() as i64);
    let image_width = image_width as i64;

    if image_width == 0 {
        return;
    }

    let image_height = image.len() as i64 / 4 / image_width;
    let (x0, y0) = ((x as i64).max(0), (y as i64).max(0));
    let x1 = (x as i64 + image_width).min(width);
    let y1 = (y as i64 + image_height).min(height);

    if x0 >= x1 || y0 >= y1 {
        return;
    }

    let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let data = pixels.data_mut();

    for py in y0..y1 {
        let from = ((py - y as i64) * image_width + (x0 - x as i64)) as usize * 4;
        let source = &image[from..from + (x1 - x0) as usize * 4];
        let start = (py * width + x0) as usize;
        let row = &mut data[start * 4..(py * width + x1) as usize * 4];
        let coverage = clip.map(|mask| &mask.data()[start..(py * width + x1) as usize]);

        for (i, (out, src)) in row
            .chunks_exact_mut(4)
            .zip(source.chunks_exact(4))
            .enumerate()
        {
            if src[3] == 0 {
                continue;
            }

            let cover = coverage.map_or(255, |c| u32::from(c[i]));
            let cover = div255(cover * alpha);

            blend(out, [src[0], src[1], src[2], src[3]], cover as u8);
        }
    }
}

/// `out = source × cover + out × (1 − source alpha × cover)`, premultiplied.
fn blend(out: &mut [u8], source: [u8; 4], cover: u8) {
    if cover == 0 {
        return;
    }

    let source = if cover == 255 {
        source
    } else {
        let c = u32::from(cover);
        source.map(|v| div255(u32::from(v) * c) as u8)
    };

    if source[3] == 255 {
        out.copy_from_slice(&source);
        return;
    }

    let keep = 255 - u32::from(source[3]);

    for (o, s) in out.iter_mut().zip(source) {
        *o = (u32::from(s) + div255(u32::from(*o) * keep)).min(255) as u8;
    }
}

/// `v / 255`, rounded, for `v` up to 255 × 255.
fn div255(v: u32) -> u32 {
    (v + 128 + ((v + 128) >> 8)) >> 8
}
