//! The Preferences dialog (Ctrl+comma, or "Preferences…" in the main menu): what the
//! settings file holds beyond the view — the theme, the icon theme, the language and the
//! switches — each applied at once and saved. Its messages, its state and its one piece of
//! work (listing the installed icon themes off the UI thread).

use crate::icons::installed::IconTheme;
use crate::settings::ThemeChoice;

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

/// The open dialog: the icon themes it offers, once listed.
#[derive(Debug, Clone, Default)]
pub struct PreferencesView {
    pub icon_themes: Option<Vec<IconTheme>>,
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

    /// Do it here (tests).
    pub fn run_blocking(self) -> Vec<PrefsMsg> {
        vec![self.run()]
    }

    fn run(self) -> PrefsMsg {
        match self {
            PrefsEffect::ListIconThemes => PrefsMsg::IconThemes(
                crate::icons::installed::installed(&crate::icons::desktop::Dirs::from_env()),
            ),
        }
    }
}
