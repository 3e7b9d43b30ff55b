//! Virtualisation arithmetic: which rows of a fixed-height list are visible, how tall the
//! spacers around them are, and where to scroll so a row is in view.

/// What the scrollable last told us about itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewport {
    pub offset_y: f32,
    pub width: f32,
    pub height: f32,
}

impl Default for Viewport {
    fn default() -> Self {
        Viewport {
            offset_y: 0.0,
            width: 800.0,
            height: 600.0,
        }
    }
}

/// A slice of rows to build, with spacer heights above and below it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    pub first: usize,
    pub end: usize,
    pub top: f32,
    pub bottom: f32,
}

/// Extra rows built above and below the viewport so fast wheel scrolls never show a gap.
const OVERSCAN: usize = 4;

impl Viewport {
    /// The same size, scrolled to the top (a new pane's).
    pub fn scrolled_to_top(self) -> Viewport {
        Viewport {
            offset_y: 0.0,
            ..self
        }
    }

    /// The rows of height `row` (out of `rows`) that intersect the viewport.
    pub fn window(&self, rows: usize, row: f32) -> Window {
        let first_visible = (self.offset_y.max(0.0) / row).floor() as usize;
        let visible = (self.height.max(row) / row).ceil() as usize + 1;
        let first = first_visible.saturating_sub(OVERSCAN).min(rows);
        let end = (first_visible + visible + OVERSCAN).min(rows);
        Window {
            first,
            end,
            top: first as f32 * row,
            bottom: (rows - end) as f32 * row,
        }
    }

    /// The offset that brings row `i` fully into view, if it is not already.
    pub fn reveal(&self, i: usize, row: f32) -> Option<f32> {
        let top = i as f32 * row;
        let bottom = top + row;
        if top < self.offset_y {
            Some(top)
        } else if bottom > self.offset_y + self.height {
            Some((bottom - self.height).max(0.0))
        } else {
            None
        }
    }

    /// Rows that fit in the viewport (at least one).
    pub fn page_rows(&self, row: f32) -> usize {
        ((self.height / row).floor() as usize).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_only_visible_rows() {
        let v = Viewport {
            offset_y: 28_000.0,
            width: 800.0,
            height: 560.0,
        };
        let w = v.window(50_000, 28.0);
        assert_eq!(w.first, 996);
        assert!(w.end - w.first < 40);
        let total = w.top + (w.end - w.first) as f32 * 28.0 + w.bottom;
        assert_eq!(total, 50_000.0 * 28.0);
        assert_eq!(v.reveal(1000, 28.0), None);
        assert_eq!(v.reveal(10, 28.0), Some(280.0));
        assert_eq!(v.reveal(1030, 28.0), Some(1031.0 * 28.0 - 560.0));
    }
}
