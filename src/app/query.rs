//! Read access to the window's own state, for the view and for tests (the parts answer
//! for theirs: `browser()`, `places()`, `jobs()`, `status()`, `dialog()`).

use super::super::icons::IconSet;
use super::super::settings::Settings;
use super::App;

impl App {
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The width of the Places panel now (0 when hidden or the window is too narrow).
    pub fn places_width(&self) -> f32 {
        crate::layout::places_width(self.settings.window_width, self.settings.show_places)
    }

    /// The drags in the window and files other applications drop on it.
    pub fn actions(&self) -> &super::super::actions::ActionState {
        &self.actions
    }

    pub fn icons(&self) -> &IconSet {
        &self.look.icons
    }

    /// The home folder, the home trash and where the applications are.
    pub fn home(&self) -> &crate::places::UserHome {
        &self.home
    }

    /// What the status bar tells besides the counts.
    pub fn status(&self) -> &crate::screen::status::Status {
        &self.status
    }
}
