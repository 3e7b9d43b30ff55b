//! The Preferences dialog (Ctrl+comma, or "Preferences…" in the main menu): what the
//! settings file holds beyond the view — the theme, the icon theme, the language and the
//! switches — each applied at once and saved. Its messages, its state and its one piece of
//! work (listing the installed icon themes off the UI thread). From the keyboard: Tab and
//! the arrows up and down go from line to line, left and right change a choice, Space
//! turns a switch.

use crate::icons::installed::IconTheme;
use crate::settings::{Settings, ThemeChoice};

/// The languages the window speaks, by code, with the name each has in itself.
pub const LANGUAGES: [(&str, &str); 2] = [("en", "English"), ("de", "Deutsch")];

/// The dialog's messages (one variant of `Message`).
#[derive(Debug, Clone)]
pub enum PrefsMsg {
    Open,
    Close,
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
    /// The installed icon themes, listed.
    IconThemes(Vec<IconTheme>),
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
pub struct PreferencesView {
    pub icon_themes: Option<Vec<IconTheme>>,
    pub cursor: Line,
    pub ringed: bool,
}

impl PreferencesView {
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
    pub fn change(&self, s: &Settings, forward: bool) -> PrefsMsg {
        match self.cursor {
            Line::Theme => PrefsMsg::Theme(beside(
                &[ThemeChoice::Auto, ThemeChoice::Light, ThemeChoice::Dark],
                &s.theme,
                forward,
            )),
            Line::IconTheme => {
                PrefsMsg::IconTheme(beside(&self.icon_theme_ids(s), &s.icon_theme, forward))
            }
            Line::Language => {
                let mut codes = vec![None];
                codes.extend(LANGUAGES.iter().map(|(code, _)| Some((*code).to_owned())));
                PrefsMsg::Language(beside(&codes, &s.language, forward))
            }
            Line::ShowHidden => PrefsMsg::ShowHidden(!s.show_hidden),
            Line::NetworkPreviews => PrefsMsg::NetworkPreviews(!s.previews_on_network),
            Line::VerifyCopies => PrefsMsg::VerifyCopies(!s.verify_copies),
            Line::QueuePerDevice => PrefsMsg::QueuePerDevice(!s.queue_per_device),
            Line::RestoreTabs => PrefsMsg::RestoreTabs(!s.restore_tabs),
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

/// The dialog's work off the UI thread.
#[derive(Debug, Clone)]
pub enum PrefsEffect {
    /// List the installed icon themes; ends with `PrefsMsg::IconThemes`.
    ListIconThemes,
}

impl PrefsEffect {
    /// The task that does it, its message wrapped by `wrap` (`idle` when none comes).
    pub fn into_task<M: Clone + Send + 'static>(
        self,
        wrap: fn(PrefsMsg) -> M,
        idle: M,
    ) -> iced::Task<M> {
        crate::offload::off_ui_thread(
            "the icon themes worker",
            move || Some(wrap(self.run())),
            idle,
        )
    }

    fn run(self) -> PrefsMsg {
        match self {
            PrefsEffect::ListIconThemes => PrefsMsg::IconThemes(
                crate::icons::installed::installed(&crate::icons::desktop::Dirs::from_env()),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyboard_goes_round_the_lines_and_the_choices() {
        let mut v = PreferencesView::default();
        v.step(false);
        assert_eq!(v.cursor, Line::RestoreTabs, "up from the first: the last");
        v.step(true);
        assert_eq!(v.cursor, Line::Theme);
        let s = Settings::default();
        assert!(matches!(
            v.change(&s, false),
            PrefsMsg::Theme(ThemeChoice::Dark)
        ));
        v.cursor = Line::Language;
        assert!(matches!(v.change(&s, true), PrefsMsg::Language(Some(ref l)) if l == "en"));
        v.cursor = Line::VerifyCopies;
        assert!(matches!(v.change(&s, true), PrefsMsg::VerifyCopies(true)));
    }
}
