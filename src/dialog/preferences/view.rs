//! The Preferences dialog over the window: the theme (follow the desktop, light, dark),
//! the icon theme (the desktop's or an installed one), the language (the desktop's,
//! English, Deutsch) and the switches of file work, each applied as it is changed; the
//! line with the keyboard ringed once a key moved it.

use iced::widget::{checkbox, column, container, pick_list, radio, row, text};
use iced::{Center, Element, Fill};

use super::{Change, LANGUAGES, Line, Message, Preferences};
use crate::i18n::fl;
use crate::settings::{Settings, ThemeChoice};
use crate::theme;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

impl Preferences {
    /// The dialog as a layer over the window, showing the settings `s`.
    pub fn view<'a>(&'a self, s: &Settings) -> Element<'a, Message> {
        let v = self;
        let close = leave_button(fl!("prefs-close"), Message::Close);
        let body = column![
            dialog::title(fl!("prefs-title")),
            heading(fl!("prefs-appearance")),
            ringed(v, Line::Theme, line(fl!("prefs-theme"), theme_choice(s))),
            ringed(
                v,
                Line::IconTheme,
                line(fl!("prefs-icon-theme"), icon_theme(v, s))
            ),
            ringed(v, Line::Language, line(fl!("prefs-language"), language(s))),
            heading(fl!("prefs-files")),
            switches(v, s),
            button_row([close.into()]),
        ]
        .spacing(10);
        boxed(body, 620.0)
    }
}

fn heading<'a>(words: String) -> Element<'a, Message> {
    text(words).style(theme::muted).into()
}

/// `content`, ringed while `at` has the keyboard (once a key moved it).
fn ringed<'a>(v: &Preferences, at: Line, content: Element<'a, Message>) -> Element<'a, Message> {
    container(content)
        .width(Fill)
        .padding([3, 6])
        .style(theme::ringed(
            |_| container::Style::default(),
            v.ringed && v.cursor == at,
        ))
        .into()
}

/// A label and its control on one line.
fn line<'a>(label: String, control: Element<'a, Message>) -> Element<'a, Message> {
    row![text(label).width(130), container(control).width(Fill)]
        .spacing(12)
        .align_y(Center)
        .into()
}

fn theme_choice<'a>(s: &Settings) -> Element<'a, Message> {
    let pick = |label: String, choice: ThemeChoice| {
        radio(label, choice, Some(s.theme), |c| {
            Message::Change(Change::Theme(c))
        })
    };
    row![
        pick(fl!("prefs-theme-auto"), ThemeChoice::Auto),
        pick(fl!("prefs-theme-light"), ThemeChoice::Light),
        pick(fl!("prefs-theme-dark"), ThemeChoice::Dark),
    ]
    .spacing(18)
    .into()
}

/// An entry of the icon theme's list: a theme by folder name, or the desktop's.
#[derive(Debug, Clone, PartialEq)]
struct IconChoice {
    id: Option<String>,
    label: String,
}

impl std::fmt::Display for IconChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

fn icon_theme<'a>(v: &Preferences, s: &Settings) -> Element<'a, Message> {
    let mut choices = vec![IconChoice {
        id: None,
        label: fl!("prefs-icon-theme-desktop"),
    }];
    choices.extend(v.icon_themes.iter().flatten().map(|t| IconChoice {
        id: Some(t.id.clone()),
        label: t.name.clone(),
    }));
    // A theme set by hand that is not installed still shows as chosen.
    if let Some(id) = &s.icon_theme
        && !choices.iter().any(|c| c.id.as_ref() == Some(id))
    {
        choices.push(IconChoice {
            id: Some(id.clone()),
            label: id.clone(),
        });
    }
    let selected = choices.iter().find(|c| c.id == s.icon_theme).cloned();
    pick_list(choices, selected, |c: IconChoice| {
        Message::Change(Change::IconTheme(c.id))
    })
    .width(280)
    .into()
}

fn language<'a>(s: &Settings) -> Element<'a, Message> {
    // Radio values: 0 the desktop's, then each of LANGUAGES.
    let chosen = match &s.language {
        None => 0,
        Some(l) => LANGUAGES
            .iter()
            .position(|(code, _)| code == l)
            .map_or(0, |i| i + 1),
    };
    let to_message = |i: usize| {
        let code = i
            .checked_sub(1)
            .and_then(|i| LANGUAGES.get(i))
            .map(|(code, _)| (*code).to_owned());
        Message::Change(Change::Language(code))
    };
    let mut r = row![radio(
        fl!("prefs-language-system"),
        0,
        Some(chosen),
        to_message
    )]
    .spacing(18);
    for (i, (_, name)) in LANGUAGES.iter().enumerate() {
        r = r.push(radio(*name, i + 1, Some(chosen), to_message));
    }
    r.into()
}

fn switches<'a>(v: &Preferences, s: &Settings) -> Element<'a, Message> {
    let lines = super::switches(s).map(|(at, label, on, msg)| {
        let check = checkbox(on)
            .label(label)
            .on_toggle(move |on| Message::Change(msg(on)));
        ringed(v, at, check.into())
    });
    iced::widget::Column::with_children(lines).spacing(2).into()
}
