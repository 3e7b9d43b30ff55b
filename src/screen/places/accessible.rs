//! Places as a screen reader reads it: a list of the places in the order shown, each
//! named as shown, the current one selected, a device's state (what is still written to
//! it) as its description and its unmount button inside it; the filesystems nobody
//! mounted (locked or not); a bookmark's menu while open. Pressing a place opens it.

use accesskit::Role;

use super::devices::{self, DeviceMsg};
use super::view::label;
use super::{Message, Places};
use crate::accessible::bounds::Bounds;
use crate::accessible::{self, Part, labelled};
use crate::i18n::fl;
use crate::places::PlaceKind;
use crate::screen::jobs::Jobs;

/// What Places is read with besides its own state.
pub struct Around<'a> {
    /// The folder the pane with the keyboard shows, and whether it is the Trash.
    pub here: &'a std::path::Path,
    pub in_trash: bool,
    /// Places has the keyboard.
    pub keyboard: bool,
    pub jobs: &'a Jobs,
    /// The server a connection is under way to.
    pub connecting: Option<&'a str>,
    /// Where the places were drawn.
    pub bounds: &'a Bounds,
}

impl Places {
    /// Add the panel's nodes under `part`.
    pub fn accessible(&self, part: &mut Part<'_, Message>, around: &Around<'_>) {
        let mut list = part.child("places", labelled(Role::List, fl!("places-heading")));
        let order = self.in_order();
        let count = order.len() + self.volumes.len();
        for (at, p) in order.into_iter().enumerate() {
            let current = (p.kind == PlaceKind::Trash) == around.in_trash
                && (around.in_trash || p.path == around.here);
            let mut node = labelled(Role::ListItem, label(p));
            node.set_selected(current);
            node.set_position_in_set(at);
            node.set_size_of_set(count);
            around.bounds.place(&mut node, &super::view::place_id(at));
            if let Some(status) = self.device_status(p, around.jobs) {
                node.set_description(devices::status_text(p.kind, status));
            }
            let id = list.add(p.path.as_os_str(), node);
            list.on_click(id, Message::Open(p.path.clone()));
            list.on_focus(id, Message::KeyboardAt(at));
            if p.kind == PlaceKind::Removable {
                let mut item = list.under(id);
                accessible::button(
                    &mut item,
                    "eject",
                    &fl!("device-eject-tip"),
                    Some(Message::Devices(DeviceMsg::Eject(p.path.clone()))),
                );
            }
            if self.is_remote(&p.path) {
                let mut item = list.under(id);
                accessible::button(
                    &mut item,
                    "disconnect",
                    &fl!("server-disconnect-tip"),
                    Some(Message::Disconnect(p.path.clone())),
                );
            }
            if around.keyboard && self.cursor == at {
                list.focus(id);
            }
        }
        for (i, v) in self.volumes.iter().enumerate() {
            let mut node = labelled(Role::ListItem, devices::volume_name(v));
            node.set_description(match v.locked {
                true => fl!("device-unlock-tip"),
                false => fl!("device-mount-tip"),
            });
            node.set_position_in_set(count - self.volumes.len() + i);
            node.set_size_of_set(count);
            let id = list.add(("volume", &v.device), node);
            list.on_click(id, Message::Devices(DeviceMsg::Mount(v.device.clone())));
        }
        for (i, b) in self.bookmarks.servers.iter().enumerate() {
            let mut node = labelled(Role::ListItem, b.label.as_str());
            node.set_description(b.address.readable());
            let id = list.add(("server", i), node);
            list.on_click(id, Message::ConnectTo(b.address.clone()));
        }
        let hood = list.add(
            "neighbourhood",
            labelled(Role::ListItem, fl!("network-neighbourhood")),
        );
        list.on_click(hood, Message::Neighbourhood);
        {
            let mut under = list.under(hood);
            if let Some(said) = self.neighbourhood.said() {
                let mut node = accessible::said(said);
                node.set_live(accesskit::Live::Polite);
                under.add("said", node);
            }
            for (i, found) in self.neighbourhood.servers().iter().enumerate() {
                let id = under.add(i, labelled(Role::ListItem, found.name.as_str()));
                if let Some(address) = &found.address {
                    under.on_click(id, Message::ConnectTo(address.clone()));
                }
            }
        }
        if let Some(server) = around.connecting {
            let mut node = accessible::said(fl!("server-connecting", server = server.to_owned()));
            node.set_live(accesskit::Live::Polite);
            let id = list.add("connecting", node);
            let mut item = list.under(id);
            accessible::button(
                &mut item,
                "cancel",
                &fl!("server-cancel-tip"),
                Some(Message::CancelConnect),
            );
        }
        accessible::button(
            &mut list,
            "connect",
            &fl!("server-connect-entry"),
            Some(Message::ConnectToServer),
        );
        if let Some(items) = self.menu_entries() {
            accessible::menu::menu(part, &fl!("a11y-place-menu"), &items, &[]);
        }
    }
}
