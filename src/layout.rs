//! How the window shares its room: where the main menu opens, how the Places panel narrows
//! and then hides on a narrow window, and how the details view drops its lesser columns (Type, then Modified, then Size)
//! before the name ever loses the room it needs.

/// Height of the toolbar (its buttons and padding): the main menu opens below it.
pub const TOOLBAR_HEIGHT: f32 = 42.0;

/// Where the main menu's corner goes in a window `width` wide: under the menu button at
/// the toolbar's end (the menu keeps inside the window).
pub fn main_menu_corner(width: f32) -> iced::Point {
    iced::Point::new(width, TOOLBAR_HEIGHT)
}

/// Width of the Places panel on a wide window, and the least it narrows to.
pub const PLACES_WIDE: f32 = 210.0;
pub const PLACES_NARROW: f32 = 150.0;
/// Below this window width Places is hidden even when it is switched on.
pub const PLACES_HIDE_BELOW: f32 = 560.0;

/// Widths of the details view's columns beside the name, and the gap between columns.
pub const SIZE_WIDTH: f32 = 96.0;
pub const DATE_WIDTH: f32 = 140.0;
pub const TYPE_WIDTH: f32 = 170.0;
pub const SPACING: f32 = 12.0;
/// Row padding: left, and right (room for the scrollbar).
pub const PAD_LEFT: f32 = 10.0;
pub const PAD_RIGHT: f32 = 18.0;
/// The icon at the start of a row.
pub const ROW_ICON: f32 = 20.0;
/// Where the file view's first row starts below the window's top (toolbar and column
/// header above it); menus opened from the keyboard are placed from it.
pub const VIEW_TOP: f32 = 73.0;
/// Height of a pane's own location bar in split view (above its column header).
pub const PANE_BAR_HEIGHT: f32 = 36.0;
/// Empty space kept below the last row or tile, so a full view still has room to start a
/// rubber band (or drop onto the folder itself).
pub const END_SPACE: f32 = 2.0 * crate::theme::ROW_HEIGHT;
/// The least width the Name column keeps while another column is shown.
pub const NAME_MIN: f32 = 180.0;

/// The width of the Places panel in a window `window` pixels wide (0 when hidden).
pub fn places_width(window: f32, shown: bool) -> f32 {
    if !shown || window < PLACES_HIDE_BELOW {
        0.0
    } else {
        (window * 0.25).clamp(PLACES_NARROW, PLACES_WIDE)
    }
}

/// The width left to the file view in a window `window` pixels wide.
pub fn files_width(window: f32, places_shown: bool) -> f32 {
    let places = places_width(window, places_shown);
    // The rule between Places and the view.
    let rule = if places > 0.0 { 1.0 } else { 0.0 };
    (window - places - rule).max(0.0)
}

/// Which of the details view's columns beside the name are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub size: bool,
    pub modified: bool,
    pub kind: bool,
}

impl Columns {
    /// The columns that fit in a view `width` pixels wide with the name keeping at least
    /// [`NAME_MIN`]: Type goes first, then Modified, then Size.
    pub fn fitting(width: f32) -> Columns {
        let fixed = PAD_LEFT + PAD_RIGHT + ROW_ICON + SPACING;
        let room = width - fixed - NAME_MIN;
        let cost = |w: f32| w + SPACING;
        let size = room >= cost(SIZE_WIDTH);
        let modified = size && room >= cost(SIZE_WIDTH) + cost(DATE_WIDTH);
        let kind = modified && room >= cost(SIZE_WIDTH) + cost(DATE_WIDTH) + cost(TYPE_WIDTH);
        Columns {
            size,
            modified,
            kind,
        }
    }

    /// The width the name gets in a view `width` pixels wide.
    pub fn name_width(self, width: f32) -> f32 {
        let mut w = width - (PAD_LEFT + PAD_RIGHT + ROW_ICON + SPACING);
        for (shown, col) in [
            (self.size, SIZE_WIDTH),
            (self.modified, DATE_WIDTH),
            (self.kind, TYPE_WIDTH),
        ] {
            if shown {
                w -= col + SPACING;
            }
        }
        w.max(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_window_shows_every_column() {
        let width = files_width(1024.0, true);
        let c = Columns::fitting(width);
        assert!(c.size && c.modified && c.kind, "{c:?} at {width}");
        assert!(c.name_width(width) >= NAME_MIN);
    }

    #[test]
    fn half_a_laptop_screen_keeps_the_name_and_drops_type_first() {
        for window in [700.0, 640.0, 600.0] {
            let width = files_width(window, true);
            let c = Columns::fitting(width);
            assert!(!c.kind, "Type shown at {window}: {c:?}");
            assert!(c.size, "Size dropped at {window}: {c:?}");
            assert!(c.name_width(width) >= NAME_MIN, "name squeezed at {window}");
        }
    }

    #[test]
    fn columns_give_way_in_order_and_the_name_never_goes() {
        let mut last = Columns::fitting(3000.0);
        for w in (0..3000).rev().step_by(7) {
            let c = Columns::fitting(w as f32);
            // A column only goes after the ones that go before it.
            assert!(!c.kind || c.modified, "{c:?} at {w}");
            assert!(!c.modified || c.size, "{c:?} at {w}");
            // Narrowing never brings a column back.
            assert!(
                (!c.size || last.size) && (!c.modified || last.modified),
                "{w}"
            );
            if c.size {
                assert!(c.name_width(w as f32) >= NAME_MIN, "{w}");
            }
            last = c;
        }
    }

    #[test]
    fn places_narrows_and_then_hides_and_f9_hides_it_anywhere() {
        assert_eq!(places_width(1400.0, true), PLACES_WIDE);
        let narrow = places_width(640.0, true);
        assert!((PLACES_NARROW..PLACES_WIDE).contains(&narrow), "{narrow}");
        assert_eq!(places_width(500.0, true), 0.0);
        assert_eq!(places_width(1400.0, false), 0.0);
    }
}
