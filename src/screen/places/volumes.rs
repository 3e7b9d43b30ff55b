//! Filesystems nobody has mounted, in Places under Devices: a dimmed entry with the
//! volume's name and size that mounts it when clicked (an encrypted one has a lock, and
//! asks for its passphrase first).

use iced::Element;
use iced::widget::{svg, text, tooltip};
use porpoise_engine::devices::udisks::Unmounted;

use super::Message;
use super::devices::{DeviceMsg, volume_name};
use super::entry::{entry_button, entry_line};
use crate::format;
use crate::i18n::fl;
use crate::icons::{self, IconSet};
use crate::places::PlaceKind;
use crate::theme;
use crate::widgets::tip::tip;

/// The entry of `volume`.
pub fn item<'a>(icons: &IconSet, volume: &Unmounted) -> Element<'a, Message> {
    let content = entry_line(icons, PlaceKind::Removable, volume_name(volume))
        .push(volume.locked.then(|| {
            svg(icons::LOCK.clone())
                .width(12)
                .height(12)
                .style(theme::symbol(true))
        }))
        .push(
            text(format::size(volume.size))
                .size(theme::SMALL_TEXT)
                .style(theme::muted)
                .wrapping(iced::widget::text::Wrapping::None),
        );
    let b = entry_button(
        content,
        Message::Devices(DeviceMsg::Mount(volume.device.clone())),
    )
    .style(theme::flat_button(false));
    let words = match volume.locked {
        true => fl!("device-unlock-tip"),
        false => fl!("device-mount-tip"),
    };
    tip(b, words, tooltip::Position::Right).into()
}
