//! Solid rectangles and glyphs written straight into the pixels, for the shapes that need
//! no path: a rectangle whose edges lie on whole pixels, a glyph at a whole-pixel position.
//! tiny-skia's general pipeline (paths, shaders, anti-aliasing) gives the same pixels for
//! them at many times the cost.

use crate::core::{Color, Rectangle};

/// A rectangle of whole pixels: columns `x0..x1` of rows `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    /// The pixels in both `self` and `clip` (all of `self` without one).
    pub fn within(self, clip: Option<Pixels>) -> Pixels {
        let Some(clip) = clip else {
            return self;
        };

        let x0 = self.x0.max(clip.x0);
        let y0 = self.y0.max(clip.y0);

        Pixels {
            x0,
            y0,
            x1: self.x1.min(clip.x1).max(x0),
            y1: self.y1.min(clip.y1).max(y0),
        }
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

/// Blend `pixel` over every pixel of `rect` inside `clip`.
pub fn fill(
    pixels: &mut tiny_skia::PixmapMut<'_>,
    rect: Pixels,
    pixel: [u8; 4],
    clip: Option<Pixels>,
) {
    let rect = rect.within(clip);

    if pixel[3] == 255 {
        replace(pixels, rect, pixel);
        return;
    }

    if pixel == [0; 4] {
        return;
    }

    let stride = pixels.width() as usize * 4;
    let keep = 255 - u32::from(pixel[3]);

    for row in pixels
        .data_mut()
        .chunks_exact_mut(stride)
        .take(rect.y1)
        .skip(rect.y0)
    {
        for out in row[rect.x0 * 4..rect.x1 * 4].chunks_exact_mut(4) {
            for (o, s) in out.iter_mut().zip(pixel) {
                *o = (u32::from(s) + div255(u32::from(*o) * keep)) as u8;
            }
        }
    }
}

/// Blend the premultiplied `image` (`image_width` pixels a row) over the pixels with its
/// top left corner at `(x, y)`, at `opacity`, inside `clip`, a pixel (four channels) at a
/// time.
pub fn draw(
    pixels: &mut tiny_skia::PixmapMut<'_>,
    (x, y): (i32, i32),
    image: &[u8],
    image_width: u32,
    opacity: f32,
    clip: Option<Pixels>,
) {
    let (width, height) = (pixels.width() as i64, pixels.height() as i64);
    let image_width = i64::from(image_width);

    if image_width == 0 {
        return;
    }

    let image_height = image.len() as i64 / 4 / image_width;
    let (x, y) = (i64::from(x), i64::from(y));
    let clamp = |v: i64, max: i64| v.clamp(0, max) as usize;
    let area = Pixels {
        x0: clamp(x, width),
        y0: clamp(y, height),
        x1: clamp(x + image_width, width),
        y1: clamp(y + image_height, height),
    }
    .within(clip);

    if area.x0 >= area.x1 || area.y0 >= area.y1 {
        return;
    }

    let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let stride = width as usize;
    let copied: Vec<u32>;
    let image = match bytemuck::try_cast_slice::<u8, u32>(image) {
        Ok(words) => words,
        Err(_) => {
            copied = image
                .chunks_exact(4)
                .map(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]))
                .collect();
            &copied
        }
    };
    let Ok(data) = bytemuck::try_cast_slice_mut::<u8, u32>(pixels.data_mut()) else {
        return;
    };

    for py in area.y0..area.y1 {
        let from = ((py as i64 - y) * image_width + (area.x0 as i64 - x)) as usize;
        let source = &image[from..from + (area.x1 - area.x0)];
        let row = &mut data[py * stride + area.x0..py * stride + area.x1];

        for (out, &src) in row.iter_mut().zip(source) {
            let src = if alpha == 255 { src } else { scale(src, alpha) };

            match src >> 24 {
                0 => {}
                255 => *out = src,
                a => *out = src + scale(*out, 255 - a),
            }
        }
    }
}

/// Each of the four channels of `pixel` times `factor` / 255, rounded (as [`div255`]).
fn scale(pixel: u32, factor: u32) -> u32 {
    let rb = (pixel & 0x00ff_00ff) * factor + 0x0080_0080;
    let rb = ((rb + ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff;
    let ag = ((pixel >> 8) & 0x00ff_00ff) * factor + 0x0080_0080;
    let ag = (ag + ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00;

    rb | ag
}

/// `v / 255`, rounded, for `v` up to 255 × 255.
fn div255(v: u32) -> u32 {
    (v + 128 + ((v + 128) >> 8)) >> 8
}
