//! A tab's panes: the pane with the keyboard and, in split view, the one beside it (and
//! on which side); the height of the tab bar that lists the tabs.

use super::pane::Pane;

/// The height of the tab bar, when there is more than one tab.
pub const TAB_BAR_HEIGHT: f32 = 34.0;

/// A tab: its pane with the keyboard, and the pane beside it in split view.
pub struct Tab {
    pub pane: Pane,
    pub beside: Option<Beside>,
}

/// The pane beside the focused one in split view.
pub struct Beside {
    pub pane: Pane,
    /// It is drawn on the left (the focused pane on the right).
    pub left: bool,
}

/// A tab's panes as the window shows them: the one with the keyboard, and the one beside
/// it in split view.
#[derive(Clone, Copy)]
pub struct TabPanes<'a> {
    pub focused: &'a Pane,
    pub beside: Option<(&'a Pane, bool)>,
}

impl<'a> TabPanes<'a> {
    pub fn of(focused: &'a Pane, beside: Option<&'a Beside>) -> TabPanes<'a> {
        TabPanes {
            focused,
            beside: beside.map(|b| (&b.pane, b.left)),
        }
    }

    /// Its panes from left to right.
    pub fn left_to_right(self) -> impl Iterator<Item = &'a Pane> {
        let (left, right) = match self.beside {
            Some((b, true)) => (Some(b), Some(self.focused)),
            Some((b, false)) => (Some(self.focused), Some(b)),
            None => (Some(self.focused), None),
        };
        left.into_iter().chain(right)
    }
}
