//! Filesystems nobody has mounted, in Places under Devices: a dimmed entry with the
//! volume's name and size that mounts it when clicked (an encrypted one has a lock, and
//! asks for its passphrase first).

use iced::widget::{button, container, row, svg, text, tooltip};
use iced::{Center, Element, Fill};
use porpoise_engine::devices::udisks::Unmounted;

use crate::app::App;
use crate::devices::{DeviceMsg, volume_name};
use crate::format;
use crate::i18n::fl;
use crate::icons::{self, IconSize};
use crate::message::Message;
use crate::places::PlaceKind;
use crate::theme;

/// The entry of `volume`.
pub fn item<'a>(app: &App, volume: &Unmounted) -> Element<'a, Message> {
    let content = row![
        app.icons()
            .for_place(PlaceKind::Removable, IconSize::Small)
            .view(18.0),
        text(volume_name(volume)).wrapping(iced::widget::text::Wrapping::None),
    ]
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
    )
    .spacing(10)
    .align_y(Center);
    let b = button(content)
        .width(Fill)
        .padding([6, 10])
        .clip(true)
        .on_press(Message::Devices(DeviceMsg::Mount(volume.device.clone())))
        .style(theme::flat_button(false));
    tooltip(
        b,
        container(
            text(match volume.locked {
                true => fl!("device-unlock-tip"),
                false => fl!("device-mount-tip"),
            })
            .size(theme::SMALL_TEXT),
        )
        .padding([4, 8])
        .style(iced::widget::container::bordered_box),
        tooltip::Position::Right,
    )
    .into()
}
