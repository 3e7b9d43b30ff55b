//! The open dialog as a screen reader reads it: a modal dialog named by its title, with
//! its fields, choices, checkboxes and buttons (the default one has Return as its key),
//! the line or button with the keyboard focused.

mod forms;
mod pages;
mod servers;

use accesskit::{Node, NodeId, Role};

use super::preferences::{self, Change, LANGUAGES, Line, Preferences};
use super::question::Question;
use super::{Dialog, Message};
use crate::accessible::{self, Part, labelled};
use crate::i18n::fl;
use crate::settings::{Settings, ThemeChoice};
use crate::types::Types;

impl Dialog {
    /// Add the dialog's nodes under `part`; `settings`: what Preferences shows, `types`
    /// the words of a file's type.
    pub fn accessible(&self, part: &mut Part<'_, Message>, settings: &Settings, types: &Types) {
        let title = match self {
            Dialog::Preferences(_) => fl!("prefs-title"),
            Dialog::Question(q) => q.headline().0,
            Dialog::Properties(_) => fl!("a11y-dialog-properties"),
            Dialog::BatchRename(v) => fl!("batch-title", count = v.count()),
            Dialog::Unlock(u) => fl!("device-unlock-title", name = u.name.clone()),
            Dialog::ExtractTo(e) => e.title(),
            Dialog::Compress(c) => c.title(),
            Dialog::Chooser(_) => fl!("chooser-title"),
            Dialog::Help(h) => match h.page {
                super::help::Page::Shortcuts => fl!("help-shortcuts-title"),
                super::help::Page::About => fl!("about-name"),
            },
            Dialog::Connect(_) => fl!("connect-title"),
            Dialog::Login(l) => l.title(),
            Dialog::ServerQuestion(q) => q.title(),
        };
        let mut node = labelled(Role::Dialog, title);
        node.set_modal();
        let mut dialog = part.child("dialog", node);
        let id = dialog.parent();
        dialog.focus(id);
        match self {
            Dialog::Preferences(p) => {
                dialog.map(&|m| Message::Preferences(m), |d| prefs(d, p, settings));
            }
            Dialog::Question(q) => {
                dialog.map(&|m| Message::Question(m), |d| question(d, q));
            }
            Dialog::Properties(v) => {
                dialog.map(&|m| Message::Properties(m), |d| {
                    pages::properties(d, v, types)
                });
            }
            Dialog::BatchRename(v) => {
                dialog.map(&|m| Message::BatchRename(m), |d| forms::batch(d, v));
            }
            Dialog::Unlock(u) => {
                dialog.map(&|m| Message::Unlock(m), |d| forms::unlock(d, u));
            }
            Dialog::ExtractTo(e) => {
                dialog.map(&|m| Message::ExtractTo(m), |d| forms::extract(d, e));
            }
            Dialog::Compress(c) => {
                dialog.map(&|m| Message::Compress(m), |d| forms::compress(d, c));
            }
            Dialog::Chooser(c) => {
                dialog.map(&|m| Message::Chooser(m), |d| pages::chooser(d, c));
            }
            Dialog::Help(h) => {
                dialog.map(&|m| Message::Help(m), |d| pages::help(d, h));
            }
            Dialog::Connect(c) => {
                dialog.map(&|m| Message::Connect(m), |d| servers::connect(d, c));
            }
            Dialog::Login(l) => {
                dialog.map(&|m| Message::Login(m), |d| servers::login(d, l));
            }
            Dialog::ServerQuestion(q) => {
                dialog.map(&|m| Message::ServerQuestion(m), |d| servers::question(d, q));
            }
        }
    }
}

/// Preferences: the theme and language as radio buttons, the icon theme chosen, the
/// switches as checkboxes, and Close.
fn prefs(d: &mut Part<'_, preferences::Message>, p: &Preferences, s: &Settings) {
    use preferences::Message as M;
    let change = |c| M::Change(c);
    let at = |line: Line, id: NodeId, d: &mut Part<'_, preferences::Message>| {
        if p.cursor == line {
            d.focus(id);
        }
    };
    let themes = [
        (fl!("prefs-theme-auto"), ThemeChoice::Auto),
        (fl!("prefs-theme-light"), ThemeChoice::Light),
        (fl!("prefs-theme-dark"), ThemeChoice::Dark),
    ];
    let chosen = themes.iter().position(|(_, c)| *c == s.theme);
    let group = radios(d, "theme", &fl!("prefs-theme"), &themes, chosen, |c| {
        change(Change::Theme(c))
    });
    at(Line::Theme, group, d);
    let mut icons = labelled(Role::ComboBox, fl!("prefs-icon-theme"));
    icons.set_value(match &s.icon_theme {
        None => fl!("prefs-icon-theme-desktop"),
        Some(id) => p
            .icon_themes
            .iter()
            .flatten()
            .find(|t| &t.id == id)
            .map_or_else(|| id.clone(), |t| t.name.clone()),
    });
    let icons = d.add("icons", icons);
    at(Line::IconTheme, icons, d);
    let mut languages = vec![(fl!("prefs-language-system"), None)];
    languages.extend(
        LANGUAGES
            .iter()
            .map(|(code, name)| (name.to_string(), Some(code.to_string()))),
    );
    let chosen = languages.iter().position(|(_, code)| *code == s.language);
    let group = radios(
        d,
        "language",
        &fl!("prefs-language"),
        &languages,
        chosen,
        |code| change(Change::Language(code)),
    );
    at(Line::Language, group, d);
    for (line, label, on, to) in preferences::switches(s) {
        let id = accessible::checkbox(d, format!("{line:?}"), &label, on, change(to(!on)));
        at(line, id, d);
    }
    let close = accessible::button(d, "close", &fl!("prefs-close"), Some(M::Close));
    if let Some(node) = d.node_mut(close) {
        node.set_keyboard_shortcut("Escape");
    }
}

/// A group named `name` of radio buttons, one for each choice, the `chosen` one on;
/// pressing one sends what `pick` makes of its value. The group's id.
fn radios<M, V: Clone>(
    d: &mut Part<'_, M>,
    key: &str,
    name: &str,
    choices: &[(String, V)],
    chosen: Option<usize>,
    pick: impl Fn(V) -> M,
) -> NodeId {
    let mut group = d.child(key, labelled(Role::RadioGroup, name));
    let id = group.parent();
    for (i, (label, value)) in choices.iter().enumerate() {
        let mut node = labelled(Role::RadioButton, label.as_str());
        node.set_toggled((chosen == Some(i)).into());
        node.set_position_in_set(i);
        node.set_size_of_set(choices.len());
        let radio = group.add(i, node);
        group.on_click(radio, pick(value.clone()));
    }
    id
}

/// A question: what it asks and says, a password's field, and its buttons, the default
/// one with Return as its key and the highlighted one focused.
fn question(d: &mut Part<'_, super::question::Message>, q: &Question) {
    let (_, body) = q.headline();
    if !body.is_empty() {
        accessible::label(d, "body", &body);
    }
    if let Some(len) = q.ask.password_len() {
        let mut field = Node::new(Role::PasswordInput);
        field.set_label(fl!("password-placeholder"));
        field.set_value("•".repeat(len));
        d.add("password", field);
    }
    let (_, default) = q.replies();
    let highlighted = q.highlighted();
    for (i, (label, press)) in q.button_labels().into_iter().enumerate() {
        let id = accessible::button(d, ("reply", i), &label, press);
        if i == default
            && let Some(node) = d.node_mut(id)
        {
            node.set_keyboard_shortcut("Return");
        }
        if i == highlighted {
            d.focus(id);
        }
    }
}
