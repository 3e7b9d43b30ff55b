//! The dialogs that mostly tell, as a screen reader reads them: an item's properties (its
//! lines as label and value), the keyboard shortcuts and About, and the chooser of an
//! application (its search field, the applications as a list with the highlighted one
//! focused, "always" and its buttons).

use accesskit::Role;

use crate::accessible::{self, Part, labelled};
use crate::dialog::chooser::{self, Chooser};
use crate::dialog::help::{self, Help, Page};
use crate::dialog::properties::view::{Fact, facts};
use crate::dialog::properties::{self, Properties};
use crate::i18n::fl;
use crate::types::Types;

/// Properties: a single item's lines (its permissions as the letters `ls -l` shows),
/// or the count of several; Close.
pub fn properties(d: &mut Part<'_, properties::Message>, v: &Properties, types: &Types) {
    match v.items.as_deref() {
        None => {
            accessible::label(d, "reading", &fl!("props-reading"));
        }
        Some([Ok(p)]) => {
            let (_, lines) = facts(v, p, types);
            for (i, fact) in lines.into_iter().enumerate() {
                let (label, value) = match fact {
                    Fact::Line(label, value) => (label, value),
                    Fact::Counted => (fl!("props-size"), counted(v)),
                    Fact::Permissions => (
                        fl!("props-permissions"),
                        crate::format::permissions(v.mode.unwrap_or(p.mode)),
                    ),
                };
                accessible::label(d, i, &fl!("a11y-fact", name = label, value = value));
            }
            if !v.keeps_modes {
                accessible::label(d, "modes-not-kept", &fl!("props-modes-not-kept"));
            }
        }
        Some(items) => {
            accessible::label(d, "count", &fl!("props-title-many", count = items.len()));
            accessible::label(d, "size", &counted(v));
        }
    }
    accessible::button(
        d,
        "close",
        &fl!("props-close"),
        Some(properties::Message::Close),
    );
}

/// What the count of a folder's (or the items') size says so far.
fn counted(v: &Properties) -> String {
    match &v.usage {
        None => fl!("props-reading"),
        Some(u) => {
            let t = if v.single().is_some() {
                u.contents()
            } else {
                u.total
            };
            crate::format::size(t.apparent_bytes)
        }
    }
}

/// The keyboard shortcuts (a list for each group, each shortcut with what it does), or
/// About; Close.
pub fn help(d: &mut Part<'_, help::Message>, h: &Help) {
    match h.page {
        Page::Shortcuts => {
            for (heading, keys) in help::shortcuts() {
                let mut list = d.child(heading.clone(), labelled(Role::List, heading));
                for (at, (keys, what)) in keys.into_iter().enumerate() {
                    let spoken = help::view::spoken_keys(keys);
                    let line = fl!("a11y-fact", name = spoken, value = what);
                    list.add(at, labelled(Role::ListItem, line));
                }
            }
        }
        Page::About => {
            let version = fl!("about-version", version = env!("CARGO_PKG_VERSION"));
            for (i, words) in [version, fl!("about-summary"), fl!("about-licence")]
                .into_iter()
                .enumerate()
            {
                accessible::label(d, i, &words);
            }
        }
    }
    accessible::button(d, "close", &fl!("help-close"), Some(help::Message::Close));
}

/// The chooser: its search field, the applications (the highlighted one focused and
/// selected), "Always use for this file type" where it is offered, Cancel and Open.
pub fn chooser(d: &mut Part<'_, chooser::Message>, c: &Chooser) {
    use chooser::Message as M;
    let search = accessible::text_field(d, "search", &fl!("chooser-search"), &c.query);
    let mut list = d.child("apps", labelled(Role::ListBox, fl!("chooser-title")));
    let mut focused = search;
    let shown = c.shown();
    for (i, a) in shown.iter().enumerate() {
        let mut node = labelled(Role::ListBoxOption, a.name.clone());
        if let Some(kind) = &a.generic {
            node.set_description(kind.clone());
        }
        node.set_selected(i == c.highlighted);
        node.set_position_in_set(i);
        node.set_size_of_set(shown.len());
        let id = list.add(&a.id, node);
        list.on_click(id, M::Clicked(i));
        if i == c.highlighted {
            focused = id;
        }
    }
    d.focus(focused);
    if c.offers_always() {
        accessible::checkbox(
            d,
            "always",
            &fl!("chooser-always"),
            c.always,
            M::Always(!c.always),
        );
    }
    accessible::button(d, "cancel", &fl!("dialog-cancel"), Some(M::Close));
    let open = accessible::button(d, "open", &fl!("chooser-open"), c.chosen().map(|_| M::Open));
    if let Some(node) = d.node_mut(open) {
        node.set_keyboard_shortcut("Return");
    }
}
