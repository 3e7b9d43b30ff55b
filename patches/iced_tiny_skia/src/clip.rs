//! The clip mask, set to one rectangle at a time. Setting it only notes the rectangle:
//! the mask is written when something drawn needs it (a path, an image; rectangles and
//! text are cut to the rectangle itself), and then only the rows of the rectangle it held
//! and of the new one, rather than a whole mask as large as the window for every clipped
//! layer and every clipped text.

use crate::core::Rectangle;
use crate::direct::Pixels;

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
    /// These pixels (none when the rectangle lies outside the window).
    Rect(Pixels),
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
        self.wanted = Filled::Rect(Pixels::covering(
            bounds,
            self.mask.width(),
            self.mask.height(),
        ));
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
            Filled::Rect(old) => {
                for row in data.chunks_exact_mut(width).take(old.y1).skip(old.y0) {
                    row[old.x0..old.x1].fill(0);
                }
            }
        }

        if let Filled::Rect(new) = wanted {
            for row in data.chunks_exact_mut(width).take(new.y1).skip(new.y0) {
                row[new.x0..new.x1].fill(255);
            }
        }

        self.filled = wanted;

        self.mask
    }
}
