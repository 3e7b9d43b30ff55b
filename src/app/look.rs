//! The desktop's look in the app: what it says of dark or light and its accent colour,
//! which the theme follows where the setting says to.

use crate::message::Message;
use iced::Task;
use porpoise_engine::appearance::Appearance;

use super::App;
use crate::theme;

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
