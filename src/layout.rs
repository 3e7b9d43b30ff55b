//! How the window shares its room: where the main menu opens, how the Places panel narrows
//! and then hides on a narrow window, and how the details view shares its width: the
//! chosen columns at their widths, the name the rest; on a narrow window the columns give
//! way from the last one before the name ever loses the room it needs, and on a wide one
//! the Type column gets room its words need that the name can spare.

use std::collections::BTreeMap;

use crate::columns::Column;

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

/// The gap between the details view's columns.
pub const SPACING: f32 = 12.0;
/// Row padding: left, and right (room for the scrollbar).
pub const PAD_LEFT: f32 = 10.0;
pub const PAD_RIGHT: f32 = 18.0;
/// The icon at the start of a row.
pub const ROW_ICON: f32 = 20.0;
/// The triangle before a folder's icon in the details view (a click opens the folder in
/// place), and the room kept for it before other entries.
pub const TWISTY: f32 = 16.0;
/// How far the rows of an opened folder are indented, per level.
pub const INDENT: f32 = 18.0;
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
/// The width a name keeps before the Type column takes spare room (with its usual
/// width), and the most the Type column takes so ("Tar archive (gzip-compressed)" fits).
pub const NAME_ROOMY: f32 = 420.0;
pub const TYPE_ROOMY: f32 = 300.0;

/// The width of the Places panel in a window `window` pixels wide (0 when hidden).
pub fn places_width(window: f32, shown: bool) -> f32 {
    if !shown || window < PLACES_HIDE_BELOW {
        0.0
    } else {
        (window * 0.25).clamp(PLACES_NARROW, PLACES_WIDE)
    }
}

/// The width left to the file view in a window `window` pixels wide.
pub fn files_width(window: f32, places_shown: bool, info_shown: bool) -> f32 {
    let places = places_width(window, places_shown);
    let info = info_width(window, info_shown);
    // The rules between Places, the view and the information panel.
    let rules = [places, info].iter().filter(|w| **w > 0.0).count() as f32;
    (window - places - info - rules).max(0.0)
}

/// The information panel's width in a window `window` wide: none when hidden, or when
/// the window is narrower than 800 pixels.
pub fn info_width(window: f32, shown: bool) -> f32 {
    let width = crate::screen::info::WIDTH;
    if shown && window >= 800.0 { width } else { 0.0 }
}

/// How the details view shares a width: the name's text, and the columns shown beside it
/// (of those chosen, in their order) with their widths.
#[derive(Debug, Clone, PartialEq)]
pub struct Columns {
    /// The width of the name's text (the icon and its gap come before it).
    pub name: f32,
    pub shown: Vec<(Column, f32)>,
}

impl Columns {
    /// The columns of `chosen` that fit in a view `width` pixels wide, each as wide as
    /// `widths` says (else its usual width), the name keeping at least [`NAME_MIN`]: the
    /// last column goes first. Room the name can spare past [`NAME_ROOMY`] widens the Type
    /// column (unless its width was set) up to [`TYPE_ROOMY`].
    pub fn fitting(width: f32, chosen: &[Column], widths: &BTreeMap<Column, f32>) -> Columns {
        let fixed = PAD_LEFT + PAD_RIGHT + ROW_ICON + SPACING;
        let width_of = |c: Column| {
            widths.get(&c).map_or(c.usual_width(), |w| {
                w.clamp(crate::columns::MIN_WIDTH, crate::columns::MAX_WIDTH)
            })
        };
        let mut shown: Vec<(Column, f32)> = chosen.iter().map(|&c| (c, width_of(c))).collect();
        let name = |shown: &[(Column, f32)]| {
            width - fixed - shown.iter().map(|(_, w)| w + SPACING).sum::<f32>()
        };
        while !shown.is_empty() && name(&shown) < NAME_MIN {
            shown.pop();
        }
        let mut name_width = name(&shown);
        if let Some((_, w)) = shown
            .iter_mut()
            .find(|(c, _)| *c == Column::Type && !widths.contains_key(c))
        {
            let grow = (name_width - NAME_ROOMY).clamp(0.0, (TYPE_ROOMY - *w).max(0.0));
            *w += grow;
            name_width -= grow;
        }
        Columns {
            name: name_width.max(0.0),
            shown,
        }
    }

    /// Whether `column` is shown.
    pub fn shows(&self, column: Column) -> bool {
        self.shown.iter().any(|(c, _)| *c == column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usual(width: f32) -> Columns {
        Columns::fitting(width, &Column::DEFAULT, &BTreeMap::new())
    }

    #[test]
    fn a_wide_window_shows_every_column() {
        let width = files_width(1024.0, true, false);
        let c = usual(width);
        assert_eq!(c.shown.len(), 3, "{c:?} at {width}");
        assert!(c.name >= NAME_MIN);
    }

    #[test]
    fn half_a_laptop_screen_keeps_the_name_and_drops_type_first() {
        for window in [700.0, 640.0, 600.0] {
            let width = files_width(window, true, false);
            let c = usual(width);
            assert!(!c.shows(Column::Type), "Type shown at {window}: {c:?}");
            assert!(c.shows(Column::Size), "Size dropped at {window}: {c:?}");
            assert!(c.name >= NAME_MIN, "name squeezed at {window}");
        }
    }

    #[test]
    fn columns_give_way_from_the_last_and_the_name_never_goes() {
        let chosen = [
            Column::Permissions,
            Column::Size,
            Column::Owner,
            Column::Type,
        ];
        let mut last = chosen.len();
        for w in (0..3000).rev().step_by(7) {
            let c = Columns::fitting(w as f32, &chosen, &BTreeMap::new());
            // What is shown is always the start of what was chosen.
            let cols: Vec<Column> = c.shown.iter().map(|(c, _)| *c).collect();
            assert_eq!(cols, chosen[..cols.len()], "{w}");
            // Narrowing never brings a column back.
            assert!(cols.len() <= last, "{w}");
            if !cols.is_empty() {
                assert!(c.name >= NAME_MIN, "{w}");
            }
            last = cols.len();
        }
    }

    #[test]
    fn a_wide_window_gives_type_room_for_its_words_and_a_set_width_is_kept() {
        // 1920 pixels: the name has hundreds to spare; Type takes what it needs.
        let width = files_width(1920.0, true, false);
        let c = usual(width);
        let type_width = c
            .shown
            .iter()
            .find(|(c, _)| *c == Column::Type)
            .map(|(_, w)| *w);
        assert_eq!(type_width, Some(TYPE_ROOMY));
        assert!(c.name >= NAME_ROOMY, "{c:?}");
        // On a laptop the name keeps its room first.
        let c = usual(files_width(1024.0, true, false));
        assert_eq!(c.shown[2], (Column::Type, Column::Type.usual_width()));
        // A width the person set is the width, wherever it is.
        let mut set = BTreeMap::new();
        set.insert(Column::Type, 200.0);
        set.insert(Column::Size, 1.0);
        let c = Columns::fitting(width, &Column::DEFAULT, &set);
        assert_eq!(c.shown[2], (Column::Type, 200.0));
        assert_eq!(c.shown[0], (Column::Size, crate::columns::MIN_WIDTH));
        let sum: f32 = c.shown.iter().map(|(_, w)| w + SPACING).sum();
        assert_eq!(
            c.name + sum + PAD_LEFT + PAD_RIGHT + ROW_ICON + SPACING,
            width
        );
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
