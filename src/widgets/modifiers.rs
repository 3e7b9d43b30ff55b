//! A wrapper that tells when the keyboard's modifiers change. winit on X11 reports them
//! again with pointer events, most often unchanged; a message for each would rebuild the
//! whole window for nothing, several times for every notch of the wheel.

use super::watch::{Before, Heard, Watch, watch};
use iced::keyboard::{self, Modifiers};
use iced::{Element, Event};
use std::cell::Cell;

/// Wrap `content`, whose view was built with the modifiers `current`; `on_change` is told
/// each other set of modifiers, once.
pub fn modifiers<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    current: Modifiers,
    on_change: impl Fn(Modifiers) -> Message + 'a,
) -> Watch<'a, Message, Theme, Renderer>
where
    Message: 'a,
{
    // Several changes can come before the view is built again: each is compared with
    // the last one told, not with the view's.
    let told = Cell::new(current);
    watch(
        content,
        move |heard: &Heard<'_>| {
            let say = match heard.event {
                Event::Keyboard(keyboard::Event::ModifiersChanged(now)) if *now != told.get() => {
                    told.set(*now);
                    Some(on_change(*now))
                }
                _ => None,
            };
            Before { say, keep: false }
        },
        |_| None,
    )
}
