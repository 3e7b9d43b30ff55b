//! The help pages over the window: the shortcuts in two columns of groups (scrolled when
//! the window is short), and About.

use iced::widget::{Column, column, row, scrollable, text};
use iced::{Element, Fill, Font};

use super::{Help, Message, Page, shortcuts};
use crate::i18n::fl;
use crate::settings::Settings;
use crate::theme;
use crate::widgets::dialog::{self, boxed, button_row, leave_button};

/// The height of one line of the shortcuts, for the scrolled part's height.
const LINE: f32 = 24.0;

impl Help {
    pub fn view<'a>(&'a self, s: &Settings) -> Element<'a, Message> {
        let close = leave_button(fl!("help-close"), Message::Close);
        match self.page {
            Page::Shortcuts => shortcuts_page(s, close.into()),
            Page::About => about_page(close.into()),
        }
    }
}

fn shortcuts_page<'a>(s: &Settings, close: Element<'a, Message>) -> Element<'a, Message> {
    let groups = shortcuts();
    let half = groups.len().div_ceil(2);
    let mut lines = [0usize; 2];
    let mut sides: [Vec<Element<'a, Message>>; 2] = Default::default();
    for (i, (heading, keys)) in groups.into_iter().enumerate() {
        let side = usize::from(i >= half);
        lines[side] += keys.len() + 2;
        let mut group = column![text(heading).style(theme::muted)].spacing(4);
        for (keys, what) in keys {
            group = group.push(
                row![
                    text(spoken_keys(keys)).font(Font::MONOSPACE).width(210),
                    text(what).width(Fill),
                ]
                .spacing(12),
            );
        }
        sides[side].push(group.into());
    }
    let [left, right] = sides.map(|groups| Column::with_children(groups).spacing(14));
    let tallest = lines[0].max(lines[1]) as f32 * LINE;
    let room = (s.window_height - 170.0).max(120.0);
    let body = column![
        dialog::title(fl!("help-shortcuts-title")),
        scrollable(row![left.width(Fill), right.width(Fill)].spacing(28)).height(tallest.min(room)),
        button_row([close]),
    ]
    .spacing(12);
    boxed(body, 1000.0)
}

fn about_page<'a>(close: Element<'a, Message>) -> Element<'a, Message> {
    let body = column![
        dialog::title(fl!("about-name")),
        text(fl!("about-version", version = env!("CARGO_PKG_VERSION"))),
        text(fl!("about-summary")),
        text(fl!("about-licence")).style(theme::muted),
        button_row([close]),
    ]
    .spacing(10);
    boxed(body, 460.0)
}

/// Keys as written in the shortcuts ("Ctrl+Shift+A", "Alt+↑  Backspace") with the words
/// of the keys in the window's language (Strg, Umschalt, Entf in German).
pub fn spoken_keys(keys: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(&key_word(word));
        word.clear();
    };
    for c in keys.chars() {
        if c == '+' && !word.is_empty() || c == ' ' {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// One key's word in the window's language; letters, digits, arrows and F-keys as they are.
fn key_word(word: &str) -> String {
    match word {
        "Ctrl" => fl!("key-ctrl"),
        "Shift" => fl!("key-shift"),
        "Alt" => fl!("key-alt"),
        "Delete" => fl!("key-delete"),
        "Backspace" => fl!("key-backspace"),
        "Escape" => fl!("key-escape"),
        "Home" => fl!("key-home"),
        "Space" => fl!("key-space"),
        "Enter" => fl!("key-enter"),
        "Tab" => fl!("key-tab"),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_plus_signs_and_gaps() {
        // "Ctrl++" is Ctrl and the plus key.
        crate::i18n::select(&["en"]);
        assert_eq!(spoken_keys("Ctrl++  Ctrl+-"), "Ctrl++  Ctrl+-");
        assert_eq!(spoken_keys("Alt+↑  Backspace"), "Alt+↑  Backspace");
        assert_eq!(spoken_keys("Ctrl+Shift+A"), "Ctrl+Shift+A");
    }
}
