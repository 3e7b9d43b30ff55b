//! The Preferences dialog (Ctrl+comma, or "Preferences…" in the main menu): what the
//! settings file holds beyond the view — the theme, the icon theme, the language and the
//! switches — each handed to the window as it is changed, which applies and saves it. Its
//! messages, its state and its one piece of work (listing the installed icon themes off
//! the UI thread). From the keyboard: Tab and the arrows up and down go from line to line,
//! left and right change a choice, Space turns a switch, Escape closes it.

mod view;

use iced::Task;
use iced::keyboard::Key;
use iced::keyboard::key::Named;

use crate::icons::installed::IconTheme;
use crate::key_press::KeyPress;
use crate::settings::{Settings, ThemeChoice};

/// The languages the window speaks, by code, with the name each has in itself.
pub const LANGUAGES: [(&str, &str); 2] = [("en", "English"), ("de", "Deutsch")];

/// What Preferences asks of the window.
#[derive(Debug)]
pub enum Event {
    Close,
    /// A setting was changed: the window applies it at once, and saves it.
    Setting(Change),
}

/// The dialog's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// A setting changed by its control.
    Change(Change),
    /// The installed icon themes, listed.
    IconThemes(Vec<IconTheme>),
    /// The keyboard to the next line (or the one before).
    Step(bool),
    /// Left or right (`forward`), or Space: the line with the keyboard changes.
    Turn(bool),
    Close,
}

/// A setting the dialog changes; the window applies it at once and saves it.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Theme(ThemeChoice),
    /// An icon theme by folder name; `None`: the desktop's.
    IconTheme(Option<String>),
    /// A language code; `None`: the desktop's.
    Language(Option<String>),
    ShowHidden(bool),
    NetworkPreviews(bool),
    VerifyCopies(bool),
    QueuePerDevice(bool),
    RestoreTabs(bool),
}

/// The dialog's lines, in the order the keyboard goes through them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Line {
    #[default]
    Theme,
    IconTheme,
    Language,
    ShowHidden,
    NetworkPreviews,
    VerifyCopies,
    QueuePerDevice,
    RestoreTabs,
}

impl Line {
    pub const ALL: [Line; 8] = [
        Line::Theme,
        Line::IconTheme,
        Line::Language,
        Line::ShowHidden,
        Line::NetworkPreviews,
        Line::VerifyCopies,
        Line::QueuePerDevice,
        Line::RestoreTabs,
    ];
}

/// The open dialog: the icon themes it offers, once listed; the line with the keyboard,
/// ringed once a key moved it.
#[derive(Debug, Clone, Default)]
pub struct Preferences {
    pub icon_themes: Option<Vec<IconTheme>>,
    pub cursor: Line,
    pub ringed: bool,
}

impl Preferences {
    /// The dialog, and the work that lists the icon themes to offer.
    pub fn open() -> (Preferences, Task<Message>) {
        let list = crate::offload::work("the icon themes worker", || {
            Message::IconThemes(crate::icons::installed::installed(
                &crate::icons::desktop::Dirs::from_env(),
            ))
        });
        (Preferences::default(), list)
    }

    pub fn update(&mut self, m: Message, settings: &Settings) -> (Task<Message>, Option<Event>) {
        let event = match m {
            Message::Change(change) => Some(Event::Setting(change)),
            Message::IconThemes(themes) => {
                self.icon_themes = Some(themes);
                None
            }
            Message::Step(forward) => {
                self.step(forward);
                None
            }
            Message::Turn(forward) => {
                self.ringed = true;
                Some(Event::Setting(self.change(settings, forward)))
            }
            Message::Close => Some(Event::Close),
        };
        (Task::none(), event)
    }

    /// What a key means here: Escape closes; Tab, Shift+Tab and the arrows up and down
    /// move the keyboard from line to line; left and right change the choice, Space turns
    /// the switch (an open list of choices takes its own keys).
    pub fn key(&self, k: &KeyPress) -> Option<Message> {
        match k.key.as_ref() {
            Key::Named(Named::Escape) => Some(Message::Close),
            _ if k.captured => None,
            Key::Named(Named::Tab) => Some(Message::Step(!k.modifiers.shift())),
            Key::Named(Named::ArrowDown) => Some(Message::Step(true)),
            Key::Named(Named::ArrowUp) => Some(Message::Step(false)),
            Key::Named(Named::ArrowLeft) => Some(Message::Turn(false)),
            Key::Named(Named::ArrowRight | Named::Space) => Some(Message::Turn(true)),
            _ => None,
        }
    }

    /// The keyboard to the next line (or the one before), round.
    pub fn step(&mut self, forward: bool) {
        let at = Line::ALL
            .iter()
            .position(|&l| l == self.cursor)
            .unwrap_or(0);
        let n = Line::ALL.len();
        self.cursor = Line::ALL[if forward {
            (at + 1) % n
        } else {
            (at + n - 1) % n
        }];
        self.ringed = true;
    }

    /// The icon themes to choose from, by folder name (`None`: the desktop's), in the
    /// list's order; a theme set by hand that is not installed last.
    pub fn icon_theme_ids(&self, s: &Settings) -> Vec<Option<String>> {
        let mut ids = vec![None];
        ids.extend(
            self.icon_themes
                .iter()
                .flatten()
                .map(|t| Some(t.id.clone())),
        );
        if s.icon_theme.is_some() && !ids.contains(&s.icon_theme) {
            ids.push(s.icon_theme.clone());
        }
        ids
    }

    /// What a key does on the line with the keyboard: left or right (`forward`) takes the
    /// choice before or after (round), and any of them, or Space, turns a switch.
    pub fn change(&self, s: &Settings, forward: bool) -> Change {
        match self.cursor {
            Line::Theme => Change::Theme(beside(
                &[ThemeChoice::Auto, ThemeChoice::Light, ThemeChoice::Dark],
                &s.theme,
                forward,
            )),
            Line::IconTheme => {
                Change::IconTheme(beside(&self.icon_theme_ids(s), &s.icon_theme, forward))
            }
            Line::Language => {
                let mut codes = vec![None];
                codes.extend(LANGUAGES.iter().map(|(code, _)| Some((*code).to_owned())));
                Change::Language(beside(&codes, &s.language, forward))
            }
            Line::ShowHidden => Change::ShowHidden(!s.show_hidden),
            Line::NetworkPreviews => Change::NetworkPreviews(!s.previews_on_network),
            Line::VerifyCopies => Change::VerifyCopies(!s.verify_copies),
            Line::QueuePerDevice => Change::QueuePerDevice(!s.queue_per_device),
            Line::RestoreTabs => Change::RestoreTabs(!s.restore_tabs),
        }
    }
}

/// The entry of `list` after `current` (or before it), round; the first when `current`
/// is not in it.
fn beside<T: Clone + PartialEq>(list: &[T], current: &T, forward: bool) -> T {
    let n = list.len();
    let next = match list.iter().position(|x| x == current) {
        Some(i) if forward => (i + 1) % n,
        Some(i) => (i + n - 1) % n,
        None => 0,
    };
    list[next].clone()
}

/// A switch of the dialog: its line, its words, whether it is on, the change it makes.
pub type Switch = (Line, String, bool, fn(bool) -> Change);

/// The dialog's switches in order, as `s` has them.
pub fn switches(s: &Settings) -> [Switch; 5] {
    use crate::i18n::fl;
    [
        (
            Line::ShowHidden,
            fl!("prefs-show-hidden"),
            s.show_hidden,
            Change::ShowHidden,
        ),
        (
            Line::NetworkPreviews,
            fl!("prefs-network-previews"),
            s.previews_on_network,
            Change::NetworkPreviews,
        ),
        (
            Line::VerifyCopies,
            fl!("prefs-verify-copies"),
            s.verify_copies,
            Change::VerifyCopies,
        ),
        (
            Line::QueuePerDevice,
            fl!("prefs-queue-per-device"),
            s.queue_per_device,
            Change::QueuePerDevice,
        ),
        (
            Line::RestoreTabs,
            fl!("prefs-restore-tabs"),
            s.restore_tabs,
            Change::RestoreTabs,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyboard_goes_round_the_lines_and_the_choices() {
        let mut v = Preferences::default();
        v.step(false);
        assert_eq!(v.cursor, Line::RestoreTabs, "up from the first: the last");
        v.step(true);
        assert_eq!(v.cursor, Line::Theme);
        let s = Settings::default();
        assert!(matches!(
            v.change(&s, false),
            Change::Theme(ThemeChoice::Dark)
        ));
        v.cursor = Line::Language;
        assert!(matches!(v.change(&s, true), Change::Language(Some(ref l)) if l == "en"));
        v.cursor = Line::VerifyCopies;
        assert!(matches!(v.change(&s, true), Change::VerifyCopies(true)));
    }
}
