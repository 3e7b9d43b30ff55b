//! Quads drawn without tiny-skia's general path pipeline where their shape allows: a
//! rectangle whose edges lie on whole pixels straight into the pixels, and a rounded one
//! with only its corners as anti-aliased paths.

use crate::clip::ClipMask;
use crate::core::{Background, Color, Point, Rectangle, Size};
use crate::direct;
use crate::engine::into_color;

/// Draw a quad without rounded corners or shadow whose edges and border lie on whole
/// pixels straight into the pixels: its background, then its border over it. `false`
/// (nothing drawn) for any other quad.
pub fn draw_plain_quad(
    bounds: Rectangle,
    background: &Background,
    border_width: f32,
    border_color: Color,
    pixels: &mut tiny_skia::PixmapMut<'_>,
    clip: Option<Rectangle>,
) -> bool {
    let Background::Color(color) = background else {
        return false;
    };

    let (width, height) = (pixels.width(), pixels.height());

    if (border_width - border_width.round()).abs() >= 1.0 / 256.0 {
        return false;
    }

    let Some(whole) = direct::Pixels::exactly(bounds, width, height) else {
        return false;
    };

    let clip = clip.map(|clip| direct::Pixels::covering(clip, width, height));

    direct::fill(pixels, whole, direct::pixel(*color), clip);

    let border = border_width.round();

    if border > 0.0 && border_color.a > 0.0 {
        let (x, y, w, h) = (bounds.x, bounds.y, bounds.width, bounds.height);
        let inner = (h - 2.0 * border).max(0.0);
        let sides = [
            Rectangle::new(Point::new(x, y), Size::new(w, border)),
            Rectangle::new(Point::new(x, y + h - border), Size::new(w, border)),
            Rectangle::new(Point::new(x, y + border), Size::new(border, inner)),
            Rectangle::new(
                Point::new(x + w - border, y + border),
                Size::new(border, inner),
            ),
        ];
        let pixel = direct::pixel(border_color);

        for side in sides {
            direct::fill(
                pixels,
                direct::Pixels::covering(side, width, height),
                pixel,
                clip,
            );
        }
    }

    true
}

/// `bounds` with its edges moved to the nearest whole pixels.
pub fn snapped(bounds: Rectangle) -> Rectangle {
    let x = (bounds.x + 0.001).round();
    let y = (bounds.y + 0.001).round();

    Rectangle {
        x,
        y,
        width: (bounds.x + bounds.width + 0.001).round() - x,
        height: (bounds.y + bounds.height + 0.001).round() - y,
    }
}

/// Draw a quad without border or shadow whose four corners have the same radius and whose
/// edges lie on whole pixels: its straight parts straight into the pixels, and only its
/// corners as anti-aliased paths; cut to `clip` (the corners through `clip_mask` where it
/// crosses them). `false` (nothing drawn) for any other quad.
pub fn draw_rounded_quad(
    bounds: Rectangle,
    radii: [f32; 4],
    scale: f32,
    background: &Background,
    pixels: &mut tiny_skia::PixmapMut<'_>,
    clip: Option<Rectangle>,
    clip_mask: &mut ClipMask<'_>,
) -> bool {
    let Background::Color(color) = background else {
        return false;
    };

    if radii.iter().any(|radius| *radius != radii[0]) {
        return false;
    }

    let r = radii[0] * scale;
    let corner = r.ceil();

    if r <= 0.0
        || corner * 2.0 > bounds.width
        || corner * 2.0 > bounds.height
    {
        return false;
    }

    let (width, height) = (pixels.width(), pixels.height());

    if direct::Pixels::exactly(bounds, width, height).is_none() {
        return false;
    }

    let pixel = direct::pixel(*color);
    let clip_pixels = clip.map(|clip| direct::Pixels::covering(clip, width, height));
    let (x, y, w, h) = (bounds.x, bounds.y, bounds.width, bounds.height);
    let bands = [
        Rectangle::new(
            Point::new(x + corner, y),
            Size::new(w - 2.0 * corner, corner),
        ),
        Rectangle::new(
            Point::new(x, y + corner),
            Size::new(w, h - 2.0 * corner),
        ),
        Rectangle::new(
            Point::new(x + corner, y + h - corner),
            Size::new(w - 2.0 * corner, corner),
        ),
    ];

    for band in bands {
        direct::fill(
            pixels,
            direct::Pixels::covering(band, width, height),
            pixel,
            clip_pixels,
        );
    }

    let paint = tiny_skia::Paint {
        shader: tiny_skia::Shader::SolidColor(into_color(*color)),
        anti_alias: true,
        ..tiny_skia::Paint::default()
    };

    // Each corner: its point and the directions into the quad.
    let corners = [
        (x, y, 1.0, 1.0),
        (x + w, y, -1.0, 1.0),
        (x + w, y + h, -1.0, -1.0),
        (x, y + h, 1.0, -1.0),
    ];
    // How far along a quarter circle's tangents its cubic's control points lie.
    const KAPPA: f32 = 0.552_284_8;
    let inset = r * (1.0 - KAPPA);

    for (cx, cy, sx, sy) in corners {
        let square = Rectangle::new(
            Point::new(cx.min(cx + sx * corner), cy.min(cy + sy * corner)),
            Size::new(corner, corner),
        );
        let mask = match clip {
            Some(clip) if !square.intersects(&clip) => continue,
            Some(clip) if !square.is_within(&clip) => Some(clip_mask.mask()),
            _ => None,
        };

        let mut builder = tiny_skia::PathBuilder::new();
        builder.move_to(cx, cy + sy * corner);
        builder.line_to(cx, cy + sy * r);
        builder.cubic_to(
            cx,
            cy + sy * inset,
            cx + sx * inset,
            cy,
            cx + sx * r,
            cy,
        );
        builder.line_to(cx + sx * corner, cy);
        builder.line_to(cx + sx * corner, cy + sy * corner);
        builder.close();

        if let Some(path) = builder.finish() {
            pixels.fill_path(
                &path,
                &paint,
                tiny_skia::FillRule::Winding,
                tiny_skia::Transform::identity(),
                mask,
            );
        }
    }

    true
}
