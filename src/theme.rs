//! Colours and sizes: a calm light and dark palette, chosen by the setting or by what the
//! desktop says (its accent colour as the primary one), and the style functions the
//! widgets share.

use iced::widget::{button, container, svg};
use iced::{Background, Border, Color, Theme, color};

use porpoise_engine::appearance::Appearance;
use serde::{Deserialize, Serialize};

/// Default text size of the window.
pub const TEXT_SIZE: f32 = 14.0;
/// Smaller text (status bar, column headers).
pub const SMALL_TEXT: f32 = 13.0;
/// Height of one details row.
pub const ROW_HEIGHT: f32 = 28.0;
/// The icon sizes the icons view zooms through, and the one it starts with.
pub const ICON_SIZES: [u16; 7] = [32, 48, 64, 96, 128, 192, 256];
pub const DEFAULT_ICON: usize = 1;
/// The name under a tile's icon: its height, and the room around icon and name.
pub const TILE_LABEL: f32 = 36.0;
const TILE_ROOM: f32 = 16.0;

/// Width of one tile in the icons view with icons of `icon` pixels.
pub fn tile_width(icon: f32) -> f32 {
    (icon + 64.0).max(112.0)
}

/// Height of one tile in the icons view with icons of `icon` pixels.
pub fn tile_height(icon: f32) -> f32 {
    icon + TILE_LABEL + TILE_ROOM
}

/// Is the desktop dark? Only what is known without I/O: `GTK_THEME` ending in `:dark`
/// or naming a dark theme.
pub fn desktop_prefers_dark() -> bool {
    std::env::var("GTK_THEME")
        .map(|t| {
            let t = t.to_ascii_lowercase();
            t.ends_with(":dark") || t.ends_with("-dark")
        })
        .unwrap_or(false)
}

/// Light, dark, or whatever the desktop says (a setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    Auto,
    Light,
    Dark,
}

/// The theme for a choice, with what the desktop says (`desktop`) where the choice is to
/// follow it: dark or light (else `GTK_THEME`'s word), and its accent colour, which takes
/// the place of the primary (selection) colour in every choice.
pub fn for_choice(choice: ThemeChoice, desktop: &Appearance) -> Theme {
    let dark = match choice {
        ThemeChoice::Light => false,
        ThemeChoice::Dark => true,
        ThemeChoice::Auto => desktop.dark.unwrap_or_else(desktop_prefers_dark),
    };
    let mut palette = if dark {
        dark_palette()
    } else {
        light_palette()
    };
    if let Some(a) = desktop.accent {
        palette.primary = Color::from_rgb(a.r as f32, a.g as f32, a.b as f32);
    }
    let name = if dark {
        "Porpoise Dark"
    } else {
        "Porpoise Light"
    };
    Theme::custom(name, palette)
}

/// Whether `theme` is the dark one.
pub fn is_dark(theme: &Theme) -> bool {
    theme.palette().background.relative_luminance() < 0.5
}

fn light_palette() -> iced::theme::Palette {
    iced::theme::Palette {
        background: color!(0xfafafa),
        text: color!(0x241f31),
        primary: color!(0x3584e4),
        success: color!(0x26a269),
        warning: color!(0xcd9309),
        danger: color!(0xc01c28),
    }
}

fn dark_palette() -> iced::theme::Palette {
    iced::theme::Palette {
        background: color!(0x242424),
        text: color!(0xeeeeec),
        primary: color!(0x3584e4),
        success: color!(0x33d17a),
        warning: color!(0xe5a50a),
        danger: color!(0xf66151),
    }
}

/// A row or tile of the file view: primary colour when selected, a soft hover otherwise.
pub fn entry_button(selected: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| {
        let p = theme.extended_palette();
        let (bg, text) = if selected {
            (Some(p.primary.base.color), Color::WHITE)
        } else {
            match status {
                button::Status::Hovered | button::Status::Pressed => {
                    (Some(p.background.weak.color), p.background.base.text)
                }
                _ => (None, p.background.base.text),
            }
        };
        button::Style {
            background: bg.map(Background::Color),
            text_color: text,
            border: Border::default().rounded(4),
            ..button::Style::default()
        }
    }
}

/// A row that is not a button (taken on the press): primary colour when selected.
pub fn entry_row(selected: bool) -> impl Fn(&Theme) -> iced::widget::container::Style {
    move |theme| {
        let p = theme.extended_palette();
        let (bg, text) = if selected {
            (Some(p.primary.base.color), Color::WHITE)
        } else {
            (None, p.background.base.text)
        };
        iced::widget::container::Style {
            background: bg.map(Background::Color),
            text_color: Some(text),
            border: Border::default().rounded(4),
            ..iced::widget::container::Style::default()
        }
    }
}

/// Flat buttons of the toolbar, places and breadcrumb; `active` marks the current one.
pub fn flat_button(active: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| {
        let p = theme.extended_palette();
        let bg = match status {
            _ if active => Some(p.background.strong.color),
            button::Status::Hovered => Some(p.background.weak.color),
            button::Status::Pressed => Some(p.background.strong.color),
            _ => None,
        };
        let text = if status == button::Status::Disabled {
            p.background.base.text.scale_alpha(0.35)
        } else {
            p.background.base.text
        };
        button::Style {
            background: bg.map(Background::Color),
            text_color: text,
            border: Border::default().rounded(5),
            ..button::Style::default()
        }
    }
}

/// Toolbar symbols take the text colour (dimmed when the button is disabled).
pub fn symbol(enabled: bool) -> impl Fn(&Theme, svg::Status) -> svg::Style {
    move |theme, _| {
        let c = theme.extended_palette().background.base.text;
        svg::Style {
            color: Some(if enabled { c } else { c.scale_alpha(0.35) }),
        }
    }
}

/// The Places panel and bars: a slightly darker surface than the file view.
pub fn side_panel(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.weakest.color)),
        text_color: Some(p.background.base.text),
        ..container::Style::default()
    }
}

/// The line that shows where something dropped will go (a bookmark in Places).
pub fn insertion_marker(theme: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(
            theme.extended_palette().primary.base.color,
        )),
        ..container::Style::default()
    }
}

/// `base` with the keyboard's focus ring around it when `on`.
pub fn ringed(
    base: fn(&Theme) -> container::Style,
    on: bool,
) -> impl Fn(&Theme) -> container::Style {
    move |theme| {
        let mut style = base(theme);
        if on {
            style.border = Border::default()
                .width(2)
                .color(theme.extended_palette().primary.base.color);
        }
        style
    }
}

/// A dialog's button of the `base` look, ringed when the keyboard is on it (`on`).
pub fn ringed_button(
    base: fn(&Theme, button::Status) -> button::Style,
    on: bool,
) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| {
        let mut style = base(theme, status);
        if on {
            style.border = style
                .border
                .width(2)
                .color(theme.extended_palette().background.base.text);
        }
        style
    }
}

/// The file view's own surface.
pub fn view_surface(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.base.color)),
        text_color: Some(p.background.base.text),
        ..container::Style::default()
    }
}

/// Muted text (headings, secondary columns, status bar).
pub fn muted(theme: &Theme) -> iced::widget::text::Style {
    iced::widget::text::Style {
        color: Some(
            theme
                .extended_palette()
                .background
                .base
                .text
                .scale_alpha(0.62),
        ),
    }
}

/// The colour of an error message.
pub fn error_text(theme: &Theme) -> iced::widget::text::Style {
    iced::widget::text::Style {
        color: Some(theme.extended_palette().danger.base.color),
    }
}

/// Muted colour for text inside a selected row must stay readable on the primary colour.
pub fn secondary_on(selected: bool) -> impl Fn(&Theme) -> iced::widget::text::Style + Copy {
    move |theme| {
        let p = theme.extended_palette();
        let c: Color = if selected {
            Color::WHITE.scale_alpha(0.85)
        } else {
            p.background.base.text.scale_alpha(0.62)
        };
        iced::widget::text::Style { color: Some(c) }
    }
}
