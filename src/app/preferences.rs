//! The Preferences dialog in the app: opening and closing it, and each change applied at
//! once (the theme, the icon theme's icons, the language's words, hidden files, network
//! previews) and saved; Escape closes it. The desktop's look arriving is taken here too.

use iced::keyboard::Key;
use iced::keyboard::key::Named;
use porpoise_engine::appearance::Appearance;

use super::App;
use crate::effects::Effect;
use crate::message::KeyPress;
use crate::preferences::{PreferencesView, PrefsEffect, PrefsMsg};
use crate::theme;

impl App {
    pub(super) fn on_prefs_message(&mut self, m: PrefsMsg) -> Vec<Effect> {
        match m {
            PrefsMsg::Open => {
                self.pane.close_menus();
                self.preferences = Some(PreferencesView::default());
                vec![Effect::Prefs(PrefsEffect::ListIconThemes)]
            }
            PrefsMsg::Close => {
                self.preferences = None;
                Vec::new()
            }
            PrefsMsg::IconThemes(themes) => {
                if let Some(v) = &mut self.preferences {
                    v.icon_themes = Some(themes);
                }
                Vec::new()
            }
            PrefsMsg::Theme(choice) => {
                self.settings.theme = choice;
                self.theme = theme::for_choice(choice, &self.desktop);
                self.save()
            }
            PrefsMsg::IconTheme(name) => {
                self.settings.icon_theme = name;
                let mut effects = vec![Effect::LoadThemeIcons {
                    setting: self.settings.icon_theme.clone(),
                }];
                effects.extend(self.describe_types_again());
                effects.extend(self.save());
                effects
            }
            PrefsMsg::Language(language) => {
                self.settings.language = language;
                crate::i18n::apply(self.settings.language.as_deref());
                let mut effects = self.describe_types_again();
                effects.extend(self.save());
                effects
            }
            PrefsMsg::ShowHidden(on) if on != self.settings.show_hidden => self.toggle_hidden(),
            PrefsMsg::NetworkPreviews(on) if on != self.settings.previews_on_network => {
                self.toggle_network_previews()
            }
            PrefsMsg::ShowHidden(_) | PrefsMsg::NetworkPreviews(_) => Vec::new(),
            PrefsMsg::VerifyCopies(on) => {
                self.settings.verify_copies = on;
                self.save()
            }
            PrefsMsg::QueuePerDevice(on) => {
                self.settings.queue_per_device = on;
                self.save()
            }
            PrefsMsg::RestoreTabs(on) => {
                self.settings.restore_tabs = on;
                self.save()
            }
        }
    }

    /// What the desktop says of its look changed: the theme follows it at once where the
    /// setting says to (the accent colour in any case).
    pub(super) fn on_appearance(&mut self, desktop: Appearance) -> Vec<Effect> {
        self.desktop = desktop;
        self.theme = theme::for_choice(self.settings.theme, &self.desktop);
        Vec::new()
    }

    /// A key while the dialog is open: it is modal. Escape closes it; Tab, Shift+Tab and
    /// the arrows up and down move the keyboard from line to line; left and right change
    /// the choice, Space turns the switch.
    pub(super) fn preferences_key(&mut self, k: &KeyPress) -> Vec<Effect> {
        let Some(v) = self.preferences.as_mut() else {
            return Vec::new();
        };
        match k.key.as_ref() {
            Key::Named(Named::Escape) => self.on_prefs_message(PrefsMsg::Close),
            // An open list of choices takes its own keys.
            _ if k.captured => Vec::new(),
            Key::Named(Named::Tab) => {
                v.step(!k.modifiers.shift());
                Vec::new()
            }
            Key::Named(Named::ArrowDown) => {
                v.step(true);
                Vec::new()
            }
            Key::Named(Named::ArrowUp) => {
                v.step(false);
                Vec::new()
            }
            Key::Named(Named::ArrowLeft | Named::ArrowRight | Named::Space) => {
                v.ringed = true;
                let forward = k.key != Key::Named(Named::ArrowLeft);
                let change = v.change(&self.settings, forward);
                self.on_prefs_message(change)
            }
            _ => Vec::new(),
        }
    }

    /// The open Preferences dialog.
    pub fn preferences(&self) -> Option<&PreferencesView> {
        self.preferences.as_ref()
    }

    /// What the desktop last said of its look.
    pub fn desktop_look(&self) -> &Appearance {
        &self.desktop
    }
}
