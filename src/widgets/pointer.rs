//! A wrapper around the whole window that tells where the pointer is, in window
//! coordinates, when it matters: at every press (before the widgets under it speak), on
//! every move while a drag is possible, and at every release of the left button (after
//! them).

use super::watch::{Before, Heard, Watch, watch};
use iced::{Element, Event, Point, mouse};

/// What the wrapper reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PointerEvent {
    /// A button went down here.
    Pressed(Point),
    /// The pointer moved here (only while `tracking`).
    Moved(Point),
    /// The left button came up.
    Released,
}

/// Wrap `content`; `tracking`: a press may become a drag, so moves count.
pub fn pointer<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    tracking: bool,
    on_event: impl Fn(PointerEvent) -> Message + 'a,
) -> Watch<'a, Message, Theme, Renderer> {
    let on_event = std::rc::Rc::new(on_event);
    let on_release = on_event.clone();
    watch(
        content,
        // Presses and moves are told before the widgets below react to them.
        move |heard: &Heard<'_>| {
            let seen = match heard.event {
                Event::Mouse(mouse::Event::ButtonPressed(_)) => {
                    heard.cursor.position().map(PointerEvent::Pressed)
                }
                Event::Mouse(mouse::Event::CursorMoved { position }) if tracking => {
                    Some(PointerEvent::Moved(*position))
                }
                _ => None,
            };
            Before {
                say: seen.map(on_event.as_ref()),
                keep: false,
            }
        },
        // The release is told after the target under the pointer said what it is, and
        // always: a quick click's press and release can come in one frame, before the
        // view that tracks the press exists, and a missed release would leave a drag
        // armed with the button up.
        move |heard: &Heard<'_>| {
            matches!(
                heard.event,
                Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left))
            )
            .then(|| on_release(PointerEvent::Released))
        },
    )
}
