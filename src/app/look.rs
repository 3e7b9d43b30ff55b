//! The desktop's look in the app: what it says of dark or light and its accent colour,
//! which the theme follows where the setting says to.

use crate::message::Message;
use iced::Task;
use porpoise_engine::appearance::Appearance;

use super::App;
use crate::icons::IconSet;
use crate::theme;

/// How the window looks: its theme, what the desktop last said of its look and the
/// icons (bundled until the theme's are loaded).
#[derive(Debug)]
pub(super) struct Look {
    pub(super) theme: iced::Theme,
    pub(super) desktop: Appearance,
    pub(super) icons: IconSet,
}

impl Look {
    pub(super) fn new(theme: iced::Theme) -> Look {
        Look {
            theme,
            desktop: Appearance::default(),
            icons: IconSet::default(),
        }
    }
}

impl App {
    /// What the desktop says of its look changed: the theme follows it at once where the
    /// setting says to (the accent colour in any case).
    pub(super) fn on_appearance(&mut self, desktop: Appearance) -> Task<Message> {
        self.look.desktop = desktop;
        self.look.theme = theme::for_choice(self.settings.theme, &self.look.desktop);
        Task::none()
    }

    /// What the desktop last said of its look.
    pub fn desktop_look(&self) -> &Appearance {
        &self.look.desktop
    }
}
