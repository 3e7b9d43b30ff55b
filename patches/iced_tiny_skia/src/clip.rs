//! The clip mask, set to one rectangle at a time. Setting it only notes the rectangle:
//! the mask is written when something drawn needs it (a path, an image; rectangles and
//! text are cut to the rectangle itself), and then only the rows of the rectangle it held
//! and of the new one, rather than a whole mask as large as the window for every clipped
//! layer and every clipped text.

use crate::core::Rectangle;

/// A window-sized mask holding one rectangle.
pub struct ClipMask<'a> {
    mask: &'a mut tiny_skia::Mask,
    filled: Filled,
    wanted: Filled,
}

/// What the mask holds now.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filled {
    /// Not known: the first change clears all of it.
    Unknown,
    /// Pixels `x0..x1` of rows `y0..y1` (empty when nothing is inside the window).
    Rect {
        x0: usize,
        y0: usize,
        x1: usize,
        y1: usize,
    },
}

impl<'a> ClipMask<'a> {
    /// Take `mask`, whatever it holds.
    pub fn new(mask: &'a mut tiny_skia::Mask) -> Self {
        ClipMask {
            mask,
            filled: Filled::Unknown,
            wanted: Filled::Unknown,
        }
    }

    /// Let through only the pixels whose centres lie inside `bounds` (as a mask filled
    /// with the rectangle's path without anti-aliasing does), from the next [`mask`] on.
    ///
    /// [`mask`]: ClipMask::mask
    pub fn set(&mut self, bounds: Rectangle) {
        self.wanted = self.rect_of(bounds);
    }

    /// The mask, when `clipped`: holding the rectangle last set.
    pub fn when(&mut self, clipped: bool) -> Option<&tiny_skia::Mask> {
        clipped.then(|| self.mask())
    }

    /// The mask holding the rectangle last set.
    pub fn mask(&mut self) -> &tiny_skia::Mask {
        let wanted = self.wanted;

        if wanted == self.filled || wanted == Filled::Unknown {
            return self.mask;
        }

        let width = self.mask.width() as usize;
        let data = self.mask.data_mut();

        match self.filled {
            Filled::Unknown => data.fill(0),
            Filled::Rect { x0, y0, x1, y1 } => {
                for row in data.chunks_exact_mut(width).take(y1).skip(y0) {
                    row[x0..x1].fill(0);
                }
            }
        }

        if let Filled::Rect { x0, y0, x1, y1 } = wanted {
            for row in data.chunks_exact_mut(width).take(y1).skip(y0) {
                row[x0..x1].fill(255);
            }
        }

        self.filled = wanted;

        self.mask
    }

    /// The pixels of `bounds` inside the mask.
    fn rect_of(&self, bounds: Rectangle) -> Filled {
        let clamp = |v: f32, max: u32| -> usize {
            if v.is_nan() {
                0
            } else {
                v.round().clamp(0.0, max as f32) as usize
            }
        };

        let (width, height) = (self.mask.width(), self.mask.height());
        let x0 = clamp(bounds.x, width);
        let y0 = clamp(bounds.y, height);
        let x1 = clamp(bounds.x + bounds.width, width).max(x0);
        let y1 = clamp(bounds.y + bounds.height, height).max(y0);

        Filled::Rect { x0, y0, x1, y1 }
    }
}
