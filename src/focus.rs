//! Which part of the window has the keyboard: Places, the location bar, the main menu's
//! button, the file view or the job panel. Tab and Shift+Tab go round them in the order they are drawn; the part
//! that has it wears a ring once the keyboard moved it (a mouse user sees none).

/// The keyboard's state in the window: the modifiers held, the part that has it and
/// whether Tab moved it there (then the part wears a ring).
#[derive(Debug, Clone, Copy, Default)]
pub struct Keyboard {
    pub modifiers: iced::keyboard::Modifiers,
    pub part: Part,
    pub ring: bool,
}

/// A part of the window that can have the keyboard.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Part {
    Places,
    Location,
    /// The toolbar's main menu button (Enter opens the menu).
    Menu,
    #[default]
    View,
    Jobs,
}

/// The part after `from` (before it, going back) among those shown now.
pub fn next(from: Part, forward: bool, places: bool, jobs: bool) -> Part {
    let order: Vec<Part> = [
        Part::Places,
        Part::Location,
        Part::Menu,
        Part::View,
        Part::Jobs,
    ]
    .into_iter()
    .filter(|p| match p {
        Part::Places => places,
        Part::Jobs => jobs,
        _ => true,
    })
    .collect();
    let at = order.iter().position(|p| *p == from).unwrap_or(0);
    let n = order.len();
    let to = if forward {
        (at + 1) % n
    } else {
        (at + n - 1) % n
    };
    order[to]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_goes_round_what_is_shown() {
        assert_eq!(next(Part::View, true, true, true), Part::Jobs);
        assert_eq!(next(Part::Jobs, true, true, true), Part::Places);
        assert_eq!(next(Part::View, true, true, false), Part::Places);
        assert_eq!(next(Part::View, true, false, false), Part::Location);
        assert_eq!(next(Part::Places, false, true, false), Part::View);
        assert_eq!(next(Part::Location, false, false, false), Part::View);
        assert_eq!(next(Part::Location, true, true, true), Part::Menu);
        assert_eq!(next(Part::Menu, true, true, true), Part::View);
    }
}
