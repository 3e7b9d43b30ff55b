//! A menu as a screen reader reads it: its entries as menu items (a setting's as a
//! checkable item), the highlighted one with the keyboard, a submenu under its entry.

use accesskit::{NodeId, Role};

use super::tree::{Part, labelled};
use crate::widgets::menu::{Entry, Mark};

/// The menu of `items` named `name`, with its open submenus: each of `subs` (its entries
/// and the row of the entry it opens from) under that entry of the menu before it. The
/// highlighted entry has the keyboard (the innermost one's), the menu itself when none is.
pub(crate) fn menu<M: Clone>(
    part: &mut Part<'_, M>,
    name: &str,
    items: &[Entry<M>],
    subs: &[(&[Entry<M>], usize)],
) -> NodeId {
    let mut menu = part.child(("menu", name), labelled(Role::Menu, name));
    let id = menu.parent();
    menu.focus(id);
    let mut opens_at = None;
    for (at, e) in items.iter().enumerate() {
        let item = entry(&mut menu, at, e);
        if subs.first().is_some_and(|(_, row)| *row == at) {
            opens_at = Some((item, e.label.as_str()));
        }
    }
    if let (Some((item, label)), Some(((sub, _), deeper))) = (opens_at, subs.split_first()) {
        let mut under = menu.under(item);
        self::menu(&mut under, label, sub, deeper);
    }
    id
}

fn entry<M: Clone>(menu: &mut Part<'_, M>, at: usize, e: &Entry<M>) -> NodeId {
    let role = match e.mark {
        Mark::Tick(_) => Role::MenuItemCheckBox,
        _ => Role::MenuItem,
    };
    let mut node = labelled(role, e.label.as_str());
    match e.mark {
        Mark::Tick(on) => node.set_toggled(on.into()),
        Mark::Submenu => node.set_has_popup(accesskit::HasPopup::Menu),
        Mark::Default => node.set_keyboard_shortcut("Return"),
        Mark::Plain => {}
    }
    let id = menu.add((at, e.label.as_str()), node);
    menu.on_click(id, e.message.clone());
    if e.highlighted {
        menu.focus(id);
    }
    id
}
