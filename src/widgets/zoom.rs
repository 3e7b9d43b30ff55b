//! Ctrl+wheel over the icons view: the wheel zooms the icons instead of scrolling the
//! view (the view under it never sees that wheel turn); each turn the window is told of
//! is one step.

use super::watch::{Before, Heard, Watch, watch};
use iced::{Element, Event, mouse};

/// Wrap `content`; while `ctrl` is held, a wheel turn over it becomes `on_zoom(steps)`,
/// up being bigger.
pub fn zoom<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    ctrl: bool,
    on_zoom: impl Fn(i32) -> Message + 'a,
) -> Watch<'a, Message, Theme, Renderer> {
    watch(
        content,
        move |heard: &Heard<'_>| match heard.event {
            Event::Mouse(mouse::Event::WheelScrolled { delta })
                if ctrl && !heard.captured && heard.cursor.is_over(heard.bounds) =>
            {
                let steps = steps(delta);
                Before {
                    say: (steps != 0).then(|| on_zoom(steps)),
                    keep: true,
                }
            }
            _ => Before::pass(),
        },
        |_: &Heard<'_>| None,
    )
}

/// Whole steps of a wheel turn: a notch is one, however many pixels a touchpad says.
fn steps(delta: &mouse::ScrollDelta) -> i32 {
    let y = match delta {
        mouse::ScrollDelta::Lines { y, .. } | mouse::ScrollDelta::Pixels { y, .. } => *y,
    };
    if y > 0.0 {
        1
    } else if y < 0.0 {
        -1
    } else {
        0
    }
}
