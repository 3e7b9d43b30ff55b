//! The browser's keys: what a key press means to the shown pane and its tabs (move the
//! cursor, open, go up, a view, a tab), whatever part of the browser then does it.

use iced::keyboard::{Key, key::Named};

use super::tabs::TabMsg;
use crate::key_press::KeyPress;
use crate::settings::ViewMode;

/// Where a selection move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    First,
    Last,
}

/// What a key press asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move {
        to: Move,
        extend: bool,
    },
    Open,
    GoUp,
    Back,
    Forward,
    ToggleHidden,
    /// Ctrl+plus, Ctrl+minus (a step each), Ctrl+0 (the usual size).
    Zoom(i32),
    Reload,
    EditLocation,
    CancelLocation,
    /// Open (or focus) the filter box.
    Filter,
    /// Search from the shown folder down.
    Search,
    SelectAll,
    /// Ctrl+Shift+A: select what was not selected, and unselect what was.
    InvertSelection,
    /// Ctrl+Alt+C: the paths of the selection (or the folder's) onto the clipboard.
    CopyLocation,
    /// Ctrl+M: a link to each selected item, beside it.
    CreateLink,
    /// F1 and Ctrl+?: the keyboard shortcuts.
    Shortcuts,
    TypeAhead(String),
    /// Del: move the selection to the trash.
    Trash,
    /// Shift+Del: delete the selection for good (after asking).
    DeleteForGood,
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Shift+Z or Ctrl+Y.
    Redo,
    /// Ctrl+arrows (and Ctrl+Home/End/PageUp/PageDown): move the cursor, select nothing.
    MoveCursor(Move),
    /// Ctrl+Space: select or unselect the entry under the cursor.
    ToggleCursor,
    /// The Menu key or Shift+F10: the context menu of the selection.
    ContextMenu,
    /// F9: show or hide Places.
    TogglePlaces,
    /// F11: show or hide the information panel.
    ToggleInfo,
    /// Space: the quick preview of the item under the cursor (while a name is being typed
    /// to find it, a space goes on the name).
    Preview,
    /// Ctrl+1 and Ctrl+2: the details or the icons view.
    View(ViewMode),
    /// Alt+Home: the home folder.
    Home,
    /// Ctrl+Q: close the window.
    Close,
    /// F3: split view on or off.
    ToggleSplit,
    /// F5: in split view, copy the selection into the other pane's folder; else reload.
    CopyToOther,
    /// F6: in split view, move the selection into the other pane's folder.
    MoveToOther,
    /// Ctrl+T, Ctrl+W, Ctrl+Tab, Ctrl+PageUp/PageDown, Alt+1…9, Ctrl+Shift+T: tabs.
    Tabs(TabMsg),
    /// Alt+Enter: the selection's properties.
    Properties,
    /// F4: the desktop's terminal in the shown folder.
    OpenTerminal,
    /// Ctrl+comma: the Preferences dialog.
    Preferences,
    /// Ctrl+C and Ctrl+X (`cut`): the selection onto the clipboard.
    Clipboard {
        cut: bool,
    },
    /// Ctrl+V: paste into the shown folder.
    Paste,
    /// Ctrl+Shift+N and F10: a new folder.
    NewFolder,
    /// Ctrl+Alt+N: a new empty file.
    NewFile,
    /// F2: rename the entry under the cursor, or the selected entries.
    Rename,
    /// Ctrl+D: bookmark the shown folder in Places.
    Bookmark,
}

/// Decode a key press. `editing`: the location input is open.
pub fn command(k: &KeyPress) -> Option<Command> {
    let m = k.modifiers;
    if k.captured {
        return (k.key == Key::Named(Named::Escape)).then_some(Command::CancelLocation);
    }
    let mv = |to| {
        Some(Command::Move {
            to,
            extend: m.shift(),
        })
    };
    let nav = |to| {
        if m.control() && !m.alt() {
            Some(Command::MoveCursor(to))
        } else {
            mv(to)
        }
    };
    if let Some(tabs) = tab_command(k) {
        return Some(Command::Tabs(tabs));
    }
    match k.key.as_ref() {
        Key::Named(Named::Home) if m.alt() => Some(Command::Home),
        Key::Named(Named::ArrowUp) if m.alt() => Some(Command::GoUp),
        Key::Named(Named::ArrowLeft) if m.alt() => Some(Command::Back),
        Key::Named(Named::ArrowRight) if m.alt() => Some(Command::Forward),
        Key::Named(Named::ArrowUp) => nav(Move::Up),
        Key::Named(Named::ArrowDown) => nav(Move::Down),
        Key::Named(Named::ArrowLeft) => nav(Move::Left),
        Key::Named(Named::ArrowRight) => nav(Move::Right),
        Key::Named(Named::PageUp) => nav(Move::PageUp),
        Key::Named(Named::PageDown) => nav(Move::PageDown),
        Key::Named(Named::Home) => nav(Move::First),
        Key::Named(Named::End) => nav(Move::Last),
        Key::Named(Named::Enter) if m.alt() => Some(Command::Properties),
        Key::Named(Named::Enter) => Some(Command::Open),
        Key::Named(Named::Backspace) => Some(Command::GoUp),
        Key::Named(Named::F3) => Some(Command::ToggleSplit),
        Key::Named(Named::F4) => Some(Command::OpenTerminal),
        Key::Named(Named::F5) => Some(Command::CopyToOther),
        Key::Named(Named::F6) => Some(Command::MoveToOther),
        Key::Named(Named::F9) => Some(Command::TogglePlaces),
        Key::Named(Named::F11) => Some(Command::ToggleInfo),
        Key::Named(Named::F10) if m.shift() => Some(Command::ContextMenu),
        Key::Named(Named::F10) => Some(Command::NewFolder),
        Key::Named(Named::F2) => Some(Command::Rename),
        Key::Named(Named::F1) => Some(Command::Shortcuts),
        Key::Named(Named::ContextMenu) => Some(Command::ContextMenu),
        Key::Named(Named::Space) if m.control() => Some(Command::ToggleCursor),
        Key::Named(Named::Space) if !m.alt() && !m.logo() => Some(Command::Preview),
        Key::Named(Named::Delete) if m.shift() => Some(Command::DeleteForGood),
        Key::Named(Named::Delete) => Some(Command::Trash),
        Key::Named(Named::Escape) => Some(Command::CancelLocation),
        Key::Named(Named::BrowserBack) => Some(Command::Back),
        Key::Named(Named::BrowserForward) => Some(Command::Forward),
        Key::Character(c)
            if m.control() && m.alt() && !m.shift() && c.eq_ignore_ascii_case("n") =>
        {
            Some(Command::NewFile)
        }
        Key::Character(c)
            if m.control() && m.alt() && !m.shift() && c.eq_ignore_ascii_case("c") =>
        {
            Some(Command::CopyLocation)
        }
        Key::Character(c) if m.control() => match c.to_ascii_lowercase().as_str() {
            "c" if !m.alt() => Some(Command::Clipboard { cut: false }),
            "x" if !m.alt() => Some(Command::Clipboard { cut: true }),
            "v" if !m.alt() => Some(Command::Paste),
            "n" if m.shift() && !m.alt() => Some(Command::NewFolder),
            "d" if !m.shift() && !m.alt() => Some(Command::Bookmark),
            "h" => Some(Command::ToggleHidden),
            "l" => Some(Command::EditLocation),
            "r" => Some(Command::Reload),
            "a" if m.shift() => Some(Command::InvertSelection),
            "a" => Some(Command::SelectAll),
            "m" if !m.shift() && !m.alt() => Some(Command::CreateLink),
            "?" => Some(Command::Shortcuts),
            "f" => Some(Command::Search),
            "i" => Some(Command::Filter),
            "z" if m.shift() => Some(Command::Redo),
            "z" => Some(Command::Undo),
            "y" => Some(Command::Redo),
            "q" => Some(Command::Close),
            "," => Some(Command::Preferences),
            "1" => Some(Command::View(ViewMode::Details)),
            "2" => Some(Command::View(ViewMode::Icons)),
            "+" | "=" => Some(Command::Zoom(1)),
            "-" => Some(Command::Zoom(-1)),
            "0" => Some(Command::Zoom(0)),
            " " => Some(Command::ToggleCursor),
            _ => None,
        },
        _ if m.control() || m.alt() || m.logo() => None,
        _ => k
            .text
            .as_deref()
            .filter(|t| !t.is_empty() && t.chars().all(|c| !c.is_control()))
            .map(|t| Command::TypeAhead(t.to_owned())),
    }
}

/// The keys of tabs (Dolphin's, Firefox's): Ctrl+T opens one (Ctrl+Shift+T the last
/// closed again), Ctrl+W closes it, Ctrl+Tab and Ctrl+PageDown go to the next,
/// Ctrl+Shift+Tab and Ctrl+PageUp to the one before, Alt+1…9 to the first to ninth.
fn tab_command(k: &KeyPress) -> Option<TabMsg> {
    let m = k.modifiers;
    if m.alt() && !m.control() {
        let Key::Character(c) = k.key.as_ref() else {
            return None;
        };
        let n: usize = c.parse().ok().filter(|n| (1..=9).contains(n))?;
        return Some(TabMsg::Show(n - 1));
    }
    if !m.control() || m.alt() {
        return None;
    }
    match k.key.as_ref() {
        Key::Named(Named::Tab) if m.shift() => Some(TabMsg::Previous),
        Key::Named(Named::Tab) | Key::Named(Named::PageDown) => Some(TabMsg::Next),
        Key::Named(Named::PageUp) => Some(TabMsg::Previous),
        Key::Character(c) => match c.to_ascii_lowercase().as_str() {
            "t" if m.shift() => Some(TabMsg::Reopen),
            "t" => Some(TabMsg::New),
            "w" => Some(TabMsg::Close(None)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use iced::keyboard::Modifiers;

    use super::*;
    use crate::key_press::{char_key, named};

    fn cmd(key: Key, m: Modifiers) -> Option<Command> {
        command(&KeyPress::new(key, m))
    }

    #[test]
    fn decodes_the_shortcuts() {
        let ctrl_shift = Modifiers::CTRL | Modifiers::SHIFT;
        let cases = [
            (char_key("h"), Modifiers::CTRL, Some(Command::ToggleHidden)),
            (named(Named::ArrowLeft), Modifiers::ALT, Some(Command::Back)),
            (
                named(Named::ArrowDown),
                Modifiers::SHIFT,
                Some(Command::Move {
                    to: Move::Down,
                    extend: true,
                }),
            ),
            (
                char_key("b"),
                Modifiers::empty(),
                Some(Command::TypeAhead("b".into())),
            ),
            (char_key("f"), Modifiers::CTRL, Some(Command::Search)),
            (char_key("i"), Modifiers::CTRL, Some(Command::Filter)),
            (char_key("z"), Modifiers::CTRL, Some(Command::Undo)),
            (
                named(Named::Delete),
                Modifiers::empty(),
                Some(Command::Trash),
            ),
            (
                named(Named::Delete),
                Modifiers::SHIFT,
                Some(Command::DeleteForGood),
            ),
            (
                named(Named::Backspace),
                Modifiers::empty(),
                Some(Command::GoUp),
            ),
            // The shortcuts people type without thinking.
            (char_key("Z"), ctrl_shift, Some(Command::Redo)),
            (char_key("y"), Modifiers::CTRL, Some(Command::Redo)),
            (char_key("q"), Modifiers::CTRL, Some(Command::Close)),
            // The file actions' keys, and their neighbours with Alt, which are none.
            (
                char_key("c"),
                Modifiers::CTRL,
                Some(Command::Clipboard { cut: false }),
            ),
            (
                char_key("X"),
                ctrl_shift,
                Some(Command::Clipboard { cut: true }),
            ),
            (char_key("v"), Modifiers::CTRL, Some(Command::Paste)),
            (char_key("N"), ctrl_shift, Some(Command::NewFolder)),
            (
                char_key("n"),
                Modifiers::CTRL | Modifiers::ALT,
                Some(Command::NewFile),
            ),
            (
                char_key("h"),
                Modifiers::CTRL | Modifiers::ALT,
                Some(Command::ToggleHidden),
            ),
            (
                named(Named::F10),
                Modifiers::empty(),
                Some(Command::NewFolder),
            ),
            (named(Named::F2), Modifiers::empty(), Some(Command::Rename)),
            (char_key("d"), Modifiers::CTRL, Some(Command::Bookmark)),
            (char_key("D"), ctrl_shift, None),
            (char_key("a"), Modifiers::CTRL, Some(Command::SelectAll)),
            (char_key("A"), ctrl_shift, Some(Command::InvertSelection)),
            (
                char_key("c"),
                Modifiers::CTRL | Modifiers::ALT,
                Some(Command::CopyLocation),
            ),
            (char_key("m"), Modifiers::CTRL, Some(Command::CreateLink)),
            (char_key("?"), ctrl_shift, Some(Command::Shortcuts)),
            (
                named(Named::F1),
                Modifiers::empty(),
                Some(Command::Shortcuts),
            ),
            (char_key(","), Modifiers::CTRL, Some(Command::Preferences)),
            (char_key("+"), ctrl_shift, Some(Command::Zoom(1))),
            (char_key("="), Modifiers::CTRL, Some(Command::Zoom(1))),
            (char_key("-"), Modifiers::CTRL, Some(Command::Zoom(-1))),
            (char_key("0"), Modifiers::CTRL, Some(Command::Zoom(0))),
            (
                char_key("w"),
                Modifiers::CTRL,
                Some(Command::Tabs(TabMsg::Close(None))),
            ),
            (
                char_key("t"),
                Modifiers::CTRL,
                Some(Command::Tabs(TabMsg::New)),
            ),
            (
                char_key("T"),
                ctrl_shift,
                Some(Command::Tabs(TabMsg::Reopen)),
            ),
            (
                named(Named::Tab),
                Modifiers::CTRL,
                Some(Command::Tabs(TabMsg::Next)),
            ),
            (
                named(Named::Tab),
                ctrl_shift,
                Some(Command::Tabs(TabMsg::Previous)),
            ),
            (
                named(Named::PageUp),
                Modifiers::CTRL,
                Some(Command::Tabs(TabMsg::Previous)),
            ),
            (
                char_key("3"),
                Modifiers::ALT,
                Some(Command::Tabs(TabMsg::Show(2))),
            ),
            (char_key("0"), Modifiers::ALT, None),
            (
                char_key("2"),
                Modifiers::CTRL,
                Some(Command::View(ViewMode::Icons)),
            ),
            (named(Named::Home), Modifiers::ALT, Some(Command::Home)),
            (
                named(Named::Home),
                Modifiers::empty(),
                Some(Command::Move {
                    to: Move::First,
                    extend: false,
                }),
            ),
            (
                named(Named::ArrowDown),
                Modifiers::CTRL,
                Some(Command::MoveCursor(Move::Down)),
            ),
            (
                named(Named::Space),
                Modifiers::CTRL,
                Some(Command::ToggleCursor),
            ),
            (
                named(Named::F10),
                Modifiers::SHIFT,
                Some(Command::ContextMenu),
            ),
            (
                named(Named::ContextMenu),
                Modifiers::empty(),
                Some(Command::ContextMenu),
            ),
            (
                named(Named::F9),
                Modifiers::empty(),
                Some(Command::TogglePlaces),
            ),
        ];
        for (key, mods, want) in cases {
            assert_eq!(cmd(key.clone(), mods), want, "{key:?} with {mods:?}");
        }
    }
}
