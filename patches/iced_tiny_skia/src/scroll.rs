//! Scrolling by moving pixels. When what a layer draws (a scrolled list) only moved up or
//! down since the frame the buffer holds, the layer's pixels are moved by as much and only
//! what is new is drawn: the strip that came into view, what changed in the layer, and what
//! the other layers draw inside it that does not look the same everywhere in it.

use crate::Layer;
use crate::core::renderer::Quad;
use crate::core::{Background, Point, Rectangle, Size, Vector};
use crate::graphics::Image;
use crate::graphics::text::Text;
use crate::layer::Item;

use std::collections::HashMap;

/// The pixels of a layer that move: `bounds` (logical) by `dy` logical pixels down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shift {
    pub bounds: Rectangle,
    pub dy: f32,
}

/// The regions to draw between the `previous` and `current` frames, and the layers whose
/// pixels are to be moved first; a layer is moved only when that leaves at most half of
/// it to draw.
pub fn damage(
    previous: &[Layer],
    current: &[Layer],
    scale_factor: f32,
) -> (Vec<Rectangle>, Vec<Shift>) {
    let mut shifts: Vec<(usize, Shift, Vec<Rectangle>)> = Vec::new();

    for (index, (before, now)) in previous.iter().zip(current).enumerate() {
        let Some((shift, regions)) = moved(index, before, now, previous, current, scale_factor)
        else {
            continue;
        };

        if shifts
            .iter()
            .all(|(_, other, _)| other.bounds.intersection(&shift.bounds).is_none())
        {
            shifts.push((index, shift, regions));
        }
    }

    let mut damage = Vec::new();

    for (index, (before, now)) in previous.iter().zip(current).enumerate() {
        match shifts.iter().find(|(shifted, ..)| *shifted == index) {
            Some((_, _, regions)) => damage.extend_from_slice(regions),
            None => damage.extend(Layer::damage(before, now)),
        }
    }

    let common = previous.len().min(current.len());
    damage.extend(
        previous[common..]
            .iter()
            .chain(&current[common..])
            .map(|layer| layer.bounds),
    );

    (
        damage,
        shifts.into_iter().map(|(_, shift, _)| shift).collect(),
    )
}

/// Moves the pixels of each shift, in place, within `pixels` (`width` pixels a row, four
/// bytes a pixel).
pub fn apply(shifts: &[Shift], pixels: &mut [u8], width: u32, height: u32, scale_factor: f32) {
    for shift in shifts {
        let bounds = shift.bounds * scale_factor;
        let x0 = (bounds.x.round().max(0.0) as usize).min(width as usize);
        let x1 = ((bounds.x + bounds.width).round().max(0.0) as usize).min(width as usize);
        let y0 = (bounds.y.round().max(0.0) as usize).min(height as usize);
        let y1 = ((bounds.y + bounds.height).round().max(0.0) as usize).min(height as usize);
        let dy = (shift.dy * scale_factor).round() as isize;
        let stride = width as usize * 4;
        let row = |y: usize| y * stride + x0 * 4..y * stride + x1 * 4;

        let copy = |pixels: &mut [u8], y: usize| {
            let from = y as isize - dy;

            if from >= y0 as isize && from < y1 as isize {
                let source = row(from as usize);
                pixels.copy_within(source, row(y).start);
            }
        };

        if dy > 0 {
            for y in (y0..y1).rev() {
                copy(pixels, y);
            }
        } else {
            for y in y0..y1 {
                copy(pixels, y);
            }
        }
    }
}

/// How the layer at `index` moved, if its content moved as one and moving its pixels
/// leaves at most half of it to draw; with the regions then to draw for it.
fn moved(
    index: usize,
    before: &Layer,
    now: &Layer,
    previous: &[Layer],
    current: &[Layer],
    scale_factor: f32,
) -> Option<(Shift, Vec<Rectangle>)> {
    let layer = now.bounds;

    if before.bounds != layer || !before.primitives.is_empty() || !now.primitives.is_empty() {
        return None;
    }

    // Only whole pixels move: the layer's pixels cut by its edges are drawn.
    let bounds = whole_pixels_inside(layer, scale_factor)?;
    let dy = distance(before, now)?;

    if !whole_number(dy * scale_factor) || dy.abs() >= bounds.height {
        return None;
    }

    let by = Vector::new(0.0, dy);
    let mut regions = edges(layer, bounds);

    unmatched(
        &before.quads,
        &now.quads,
        |a, b| quad_moved(a, b, by),
        |(quad, _)| Some(quad.bounds.position()),
        |(quad, _)| Some(quad.bounds.expand(1.0)),
        bounds,
        by,
        &mut regions,
    );
    unmatched(
        &before.text,
        &now.text,
        |a, b| match (a, b) {
            (Item::Live(a), Item::Live(b)) => text_moved(a, b, by, bounds),
            _ => false,
        },
        |item| match item {
            Item::Live(text) => text_origin(text),
            _ => None,
        },
        |item| {
            item.as_slice()
                .iter()
                .filter_map(Text::visible_bounds)
                .map(|text| text * item.transformation())
                .reduce(|a, b| a.union(&b))
        },
        bounds,
        by,
        &mut regions,
    );
    unmatched(
        &before.images,
        &now.images,
        |a, b| image_moved(a, b, by, bounds),
        |image| Some(image.bounds().position()),
        |image| Some(image.bounds().expand(1.0)),
        bounds,
        by,
        &mut regions,
    );

    regions.push(if dy > 0.0 {
        Rectangle {
            height: dy,
            ..bounds
        }
    } else {
        Rectangle {
            y: bounds.y + bounds.height + dy,
            height: -dy,
            ..bounds
        }
    });

    for (other, layer) in previous.iter().enumerate() {
        if other != index {
            uneven(layer, bounds, by, &mut regions);
        }
    }

    for (other, layer) in current.iter().enumerate() {
        if other != index {
            uneven(layer, bounds, Vector::ZERO, &mut regions);
        }
    }

    let left: f32 = regions.iter().map(Rectangle::area).sum();

    (left * 2.0 <= layer.area()).then_some((Shift { bounds, dy }, regions))
}

/// How far down the paragraphs that are in both frames moved, taken by the most of them;
/// `None` if none moved.
fn distance(before: &Layer, now: &Layer) -> Option<f32> {
    // Most frames nothing moved: the same paragraphs in the same places, told without maps.
    if paragraphs(before).eq(paragraphs(now)) {
        return None;
    }

    let origins: HashMap<*const cosmic_text::Buffer, Point> = paragraphs(before).collect();
    let mut votes: HashMap<i64, (usize, f32)> = HashMap::new();

    for (buffer, origin) in paragraphs(now) {
        let Some(was) = origins.get(&buffer) else {
            continue;
        };

        if (was.x - origin.x).abs() > 0.001 {
            continue;
        }

        let dy = origin.y - was.y;
        let vote = votes.entry((dy * 64.0).round() as i64).or_insert((0, dy));
        vote.0 += 1;
    }

    let (_, (_, dy)) = votes.into_iter().max_by_key(|(_, (count, _))| *count)?;

    (dy.abs() > 0.001).then_some(dy)
}

/// The paragraphs a layer draws, each as its text buffer (its identity: a paragraph that
/// changes gets a new one) and where it is drawn.
fn paragraphs(layer: &Layer) -> impl Iterator<Item = (*const cosmic_text::Buffer, Point)> + '_ {
    layer.text.iter().filter_map(|item| match item {
        Item::Live(Text::Paragraph {
            paragraph,
            position,
            transformation,
            ..
        }) => {
            let paragraph = paragraph.upgrade()?;
            let buffer: *const cosmic_text::Buffer = paragraph.buffer();

            Some((buffer, *position * *transformation))
        }
        _ => None,
    })
}

/// Adds to `regions` where the items of `now` that are not in `before` moved by `by` are,
/// and where the items of `before` without a match in `now` would be after moving; within
/// `bounds`. An item is looked for among those at the same `place` (after moving); matches
/// keep their order.
#[allow(clippy::too_many_arguments)]
fn unmatched<T>(
    before: &[T],
    now: &[T],
    same: impl Fn(&T, &T) -> bool,
    place: impl Fn(&T) -> Option<Point>,
    extent: impl Fn(&T) -> Option<Rectangle>,
    bounds: Rectangle,
    by: Vector,
    regions: &mut Vec<Rectangle>,
) {
    let key = |point: Point| {
        (
            (point.x * 64.0).round() as i64,
            (point.y * 64.0).round() as i64,
        )
    };
    let mut at: HashMap<(i64, i64), Vec<usize>> = HashMap::with_capacity(before.len());

    for (k, item) in before.iter().enumerate() {
        if let Some(point) = place(item) {
            at.entry(key(point + by)).or_default().push(k);
        }
    }

    let mut matched = vec![false; before.len()];
    let mut next = 0;

    for item in now {
        let found = place(item)
            .and_then(|point| at.get(&key(point)))
            .and_then(|candidates| {
                candidates
                    .iter()
                    .copied()
                    .find(|&k| k >= next && same(&before[k], item))
            });

        match found {
            Some(k) => {
                matched[k] = true;
                next = k + 1;
            }
            None => regions.extend(extent(item).and_then(|r| r.intersection(&bounds))),
        }
    }

    for (item, matched) in before.iter().zip(matched) {
        if !matched {
            regions.extend(extent(item).and_then(|r| (r + by).intersection(&bounds)));
        }
    }
}

/// Where a text is drawn from: a paragraph's origin, a cached text's corner.
fn text_origin(text: &Text) -> Option<Point> {
    match text {
        Text::Paragraph {
            position,
            transformation,
            ..
        } => Some(*position * *transformation),
        Text::Cached { bounds, .. } => Some(bounds.position()),
        _ => None,
    }
}

/// Adds to `regions` where `layer` (of the previous frame, moved by `by`, or of this one)
/// draws inside `bounds` something that is not the same everywhere in it.
fn uneven(layer: &Layer, bounds: Rectangle, by: Vector, regions: &mut Vec<Rectangle>) {
    // The moved pixels come from those of `bounds` that stay inside it.
    let Some(source) = (bounds - by).intersection(&bounds) else {
        return;
    };
    // Where `layer` can have drawn them.
    let Some(seen) = source.intersection(&layer.bounds) else {
        return;
    };
    let covers_all = source.is_within(&layer.bounds);
    let mut add = |extent: Rectangle| {
        regions.extend(extent.intersection(&seen).map(|drawn| drawn + by));
    };

    for (quad, background) in &layer.quads {
        if !(covers_all && plain_over(quad, background, source)) {
            add(quad.bounds.expand(1.0));
        }
    }

    for item in &layer.primitives {
        add(item.clip_bounds());
    }

    for image in &layer.images {
        add(image.bounds().expand(1.0));
    }

    for item in &layer.text {
        for text in item.as_slice() {
            if let Some(extent) = text.visible_bounds() {
                add(extent * item.transformation());
            }
        }
    }
}

/// Whether `quad` fills `bounds` (whole pixels) with one colour: no gradient, no shadow,
/// its border and corners outside.
fn plain_over(quad: &Quad, background: &Background, bounds: Rectangle) -> bool {
    let radius: [f32; 4] = quad.border.radius.into();
    let inset = quad.border.width + radius.into_iter().fold(0.0, f32::max);

    matches!(background, Background::Color(_))
        && quad.shadow.color.a == 0.0
        && bounds.is_within(&quad.bounds.shrink(inset))
}

fn quad_moved(
    (a, fill_a): &(Quad, Background),
    (b, fill_b): &(Quad, Background),
    by: Vector,
) -> bool {
    fill_a == fill_b
        && a.border == b.border
        && a.shadow == b.shadow
        && a.snap == b.snap
        && same_rectangle(a.bounds + by, b.bounds)
}

fn text_moved(a: &Text, b: &Text, by: Vector, bounds: Rectangle) -> bool {
    match (a, b) {
        (
            Text::Paragraph {
                paragraph: paragraph_a,
                position: position_a,
                color: color_a,
                clip_bounds: clip_a,
                transformation: transformation_a,
            },
            Text::Paragraph {
                paragraph: paragraph_b,
                position: position_b,
                color: color_b,
                clip_bounds: clip_b,
                transformation: transformation_b,
            },
        ) => {
            let (Some(paragraph_a), Some(paragraph_b)) =
                (paragraph_a.upgrade(), paragraph_b.upgrade())
            else {
                return false;
            };

            std::ptr::eq(paragraph_a.buffer(), paragraph_b.buffer())
                && color_a == color_b
                && transformation_a.scale_factor() == transformation_b.scale_factor()
                && same_point(
                    *position_a * *transformation_a + by,
                    *position_b * *transformation_b,
                )
                && clip_moved(
                    *clip_a * *transformation_a,
                    *clip_b * *transformation_b,
                    by,
                    bounds,
                )
        }
        (
            Text::Cached {
                content: content_a,
                bounds: bounds_a,
                color: color_a,
                size: size_a,
                line_height: line_height_a,
                font: font_a,
                align_x: align_x_a,
                align_y: align_y_a,
                shaping: shaping_a,
                clip_bounds: clip_a,
            },
            Text::Cached {
                content: content_b,
                bounds: bounds_b,
                color: color_b,
                size: size_b,
                line_height: line_height_b,
                font: font_b,
                align_x: align_x_b,
                align_y: align_y_b,
                shaping: shaping_b,
                clip_bounds: clip_b,
            },
        ) => {
            content_a == content_b
                && color_a == color_b
                && size_a == size_b
                && line_height_a == line_height_b
                && font_a == font_b
                && align_x_a == align_x_b
                && align_y_a == align_y_b
                && shaping_a == shaping_b
                && same_rectangle(*bounds_a + by, *bounds_b)
                && clip_moved(*clip_a, *clip_b, by, bounds)
        }
        _ => false,
    }
}

fn image_moved(a: &Image, b: &Image, by: Vector, bounds: Rectangle) -> bool {
    match (a, b) {
        (
            Image::Raster {
                image: image_a,
                bounds: bounds_a,
                clip_bounds: clip_a,
            },
            Image::Raster {
                image: image_b,
                bounds: bounds_b,
                clip_bounds: clip_b,
            },
        ) => {
            image_a == image_b
                && same_rectangle(*bounds_a + by, *bounds_b)
                && clip_moved(*clip_a, *clip_b, by, bounds)
        }
        (
            Image::Vector {
                svg: svg_a,
                bounds: bounds_a,
                clip_bounds: clip_a,
            },
            Image::Vector {
                svg: svg_b,
                bounds: bounds_b,
                clip_bounds: clip_b,
            },
        ) => {
            svg_a == svg_b
                && same_rectangle(*bounds_a + by, *bounds_b)
                && clip_moved(*clip_a, *clip_b, by, bounds)
        }
        _ => false,
    }
}

/// Whether clipping by `a` and then, moved by `by`, by `b` cuts the same out of `bounds`:
/// both hold all of it, or `b` is `a` moved.
fn clip_moved(a: Rectangle, b: Rectangle, by: Vector, bounds: Rectangle) -> bool {
    (bounds.is_within(&a) && bounds.is_within(&b)) || same_rectangle(a + by, b)
}

fn same_rectangle(a: Rectangle, b: Rectangle) -> bool {
    close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
}

fn same_point(a: Point, b: Point) -> bool {
    close(a.x, b.x) && close(a.y, b.y)
}

fn close(a: f32, b: f32) -> bool {
    a == b || (a - b).abs() < 0.001
}

/// The largest rectangle of whole pixels inside `bounds`, in logical pixels; `None` if
/// that holds no pixel.
fn whole_pixels_inside(bounds: Rectangle, scale_factor: f32) -> Option<Rectangle> {
    let physical = bounds * scale_factor;
    let inward = |v: f32, up: bool| {
        if whole_number(v) {
            v.round()
        } else if up {
            v.ceil()
        } else {
            v.floor()
        }
    };
    let (x0, y0) = (inward(physical.x, true), inward(physical.y, true));
    let x1 = inward(physical.x + physical.width, false);
    let y1 = inward(physical.y + physical.height, false);

    (x1 > x0 && y1 > y0).then(|| {
        Rectangle {
            x: x0,
            y: y0,
            width: x1 - x0,
            height: y1 - y0,
        } * (1.0 / scale_factor)
    })
}

/// The parts of `outer` around `inner` (a rectangle inside it).
fn edges(outer: Rectangle, inner: Rectangle) -> Vec<Rectangle> {
    let (right, bottom) = (outer.x + outer.width, outer.y + outer.height);
    let (inner_right, inner_bottom) = (inner.x + inner.width, inner.y + inner.height);

    [
        Rectangle::new(
            Point::new(outer.x, outer.y),
            Size::new(outer.width, inner.y - outer.y),
        ),
        Rectangle::new(
            Point::new(outer.x, inner_bottom),
            Size::new(outer.width, bottom - inner_bottom),
        ),
        Rectangle::new(
            Point::new(outer.x, inner.y),
            Size::new(inner.x - outer.x, inner.height),
        ),
        Rectangle::new(
            Point::new(inner_right, inner.y),
            Size::new(right - inner_right, inner.height),
        ),
    ]
    .into_iter()
    .filter(|edge| edge.width > 0.0 && edge.height > 0.0)
    .collect()
}

fn whole_number(value: f32) -> bool {
    (value - value.round()).abs() < 0.001
}
