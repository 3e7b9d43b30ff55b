//! Ctrl+wheel over the icons view: the wheel zooms the icons instead of scrolling the
//! view (the view under it never sees that wheel turn); each turn the window is told of
//! is one step.

use super::wrap::{delegate_to_content, into_element, update_content};
use iced::advanced::renderer;
use iced::advanced::widget::Tree;
use iced::advanced::{Clipboard, Layout, Shell, Widget};
use iced::{Element, Event, Rectangle, mouse};

pub struct Zoom<'a, Message, Theme, Renderer> {
    content: Element<'a, Message, Theme, Renderer>,
    /// Ctrl is held now (the app follows the modifiers).
    ctrl: bool,
    on_zoom: Box<dyn Fn(i32) -> Message + 'a>,
}

/// Wrap `content`; while `ctrl` is held, a wheel turn over it becomes `on_zoom(steps)`,
/// up being bigger.
pub fn zoom<'a, Message, Theme, Renderer>(
    content: impl Into<Element<'a, Message, Theme, Renderer>>,
    ctrl: bool,
    on_zoom: impl Fn(i32) -> Message + 'a,
) -> Zoom<'a, Message, Theme, Renderer> {
    Zoom {
        content: content.into(),
        ctrl,
        on_zoom: Box::new(on_zoom),
    }
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

impl<Message, Theme, Renderer> Widget<Message, Theme, Renderer>
    for Zoom<'_, Message, Theme, Renderer>
where
    Renderer: renderer::Renderer,
{
    delegate_to_content!(Renderer => children, diff, size, layout, operate, mouse_interaction, draw, overlay);

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &Renderer,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, Message>,
        viewport: &Rectangle,
    ) {
        if let Event::Mouse(mouse::Event::WheelScrolled { delta }) = event
            && self.ctrl
            && !shell.is_event_captured()
            && cursor.is_over(layout.bounds())
        {
            let steps = steps(delta);
            if steps != 0 {
                shell.publish((self.on_zoom)(steps));
            }
            shell.capture_event();
            return;
        }
        update_content!(
            self, tree, event, layout, cursor, renderer, clipboard, shell, viewport
        );
    }
}

into_element!(Zoom);
